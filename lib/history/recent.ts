import { defineVaultItem } from '../storage/vault-item';
import { historyEntrySchema, type HistoryEntry } from './entry';

export const RECENT_HISTORY_SIZE = 50;

/**
 * A copy of the newest entries beside the full history. Chrome takes about a second to read
 * 10,000 entries back; the popup lists the last 20 and must open in under 100 ms, so it reads
 * this one small key instead (no index and page reads first). Written by every history update
 * (see store.ts); null until the first one, or after an older release, and then rebuilt once.
 */
export const recentHistoryItem = defineVaultItem<unknown[] | null>('historyRecent', {
  fallback: null,
  version: 1,
});

/** Only the first `limit` entries are parsed: the popup's call is on its critical path. */
export async function readRecentIndex(limit = RECENT_HISTORY_SIZE): Promise<HistoryEntry[] | null> {
  const raw = await recentHistoryItem.getValue();
  if (!Array.isArray(raw)) return null;
  return raw.slice(0, limit).flatMap((item) => {
    const parsed = historyEntrySchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
