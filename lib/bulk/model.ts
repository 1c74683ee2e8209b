import { z } from 'zod';

/**
 * A bulk run: a list of people (a CSV file, pasted lines, a search page's results, a contact
 * book selection) enriched by the worker in the background, resumable, paid once. Runs and
 * their rows are records of the vault (stores `bulkRuns`, `bulkRows`), read back through these
 * schemas: a record another release wrote, or damage, never breaks a screen.
 */

/** Where a run's rows came from. */
export const BULK_SOURCES = ['csv', 'paste', 'search', 'contacts'] as const;
export type BulkSource = (typeof BULK_SOURCES)[number];

/** What a column of the file can hold, for Dossier. `company` is a company's name or web domain. */
export const BULK_FIELDS = ['profileUrl', 'email', 'firstName', 'lastName', 'fullName', 'company', 'phone'] as const;
export type BulkField = (typeof BULK_FIELDS)[number];

/** One entry per column of the file: the Dossier field it feeds, or null (kept, not sent). */
export type ColumnMapping = (BulkField | null)[];
export const columnMappingSchema = z.array(z.enum(BULK_FIELDS).nullable()).max(200);

/** What a row says about its person, once its cells are read through the mapping. */
export const bulkPersonSchema = z.object({
  profileUrl: z.string().optional(),
  email: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  fullName: z.string().optional(),
  company: z.string().optional(),
  phone: z.string().optional(),
});
export type BulkPerson = z.infer<typeof bulkPersonSchema>;

/** The operations a run may make, each row once per operation chosen. */
export const BULK_OPERATIONS = ['enrichPerson', 'findWorkEmail', 'searchPhone', 'reversePhone'] as const;
export type BulkOperation = (typeof BULK_OPERATIONS)[number];

/** Limits stated in the interface; a larger file is refused before anything is spent. */
export const BULK_MAX_ROWS = 10_000;
export const BULK_MAX_COLUMNS = 200;
export const BULK_MAX_CELL = 2_000;

/**
 * One operation on one row:
 *   pending    to be sent (or sent again: the gateway answered that it failed)
 *   sending    handed to the lookup service under `attemptId`; after a restart its outcome is
 *              read back by that id (history, or the journal's recovery), never guessed
 *   done       answered: `outcome` says how (paid, free, cached from the ledger, miss)
 *   failed     the gateway answered that it failed (free); offered again on request
 *   unknown    sent, answer lost: may have been charged, never sent again without the user
 *   skipped    not sent: the row cannot be used for it, it is in the CRM, suppressed, cancelled
 */
export const TASK_STATES = ['pending', 'sending', 'done', 'failed', 'unknown', 'skipped'] as const;
export type TaskState = (typeof TASK_STATES)[number];

export const bulkTaskSchema = z.object({
  op: z.enum(BULK_OPERATIONS),
  state: z.enum(TASK_STATES),
  /** The lookup's history id, chosen before it is sent. */
  attemptId: z.string().nullable().default(null),
  /** The lookup service's status once settled ('paid', 'free', 'cached', 'miss', 'failed', 'refused', 'unknown'). */
  outcome: z.string().nullable().default(null),
  /** Credits it cost (its history entry's cost). */
  cost: z.number().min(0).default(0),
  /** What the confirmed quote counted for it: 0 when the ledger answers it. */
  quoted: z.number().min(0).default(0),
  /** Why it was skipped or failed, in the user's words. */
  reason: z.string().nullable().default(null),
  /** Times the gateway refused it for the rate (429) and it went back to the queue. */
  requeued: z.number().int().min(0).default(0),
});
export type BulkTask = z.infer<typeof bulkTaskSchema>;

/** The enriched columns of the results file, filled from the answers as they settle (results.ts). */
export const enrichedColumnsSchema = z.record(z.string(), z.string());
export type EnrichedColumns = z.infer<typeof enrichedColumnsSchema>;

export const bulkRowSchema = z.object({
  runId: z.string(),
  /** The row's place in its source, from 0: the results file keeps the order. */
  index: z.number().int().min(0),
  /** The source's cells, as read. */
  cells: z.array(z.string()),
  person: bulkPersonSchema.nullable(),
  /** Why the row cannot be used at all ("no profile URL, email, phone or name with company"). */
  problem: z.string().nullable().default(null),
  tasks: z.array(bulkTaskSchema).default([]),
  /** The connected CRM's answer when the user asked to skip people already there. */
  inCrm: z.enum(['yes', 'no', 'unknown']).nullable().default(null),
  /** The contact book's contact the answers merged into. */
  contactId: z.string().nullable().default(null),
  columns: enrichedColumnsSchema.default({}),
});
export type BulkRow = z.infer<typeof bulkRowSchema>;

/**
 *   draft      rows stored, not priced
 *   quoted     priced (`quote`), waiting for the user's confirmation of the total
 *   running    the worker sends its tasks; resumes after a restart
 *   paused     by the user, or by the worker (daily cap reached, no key, ...: `pauseReason`)
 *   cancelled  stopped by the user: pending tasks skipped, answers kept
 *   done       every task settled
 */
