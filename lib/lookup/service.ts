import type { EnrichmentClient } from '../api';
import { DOSSIER_ERRORS } from '../errors/catalog';
import type { HistoryEntry } from '../history/entry';
import type { Preferences } from '../settings/preferences';
import type { Operation, OperationResult } from './operation';
import type { LedgerEntry } from './ledger';
import type { PendingLookup } from './journal';
import { withRetry, type RetryPolicy } from './retry';
import { createInflight } from './inflight';
import { isSuppressed } from './suppression';
import { storedPageUrl } from '../ui/page-url';

const DAY = 86_400_000;

type AnyOperation = Operation<any, any>;
interface Refusal {
  kind: string;
  message: string;
}

export interface LookupRequest {
  op: string;
  input: unknown;
  /** Pay again even when the ledger holds a fresh answer. */
  refresh?: boolean;
  /** The user saw the price and agreed (spending guard). */
  confirmed?: boolean;
  pageUrl?: string | null;
}

export type LookupStatus = 'paid' | 'free' | 'cached' | 'miss' | 'failed' | 'refused' | 'needs_confirmation';

export interface LookupResponse {
  status: LookupStatus;
  op: string;
  historyId: string | null;
  value?: unknown;
  cost: number;
  fromLedger: boolean;
  /** For a ledger answer: when it was paid for. */
  paidAt: number | null;
  /** For a refresh: this answer replaced a fresh one from the ledger, and was paid again. */
  refreshed: boolean;
  price?: number;
  error?: { kind: string; message: string };
}

export interface Preview {
  op: string;
  /** What the action costs now: 0 when the ledger has a fresh answer. */
  cost: number;
  /** What it would cost to refresh (pay again). */
  price: number;
  inLedger: { paidAt: number; creditBurn: number } | null;
  refused?: { kind: string; message: string };
}

export interface LookupDeps {
  operations: Readonly<Record<string, Operation<any, any>>>;
  preferences(): Promise<Preferences>;
  client(): Promise<EnrichmentClient | null>;
  ledger: {
    find(op: string, keys: readonly string[], windowMs: number, now: number): Promise<LedgerEntry | null>;
    record(entry: LedgerEntry): Promise<void>;
  };
  history: {
    append(entry: HistoryEntry, maxEntries: number): Promise<unknown>;
    spentSince(since: number): Promise<number>;
  };
  journal: {
    markPending(entry: PendingLookup): Promise<void>;
    markDone(historyId: string): Promise<void>;
  };
  acquireRateSlot(): Promise<void>;
  afterPaidLookup(): void;
  retryPolicy?: RetryPolicy;
  now(): number;
  newId(): string;
}

function freshnessWindow(op: Operation<unknown, unknown>, prefs: Preferences): number {
  return (op.freshness === 'phone' ? prefs.freshness.phoneDays : prefs.freshness.otherDays) * DAY;
}

