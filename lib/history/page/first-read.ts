import type { HistoryEntry } from '@/lib/history/entry';
import { COUNT_KEY, ENTRY_PREFIX, HISTORY_STORE, INDEX_KEY, LEGACY_KEY, MIGRATION_KEY, prefixRange } from '@/lib/history/keys';
import type { IDBPTransaction } from 'idb';
import { unwrap } from 'idb';
import { isEntryLike } from '@/lib/history/entry-like';
import type { FirstReadRaw } from '@/lib/history/page/first-read-keys';
import { readItemsAndNewest as readNative } from '@/lib/history/page/read-newest';
import { ITEMS_STORE, META_STORE, withRecords } from '@/lib/platform/storage/vault';

/**
 * What the history page draws before React, its stores and the schemas are in (entrypoints/
 * lookup-history/first-paint.ts), read in one transaction of the vault: the popup's first read
 * (the theme, the language, the newest records), the count kept beside the history, and whether
 * an older release's history is still being moved in. Plain checks, no schema: anything that
 * does not read as the worker writes it is left to the React page, which draws it all.
 */

/**
 * The items and the `limit` newest history records in `tx` of the vault's connection, read by the
 * one reader of the pages' first paints (read-newest.ts): the popup's first read, and the history
 * page's, which reads more beside (the count) in the same transaction.
 */
export function readItemsAndNewest(tx: IDBPTransaction<unknown, string[], 'readonly'>, limit: number): Promise<FirstReadRaw> {
  return readNative(unwrap(tx), limit);
}

/** As many as the React page reads first (lib/history/page/watch.ts), more than a screen holds. */
export const HISTORY_FIRST_PAGE = 50;

export interface HistoryFirstReadRaw extends FirstReadRaw {
  /** The count kept beside the history, as stored, else the store's. */
  count: unknown;
  /** The move's marker, as stored, and whether a key of an older layout is still there. */
  migration: unknown;
  oldKeys: boolean;
}

export interface HistoryFirstState {
  entries: HistoryEntry[];
  total: number;
}

export function readHistoryFirstPaint(limit = HISTORY_FIRST_PAGE): Promise<HistoryFirstReadRaw> {
  return withRecords(async (db) => {
    const tx = db.transaction([ITEMS_STORE, HISTORY_STORE, META_STORE], 'readonly');
    const items = tx.objectStore(ITEMS_STORE);
    const meta = tx.objectStore(META_STORE);
    // All asked at once: the transaction answers them in order, without a round trip between.
    const [read, kept, migration, ...old] = await Promise.all([
      readItemsAndNewest(tx, limit),
      meta.get(COUNT_KEY),
      meta.get(MIGRATION_KEY),
      items.getKey(LEGACY_KEY),
      items.getKey(INDEX_KEY),
      items.getKey(prefixRange(ENTRY_PREFIX)),
    ]);
    // Not kept (a write that left it to the next reader): counted here, as the React page would (read.ts).
    const count: unknown = kept ?? (await tx.objectStore(HISTORY_STORE).count());
    return { ...read, count, migration, oldKeys: old.some((key) => key !== undefined) };
  });
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * The page's first state, or null when it shows something only the React page draws: a move of
 * an older history under way (its progress line), a count that does not read, a record that
 * does not read plainly, or one the rows say more of (a balance check, a charge in question).
 */
export function historyFirstStateOf({ records, count, migration, oldKeys }: HistoryFirstReadRaw): HistoryFirstState | null {
  const marker = migration as { done?: unknown; total?: unknown } | undefined;
  const moved = marker === undefined ? !oldKeys : typeof marker === 'object' && marker !== null && isCount(marker.done) && isCount(marker.total) && marker.done >= marker.total;
  if (!moved || !isCount(count) || count < records.length || (count > 0 && records.length === 0)) return null;
  if (!records.every((record) => isEntryLike(record) && record.difference === undefined && record.chargeQuestion === undefined)) return null;
  return { entries: records as HistoryEntry[], total: count };
}