export const RUN_STATES = ['draft', 'quoted', 'running', 'paused', 'cancelled', 'done'] as const;
export type RunState = (typeof RUN_STATES)[number];

export const runCountsSchema = z.object({
  /** Tasks in all (rows x operations). */
  total: z.number().int().min(0).default(0),
  /** Settled with an answer: paid + free + noMatch. */
  done: z.number().int().min(0).default(0),
  paid: z.number().int().min(0).default(0),
  /** Answered at no charge: from the ledger, or a free match ('Most Probable'). */
  free: z.number().int().min(0).default(0),
  noMatch: z.number().int().min(0).default(0),
  failed: z.number().int().min(0).default(0),
  unknown: z.number().int().min(0).default(0),
  skipped: z.number().int().min(0).default(0),
  /**
   * Handed to the lookup service and not settled yet. Written with the task, in the same
   * transaction: a worker that starts finds the runs whose outcomes it must read back.
   */
  sending: z.number().int().min(0).optional(),
  /** Credits spent so far. */
  spent: z.number().min(0).default(0),
});
export type RunCounts = z.infer<typeof runCountsSchema>;

export const bulkQuoteSchema = z.object({
  id: z.string(),
  at: z.number(),
  operations: z.array(z.enum(BULK_OPERATIONS)).min(1),
  skipInCrm: z.boolean(),
  /** The most the run may cost: tasks to pay for x their price (misses cost nothing). */
  total: z.number().min(0),
  /** Tasks that will be paid for, answered free from the ledger, skipped (with why, counted). */
  toPay: z.number().int().min(0),
  fromLedger: z.number().int().min(0),
  inCrm: z.number().int().min(0),
  /** Rows the connected CRM could not be asked about: not skipped (they may be paid for). */
  crmUnknown: z.number().int().min(0).optional(),
  unusable: z.number().int().min(0),
  /** Per operation: tasks to pay for and their price each. */
  byOperation: z.array(z.object({ op: z.enum(BULK_OPERATIONS), toPay: z.number().int().min(0), price: z.number().min(0), fromLedger: z.number().int().min(0) })),
  /** The daily cap left today when priced (null: no cap); the run may not start when `total` exceeds it. */
  capLeft: z.number().nullable(),
  /** History entries the run adds beyond the history's size limit (the oldest entries would go). */
  historyOverflow: z.number().int().min(0).default(0),
  /**
   * Rows the contact book knows already, and how many of them hold an ageing or a stale value
   * (lib/book/freshness.ts): read from the book only, for free. Absent from quotes made before.
   */
  known: z.object({ rows: z.number().int().min(0), ageing: z.number().int().min(0), stale: z.number().int().min(0) }).optional(),
});
export type BulkQuote = z.infer<typeof bulkQuoteSchema>;

export const bulkRunSchema = z.object({
  id: z.string(),
  name: z.string(),
  source: z.enum(BULK_SOURCES),
  createdAt: z.number(),
  headers: z.array(z.string()),
  mapping: columnMappingSchema,
  rowCount: z.number().int().min(0),
  /** Rows that cannot be used at all. */
  unusableRows: z.number().int().min(0).default(0),
  state: z.enum(RUN_STATES),
  /**
   * A list being prepared (columns, price), never started: not a past run. Runs stored before
   * this field existed have none and keep showing as they did.
   */
  preparing: z.boolean().optional(),
  quote: bulkQuoteSchema.nullable().default(null),
  confirmedAt: z.number().nullable().default(null),
  startedAt: z.number().nullable().default(null),
  finishedAt: z.number().nullable().default(null),
  pauseReason: z.object({ kind: z.string(), message: z.string() }).nullable().default(null),
  counts: runCountsSchema.default(runCountsSchema.parse({})),
  /** Tasks settled per second lately, for the time left (null before the first minute of data). */
  rate: z.number().nullable().default(null),
  updatedAt: z.number(),
});
export type BulkRun = z.infer<typeof bulkRunSchema>;

export function parseRun(raw: unknown): BulkRun | null {
  const parsed = bulkRunSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export function parseRow(raw: unknown): BulkRow | null {
  const parsed = bulkRowSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** A list only chosen and previewed is not a past run: a run is one once it has started. */
export function isPastRun(run: Pick<BulkRun, 'state' | 'preparing'>): boolean {
  return !(run.preparing && (run.state === 'draft' || run.state === 'quoted'));
}

/** A list chosen and left unstarted this long ago is forgotten when another one is chosen. */
export const ABANDONED_PREPARING_MS = 24 * 60 * 60 * 1000;

/** Tasks settled one way or another, out of `total`. */
export function settledCount(counts: RunCounts): number {
  return counts.done + counts.failed + counts.unknown + counts.skipped;
}

/** Seconds left at the recent rate; null when not running or the rate is not known yet. */
export function secondsLeft(run: Pick<BulkRun, 'state' | 'counts' | 'rate'>): number | null {
  if (run.state !== 'running' || !run.rate || run.rate <= 0) return null;
  return Math.ceil((run.counts.total - settledCount(run.counts)) / run.rate);
}
