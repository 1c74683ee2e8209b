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
 * `readIndexRecords` (index-records.ts) on a native index, without the `idb` library: the
 * popup's first script (lib/history/page/read-newest.ts) runs before that library is loaded.
 */
export function nativeIndexRecords(index: IDBIndex, range: IDBKeyRange | null, count: number, direction: IDBCursorDirection): Promise<IndexRecord[]> | null {
  const native = index as RecordsIndex;
  if (typeof native.getAllRecords !== 'function') return null;
  const request = native.getAllRecords({ query: range, count, direction });
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}
