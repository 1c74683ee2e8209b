import { create } from 'zustand';
import type { HistoryEntry } from '@/lib/history/entry';
import { watchHistory } from '@/lib/history/watch';

interface HistoryState {
  entries: HistoryEntry[] | null;
}

export const useHistory = create<HistoryState>(() => ({ entries: null }));

/** The whole history, for the history page only; its writes go through background messages. */
export function startHistoryMirror(): () => void {
  return watchHistory((entries) => useHistory.setState({ entries }));
}
