import { watchRecords } from '@/lib/platform/storage/watch-records';
import type { HistoryEntry } from '@/lib/history/entry';
import { readNewestHistory } from '@/lib/history/read';

/** The most the popup lists; it asks for fewer. */
export const RECENT_HISTORY_SIZE = 50;

/**
 * The newest entries, for the popup: a cursor on the history's `at` index that stops after
 * `limit` records (a few ms at 100,000 entries in Chromium), so no copy of them is kept.
 */
export function readRecentHistory(limit = RECENT_HISTORY_SIZE): Promise<HistoryEntry[]> {
  return readNewestHistory(limit);
}

/** The newest `limit` entries now, then after every change to the history, from any context. */
export function watchRecentHistory(limit: number, apply: (entries: HistoryEntry[]) => void, onError?: (err: unknown) => void): () => void {
  return watchRecords('history', () => readRecentHistory(limit), apply, onError);
}
