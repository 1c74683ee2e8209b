import { FIRST_READ_KEYS, HISTORY_STORE_NAME, POPUP_HISTORY_SIZE, type FirstReadRaw } from '@/lib/history/page/first-read-keys';
import { readItemsAndNewest } from '@/lib/history/page/first-read';
import { ITEMS_STORE, withRecords } from '@/lib/platform/storage/vault';

/**
 * The popup's first read through the vault (which creates, upgrades and waits for the worker's
 * migration): the settings and balance beside the newest history records, in one transaction,
 * read by the one reader the popup's first script uses too (lib/history/page/read-newest.ts). What is drawn of it
 * is decided in first-state.ts.
 */

export { FIRST_READ_KEYS, POPUP_HISTORY_SIZE, type FirstReadRaw };
export { firstStateOf, type PopupFirstState } from '@/lib/popup/page/first-state';

/** One transaction: the items and the `limit` newest history records. */
export function readFirstPaint(limit: number): Promise<FirstReadRaw> {
  return withRecords((db) => readItemsAndNewest(db.transaction([ITEMS_STORE, HISTORY_STORE_NAME], 'readonly'), limit));
}
