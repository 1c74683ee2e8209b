import { unwrap, type IDBPIndex } from 'idb';

/** An index entry as `getAllRecords` answers it: its index key, its primary key and its value. */
export interface IndexRecord {
  key: IDBValidKey;
  primaryKey: IDBValidKey;
  value: unknown;
}

type RecordsIndex = IDBIndex & {
  getAllRecords?: (options: { query?: IDBKeyRange | null; count?: number; direction?: IDBCursorDirection }) => IDBRequest<IndexRecord[]>;
};

/**
 * The first `count` entries of `range` in `direction`, keys and records, in one request where
 * the browser has `IDBIndex.getAllRecords` (Chromium 141 on); null where it has not, and the
 * caller walks a cursor, an entry per round trip. Unlike `getAll`, it walks backwards too (the
 * newest first), and gives each entry's keys, so a next page resumes from the last one read.
 * `index` is an `idb` index or a native one.
 */
export function readIndexRecords(index: object, range: IDBKeyRange | null, count: number, direction: IDBCursorDirection): Promise<IndexRecord[]> | null {
  const native = unwrap(index as IDBPIndex) as RecordsIndex;
  if (typeof native.getAllRecords !== 'function') return null;
  const request = native.getAllRecords({ query: range, count, direction });
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}
