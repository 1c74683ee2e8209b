import type { Outcome } from '@/lib/contracts/protocol';
import type { ConnectionStatus, ConnectionTest } from '@/lib/settings/contract';
import type { StoredBalance } from '@/lib/balance/contract';
import { DOSSIER_ERRORS } from '@/lib/contracts/error-catalog';
import { isBlankApiKey, normaliseApiKey } from '@/lib/enrichment/api-key';
import { apiKeySchema, maskApiKey } from '@/lib/settings/api-key';
import { isSandboxGateway, type Gateway } from '@/lib/settings/gateway';
import { FREE_CALL, withRetry, type RetryPolicy } from '@/lib/lookup/worker/retry';

/** The slice of the API client the connection logic needs. */
export interface BalanceClient {
  getCredits(): Promise<
    { ok: true; value: { credits: number } } | { ok: false; error: { kind: string; message: string; retryable: boolean; retryAfterMs?: number } }
  >;
}

export interface ConnectionDeps {
  readGateway(): Promise<Gateway>;
  readApiKey(): Promise<string>;
  writeConnection(gateway: Gateway, apiKey: string | undefined): Promise<void>;
  readBalance(): Promise<StoredBalance | null>;
  writeBalance(balance: StoredBalance): Promise<void>;
  clientFor(gateway: Gateway, apiKey: string): BalanceClient;
  now(): number;
  /** Backoff of free calls; tests shorten it. */
  retryPolicy?: RetryPolicy;
  /**
   * Told when a balance is asked for, with the key it is asked with; the function it answers is
   * told the balance that came back (reconcile.ts holds every reading against history).
   */
  watchReading?(gateway: Gateway, apiKey: string): (credits: number) => Promise<void>;
  /** Stops showing that difference beside the balance (it stays in history). */
  dismissDifference?(historyId: string): Promise<void>;
}

/** The balance is free: a 500 or a 429 (after its Retry-After) is simply asked again. */
async function readCredits(deps: ConnectionDeps, gateway: Gateway, apiKey: string) {
  const answered = deps.watchReading?.(gateway, apiKey);
  const result = await withRetry(() => deps.clientFor(gateway, apiKey).getCredits(), deps.retryPolicy, FREE_CALL);
  // Holding the reading against history must never cost the caller its balance.
  if (result.ok && answered) await answered(result.value.credits).catch(() => {});
  return result;
}

export async function connectionStatus(deps: ConnectionDeps): Promise<ConnectionStatus> {
  const [gateway, apiKey, balance] = await Promise.all([deps.readGateway(), deps.readApiKey(), deps.readBalance()]);
  return {
    hasKey: apiKey.length > 0,
    maskedKey: apiKey ? maskApiKey(apiKey) : null,
    gateway,
    isSandbox: isSandboxGateway(gateway),
    balance,
  };
}

/** Made when it is answered, in the language of that moment. */
const noKey = () => ({ kind: 'no_key', message: DOSSIER_ERRORS.no_key });

/** The balance is free to ask for; the stored copy lets the popup show it before the network answers. */
export async function fetchBalance(deps: ConnectionDeps): Promise<Outcome<StoredBalance>> {
  const [gateway, apiKey] = await Promise.all([deps.readGateway(), deps.readApiKey()]);
  if (!apiKey) return { ok: false, error: noKey() };
  const result = await readCredits(deps, gateway, apiKey);
  if (!result.ok) return { ok: false, error: { kind: result.error.kind, message: result.error.message } };
  const balance = { credits: result.value.credits, at: deps.now() };
  await deps.writeBalance(balance);
  // As stored: with the difference a reading may have found, for the screen that asked.
  return { ok: true, value: (await deps.readBalance()) ?? balance };
}

export async function dismissDifference(deps: ConnectionDeps, historyId: string): Promise<StoredBalance | null> {
  await deps.dismissDifference?.(historyId);
  return deps.readBalance();
}

export async function testConnection(
  deps: ConnectionDeps,
  gateway: Gateway,
  typedKey: string | undefined,
): Promise<ConnectionTest> {
  const apiKey = typedKey === undefined ? await deps.readApiKey() : normaliseApiKey(typedKey);
  if (!apiKey) return { status: 'invalid_key', message: noKey().message };
  const result = await readCredits(deps, gateway, apiKey);
  if (result.ok) {
    return result.value.credits > 0
      ? { status: 'ok', credits: result.value.credits }
      : { status: 'no_credits', message: DOSSIER_ERRORS.no_credits_left };
  }
  switch (result.error.kind) {
    // Said where the key is typed (the settings, the welcome page): what to do there.
    case 'invalid_key':
      return { status: 'invalid_key', message: DOSSIER_ERRORS.key_not_accepted };
    case 'no_credits':
      return { status: result.error.kind, message: result.error.message };
    case 'network_error':
    case 'timeout':
      return { status: 'unreachable', message: result.error.message };
    default:
      return { status: 'error', message: result.error.message };
  }
}

export async function saveConnection(
  deps: ConnectionDeps,
  gateway: Gateway,
  apiKey: string | undefined,
): Promise<Outcome<ConnectionStatus>> {
  let balance: StoredBalance | null = null;
  if (!isBlankApiKey(apiKey)) {
    const parsed = apiKeySchema.safeParse(apiKey);
    if (!parsed.success) {
      return { ok: false, error: { kind: 'invalid_input', message: parsed.error.issues[0]?.message ?? 'Invalid key.' } };
    }
    apiKey = parsed.data;
    // A new key is checked before it is kept (the balance is free): one the gateway refuses is
    // never saved. A gateway that cannot be reached has refused nothing: the key is kept, and
    // the screens say so at their first balance call.
    const check = await readCredits(deps, gateway, apiKey);
    if (!check.ok && check.error.kind === 'invalid_key') return { ok: false, error: { kind: 'invalid_key', message: DOSSIER_ERRORS.key_refused } };
    if (check.ok) balance = { credits: check.value.credits, at: deps.now() };
  }
  await deps.writeConnection(gateway, apiKey);
  if (balance) await deps.writeBalance(balance);
  return { ok: true, value: await connectionStatus(deps) };
}
