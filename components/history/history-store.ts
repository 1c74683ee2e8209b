import { create } from 'zustand';
import type { HistoryEntry } from '@/lib/history/entry';
import { watchHistoryMigrationProgress, type MigrationProgress } from '@/lib/history/progress';
import { openHistoryFeed, type HistoryFeed, type HistoryQuery } from '@/lib/history/page/watch';

interface HistoryState {
  /** What is read so far, newest first; null before the first read. */
  entries: HistoryEntry[] | null;
  /** Entries in the whole history; null until counted. */
  total: number | null;
  /** Every match of the current filter is in `entries`. */
  complete: boolean;
  loading: boolean;
  error: string | null;
  /** The worker is still moving an older release's history in. */
  progress: MigrationProgress | null;
}

export const useHistory = create<HistoryState>(() => ({ entries: null, total: null, complete: false, loading: false, error: null, progress: null }));

let feed: HistoryFeed | null = null;

/**
 * The history page's view of the history: the first page at once, the next ones as the list
 * scrolls (`loadMoreHistory`), all matches of `query` when filtered. Its writes go through
 * background messages. Answers a function that stops following it.
 */
export function startHistoryMirror(query: HistoryQuery | null): () => void {
  const mine = openHistoryFeed(query, (state) =>
    useHistory.setState({
      entries: state.entries,
      total: state.total,
      complete: state.complete,
      loading: state.loading,
      error: state.error ? String((state.error as Error).message ?? state.error) : null,
    }),
  );
  feed = mine;
  return () => {
    mine.close();
    if (feed === mine) feed = null;
  };
}

export function loadMoreHistory(): void {
  feed?.more();
}

/** "Updating your history: 4,000 of 100,000" while the worker moves an older layout in. */
export function startMigrationProgressMirror(): () => void {
  return watchHistoryMigrationProgress((progress) => useHistory.setState({ progress }));
}
