import { z } from 'zod';
import type { EnrichmentClient } from '@/lib/api';
import type { ApiError } from '@/lib/api/errors';
import { DOSSIER_ERRORS, outcomeUnknownMessage, type LostAnswer } from '@/lib/contracts/error-catalog';
import { type HistoryEntry, type LookupEntry } from '@/lib/history/entry';
import { isLookupEntry } from '@/lib/history/entry-kind';
import type { Preferences } from '@/lib/settings/preferences';
import type { Operation } from '@/lib/lookup/worker/operation';
import { isOperationName, type OperationName, type ResultOf } from '@/lib/lookup/operation-names';
import type { LookupRequest, LookupResponse, Preview, ResponseFields } from '@/lib/lookup/contract';
import type { OperationTable } from '@/lib/lookup/worker/operations';
import { isLedgerEntryOf, type LedgerEntry } from '@/lib/lookup/worker/ledger';
import { ledgerKeys } from '@/lib/lookup/worker/ledger-keys';
import type { PendingLookup } from '@/lib/lookup/worker/journal';
import { PAID_CALL, withRetry, type RetryPolicy } from '@/lib/lookup/worker/retry';
import { createInflight } from '@/lib/lookup/worker/inflight';
import { isSuppressed } from '@/lib/lookup/suppression';
import type { SpendingCap } from '@/lib/lookup/worker/spending-cap';
import { mobilesIncluded } from '@/lib/lookup/prices';
import { storedPageUrl } from '@/lib/platform/ui/page-url';
import { reuseWindowMs } from '@/lib/retention/period';

/** Any one operation, each with its own answer type (`Operation<any, any>` would lose it). */
type AnyOperation = { [Op in OperationName]: Operation<unknown, Op> }[OperationName];
interface Refusal {
  kind: string;
  message: string;
}

/** A response before it is recorded: the service adds the operation and the history id. */
type Settled<Op extends OperationName> = Omit<ResponseFields, 'historyId'> & { value?: ResultOf<Op> };

export interface LookupDeps {
  operations: OperationTable;
  preferences(): Promise<Preferences>;
  client(): Promise<EnrichmentClient | null>;
  ledger: {
    find(op: string, keys: readonly string[], windowMs: number, now: number): Promise<LedgerEntry | null>;
    record(entry: LedgerEntry): Promise<void>;
    /** The paid answer filed under this history id, if the ledger still holds it. */
    byHistoryId(historyId: string): Promise<LedgerEntry | null>;
  };
  history: {
    append(entry: HistoryEntry, maxEntries: number): Promise<unknown>;
    spentSince(since: number): Promise<number>;
    /** One entry by id, without reading the whole history. */
    byId(id: string): Promise<HistoryEntry | null>;
  };
  journal: {
    markPending(entry: PendingLookup): Promise<void>;
    markDone(historyId: string): Promise<void>;
  };
  /** The daily cap's reservations (lib/lookup/worker/spending-cap.ts). */
  cap: SpendingCap;
  balance: {
    /** The last balance the gateway reported, without a request. */
    known(): Promise<number | null>;
    /** Reads it again (free; retried); null when the gateway cannot be reached. */
    reread(): Promise<number | null>;
  };
  /** After a lookup that was, or may have been, charged: once it is in history. */
  afterPaidLookup(): void;
  retryPolicy?: RetryPolicy;
  now(): number;
  newId(): string;
}

/** The reuse window, never longer than the retention period: an answer older than it is not kept, nor served. */
function freshnessWindow(op: Pick<AnyOperation, 'freshness'>, prefs: Preferences): number {
  return reuseWindowMs(op.freshness, prefs);
}

function whyLost(error: Pick<ApiError, 'kind'>): LostAnswer {
  if (error.kind === 'timeout') return 'timeout';
  if (error.kind === 'network_error' || error.kind === 'cancelled') return 'connection';
  return 'unreadable';
}

/**
 * Runs every lookup the product offers and keeps its promises about credits: never pay twice
 * for a fresh answer, say the price first, refuse what the user's limits or privacy settings
 * forbid before any request, send a paid request again only when the gateway answered that
 * it failed, and record everything in history.
 */
