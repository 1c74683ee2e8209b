import type { IDBPTransaction } from 'idb';
import { unwrap } from 'idb';
import { FIRST_READ_KEYS, HISTORY_STORE_NAME, POPUP_HISTORY_SIZE, type FirstReadRaw } from '@/lib/popup/page/first-read-keys';
import { readItemsAndNewest as readNative } from '@/lib/popup/page/read-newest';
import { ITEMS_STORE, withRecords } from '@/lib/platform/storage/vault';

/**
 * The popup's first read through the vault (which creates, upgrades and waits for the worker's
 * migration): the settings and balance beside the newest history records, in one transaction,
 * read by the one reader the popup's first script uses too (read-newest.ts). What is drawn of it
 * is decided in first-state.ts.
 */

export { FIRST_READ_KEYS, POPUP_HISTORY_SIZE, type FirstReadRaw };
export { firstStateOf, isEntryLike, type PopupFirstState } from '@/lib/popup/page/first-state';

/** One transaction: the items and the `limit` newest history records. */
export function readFirstPaint(limit: number): Promise<FirstReadRaw> {
  return withRecords((db) => readItemsAndNewest(db.transaction([ITEMS_STORE, HISTORY_STORE_NAME], 'readonly'), limit));
}

/** The same in `tx` of the vault's connection: a page that reads more beside (the history page's count) does so in it. */
export function readItemsAndNewest(tx: IDBPTransaction<unknown, string[], 'readonly'>, limit: number): Promise<FirstReadRaw> {
  return readNative(unwrap(tx), limit);
}
