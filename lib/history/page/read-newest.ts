import { FIRST_READ_KEYS, HISTORY_STORE_NAME, type FirstReadRaw } from '@/lib/history/page/first-read-keys';
import { nativeIndexRecords } from '@/lib/platform/storage/native-index-records';
import { ITEMS_STORE } from '@/lib/platform/storage/vault-names';

/**
 * The one reader of what the pages' first paints show: the items and the `limit` newest history
 * records, newest first, as stored, in a transaction that holds at least the items and the
 * history. Plain IndexedDB, so that the popup's first script (early-read.ts), which runs before
 * the `idb` library is loaded, and the vault's readers (first-read.ts, the history page) read
 * it the same way; a page that reads more beside (the history page's count, the vault's
 * migration marker) does so in the same transaction.
 */
export function readItemsAndNewest(tx: IDBTransaction, limit: number): Promise<FirstReadRaw> {
  const store = tx.objectStore(ITEMS_STORE);
  const names = Object.keys(FIRST_READ_KEYS) as (keyof typeof FIRST_READ_KEYS)[];
  const values = Promise.all(names.map((name) => answer(store.get(FIRST_READ_KEYS[name]))));
  const records = newestRecords(tx.objectStore(HISTORY_STORE_NAME).index('at'), limit);
  return Promise.all([values, records]).then(([read, newest]) => ({ items: Object.fromEntries(names.map((name, i) => [name, read[i]])), records: newest }));
}

function answer<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** The `limit` newest records of the `at` index: one request where the browser can, else a cursor step each. */
function newestRecords(index: IDBIndex, limit: number): Promise<unknown[]> {
  const batch = nativeIndexRecords(index, null, limit, 'prev');
  if (batch) return batch.then((entries) => entries.map((entry) => entry.value));
  return new Promise((resolve, reject) => {
    const records: unknown[] = [];
    if (limit <= 0) return resolve(records);
    const cursor = index.openCursor(null, 'prev');
    cursor.onerror = () => reject(cursor.error);
    cursor.onsuccess = () => {
      if (cursor.result) records.push(cursor.result.value);
      if (cursor.result && records.length < limit) cursor.result.continue();
      else resolve(records);
    };
  });
}
