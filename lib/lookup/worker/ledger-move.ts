import { historyQuarantineItem } from '@/lib/history/layout';
import { allOrNothing, tracked } from '@/lib/platform/storage/transaction';
import { announceRecords, ITEMS_STORE, withRecords } from '@/lib/platform/storage/vault';
import { LEDGER_STORE, ledgerEntrySchema } from '@/lib/lookup/worker/ledger';

/** Where releases before the record stores kept the ledger: one array in the vault's key/value area. */
export const OLD_LEDGER_KEY = 'ledger';

export interface LedgerMoveReport {
  moved: number;
  quarantined: number;
}

/**
 * Moves the old ledger array into the `ledger` record store in ONE transaction, which also sets
 * aside what does not parse (in the history's quarantine, marked as the ledger's) and deletes
 * the array: a crash leaves the array whole and nothing moved. It is small (one entry per paid
 * answer), so the worker runs it first and holds every ledger check until it is done: "never
 * pay twice" holds while the history moves. A record already there is newer and kept.
 * Null when there was no array to move.
 */
export async function moveLedgerArray(): Promise<LedgerMoveReport | null> {
  const report = await withRecords(async (db) => {
    const tx = db.transaction([ITEMS_STORE, LEDGER_STORE], 'readwrite');
    const items = tx.objectStore(ITEMS_STORE);
    const ledger = tx.objectStore(LEDGER_STORE);
    const raw: unknown = await items.get(OLD_LEDGER_KEY);
    if (raw === undefined) return null;
    return allOrNothing(tx, async () => {
      const rejected: unknown[] = [];
      const entries = new Map<string, unknown>();
      for (const value of Array.isArray(raw) ? raw : [raw]) {
        const parsed = ledgerEntrySchema.safeParse(value);
        // Stored as it was (reads parse it): nothing of it is lost.
        if (parsed.success && !entries.has(parsed.data.historyId)) entries.set(parsed.data.historyId, value);
        else rejected.push({ ledger: value });
      }
      const present = await Promise.all([...entries.keys()].map((id) => ledger.getKey(id)));
      const fresh = [...entries.values()].filter((_, i) => present[i] === undefined);
      const writes: Promise<unknown>[] = [];
      const track = (request: Promise<unknown>) => writes.push(tracked(request));
      for (const entry of fresh) track(ledger.put(entry));
      if (rejected.length) {
        const current: unknown = await items.get(historyQuarantineItem.key);
        track(items.put([...(current == null ? [] : Array.isArray(current) ? current : [current]), ...rejected], historyQuarantineItem.key));
      }
      track(items.delete(OLD_LEDGER_KEY));
      track(items.delete(`${OLD_LEDGER_KEY}$`));
      await Promise.all(writes);
      return { moved: fresh.length, quarantined: rejected.length, ids: [...entries.keys()] };
    });
  });
  if (!report) return null;
  if (report.ids.length) announceRecords({ store: LEDGER_STORE, ids: report.ids });
  return { moved: report.moved, quarantined: report.quarantined };
}