function startOfDay(now: number): number {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/**
 * Runs every lookup the product offers and keeps its promises about credits: never pay twice
 * for a fresh answer, say the price first, refuse what the user's limits or privacy settings
 * forbid before any request, retry only what is safe, and record everything in history.
 */
export function createLookupService(deps: LookupDeps) {
  const inflight = createInflight<LookupResponse>();

  function refusal(kind: string, message: string): Refusal {
    return { kind, message };
  }

  type Prepared =
    | { stage: 'unknown'; refused: Refusal }
    | { stage: 'invalid'; op: AnyOperation; prefs: Preferences; refused: Refusal }
    | { stage: 'blocked' | 'ready'; op: AnyOperation; prefs: Preferences; input: unknown; keys: string[]; refused?: Refusal };

  async function prepare(request: LookupRequest): Promise<Prepared> {
    const op = deps.operations[request.op];
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
      const price = prepared.stage === 'unknown' ? 0 : prepared.op.price;
      return { op: request.op, cost: 0, price, inLedger: null, refused: prepared.refused };
    }
    const { op, prefs, keys } = prepared;
    const hit = await deps.ledger.find(op.name, keys, freshnessWindow(op, prefs), deps.now());
    return {
      op: op.name,
      cost: hit ? 0 : op.price,
      price: op.price,
      inLedger: hit ? { paidAt: hit.paidAt, creditBurn: hit.creditBurn } : null,
    };
  }

  async function record(request: LookupRequest, op: string, subject: string, identity: string | null, response: Omit<LookupResponse, 'historyId' | 'op'>, historyId: string, prefs: Preferences | null, input: unknown) {
    const entry: HistoryEntry = {
      id: historyId,
      op,
      subject,
      input: (input && typeof input === 'object' ? input : { value: request.input }) as Record<string, unknown>,
      identity,
      outcome: response.status === 'needs_confirmation' ? 'refused' : response.status,
      cost: response.cost,
      fromLedger: response.fromLedger,
      paidAt: response.paidAt,
      at: deps.now(),
      pageUrl: storedPageUrl(request.pageUrl),
      result: response.value,
      error: response.error ?? null,
    };
    await deps.history.append(entry, prefs?.history.maxEntries ?? 10_000);
    return { ...response, op, historyId };
  }

  async function execute(request: LookupRequest, historyId: string, resumes: number): Promise<LookupResponse> {
    const prepared = await prepare(request);
    const base = { cost: 0, fromLedger: false, paidAt: null, refreshed: false };
    if (prepared.stage === 'unknown') return { ...base, status: 'refused', op: request.op, historyId: null, error: prepared.refused };
    if (prepared.stage === 'invalid') {
      return record(request, prepared.op.name, summarise(request.input), null, { ...base, status: 'refused', error: prepared.refused }, historyId, prepared.prefs, null);
    }
    const { op, prefs, input, keys } = prepared;
    const subject = op.subject(input);
    const identity = keys[0] ?? null;
    if (prepared.stage === 'blocked') return record(request, op.name, subject, identity, { ...base, status: 'refused', error: prepared.refused! }, historyId, prefs, input);

    const now = deps.now();
    const hit = await deps.ledger.find(op.name, keys, freshnessWindow(op, prefs), now);
    if (hit && !request.refresh) {
      return record(request, op.name, subject, identity, { ...base, status: 'cached', fromLedger: true, paidAt: hit.paidAt, value: hit.result }, historyId, prefs, input);
    }

    const { dailyCap, confirmAbove } = prefs.spending;
    if (dailyCap !== null && op.price > 0) {
      const spent = await deps.history.spentSince(startOfDay(now));
      if (spent + op.price > dailyCap) {
        const error = refusal('daily_cap', DOSSIER_ERRORS.daily_cap(op.price, spent, dailyCap));
        return record(request, op.name, subject, identity, { ...base, status: 'refused', price: op.price, error }, historyId, prefs, input);
      }
    }
    if (confirmAbove !== null && op.price > confirmAbove && !request.confirmed) {
      // Not recorded: nothing happened yet, the caller asks the user and sends it again.
      return { ...base, status: 'needs_confirmation', op: op.name, historyId: null, price: op.price, error: refusal('needs_confirmation', DOSSIER_ERRORS.needs_confirmation(op.price)) };
    }

    const client = await deps.client();
    if (!client) {
      return record(request, op.name, subject, identity, { ...base, status: 'failed', error: refusal('no_key', DOSSIER_ERRORS.no_key) }, historyId, prefs, input);
    }

    await deps.journal.markPending({ historyId, request, startedAt: now, resumes });
    try {
      const result: OperationResult<unknown> = await withRetry(async () => {
        await deps.acquireRateSlot();
        return op.run(client, input, prefs);
      }, deps.retryPolicy);
      const refreshed = Boolean(hit && request.refresh);
      if (!result.ok) {
        const status = result.error.kind === 'no_match' ? 'miss' : 'failed';
        return await record(request, op.name, subject, identity, { ...base, refreshed, status, error: { kind: result.error.kind, message: result.error.message } }, historyId, prefs, input);
      }
      const cost = result.creditBurn;
      if (cost > 0) {
        await deps.ledger.record({
          op: op.name,
          keys: [...new Set([...keys, ...op.resultIdentities(result.value)])],
          paidAt: deps.now(),
          creditBurn: cost,
          result: result.value,
          historyId,
        });
        deps.afterPaidLookup();
      }
      return await record(request, op.name, subject, identity, { ...base, refreshed, status: cost > 0 ? 'paid' : 'free', cost, value: result.value }, historyId, prefs, input);
    } finally {
      await deps.journal.markDone(historyId);
    }
  }

  /** Identical lookups in flight share one request, and so one history entry. */
  function lookup(request: LookupRequest, historyId = deps.newId(), resumes = 0): Promise<LookupResponse> {
    const key = JSON.stringify([request.op, request.input, Boolean(request.refresh)]);
    return inflight.run(key, () => execute(request, historyId, resumes));
  }

  /**
   * Finishes lookups that a stopped worker left unanswered: each is run again once, under its
   * original history id (a ledger answer makes that free); one interrupted twice is recorded
   * as failed at no cost rather than retried forever.
   */
  async function recover(interrupted: readonly PendingLookup[]): Promise<LookupResponse[]> {
    const results: LookupResponse[] = [];
    for (const pending of interrupted) {
      const request = pending.request as LookupRequest;
      if (pending.resumes >= 1) {
        const op = deps.operations[request.op];
        const prefs = await deps.preferences();
        const error = refusal('interrupted', DOSSIER_ERRORS.interrupted);
        results.push(
          await record(request, request.op, op ? safeSubject(op, request.input) : summarise(request.input), null, { cost: 0, fromLedger: false, paidAt: null, refreshed: false, status: 'failed', error }, pending.historyId, prefs, request.input),
        );
        continue;
      }
      results.push(await lookup(request, pending.historyId, pending.resumes + 1));
    }
    return results;
  }

  return { lookup, preview, recover };
}

function safeSubject(op: Operation<any, any>, input: unknown): string {
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
