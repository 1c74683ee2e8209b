import { t } from '@/lib/platform/i18n';
import type { Preview } from '@/lib/lookup/contract';
import { emptyCounts } from '@/lib/bulk/counts';
import type { BulkOperation, BulkPerson, BulkQuote, BulkRow, BulkRun, BulkTask } from '@/lib/bulk/model';
import type { Freshness } from '@/lib/book/freshness';

/**
 * The price of a run before it starts: every usable row x every chosen operation, minus what
 * the ledger answers free (and, when the user asks, the rows already in the connected CRM).
 * Only free reads happen here (the ledger, the CRM's "is this person there"); nothing is sent
 * to the gateway. The quote is stored on the run, each task with what it counted, and its
 * total is what the user confirms: `checkStart` holds a run to it.
 */
export interface QuoteDeps {
  store: {
    readRows(runId: string, from: number, limit: number): Promise<BulkRow[]>;
    putRows(rows: readonly BulkRow[]): Promise<void>;
    putRun(run: BulkRun): Promise<void>;
  };
  /** The lookup service's preview: the price now, 0 when the ledger holds a fresh answer, or a refusal. */
  preview(request: { op: BulkOperation; input: Record<string, unknown> }): Promise<Preview>;
  requestFor(op: BulkOperation, person: BulkPerson): { ok: true; input: Record<string, unknown> } | { ok: false; reason: string };
  /**
   * The connected CRMs' free check: 'yes' when one holds the person, 'unknown' when none could
   * say, 'no' otherwise. Null when no CRM is connected.
   */
  crm: { connected(): Promise<boolean>; check(person: BulkPerson): Promise<'yes' | 'no' | 'unknown'> } | null;
  /** Credits left under today's cap (null: no cap). */
  capLeft(now: number): Promise<number | null>;
  history: { count(): Promise<number>; maxEntries(): Promise<number> };
  /**
   * The contact book's state of each row's person (the worst of their values, by the user's
   * ages), null when the book does not know them: a free local read, nothing sent anywhere.
   */
  book?: { freshness(people: readonly (BulkPerson | null)[], now: number): Promise<(Freshness | null)[]> };
  now(): number;
  newId(): string;
  /** Free checks at once (the ledger's, the CRM's). */
  concurrency?: number;
  /**
   * How long the CRM may be asked about the rows. A quote is one message to the worker, which
   * Chrome stops after 5 minutes on one event; a CRM answers ~10 checks a second, so a large file
   * cannot be checked whole. Rows not reached in time are not checked: counted as the CRM not
   * answering (kept, priced), and said in the quote.
   */
  crmBudgetMs?: number;
}

export const CRM_CHECK_BUDGET_MS = 3 * 60_000;

export interface QuoteRequest {
  operations: readonly BulkOperation[];
  skipInCrm: boolean;
}

/** A quote older than this is not confirmed: prices, the ledger and the cap may have moved. */
export const QUOTE_TTL_MS = 15 * 60_000;
const PAGE = 250;

/** Runs `work` over `items`, `limit` at a time, answers in order. */
export async function mapBounded<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  });
  await Promise.all(lanes);
  return out;
}

interface Priced {
  op: BulkOperation;
  /** Why it is not sent, or null. */
  skip: string | null;
  unusable: boolean;
  key: string | null;
  cost: number;
  price: number;
}

const task = (op: BulkOperation, over: Partial<BulkTask>): BulkTask => ({ op, state: 'pending', attemptId: null, outcome: null, cost: 0, quoted: 0, reason: null, requeued: 0, ...over });

