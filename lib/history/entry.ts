import { z } from 'zod';
import { storedPageUrl } from '../ui/page-url';

export const OUTCOMES = ['paid', 'free', 'cached', 'miss', 'failed', 'refused', 'unknown'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/**
 * One recorded lookup. `outcome` says what happened:
 *   paid    the gateway answered and charged credits
 *   free    the gateway answered a match at no charge ('Most Probable' email, cached repeat)
 *   cached  answered from Dossier's ledger of earlier paid lookups, no request made
 *   miss    no match: free
 *   failed  the request failed (network, gateway error, interrupted): free
 *   refused Dossier refused before any request (invalid input, suppression, EU mode, cap)
 *   unknown the request went out but its answer was lost (time-out, dropped connection,
 *           stopped worker): it may have been charged; it was not sent again by itself
 */
export const historyEntrySchema = z.object({
  id: z.string().min(1),
  op: z.string().min(1),
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
  result: z.unknown().optional(),
  error: z.object({ kind: z.string(), message: z.string() }).nullable().default(null),
  /** For an `unknown` outcome: the most it may have cost (its price; counted against the daily cap). */
  maxCost: z.number().finite().min(0).optional(),
  /** For an `unknown` outcome: the balance when it was sent and when it was read again. */
  balanceCheck: z.object({ before: z.number().nullable(), after: z.number().nullable() }).optional(),
});

export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** What an entry counts against the daily cap: a lost answer counts at the most it may have cost. */
export function capCost(entry: Pick<HistoryEntry, 'outcome' | 'cost' | 'maxCost'>): number {
  return entry.outcome === 'unknown' ? Math.max(entry.cost, entry.maxCost ?? 0) : entry.cost;
}
