import { z } from 'zod';
import { allOrNothing } from '@/lib/platform/storage/transaction';
import { announceRecords, withRecords } from '@/lib/platform/storage/vault';
import { matchingKeys } from '@/lib/lookup/worker/ledger-keys';
import { OPERATION_NAMES, type OperationName, type ResultOf } from '@/lib/lookup/operation-names';
import { readResult } from '@/lib/lookup/results';

/**
 * The ledger of paid lookups: what was bought, for whom, when, for how much. A repeat of
 * the same operation on the same identity inside its freshness window is answered from
 * here at no cost. An entry is filed under every identity key the lookup revealed (the
 * profile slug it was asked with, and the email and phones it found), so asking again by
 * another route to the same person is recognised too.
 *
 * It lives in the vault's `ledger` record store, one record per paid answer (keyed by its
 * history id), found through the multiEntry `keys` index: a check is one index look-up per
 * key, whatever the size of the ledger.
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

export const LEDGER_STORE = 'ledger';

/** Records that parse; anything else stays where it is and is never served. */
function parsed(raw: readonly unknown[]): LedgerEntry[] {
  return raw.flatMap((item) => {
    const entry = ledgerEntrySchema.safeParse(item);
    return entry.success ? [entry.data] : [];
  });
}

/**
 * Until the worker has moved an older release's ledger array into the record store, nobody
 * checks the ledger (the check would miss what was paid for, and pay twice): see
 * lib/history/worker/record-migration.ts. Resolved at once everywhere else.
 */
let moved: Promise<unknown> = Promise.resolve();
export function holdLedgerUntil(work: Promise<unknown>): void {
  const previous = moved;
  moved = Promise.all([previous, work.catch(() => {})]);
}

export interface Freshness {
  /** How long, in ms, an answer of this operation stays good enough to reuse. */
  windowFor(op: string): number;
}

/** The newest fresh entry of `op` filed under any of `keys`: one `keys` index look-up per key. */
export async function findInLedger(op: string, keys: readonly string[], freshness: Freshness, now: number): Promise<LedgerEntry | null> {
  if (!keys.length) return null;
  await moved;
  const wanted = [...new Set(matchingKeys(keys))];
  const window = freshness.windowFor(op);
  const found = await withRecords(async (db) => {
    const tx = db.transaction(LEDGER_STORE, 'readonly');
    const index = tx.store.index('keys');
    return (await Promise.all(wanted.map((key) => index.getAll(key)))).flat();
  });
  let best: LedgerEntry | null = null;
  for (const entry of parsed(found)) {
    if (entry.op !== op || now - entry.paidAt >= window) continue;
    if (!best || entry.paidAt > best.paidAt) best = entry;
  }
  return best;
}

/**
 * The paid answer filed under this history id, if the ledger still holds it: after a stop, proof
 * that a journalled lookup was answered and charged, with what it cost and what it found.
 */
export async function ledgerEntryById(historyId: string): Promise<LedgerEntry | null> {
  await moved;
  const raw: unknown = await withRecords((db) => db.get(LEDGER_STORE, historyId));
  return raw === undefined ? null : (parsed([raw])[0] ?? null);
}

/**
 * Files a paid answer and, in the same transaction, removes older entries of the same
 * operation filed under any of its keys: one answer per operation and identity.
 */
export async function recordInLedger(entry: LedgerEntry): Promise<void> {
  await moved;
  const replaced = await withRecords(async (db) => {
    const tx = db.transaction(LEDGER_STORE, 'readwrite');
    return allOrNothing(tx, async () => {
      const index = tx.store.index('keys');
      const found = (await Promise.all([...new Set(entry.keys)].map((key) => index.getAll(key)))).flat() as { op?: unknown; historyId?: unknown }[];
      const older = [...new Set(found.filter((e) => e.op === entry.op && typeof e.historyId === 'string' && e.historyId !== entry.historyId).map((e) => e.historyId as string))];
      await Promise.all([...older.map((id) => tx.store.delete(id)), tx.store.put(entry)]);
      return older;
    });
  });
  announceRecords({ store: LEDGER_STORE, ids: [entry.historyId, ...replaced] });
}

/**
 * Drops entries no longer fresh for their operation: per operation, the stale range of the
 * `opPaidAt` index (oldest first), then a jump to the next operation.
 */
export async function purgeLedger(freshness: Freshness, now: number): Promise<void> {
  await moved;
  const gone = await withRecords(async (db) => {
    const tx = db.transaction(LEDGER_STORE, 'readwrite');
    return allOrNothing(tx, async () => {
      const gone: string[] = [];
      let cursor = await tx.store.index('opPaidAt').openKeyCursor();
      while (cursor) {
        const [op, paidAt] = cursor.key as [string, number];
        if (now - paidAt >= freshness.windowFor(op)) {
          gone.push(cursor.primaryKey as string);
          await tx.store.delete(cursor.primaryKey);
          cursor = await cursor.continue();
        } else {
          // An array sorts after every number: the first key of the next operation.
          cursor = await cursor.continue([op, []]);
        }
      }
      return gone;
    });
  });
  if (gone.length) announceRecords({ store: LEDGER_STORE, ids: gone });
}

export async function clearLedger(): Promise<void> {
  await withRecords((db) => db.clear(LEDGER_STORE));
  announceRecords({ store: LEDGER_STORE, ids: [] });
}

/** Every entry, for the export of all data. */
export async function readLedger(): Promise<LedgerEntry[]> {
  return withRecords(async (db) => parsed(await db.getAll(LEDGER_STORE)));
}