export function createLookupService(deps: LookupDeps) {
  const inflight = createInflight<LookupResponse>();
  /** Attempts running now, by history id and caller's id, for callers whose connection dropped. */
  const attempts = new Map<string, Promise<LookupResponse>>();
  /** Lookups a stopped worker left unanswered are recorded before any new one may spend. */
  let recovered: Promise<unknown> = Promise.resolve();

  function refusal(kind: string, message: string): Refusal {
    return { kind, message };
  }

  type Prepared =
    | { stage: 'unknown'; refused: Refusal }
    | { stage: 'invalid'; op: AnyOperation; prefs: Preferences; refused: Refusal }
    | { stage: 'blocked' | 'ready'; op: AnyOperation; prefs: Preferences; input: unknown; keys: string[]; refused?: Refusal };

  async function prepare(request: LookupRequest): Promise<Prepared> {
    // The protocol lets only operation names through; a journal or a caller of another release may not.
    const op: AnyOperation | undefined = isOperationName(request.op) ? deps.operations[request.op] : undefined;
    if (!op) return { stage: 'unknown', refused: refusal('invalid_input', DOSSIER_ERRORS.unknown_operation) };
    const prefs = await deps.preferences();
    const parsed = op.input.safeParse(request.input);
    if (!parsed.success) {
      return { stage: 'invalid', op, prefs, refused: refusal('invalid_input', parsed.error.issues[0]?.message ?? DOSSIER_ERRORS.invalid_lookup) };
    }
    const input = parsed.data;
    const keys = op.identities(input, prefs);
    if (op.personalData && prefs.privacy.euMode) {
      return { stage: 'blocked', op, prefs, input, keys, refused: refusal('eu_mode', DOSSIER_ERRORS.eu_mode) };
    }
    if (isSuppressed(keys, prefs.privacy.suppression)) {
      return { stage: 'blocked', op, prefs, input, keys, refused: refusal('suppressed', DOSSIER_ERRORS.suppressed) };
    }
    return { stage: 'ready', op, prefs, input, keys };
  }

  async function preview(request: LookupRequest): Promise<Preview> {
    const prepared = await prepare(request);
    if (prepared.stage !== 'ready') {
      const price = prepared.stage === 'unknown' ? 0 : prepared.op.maxPrice(prepared.prefs);
      return { op: request.op, cost: 0, price, inLedger: null, refused: prepared.refused };
    }
    const { op, prefs, keys } = prepared;
    const hit = await ledgerHit(op, keys, prefs, deps.now());
    const price = op.maxPrice(prefs);
    const mobiles = mobilesIncluded(op.name, prefs.lookups.fullFlags);
    return {
      op: op.name,
      cost: hit ? 0 : price,
      price,
      ...(mobiles ? { mobiles } : {}),
      inLedger: hit ? { paidAt: hit.paidAt, creditBurn: hit.creditBurn } : null,
    };
  }

  /** The paid answer of `op` the ledger holds for these identities, still fresh. */
  async function ledgerHit<Op extends OperationName>(op: Operation<unknown, Op>, keys: string[], prefs: Preferences, now: number): Promise<LedgerEntry<Op> | null> {
    const hit = await deps.ledger.find(op.name, keys, freshnessWindow(op, prefs), now);
    return hit && isLedgerEntryOf(hit, op.name) ? hit : null;
  }

  async function record<Op extends OperationName>(
    request: Pick<LookupRequest, 'input' | 'pageUrl' | 'about'>,
    op: Op,
    subject: string,
    identity: string | null,
    response: Settled<Op>,
    historyId: string,
    prefs: Preferences | null,
    input: unknown,
    at = deps.now(),
  ): Promise<LookupResponse<Op>> {
    const entry: LookupEntry<Op> = {
      ...entryFields(request, subject, identity, response, historyId, input, at),
      op,
      ...(response.value === undefined ? {} : { result: response.value }),
    };
    await deps.history.append(widenEntry(entry), prefs?.history.maxEntries ?? 10_000);
    return { ...response, op, historyId };
  }

  /** Everything an entry records but its operation and answer. */
  function entryFields(request: Pick<LookupRequest, 'input' | 'pageUrl' | 'about'>, subject: string, identity: string | null, response: Omit<ResponseFields, 'historyId'>, historyId: string, input: unknown, at = deps.now()) {
    return {
      id: historyId,
      subject,
      input: recordOf(input ?? { value: request.input }),
      identity,
      outcome: response.status === 'needs_confirmation' ? ('refused' as const) : response.status,
      cost: response.cost,
      fromLedger: response.fromLedger,
      paidAt: response.paidAt,
      at,
      pageUrl: storedPageUrl(request.pageUrl),
      ...(request.about ? { about: request.about } : {}),
      error: response.error ?? null,
      ...(response.status === 'unknown' ? { maxCost: unknownMaxCost(response), ...(response.balanceCheck ? { balanceCheck: response.balanceCheck } : {}) } : {}),
    };
  }

  async function execute(request: LookupRequest, historyId: string): Promise<LookupResponse> {
    const prepared = await prepare(request);
    const base = { cost: 0, fromLedger: false, paidAt: null, refreshed: false };
    if (prepared.stage === 'unknown') return { ...base, status: 'refused', op: request.op, historyId: null, error: prepared.refused };
    if (prepared.stage === 'invalid') {
      return record(request, prepared.op.name, summarise(request.input), null, { ...base, status: 'refused', error: prepared.refused }, historyId, prepared.prefs, null);
    }
    return run(request, historyId, prepared);
  }

  async function run<Op extends OperationName>(
    request: LookupRequest,
    historyId: string,
    prepared: { stage: 'blocked' | 'ready'; op: Operation<unknown, Op>; prefs: Preferences; input: unknown; keys: string[]; refused?: Refusal },
  ): Promise<LookupResponse<Op>> {
    const { op, prefs, input, keys } = prepared;
    const base = { cost: 0, fromLedger: false, paidAt: null, refreshed: false };
    const subject = op.subject(input);
    const identity = keys[0] ?? null;
    if (prepared.stage === 'blocked') return record(request, op.name, subject, identity, { ...base, status: 'refused', error: prepared.refused! }, historyId, prefs, input);

    const now = deps.now();
    const hit = await ledgerHit(op, keys, prefs, now);
    if (hit && !request.refresh) {
      return record(request, op.name, subject, identity, { ...base, status: 'cached', fromLedger: true, paidAt: hit.paidAt, value: hit.result }, historyId, prefs, input);
    }

    const { dailyCap, confirmAbove } = prefs.spending;
    // The most it may cost with the settings in force ("Phone numbers" pays per mobile found):
    // what is asked about, reserved under the cap and assumed paid if the answer is lost.
    const price = op.maxPrice(prefs);
    const mobiles = mobilesIncluded(op.name, prefs.lookups.fullFlags);
    if (confirmAbove !== null && price > confirmAbove && !request.confirmed) {
      // Not recorded: nothing happened yet, the caller asks the user and sends it again.
      return { ...base, status: 'needs_confirmation', op: op.name, historyId: null, price, error: refusal('needs_confirmation', DOSSIER_ERRORS.needs_confirmation(price, mobiles)) };
    }

    const client = await deps.client();
    if (!client) {
      return record(request, op.name, subject, identity, { ...base, status: 'failed', error: refusal('no_key', DOSSIER_ERRORS.no_key) }, historyId, prefs, input);
    }

    const decision = await deps.cap.reserve(price, dailyCap, now);
    if (!decision.ok) {
      const error = refusal('daily_cap', DOSSIER_ERRORS.daily_cap(price, decision.spent, dailyCap!, mobiles));
      return record(request, op.name, subject, identity, { ...base, status: 'refused', price, error }, historyId, prefs, input);
    }
    const refreshed = Boolean(hit && request.refresh);
    // A baseline to tell later whether credits moved; read once (free) when none is known yet.
    const before = (await deps.balance.known()) ?? (await deps.balance.reread().catch(() => null));
    // Credits may have moved: read the balance once this lookup is settled (recorded, out of the
    // journal), so that the reading is held against a history that already counts it.
    let charged = false;
    try {
      // In the journal once its request leaves (after the rate slot): a lookup still queued for a
      // slot when the worker stops was never sent, and is not reported as possibly charged.
      const pending = () => deps.journal.markPending({ historyId, request: journalled(request), startedAt: now, price, balanceBefore: before });
      const sender = client.sending ? client.sending(pending) : client;
      if (!client.sending) await pending();
      const result = await withRetry(() => op.run(sender, input, prefs), deps.retryPolicy, PAID_CALL);
      if (!result.ok && result.error.answerLost) {
        const response = await lostAnswer(price, whyLost(result.error), before);
        // Read once more when settled, to hold it against history; not when the balance cannot be reached.
        charged = response.balanceCheck.after !== null;
        return await record(request, op.name, subject, identity, { ...base, refreshed, ...response }, historyId, prefs, input);
      }
      if (!result.ok) {
        const status = result.error.kind === 'no_match' ? 'miss' : 'failed';
        return await record(request, op.name, subject, identity, { ...base, refreshed, status, error: { kind: result.error.kind, message: result.error.message } }, historyId, prefs, input);
      }
      const cost = result.creditBurn;
      if (cost > 0) {
        await deps.ledger.record(widenLedgerEntry(paidEntry(op.name, ledgerKeys(keys, op.resultIdentities(result.value)), deps.now(), cost, result.value, historyId)));
        charged = true;
      }
      return await record(request, op.name, subject, identity, { ...base, refreshed, status: cost > 0 ? 'paid' : 'free', cost, value: result.value }, historyId, prefs, input);
    } finally {
      await deps.journal.markDone(historyId);
      decision.reservation.settle();
      if (charged) deps.afterPaidLookup();
    }
  }

  /** The answer is gone: read the balance again (free) so the user can tell whether credits moved. */
  async function lostAnswer(price: number, why: LostAnswer, before: number | null) {
    const after = await deps.balance.reread().catch(() => null);
    const balanceCheck = { before, after };
    return {
      status: 'unknown' as const,
      price,
      balanceCheck,
      error: { kind: 'outcome_unknown', message: outcomeUnknownMessage(why, price, balanceCheck) },
    };
  }

  /** Identical lookups in flight share one request, and so one history entry. */
  function lookup(request: LookupRequest): Promise<LookupResponse> {
    const historyId = request.attemptId && !attempts.has(request.attemptId) ? request.attemptId : deps.newId();
    const key = JSON.stringify([request.op, request.input, Boolean(request.refresh)]);
    const running = recovered.then(() => inflight.run(key, () => execute(request, historyId)));
    // Each caller keeps its own name for the attempt, even when it shares another's request.
    // Only while it runs: once settled, its outcome is in history under its id (a worker doing
    // a long run of lookups must not hold every answer in memory).
    const names = [historyId, ...(request.attemptId ? [request.attemptId] : [])];
    for (const name of names) attempts.set(name, running);
    void running.finally(() => names.forEach((name) => attempts.get(name) === running && attempts.delete(name))).catch(() => {});
    return running;
  }

  /**
   * A journalled lookup the ledger proves was answered and charged (the worker stopped after
   * filing its answer, before its history entry): recorded as it would have been, at the time
   * it was paid, with its cost and answer.
   */
  async function recordPaid<Op extends OperationName>(request: JournalledRequest, paid: LedgerEntry<Op>, historyId: string, prefs: Preferences): Promise<LookupResponse<Op>> {
    const op: Operation<unknown, Op> | undefined = deps.operations[paid.op];
    const parsed = op?.input.safeParse(request.input);
    const known = op && parsed?.success ? { op, input: parsed.data } : null;
    const subject = known ? known.op.subject(known.input) : summarise(request.input);
    const identity = known ? (known.op.identities(known.input, prefs)[0] ?? null) : null;
    const response: Settled<Op> = { status: 'paid', cost: paid.creditBurn, fromLedger: false, paidAt: null, refreshed: false, value: paid.result };
    return record(request, paid.op, subject, identity, response, historyId, prefs, known ? known.input : request.input, paid.paidAt);
  }

  /**
   * Lookups a stopped worker left in the journal went out and lost their answer. None is sent
   * again: each is recorded as `unknown` at no cost, with the balance read again, and the user
   * is offered a retry with its price. One whose answer the ledger holds was paid: it is
   * recorded so, and nobody is asked (a retry would be answered free, its credits counted nowhere).
   */
  function recover(interrupted: Promise<readonly PendingLookup[]> | readonly PendingLookup[]): Promise<LookupResponse[]> {
    const run = (async () => {
      const results: LookupResponse[] = [];
      let charged = false;
      for (const pending of await interrupted) {
        // Stopped after its outcome was recorded but before the journal was cleared: it is settled.
        const settled = await deps.history.byId(pending.historyId);
        if (settled && settled.outcome !== 'unknown') {
          await deps.journal.markDone(pending.historyId);
          continue;
        }
        const request = journalledRequest(pending.request);
        const op: AnyOperation | undefined = isOperationName(request.op) ? deps.operations[request.op] : undefined;
        const prefs = await deps.preferences();
        const paid = await deps.ledger.byHistoryId(pending.historyId);
        if (paid && paid.op === request.op) {
          results.push(await recordPaid(request, paid, pending.historyId, prefs));
          await deps.journal.markDone(pending.historyId);
          charged = true;
          continue;
        }
        const price = pending.price ?? op?.maxPrice(prefs) ?? 0;
        const response = await lostAnswer(price, 'stopped', pending.balanceBefore ?? null);
        const base = { cost: 0, fromLedger: false, paidAt: null, refreshed: false };
        if (isOperationName(request.op)) {
          const subject = op ? safeSubject(op, request.input) : summarise(request.input);
          results.push(await record(request, request.op, subject, null, { ...base, ...response }, pending.historyId, prefs, request.input));
        } else {
          // Journalled by a release that had this operation: still recorded, so its possible cost is not lost.
          const fields = entryFields(request, summarise(request.input), null, { ...base, ...response }, pending.historyId, request.input);
          await deps.history.append({ ...fields, op: request.op || 'unknown', foreign: true }, prefs.history.maxEntries);
        }
        await deps.journal.markDone(pending.historyId);
      }
      // As after a paid lookup: the balance is read again, against a history that counts it.
      if (charged) deps.afterPaidLookup();
      return results;
    })();
    recovered = run.catch(() => undefined);
    return run;
  }

  /**
   * The outcome of an attempt whose caller lost its connection to the worker: still running,
   * finished in this worker's life, or recorded by recovery after a restart (then read from
   * history by `fromHistory`).
   */
  async function outcomeOf(historyId: string, fromHistory: (id: string) => Promise<HistoryEntry | null>): Promise<LookupResponse | null> {
    await recovered;
    const running = attempts.get(historyId);
    if (running) return running;
    const entry = await fromHistory(historyId);
    // Attempt ids name lookups; any other entry under that id is not this attempt's outcome.
    return entry && isLookupEntry(entry) ? responseOf(entry) : null;
  }

  return { lookup, preview, recover, outcomeOf };
}