export async function quoteRun(deps: QuoteDeps, run: BulkRun, request: QuoteRequest): Promise<{ run: BulkRun; quote: BulkQuote }> {
  const limit = Math.max(1, deps.concurrency ?? 16);
  const operations = [...new Set(request.operations)];
  const checkCrm = request.skipInCrm && deps.crm !== null && (await deps.crm.connected());
  const crmDeadline = deps.now() + (deps.crmBudgetMs ?? CRM_CHECK_BUDGET_MS);
  const byOp = new Map(operations.map((op) => [op, { op, toPay: 0, price: 0, fromLedger: 0 }]));
  const totals = { total: 0, toPay: 0, fromLedger: 0, inCrm: 0, crmUnknown: 0, unusable: 0, skipped: 0, tasks: 0 };
  const known = { rows: 0, ageing: 0, stale: 0 };
  // The book's counts are information only: a book that cannot be read leaves them out of the
  // quote (the field is optional) rather than stop the run from being priced. Partial counts
  // would mislead, so one failure stops asking for the pages after it.
  let bookReadable = !!deps.book;
  const readFreshness = async (rows: readonly BulkRow[]) => {
    try {
      return await deps.book!.freshness(rows.map((row) => row.person), startedAt);
    } catch (err) {
      console.error('bulk quote: could not read the contact book, quoting without its counts', err);
      bookReadable = false;
      return [];
    }
  };
  const startedAt = deps.now();
  /** Requests already counted to pay, by operation and input, with the row that pays: a repeat is answered by the ledger. */
  const paidBy = new Map<string, number>();

  async function price(row: BulkRow, op: BulkOperation): Promise<Priced> {
    if (!row.person) return { op, skip: row.problem ?? t('bulk.run.unusable'), unusable: true, key: null, cost: 0, price: 0 };
    const made = deps.requestFor(op, row.person);
    if (!made.ok) return { op, skip: made.reason, unusable: true, key: null, cost: 0, price: 0 };
    const preview = await deps.preview({ op, input: made.input });
    if (preview.refused) return { op, skip: preview.refused.message, unusable: true, key: null, cost: 0, price: preview.price };
    return { op, skip: null, unusable: false, key: JSON.stringify([op, made.input]), cost: preview.cost, price: preview.price };
  }

  for (let from = 0; ; ) {
    const rows = await deps.store.readRows(run.id, from, PAGE);
    const priced = await mapBounded(rows, limit, (row) => Promise.all(operations.map((op) => price(row, op))));
    // Only rows that would cost something are worth asking the CRM about.
    const crmAnswers = await mapBounded(rows.map((row, i) => ({ row, i })), limit, async ({ row, i }) => {
      if (!checkCrm || !row.person || !priced[i]!.some((p) => !p.skip && p.cost > 0)) return null;
      if (deps.now() >= crmDeadline) return 'unknown' as const;
      return deps.crm!.check(row.person).catch(() => 'unknown' as const);
    });
    const states = bookReadable ? await readFreshness(rows) : [];
    for (const state of states) {
      if (state === null) continue;
      known.rows++;
      if (state !== 'fresh') known[state]++;
    }
    const written = rows.map((row, i) => {
      const inCrm = crmAnswers[i] ?? null;
      if (inCrm === 'unknown') totals.crmUnknown++;
      const skipRow = inCrm === 'yes';
      if (skipRow) totals.inCrm++;
      const tasks = priced[i]!.map((p): BulkTask => {
        totals.tasks++;
        if (p.skip || skipRow) {
          totals.skipped++;
          if (p.unusable) totals.unusable++;
          return task(p.op, { state: 'skipped', reason: p.skip ?? t('bulk.run.inCrm') });
        }
        const line = byOp.get(p.op)!;
        line.price = p.price;
        const payer = p.key !== null ? paidBy.get(p.key) : undefined;
        if (p.cost === 0 || payer !== undefined) {
          totals.fromLedger++;
          line.fromLedger++;
          return task(p.op, { reason: p.cost === 0 ? null : t('bulk.quote.duplicate', { row: payer! + 1 }) });
        }
        if (p.key !== null) paidBy.set(p.key, row.index);
        totals.toPay++;
        line.toPay++;
        totals.total += p.cost;
        return task(p.op, { quoted: p.cost });
      });
      return { ...row, tasks, inCrm, contactId: null, columns: {} };
    });
    await deps.store.putRows(written);
    if (rows.length < PAGE) break;
    from = rows[rows.length - 1]!.index + 1;
  }

  const now = deps.now();
  const [capLeft, historyCount, maxEntries] = await Promise.all([deps.capLeft(now), deps.history.count(), deps.history.maxEntries()]);
  // Every task sent or answered from the ledger adds one history entry.
  const historyOverflow = Math.max(0, historyCount + totals.toPay + totals.fromLedger - maxEntries);
  const quote: BulkQuote = {
    id: deps.newId(),
    at: now,
    operations,
    skipInCrm: request.skipInCrm,
    total: totals.total,
    toPay: totals.toPay,
    fromLedger: totals.fromLedger,
    inCrm: totals.inCrm,
    crmUnknown: totals.crmUnknown,
    unusable: totals.unusable,
    byOperation: [...byOp.values()],
    capLeft,
    historyOverflow,
    ...(bookReadable ? { known } : {}),
  };
  const counts = { ...emptyCounts(totals.tasks), skipped: totals.skipped };
  const quoted: BulkRun = { ...run, state: 'quoted', quote, counts, confirmedAt: null, startedAt: null, finishedAt: null, pauseReason: null, rate: null, updatedAt: now };
  await deps.store.putRun(quoted);
  return { run: quoted, quote };
}

export type StartCheck = { ok: true } | { ok: false; kind: 'not_quoted' | 'other_quote' | 'stale_quote' | 'daily_cap'; message: string };

/**
 * Whether the user's confirmation of `quoteId` may start the run now: the run is priced by
 * that very quote, the quote is fresh, and its total fits under what today's cap leaves.
 */
export function checkStart(run: BulkRun, quoteId: string, now: number, capLeft: number | null): StartCheck {
  if (run.state !== 'quoted' || !run.quote) return { ok: false, kind: 'not_quoted', message: t('bulk.quote.notQuoted') };
  if (run.quote.id !== quoteId) return { ok: false, kind: 'other_quote', message: t('bulk.quote.otherQuote') };
  if (now - run.quote.at > QUOTE_TTL_MS) return { ok: false, kind: 'stale_quote', message: t('bulk.quote.stale') };
  if (capLeft !== null && run.quote.total > capLeft) {
    return { ok: false, kind: 'daily_cap', message: t('bulk.quote.overCap', { total: run.quote.total, left: capLeft }) };
  }
  return { ok: true };
}
