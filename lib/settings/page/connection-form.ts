import { t } from '@/lib/platform/i18n';
import { isBlankApiKey } from '@/lib/enrichment/api-key';
import { apiKeySchema } from '@/lib/settings/api-key';
import { DEFAULT_GATEWAY, DEFAULT_SANDBOX_URL, gatewaySchema, isLoopbackUrl, LIVE_GATEWAY_URL, type Gateway } from '@/lib/settings/gateway';

/** What the connection part of the settings form holds while the user types. */
export interface ConnectionDraft {
  kind: Gateway['kind'];
  url: string;
  /** Empty: keep the saved key. */
  apiKey: string;
}

export type ConnectionErrors = { url?: string; apiKey?: string };
export type ConnectionResult = { ok: true; value: { gateway: Gateway; apiKey?: string } } | { ok: false; errors: ConnectionErrors };

export function connectionDraftFrom(gateway: Gateway | null): ConnectionDraft {
  return { kind: gateway?.kind ?? 'sandbox', url: gateway?.url ?? DEFAULT_SANDBOX_URL, apiKey: '' };
}

/** The address a choice of gateway starts from; the user may still edit it (a sandbox on another port). */
export function defaultUrlFor(kind: Gateway['kind'], current: string): string {
  if (kind === 'sandbox') return DEFAULT_SANDBOX_URL;
  if (kind === 'live') return LIVE_GATEWAY_URL ?? (isLoopbackUrl(current) ? '' : current);
  return isLoopbackUrl(current) ? '' : current;
}

export function parseConnection(draft: ConnectionDraft): ConnectionResult {
  const errors: ConnectionErrors = {};
  const gateway = gatewaySchema.safeParse({ kind: draft.kind, url: draft.url });
  if (!gateway.success) errors.url = gateway.error.issues[0]?.message;
  // The sandbox marker in the popup must not lie: a "sandbox" elsewhere than this computer is not one.
  else if (draft.kind === 'sandbox' && !isLoopbackUrl(gateway.data.url)) errors.url = t('validation.sandboxLoopback');
  let apiKey: string | undefined;
  if (!isBlankApiKey(draft.apiKey)) {
    const key = apiKeySchema.safeParse(draft.apiKey);
    if (key.success) apiKey = key.data;
    else errors.apiKey = key.error.issues[0]?.message;
  }
  if (errors.url || errors.apiKey || !gateway.success) return { ok: false, errors };
  return { ok: true, value: { gateway: gateway.data, apiKey } };
}

/**
 * The service the form holds, when it is not the one in force: a settings line that states the
 * saved service must also say that this one applies only once saved. Null when they are the same
 * (an address typed differently but meaning the same, a missing final slash, counts as the same).
 */
export function pendingGateway(saved: Gateway | null, draft: ConnectionDraft): { kind: Gateway['kind']; url: string } | null {
  const inForce = saved ?? DEFAULT_GATEWAY;
  const typed = gatewaySchema.safeParse({ kind: draft.kind, url: draft.url });
  const url = typed.success ? typed.data.url : draft.url.trim();
  return draft.kind === inForce.kind && url === inForce.url ? null : { kind: draft.kind, url };
}
