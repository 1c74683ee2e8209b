import { META_STORE, withRecords } from '@/lib/platform/storage/vault';
import type { HistoryEntry } from '@/lib/history/entry';
import { COUNT_KEY, HISTORY_STORE, parseEntries, parseEntry } from '@/lib/history/layout';

/**
 * Reads of the history record store, for the worker and the extension's pages alike: each one
 * an index read (newest first through `at`, by id, by identity), never a read of everything
 * unless asked for everything (an export).
 */

/** Where a page of the history ended: the last entry read, by time then id (the index's order). */
export interface HistoryPosition {
  at: number;
  id: string;
}

export interface SliceRequest {
  /** Continue after this entry (newest first); from the newest when absent. */
  after?: HistoryPosition | null;
  /** How many entries to answer at most. */
  limit: number;
  /** Only entries recorded at or after `from`, and before `to` (ms). */
  from?: number | null;
  to?: number | null;
  /** Only entries it accepts (a search); every entry when absent. */
  keep?: (entry: HistoryEntry) => boolean;
  /** Records read at most before answering, so that a search yields between slices. */
  budget?: number;
}

export interface HistorySlice {
  entries: HistoryEntry[];
  /** Where to continue, or null when the history has no older entry in range. */
  next: HistoryPosition | null;
  /** Records read, accepted or not. */
  scanned: number;
}

/** The `at` range to read, null for all of it, undefined when nothing can be in it. */
function rangeOf({ after, from, to }: SliceRequest): IDBKeyRange | null | undefined {
  const upper = after ? { value: after.at, open: false } : to != null ? { value: to, open: true } : null;
  if (upper && from != null) {
    if (upper.value < from || (upper.open && upper.value === from)) return undefined;
    return IDBKeyRange.bound(from, upper.value, false, upper.open);
  }
  if (upper) return IDBKeyRange.upperBound(upper.value, upper.open);
  return from != null ? IDBKeyRange.lowerBound(from) : null;
}

/**
 * One page of the history, newest first: a cursor on the `at` index that starts where the last
 * page ended, so reading page 500 costs what reading page 1 does.
 */
export async function readHistorySlice(request: SliceRequest): Promise<HistorySlice> {
  const range = rangeOf(request);
  if (range === undefined) return { entries: [], next: null, scanned: 0 };
  const budget = request.budget ?? Infinity;
  return withRecords(async (db) => {
    const tx = db.transaction(HISTORY_STORE, 'readonly');
    let cursor = await tx.store.index('at').openCursor(range, 'prev');
    const entries: HistoryEntry[] = [];
    let last: HistoryPosition | null = null;
    let scanned = 0;
    while (cursor && entries.length < request.limit && scanned < budget) {
      const at = cursor.key as number;
      const id = cursor.primaryKey as string;
      // Entries recorded in the same millisecond come in descending id order: skip those already read.
      if (request.after && at === request.after.at && id >= request.after.id) {
        cursor = await cursor.continue();
        continue;
      }
      scanned++;
      last = { at, id };
      const entry = parseEntry(cursor.value);
      if (entry && (!request.keep || request.keep(entry))) entries.push(entry);
      cursor = await cursor.continue();
    }
    return { entries, next: cursor ? last : null, scanned };
  });
}

/** The newest `limit` entries (the popup's list, the worker's `getHistory` with a limit). */
export async function readNewestHistory(limit: number): Promise<HistoryEntry[]> {
  return (await readHistorySlice({ limit })).entries;
}

/** The ids of the entries recorded at or after `at` (keys only: nothing is read but the `at` index). */
export async function readHistoryIdsFrom(at: number): Promise<Set<string>> {
  return withRecords(async (db) => new Set((await db.getAllKeysFromIndex(HISTORY_STORE, 'at', IDBKeyRange.lowerBound(at))).map(String)));
}

/** How many entries the history holds, from the count kept beside it (see layout.ts). */
export async function countHistory(): Promise<number> {
  return withRecords(async (db) => {
    const stored: unknown = await db.get(META_STORE, COUNT_KEY);
    return typeof stored === 'number' ? stored : db.count(HISTORY_STORE);
  });
}

/** The entries with these ids still in the history, in the order asked: one CRM push reads one entry. */
export async function readHistoryEntries(ids: readonly string[]): Promise<HistoryEntry[]> {
  if (!ids.length) return [];
  return withRecords(async (db) => {
    const tx = db.transaction(HISTORY_STORE, 'readonly');
    const values = await Promise.all(ids.map((id) => tx.store.get(id)));
    return ids.flatMap((id, i) => parseEntry(values[i], id) ?? []);
  });
}

/** Every lookup about one identity key, newest first. */
export async function readHistoryByIdentity(identity: string): Promise<HistoryEntry[]> {
  return withRecords(async (db) => {
    const entries = parseEntries(await db.getAllFromIndex(HISTORY_STORE, 'identity', identity));
    return entries.sort((a, b) => b.at - a.at);
  });
}

/**
 * The entries recorded at or after `since`, newest first: what a daily cap adds up before each
 * paid lookup. A range of the `at` index: its cost follows today's lookups, not the history's size.
 */
export async function readHistorySince(since: number): Promise<HistoryEntry[]> {
  return withRecords(async (db) => parseEntries(await db.getAllFromIndex(HISTORY_STORE, 'at', IDBKeyRange.lowerBound(since))).reverse());
}

/** Everything, newest first: for an export, which is a read of everything by definition. */
export async function readHistory(): Promise<HistoryEntry[]> {
  return withRecords(async (db) => parseEntries(await db.getAllFromIndex(HISTORY_STORE, 'at')).reverse());
}

/** How many entries were recorded before `cutoff`, and when the earliest was (null: none): what a retention purge would take. */
export async function historyRecordedBefore(cutoff: number): Promise<{ count: number; earliest: number | null }> {
  return withRecords(async (db) => {
    const index = db.transaction(HISTORY_STORE, 'readonly').store.index('at');
    const range = IDBKeyRange.upperBound(cutoff, true);
    const [count, first] = await Promise.all([index.count(range), index.openKeyCursor(range)]);
    return { count, earliest: first ? (first.key as number) : null };
  });
}
