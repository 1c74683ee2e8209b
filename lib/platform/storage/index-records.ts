import { unwrap, type IDBPIndex } from 'idb';
import { nativeIndexRecords, type IndexRecord } from '@/lib/platform/storage/native-index-records';

export type { IndexRecord };

/**
 * The first `count` entries of `range` in `direction`, keys and records, in one request where
 * the browser has `IDBIndex.getAllRecords` (Chromium 141 on); null where it has not, and the
 * caller walks a cursor, an entry per round trip. Unlike `getAll`, it walks backwards too (the
 * newest first), and gives each entry's keys, so a next page resumes from the last one read.
 * `index` is an `idb` index or a native one.
 */
export function readIndexRecords(index: object, range: IDBKeyRange | null, count: number, direction: IDBCursorDirection): Promise<IndexRecord[]> | null {
  return nativeIndexRecords(unwrap(index as IDBPIndex), range, count, direction);
}
