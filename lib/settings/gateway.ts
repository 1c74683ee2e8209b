import { z } from 'zod';

/** Where the sandbox listens when started with its defaults (`npm run sandbox`). */
export const DEFAULT_SANDBOX_URL = 'http://127.0.0.1:8787/api/ingress/';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A gateway base URL a user may type. The key travels in the query string, so anything but
 * https would leak it on the wire; plain http is allowed only on this machine (the sandbox).
 */
export const baseUrlSchema = z
  .string()
  .trim()
  .min(1, 'Enter the gateway address.')
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'This is not a web address (example: https://gateway.example/api/ingress/).' });
      return;
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
      ctx.addIssue({ code: 'custom', message: 'Use an https:// address (plain http is only allowed for this computer).' });
    }
    if (url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: 'The address must not contain a user name or password.' });
    }
    if (url.search || url.hash) {
      ctx.addIssue({ code: 'custom', message: 'The address must not contain a query (?…) or a fragment (#…).' });
    }
  })
  .transform((value) => {
    const url = new URL(value);
    if (!url.pathname.endsWith('/')) url.pathname += '/';
    return url.toString();
  });

export const gatewaySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sandbox'), url: baseUrlSchema }),
  z.object({ kind: z.literal('custom'), url: baseUrlSchema }),
]);
export type Gateway = z.infer<typeof gatewaySchema>;

export const DEFAULT_GATEWAY: Gateway = { kind: 'sandbox', url: DEFAULT_SANDBOX_URL };

export function isSandboxGateway(gateway: Gateway): boolean {
  return gateway.kind === 'sandbox';
}

/** The host permission pattern an address needs, e.g. `https://gateway.example/*`. */
export function hostPermissionFor(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.hostname}/*`;
}