/** Only what a restarted worker needs to name the attempt; never the caller's flags. */
function journalled(request: LookupRequest) {
  return { op: request.op, input: request.input, refresh: request.refresh, pageUrl: request.pageUrl ?? null };
}

/**
 * A lost answer counts at its price: an unchanged balance proves nothing (the gateway may still
 * finish and charge after a time-out, and a top-up hides a charge).
 */
function unknownMaxCost(response: Pick<LookupResponse, 'price'>): number {
  return response.price ?? 0;
}

function responseOf<Op extends OperationName>(entry: LookupEntry<Op>): LookupResponse<Op> {
  return {
    // A lookup's entry never holds a balance difference; a damaged one reads as failed.
    status: entry.outcome === 'difference' ? 'failed' : entry.outcome,
    op: entry.op,
    historyId: entry.id,
    ...(entry.result === undefined ? {} : { value: entry.result }),
    cost: entry.cost,
    fromLedger: entry.fromLedger,
    paidAt: entry.paidAt,
    refreshed: false,
    ...(entry.outcome === 'unknown' ? { price: entry.maxCost } : {}),
    ...(entry.error ? { error: entry.error } : {}),
    ...(entry.balanceCheck ? { balanceCheck: entry.balanceCheck } : {}),
  };
}

// TypeScript cannot see that a value built for one operation `Op` is one of the values for all
// operations (microsoft/TypeScript#30581): these two upcasts say so, and nothing else does.
const widenEntry = <Op extends OperationName>(entry: LookupEntry<Op>): LookupEntry => entry as LookupEntry;
const widenLedgerEntry = <Op extends OperationName>(entry: LedgerEntry<Op>): LedgerEntry => entry as LedgerEntry;

function paidEntry<Op extends OperationName>(op: Op, keys: string[], paidAt: number, creditBurn: number, result: ResultOf<Op>, historyId: string): LedgerEntry<Op> {
  return { op, keys, paidAt, creditBurn, result, historyId };
}

/** What the journal kept of a request: read, not trusted (another release may have written it). */
const journalledRequestSchema = z
  .object({
    op: z.string().catch(''),
    input: z.unknown(),
    refresh: z.boolean().optional().catch(undefined),
    pageUrl: z.string().nullable().optional().catch(null),
  })
  .catch({ op: '', input: undefined });
const journalledRequest = (raw: unknown) => journalledRequestSchema.parse(raw);
type JournalledRequest = ReturnType<typeof journalledRequest>;

function recordOf(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : { value };
}

function safeSubject(op: AnyOperation, input: unknown): string {
  const parsed = op.input.safeParse(input);
  return parsed.success ? op.subject(parsed.data) : summarise(input);
}

function summarise(input: unknown): string {
  try {
    return JSON.stringify(input)?.slice(0, 200) ?? '';
  } catch {
    return '';
  }
}

export type LookupService = ReturnType<typeof createLookupService>;
