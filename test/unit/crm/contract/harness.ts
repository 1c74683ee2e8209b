import type { CrmAdapter, Progress } from '@/lib/crm/worker/adapter';
import type { CrmContact } from '@/lib/crm/contact';
import type { FieldValues } from '@/lib/crm/types';
import type { RetryPolicy } from '@/lib/lookup/worker/retry';
import type { Fault } from '@/test/emulators/common';

/**
 * What the shared CRM behaviour suite (suite.ts) needs of one CRM: its emulator, a connected
 * adapter, and a few ways to look inside the emulator or make it misbehave. One harness per CRM,
 * in `<crm>.contract.test.ts`, next to this file.
 */
export interface CrmHarness {
  /** The CRM's name in the tests' titles. */
  name: string;
  /** False for the webhook: it cannot be searched, so it neither matches by email nor checks. */
  searches: boolean;
  /** Starts the emulator (once per file). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** An empty CRM, no faults queued, the token valid again (before each test). */
  reset(): Promise<void>;
  /**
   * An adapter connected as the worker connects it (its test() already run, what it learnt kept).
   * `token: 'wrong'`: a key or token the CRM refuses (401/403).
   */
  adapter(options?: { retry?: RetryPolicy; token?: 'valid' | 'wrong' }): Promise<CrmAdapter>;
  /** How many person records the CRM holds (for the webhook: deliveries that counted). */
  people(): Promise<number>;
  /** The one person record's values in Dossier's field names (null when there is none). */
  personValues(): Promise<FieldValues | null>;
  /** Queues a fault for the next API request matching it (see test/emulators/common.ts). */
  fault(fault: Fault): void;
  /**
   * How long a 429 without Retry-After is waited out: the vendor's documented window, or what its
   * own rate-limit headers on that 429 say (HubSpot's interval, Close's `ratelimit` reset).
   */
  rateLimitWaitMs: number;
  /**
   * Where the vendor has a daily (or rolling 24-hour) allowance the emulator can spend (a `daily`
   * 429 fault): the status it answers with, and how long the push waits (the adapters' clock at 0).
   */
  dailyAllowance?: { status: number; waitMs: number };
  /** How this CRM's create of a person is sent: a fault on it plays "created, answer lost". */
  createRequest: Pick<Fault, 'path' | 'method'>;
  /**
   * The note (or Task, or activity) a push adds with the summary: how many the CRM holds, and how
   * its create is sent (a fault on it plays "note made, answer lost"). Absent where there is none.
   */
  notes?: { count(): Promise<number>; createRequest: Pick<Fault, 'path' | 'method'> };
  /** The current access token expires: the CRM answers 401 to it from now on. Absent where there is no token (the webhook). */
  expireToken?(): void;
  /** OAuth CRMs refresh an expired token and go on; key-based ones report an auth error. */
  refreshesTokens: boolean;
  /**
   * Puts a record with the contact's email where the adapter's search cannot see it but the CRM's
   * duplicate rule does (HubSpot's 409 on an existing email, Salesforce's DUPLICATES_DETECTED,
   * an upsert key): the push must land on it, never make a second one. Absent where nothing can.
   */
  seedUnsearchableDuplicate?(contact: CrmContact): Promise<void>;
}

export interface OutboxPush {
  /** What an earlier attempt of this push saved (the outbox item's progress). */
  progress?: Progress;
  /** The record an earlier, finished push made (the worker's remembered record ids). */
  remembered?: string | null;
  overwrite?: string[];
}

/** One attempt of a push as the outbox makes it: match (the record it made before first), plan, apply with saved progress. */
export async function pushLikeTheOutbox(crm: CrmAdapter, contact: CrmContact, { progress = {}, remembered = null, overwrite = [] }: OutboxPush = {}) {
  const saved: Progress = { ...progress };
  const match = await crm.find(contact, saved.recordId ?? remembered);
  if (!match.ok) return { result: match, progress: saved };
  const plan = crm.plan(contact, match.value, { overwrite: overwrite as never[] });
  const result = await crm.apply(plan, contact, {
    policy: { overwrite: overwrite as never[] },
    progress: saved,
    save: async (next) => void Object.assign(saved, next),
  });
  return { result, progress: saved };
}

/** A push retried as the outbox retries it (up to `attempts`), while its error says a retry may work. */
export async function pushUntilSettled(crm: CrmAdapter, contact: CrmContact, attempts = 5) {
  let last = await pushLikeTheOutbox(crm, contact);
  const errors = [];
  for (let attempt = 1; attempt < attempts && !last.result.ok && last.result.error.retryable; attempt += 1) {
    errors.push(last.result.error);
    last = await pushLikeTheOutbox(crm, contact, { progress: last.progress });
  }
  if (!last.result.ok) errors.push(last.result.error);
  return { ...last, errors };
}
