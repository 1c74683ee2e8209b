import { create } from 'zustand';
import { ask } from '@/components/useBackground';
import { historyEntrySchema, type HistoryEntry } from '@/lib/history/entry';
import { recentHistoryItem } from '@/lib/history/recent';
import { sendMessage } from '@/lib/messaging/messenger';

/** The popup lists people, not lookups: the last 50 lookups (all the small index holds) name about 20 of them. */
export const POPUP_HISTORY_SIZE = 50;

interface RecentState {
  entries: HistoryEntry[] | null;
  error: string | null;
}

export const useRecentHistory = create<RecentState>(() => ({ entries: null, error: null }));

function parse(raw: unknown): HistoryEntry[] {
  return (Array.isArray(raw) ? raw : []).flatMap((item) => {
    const parsed = historyEntrySchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The popup's last lookups, read from the small index beside the history (lib/history/recent.ts)
 * and kept current by watching it, never the full history. Only when the index does not exist
 * yet is the background asked, which builds it.
 */
export function startRecentHistoryMirror(limit = POPUP_HISTORY_SIZE): () => void {
  let changed = false;
  const unwatch = recentHistoryItem.watch((raw) => {
    changed = true;
    useRecentHistory.setState({ entries: parse(raw).slice(0, limit), error: null });
  });
  void recentHistoryItem.getValue().then(async (raw) => {
    if (changed) return;
    if (Array.isArray(raw)) return useRecentHistory.setState({ entries: parse(raw.slice(0, limit)), error: null });
    const reply = await ask(() => sendMessage('getHistory', { limit }));
    if (changed) return;
    useRecentHistory.setState(reply.ok ? { entries: reply.value, error: null } : { error: reply.error.message });
  });
  return unwatch;
}
