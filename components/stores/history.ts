import { create } from 'zustand';
import { historyEntrySchema, type HistoryEntry } from '@/lib/history/entry';
import { historyItem } from '@/lib/history/store';
import { mirrorItem } from './mirror';

interface HistoryState {
  entries: HistoryEntry[] | null;
}

export const useHistory = create<HistoryState>(() => ({ entries: null }));

function parse(raw: unknown): HistoryEntry[] {
  return (Array.isArray(raw) ? raw : []).flatMap((item) => {
    const parsed = historyEntrySchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The whole history, for the history page only; its writes go through background messages. */
export function startHistoryMirror(): () => void {
  return mirrorItem(historyItem, (raw) => useHistory.setState({ entries: parse(raw) }));
}
