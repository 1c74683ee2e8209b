import { IDBIndex } from 'fake-indexeddb';

type Entry = { key: IDBValidKey; primaryKey: IDBValidKey; value: unknown };
type Request = { result: Entry[]; error: unknown; onsuccess: (() => void) | null; onerror: (() => void) | null };
export type WithRecords = { getAllRecords?: (options: { query?: IDBKeyRange | null; count?: number; direction?: IDBCursorDirection }) => Request };

/**
 * Chromium's `IDBIndex.getAllRecords` (141 on), which the fake IndexedDB lacks: the entries of a
 * range in index order (key, then primary key), either way, with their keys. Built from the
 * fake's `getAll` and `getAllKeys`, which list a range in that order.
 */
export function installGetAllRecords() {
  const proto = IDBIndex.prototype as unknown as WithRecords;
  proto.getAllRecords = function (this: IDBIndex, { query = null, count, direction = 'next' }) {
    const request: Request = { result: [], error: null, onsuccess: null, onerror: null };
    const values = this.getAll(query);
    const keys = this.getAllKeys(query);
    keys.onsuccess = () => {
      const path = this.keyPath as string;
      const entries = values.result.map((value: Record<string, IDBValidKey>, i: number) => ({ key: value[path]!, primaryKey: keys.result[i]!, value }));
      if (direction === 'prev') entries.reverse();
      request.result = entries.slice(0, count ?? entries.length);
      request.onsuccess?.();
    };
    keys.onerror = () => {
      request.error = keys.error;
      request.onerror?.();
    };
    return request;
  };
  return () => delete proto.getAllRecords;
}

