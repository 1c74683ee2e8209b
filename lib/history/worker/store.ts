import type { IDBPDatabase, IDBPObjectStore } from 'idb';
import { PresenceTracking } from '@/lib/platform/storage/key-presence';
import { allOrNothing } from '@/lib/platform/storage/transaction';
import { announceRecords, ITEMS_STORE, META_STORE, withRecords } from '@/lib/platform/storage/vault';
import type { HistoryEntry } from '@/lib/history/entry';
import { COUNT_KEY, HISTORY_STORE, MIGRATION_KEY, OLD_FIXED_KEYS, OLD_PREFIXES, parseEntry, prefixRange } from '@/lib/history/layout';

/**
 * The history's writes, in the worker only: each one transaction on the `history` record store
 * and the count kept beside it (layout.ts), announced to the pages once it has committed. No
 * write reads the history whole: an append is one put (and, past `maxEntries`, deletes of the
 * oldest through the `at` index), a delete is by id.
 */

// The reads, for the worker's callers that import the history from here.
export { readHistory, readHistoryEntries, readHistorySince } from '@/lib/history/read';
export { readRecentHistory } from '@/lib/history/recent';

/** Any object store of a read-write transaction (idb's types follow the store names given). */
export type Store = IDBPObjectStore<unknown, ArrayLike<string>, string, 'readwrite'>;

function writeTx(db: IDBPDatabase) {
  const tx = db.transaction([HISTORY_STORE, META_STORE], 'readwrite');
  return { tx, history: tx.objectStore(HISTORY_STORE) as unknown as Store, meta: tx.objectStore(META_STORE) as unknown as Store };
}

/**
 * The size after a change of `delta` entries: the stored count moved by `delta`, or, when there
 * is none (a first run, a store written by a tool), counted once, after the change.
 */
export async function countAfter(history: Store, meta: Store, delta: number): Promise<number> {
  const stored: unknown = await meta.get(COUNT_KEY);
  return typeof stored === 'number' && stored >= 0 ? Math.max(0, stored + delta) : history.count();
}

/**
 * While the move from an older layout runs: the ids the history may hold (storage/key-presence.ts),
 * so that it reads whether an old entry is already recorded only for the few it may be (a batch
 * taken again after a crash, a lookup settled since), not for each of 100,000.
 */
const presence = new PresenceTracking();

/** The ids the history may hold, read once; appends give theirs until the returned function is called. */
export function trackHistoryIds(): Promise<() => void> {
  return presence.start(async () => (await withRecords((db) => db.getAllKeys(HISTORY_STORE))).map(String));
}

/** Whether a record with this id may be in the history (always, unless the move tracks its ids). */
export function historyMayHave(id: string): boolean {
  return presence.filter?.mayHave(id) ?? true;
}

/** Deletes the `n` oldest entries (by `at`); answers their ids. */
async function deleteOldest(history: Store, n: number): Promise<string[]> {
  const gone: string[] = [];
  let cursor = await history.index('at').openKeyCursor(null, 'next');
  while (cursor && gone.length < n) {
    const id = cursor.primaryKey as string;
    await history.delete(id);
    gone.push(id);
    cursor = await cursor.continue();
  }
  return gone;
}

/**
 * Records an entry, dropping the oldest beyond `maxEntries`. An entry whose id is already
 * recorded (a lookup settled after the worker restarted) is replaced; it is newest by its time.
 */
export async function appendHistory(entry: HistoryEntry, maxEntries: number): Promise<void> {
  presence.filter?.add([entry.id]);
  const dropped = await withRecords(async (db) => {
    const { tx, history, meta } = writeTx(db);
    return allOrNothing(tx, async () => {
      const known = (await history.getKey(entry.id)) !== undefined;
      await history.put(entry);
      let count = await countAfter(history, meta, known ? 0 : 1);
      const dropped = count > maxEntries ? await deleteOldest(history, count - Math.max(0, maxEntries)) : [];
      count -= dropped.length;
      await meta.put(count, COUNT_KEY);
      return dropped;
    });
  });
  announceRecords({ store: HISTORY_STORE, ids: [entry.id, ...dropped.filter((id) => id !== entry.id)] });
}

/** Changes one entry in place; resolves with it as written, or null when no readable entry has that id. */
export async function replaceHistoryEntry(id: string, change: (entry: HistoryEntry) => HistoryEntry): Promise<HistoryEntry | null> {
  const next = await withRecords(async (db) => {
    const tx = db.transaction(HISTORY_STORE, 'readwrite');
    return allOrNothing(tx, async () => {
      const current = parseEntry(await tx.store.get(id), id);
      if (!current) return null;
      const next: HistoryEntry = { ...change(current), id };
      await tx.store.put(next);
      return next;
    });
  });
  if (next) announceRecords({ store: HISTORY_STORE, ids: [id] });
  return next;
}

/** Deletes entries by id; resolves with how many remain. */
export async function deleteHistoryEntries(ids: readonly string[]): Promise<number> {
  const remaining = await withRecords(async (db) => {
    const { tx, history, meta } = writeTx(db);
    return allOrNothing(tx, async () => {
      const present = await Promise.all(ids.map((id) => history.getKey(id)));
      const doomed = [...new Set(ids.filter((_, i) => present[i] !== undefined))];
      await Promise.all(doomed.map((id) => history.delete(id)));
      const count = await countAfter(history, meta, -doomed.length);
      await meta.put(count, COUNT_KEY);
      return count;
    });
  });
  announceRecords({ store: HISTORY_STORE, ids: [...ids] });
  return remaining;
}

/**
 * Empties the history, and with it whatever of an older release's layout the worker has not
 * moved yet (and the move's progress), in one transaction: a move under way then finds nothing
 * left to copy, so nothing comes back. The quarantine stays (deleteAllData removes it).
 */
export async function clearHistory(): Promise<void> {
  await withRecords(async (db) => {
    const tx = db.transaction([HISTORY_STORE, META_STORE, ITEMS_STORE], 'readwrite');
    const items = tx.objectStore(ITEMS_STORE);
    await allOrNothing(tx, () =>
      Promise.all([
        tx.objectStore(HISTORY_STORE).clear(),
        tx.objectStore(META_STORE).put(0, COUNT_KEY),
        tx.objectStore(META_STORE).delete(MIGRATION_KEY),
        ...OLD_FIXED_KEYS.map((key) => items.delete(key)),
        ...OLD_PREFIXES.map((prefix) => items.delete(prefixRange(prefix))),
      ]),
    );
  });
  announceRecords({ store: HISTORY_STORE, ids: [] });
}

/**
 * Drops entries older than the retention window (run daily by the worker): a range of the `at`
 * index. The count is taken again here, exactly, so that it can never drift for long.
 */
export async function purgeHistory(retentionDays: number, now: number): Promise<number> {
  const cutoff = now - retentionDays * 86_400_000;
  const { gone, count } = await withRecords(async (db) => {
    const { tx, history, meta } = writeTx(db);
    return allOrNothing(tx, async () => {
      const gone: string[] = [];
      let cursor = await history.index('at').openKeyCursor(IDBKeyRange.upperBound(cutoff, true));
      while (cursor) {
        gone.push(cursor.primaryKey as string);
        await history.delete(cursor.primaryKey as string);
        cursor = await cursor.continue();
      }
      const count = await history.count();
      await meta.put(count, COUNT_KEY);
      return { gone, count };
    });
  });
  if (gone.length) announceRecords({ store: HISTORY_STORE, ids: gone });
  return count;
}
