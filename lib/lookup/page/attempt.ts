import type { OperationName } from '@/lib/lookup/operation-names';
import type { LookupResponse } from '@/lib/lookup/contract';

/** What a screen asks the worker to run. */
export interface SpendRequest {
  op: OperationName;
  input: Record<string, unknown>;
  refresh?: boolean;
}

type Reply<T> = { ok: true; value: T } | { ok: false; error: { kind: string; message: string } };

/** The two messages of a paid attempt; each rejects when the connection to the worker drops. */
export interface AttemptTransport {
  lookup(request: SpendRequest & { confirmed?: boolean; attemptId: string }): Promise<Reply<LookupResponse>>;
  outcome(attemptId: string): Promise<Reply<LookupResponse | null>>;
}

export type AttemptResult =
  | { kind: 'done'; response: LookupResponse }
  /** The price is above the user's threshold: nothing was sent; ask, then go again confirmed. */
  | { kind: 'confirm'; price: number }
  /** It went out and its answer was lost: never re-sent here; the user decides, seeing the price. */
  | { kind: 'unknown'; response: LookupResponse | null }
  | { kind: 'error'; message: string };

/** The worker is restarted by the next message; a few tries cover its start-up. */
const OUTCOME_TRIES = 3;

/**
 * One paid attempt, as every screen runs it. The attempt carries an id of its own, so that
 * when the connection to the worker drops mid-lookup (Chrome stopped the worker) the screen
 * can ask what became of it instead of guessing, and never sends it again by itself.
 */
export async function attemptLookup(
  request: SpendRequest,
  options: { confirmed: boolean; transport: AttemptTransport; newId?: () => string },
): Promise<AttemptResult> {
  const attemptId = (options.newId ?? (() => crypto.randomUUID()))();
  let reply: Reply<LookupResponse>;
  try {
    reply = await options.transport.lookup({ ...request, attemptId, ...(options.confirmed ? { confirmed: true } : {}) });
  } catch {
    return outcomeAfterLostContact(attemptId, options.transport);
  }
  if (!reply.ok) return { kind: 'error', message: reply.error.message };
  return resultOf(reply.value);
}

function resultOf(response: LookupResponse): AttemptResult {
  if (response.status === 'needs_confirmation') return { kind: 'confirm', price: response.price ?? 0 };
  if (response.status === 'unknown') return { kind: 'unknown', response };
  return { kind: 'done', response };
}

async function outcomeAfterLostContact(attemptId: string, transport: AttemptTransport): Promise<AttemptResult> {
  for (let i = 0; i < OUTCOME_TRIES; i++) {
    try {
      const reply = await transport.outcome(attemptId);
      if (!reply.ok) break;
      // The worker does not know this id: it may never have arrived, or it joined an identical
      // lookup already in flight under that one's id. Either way, nothing can be promised.
      if (reply.value === null) break;
      return resultOf(reply.value);
    } catch {
      // The worker is still starting; ask again.
    }
  }
  return { kind: 'unknown', response: null };
}
