import { z } from 'zod';
import { CRM_TARGETS, type CrmTarget, type PushResult } from '@/lib/crm/types';
import { BALANCE_DIFFERENCE, CRM_PUSH, isOperationName, type OperationName, type ResultOf } from '@/lib/lookup/operation-names';
import { readResult } from '@/lib/lookup/results';
import { storedPageUrl } from '@/lib/platform/ui/page-url';
import { DIFFERENCE_CAUSES } from '@/lib/history/difference-causes';
import { OUTCOMES, type Outcome } from '@/lib/history/outcomes';

export { DIFFERENCE_CAUSES, OUTCOMES, type Outcome };

/** What a lookup can end in: every outcome but a balance difference, which is no lookup. */
export type LookupOutcome = Exclude<Outcome, 'difference'>;

export { BALANCE_DIFFERENCE, CRM_PUSH };

export const balanceDifferenceSchema = z.object({
  cause: z.enum(DIFFERENCE_CAUSES),
  /** How many credits the balance moved beyond (or short of, for `added`) what the lookups cost. */
  credits: z.number().finite().min(0),
  /** The two readings the difference lies between. */
  from: z.number(),
  to: z.number(),
  before: z.number().finite(),
  after: z.number().finite(),
  /** What history says Dossier's lookups cost in between. */
  expected: z.number().finite().min(0),
  /** The lookups that may have caused it (history ids). */
  suspects: z.array(z.string()).max(1_000),
});
export type BalanceDifference = z.infer<typeof balanceDifferenceSchema>;

/**
 * What one recorded lookup says whatever its operation. `outcome` says what happened:
 *   paid    the gateway answered and charged credits
 *   free    the gateway answered a match at no charge ('Most Probable' email, cached repeat)
 *   cached  answered from Dossier's ledger of earlier paid lookups, no request made
 *   miss    no match: free
 *   failed  the request failed (network, gateway error, interrupted): free
 *   refused Dossier refused before any request (invalid input, suppression, EU mode, cap)
 *   unknown the request went out but its answer was lost (time-out, dropped connection,
 *           stopped worker): it may have been charged; it was not sent again by itself
 */
const entryFields = z.object({
  id: z.string().min(1),
  /** A readable summary of the input ("https://…/in/jane-doe", "jane@acme.example"). */
  subject: z.string(),
  input: z.record(z.string(), z.unknown()),
  identity: z.string().nullable(),
  outcome: z.enum(OUTCOMES),
  cost: z.number().finite().min(0),
  fromLedger: z.boolean(),
  /** When the answer served from the ledger was originally paid for. */
  paidAt: z.number().nullable().default(null),
  at: z.number(),
  /** Origin and path only (see storedPageUrl): entries written before that rule are cleaned on read. */
  pageUrl: z.string().nullable().default(null).transform(storedPageUrl),
  /** Who the page the lookup came from showed (its detected name): names a lookup whose answer does not. */
  about: z.object({ name: z.string().max(200), company: z.string().max(200).optional() }).optional().catch(undefined),
  error: z.object({ kind: z.string(), message: z.string() }).nullable().default(null),
  /** For an `unknown` outcome: the most it may have cost (its price; counted against the daily cap). */
  maxCost: z.number().finite().min(0).optional(),
  /** For an `unknown` outcome: the balance when it was sent and when it was read again. */
  balanceCheck: z.object({ before: z.number().nullable(), after: z.number().nullable() }).optional(),
  /** A balance difference entry: what moved and why it may have (op BALANCE_DIFFERENCE). */
  difference: balanceDifferenceSchema.optional().catch(undefined),
  /** A lookup a later balance difference names as its likely or possible cause (that entry's id). */
  chargeQuestion: z.object({ differenceId: z.string(), cause: z.enum(DIFFERENCE_CAUSES), credits: z.number().finite().min(0), at: z.number().finite() }).optional().catch(undefined),
  /**
   * A stored answer that no longer reads as its operation's result (an older release's shape,
   * or damage), kept as it was so that nothing is lost; never read as a result, only shown raw.
   */
  unreadableResult: z.unknown().optional(),
});
type EntryFields = z.output<typeof entryFields>;

/** One lookup: its answer, when there is one, is the operation's own result type. */
export type LookupEntry<Op extends OperationName = OperationName> = {
  [O in Op]: EntryFields & { op: O; result?: ResultOf<O>; foreign?: undefined };
}[Op];

export interface CrmPushRecord extends PushResult {
  target: CrmTarget;
}

/** A push to a CRM, as the outbox reported it. */
export type CrmPushEntry = EntryFields & { op: typeof CRM_PUSH; result?: CrmPushRecord; foreign?: undefined };

/**
 * An entry whose operation this release does not know (written by another release): kept and
 * listed with its cost, its stored answer only in `unreadableResult`.
 */
export type ForeignEntry = EntryFields & { op: string; foreign: true; result?: undefined };

/** A balance that moved otherwise than the lookups explain, recorded by the reconciliation. */
export type BalanceDifferenceEntry = EntryFields & { op: typeof BALANCE_DIFFERENCE; result?: undefined; foreign?: undefined };

export type HistoryEntry = LookupEntry | CrmPushEntry | BalanceDifferenceEntry | ForeignEntry;

const crmPushRecordSchema = z.object({
  target: z.enum(CRM_TARGETS),
  action: z.enum(['created', 'updated', 'skipped']),
  recordId: z.string(),
  recordUrl: z.string().nullable(),
});

function lookupEntry<Op extends OperationName>(fields: EntryFields, op: Op, raw: unknown): LookupEntry<Op> {
  if (raw === undefined) return { ...fields, op };
  const result = readResult(op, raw);
  return result === undefined ? { ...fields, op, unreadableResult: raw } : { ...fields, op, result };
}

function crmPushEntry(fields: EntryFields, raw: unknown): CrmPushEntry {
  if (raw === undefined) return { ...fields, op: CRM_PUSH };
  const result = crmPushRecordSchema.safeParse(raw);
  return result.success ? { ...fields, op: CRM_PUSH, result: result.data } : { ...fields, op: CRM_PUSH, unreadableResult: raw };
}

/**
 * Reads a stored entry. Stored data is a boundary: the answer is checked against its
 * operation's schema. An entry is never dropped for its answer or its operation: an answer
 * that no longer reads is kept aside (`unreadableResult`), an unknown operation makes a
 * `ForeignEntry`. Only an entry whose own fields (id, outcome, cost, time) are broken fails.
 */
export const historyEntrySchema = entryFields
  .extend({ op: z.string().min(1), result: z.unknown().optional(), foreign: z.literal(true).optional() })
  .transform(({ op, result, foreign: _foreign, ...fields }): HistoryEntry => {
    if (isOperationName(op)) return lookupEntry(fields, op, result);
    if (op === CRM_PUSH) return crmPushEntry(fields, result);
    if (op === BALANCE_DIFFERENCE) return { ...fields, op: BALANCE_DIFFERENCE };
    const raw = result ?? fields.unreadableResult;
    return { ...fields, op, foreign: true, ...(raw === undefined ? {} : { unreadableResult: raw }) };
  });

// In a module without schemas: the popup's first paint tells entries apart with them.

/** What an entry counts against the daily cap: a lost answer counts at the most it may have cost. */
export function capCost(entry: Pick<HistoryEntry, 'outcome' | 'cost' | 'maxCost'>): number {
  return entry.outcome === 'unknown' ? Math.max(entry.cost, entry.maxCost ?? 0) : entry.cost;
}
