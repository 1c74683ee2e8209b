import { create } from 'zustand';
import type { HistoryEntry } from '@/lib/history/entry';
import { watchHistoryMigrationProgress, type MigrationProgress } from '@/lib/history/progress';
import { watchRecentHistory } from '@/lib/history/recent';
import { POPUP_HISTORY_SIZE } from '@/lib/popup/page/first-read';


interface RecentState {
  entries: HistoryEntry[] | null;
  error: string | null;
  /** The worker is still moving an older release's history in: the popup says so. */
  progress: MigrationProgress | null;
}

export const useRecentHistory = create<RecentState>(() => ({ entries: null, error: null, progress: null }));

const sameList = (a: readonly HistoryEntry[], b: readonly HistoryEntry[]) =>
  a.length === b.length && a.every((e, i) => JSON.stringify(e) === JSON.stringify(b[i]));

/**
 * The popup's last lookups, read straight from the history's `at` index (the newest `limit`
 * records, lib/history/recent.ts) and read again after every change to the history, whichever
 * context wrote it: the background is never woken for them.
 */
export function startRecentHistoryMirror(limit = POPUP_HISTORY_SIZE): () => void {
  const stopList = watchRecentHistory(
    limit,
    (entries) => {
      // Unchanged (the worker moving older entries in): no render.
      const { entries: shown, error } = useRecentHistory.getState();
      if (!error && shown && sameList(shown, entries)) return;
      useRecentHistory.setState({ entries, error: null });
    },
    (err) => useRecentHistory.setState({ error: err instanceof Error ? err.message : String(err) }),
  );
  const stopProgress = watchHistoryMigrationProgress((progress) => useRecentHistory.setState({ progress }));
  return () => {
    stopList();
    stopProgress();
  };
}
