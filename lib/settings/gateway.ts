import { z } from 'zod';
import { t } from '@/lib/platform/i18n';
import { DEFAULT_SANDBOX_URL } from '@/lib/settings/defaults';

export { DEFAULT_SANDBOX_URL };

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isLoopbackUrl(value: string): boolean {
  try {
    return LOOPBACK_HOSTS.has(new URL(value).hostname);
  } catch {
    return false;
  }
}

/**
 * A gateway base URL a user may type. The key travels in the query string, so anything but
 * https would leak it on the wire; plain http is allowed only on this machine (the sandbox).
 */
export const baseUrlSchema = z
  .string()
  .trim()
  .min(1, { error: () => t('validation.gatewayEmpty') })
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: t('validation.gatewayNotUrl') });
      return;
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
      ctx.addIssue({ code: 'custom', message: t('validation.gatewayHttps') });
    }
    if (url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: t('validation.gatewayCredentials') });
    }
    if (url.search || url.hash) {
      ctx.addIssue({ code: 'custom', message: t('validation.gatewayQuery') });
    }
  })
  .transform((value) => {
    const url = new URL(value);
    if (!url.pathname.endsWith('/')) url.pathname += '/';
    return url.toString();
  });

/**
 * `live` is the provider's gateway, whose address a release build carries (LIVE_GATEWAY_URL);
 * `custom` is any other address the user types (a proxy, a staging gateway).
 */
export const gatewaySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sandbox'), url: baseUrlSchema }),
  z.object({ kind: z.literal('live'), url: baseUrlSchema }),
  z.object({ kind: z.literal('custom'), url: baseUrlSchema }),
]);
export type Gateway = z.infer<typeof gatewaySchema>;

export const DEFAULT_GATEWAY: Gateway = { kind: 'sandbox', url: DEFAULT_SANDBOX_URL };

/** A configured address that is not a valid https gateway is ignored rather than trusted. */
export function liveGatewayUrlFrom(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const parsed = baseUrlSchema.safeParse(value);
  return parsed.success && parsed.data.startsWith('https://') ? parsed.data : null;
}

function configuredLiveGateway(): string | undefined {
  try {
    // Written out in full so that Vite replaces it at build time; outside Vite (Node scripts)
    // import.meta.env does not exist.
    return import.meta.env.WXT_LIVE_GATEWAY_URL;
  } catch {
    return undefined;
  }
}

/**
 * The live gateway's address, fixed at build time from WXT_LIVE_GATEWAY_URL (see README).
 * Null in a build made without it: the settings then ask the user for the address.
 */
export const LIVE_GATEWAY_URL: string | null = liveGatewayUrlFrom(configuredLiveGateway());

export function isSandboxGateway(gateway: Gateway): boolean {
  return gateway.kind === 'sandbox';
}

/** The host permission pattern an address needs, e.g. `https://gateway.example/*`. */
export function hostPermissionFor(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.hostname}/*`;
}
