import { z } from 'zod';
import { createSerialQueue } from '../storage/serial';
import { matchingKeys } from './ledger-keys';
import { defineVaultItem } from '../storage/vault-item';
import { OPERATION_NAMES, type OperationName, type ResultOf } from './operation-names';
import { readResult } from './results';

/**
 * The ledger of paid lookups: what was bought, for whom, when, for how much. A repeat of
 * the same operation on the same identity inside its freshness window is answered from
 * here at no cost. An entry is filed under every identity key the lookup revealed (the
 * profile slug it was asked with, and the email and phones it found), so asking again by
 * another route to the same person is recognised too.
 */
const ledgerFields = z.object({
  keys: z.array(z.string()).min(1),
  paidAt: z.number(),
  creditBurn: z.number().min(0),
  historyId: z.string(),
});
type LedgerFields = z.output<typeof ledgerFields>;

/** A paid answer of one operation: serving it as a repeat gives the caller that operation's result. */
export type LedgerEntry<Op extends OperationName = OperationName> = { [O in Op]: LedgerFields & { op: O; result: ResultOf<O> } }[Op];

function ledgerEntry<Op extends OperationName>(fields: LedgerFields, op: Op, result: ResultOf<Op>): LedgerEntry<Op> {
  return { ...fields, op, result };
}

/**
 * Reads a stored entry (stored data is a boundary). An entry whose answer no longer reads as
 * its operation's result cannot answer a repeat, so it fails here and is not served; the
 * answer itself stays in history, where it was recorded when it was paid for.
 */
export const ledgerEntrySchema = ledgerFields
  .extend({ op: z.enum(OPERATION_NAMES), result: z.unknown() })
  .transform(({ op, result, ...fields }, ctx): LedgerEntry => {
    const read = readResult(op, result);
    if (read === undefined) {
      ctx.addIssue({ code: 'custom', message: `The stored answer no longer reads as a ${op} result.`, path: ['result'] });
      return z.NEVER;
    }
    return ledgerEntry(fields, op, read);
  });

/** Whether a ledger entry answers `op` (and so holds `op`'s result). */
export function isLedgerEntryOf<Op extends OperationName>(entry: LedgerFields & { op: OperationName; result: unknown }, op: Op): entry is LedgerEntry<Op> {
  return entry.op === op;
}

export const ledgerItem = defineVaultItem<unknown[]>('ledger', { fallback: [], version: 1 });

const serial = createSerialQueue();

async function readEntries(): Promise<LedgerEntry[]> {
  const raw = await ledgerItem.getValue();
  return (Array.isArray(raw) ? raw : []).flatMap((item) => {
    const parsed = ledgerEntrySchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export interface Freshness {
  /** How long, in ms, an answer of this operation stays good enough to reuse. */
  windowFor(op: string): number;
}

/** The newest fresh entry of `op` filed under any of `keys`. */
export async function findInLedger(op: string, keys: readonly string[], freshness: Freshness, now: number): Promise<LedgerEntry | null> {
  if (!keys.length) return null;
  const wanted = new Set(matchingKeys(keys));
  const window = freshness.windowFor(op);
  let best: LedgerEntry | null = null;
  for (const entry of await readEntries()) {
    if (entry.op !== op || now - entry.paidAt >= window) continue;
    if (!entry.keys.some((k) => wanted.has(k))) continue;
    if (!best || entry.paidAt > best.paidAt) best = entry;
  }
  return best;
}

/** Files a paid answer; an older entry of the same operation about the same identity is replaced. */
export function recordInLedger(entry: LedgerEntry): Promise<void> {
  return serial(async () => {
    const keys = new Set(entry.keys);
    const kept = (await readEntries()).filter((e) => e.op !== entry.op || !e.keys.some((k) => keys.has(k)));
    await ledgerItem.setValue([...kept, entry]);
  });
}

/** Drops entries no longer fresh for their operation. */
export function purgeLedger(freshness: Freshness, now: number): Promise<void> {
  return serial(async () => {
    const kept = (await readEntries()).filter((e) => now - e.paidAt < freshness.windowFor(e.op));
    await ledgerItem.setValue(kept);
  });
}

export function clearLedger(): Promise<void> {
  return serial(() => ledgerItem.setValue([]));
}
