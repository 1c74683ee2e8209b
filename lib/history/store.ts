import { storage } from 'wxt/utils/storage';
import { createSerialQueue } from '../storage/serial';
import { historyEntrySchema, type HistoryEntry } from './entry';
import { newestOf, readRecentIndex, recentHistoryItem, RECENT_HISTORY_SIZE } from './recent';

/**
 * History, newest first. Version 1. Entries that no longer parse (a manual edit, a bug in an
 * older release) are set aside in `local:historyQuarantine` rather than dropped, so that
 * nothing a user paid for silently disappears.
 */
export const historyItem = storage.defineItem<unknown[]>('local:history', {
  fallback: [],
  version: 1,
});

const quarantineItem = storage.defineItem<unknown[]>('local:historyQuarantine', { fallback: [] });

const serial = createSerialQueue();

function parseAll(raw: unknown): { entries: HistoryEntry[]; rejected: unknown[] } {
  const entries: HistoryEntry[] = [];
  const rejected: unknown[] = [];
  for (const item of Array.isArray(raw) ? raw : []) {
    const parsed = historyEntrySchema.safeParse(item);
    if (parsed.success) entries.push(parsed.data);
    else rejected.push(item);
  }
  return { entries, rejected };
}

export async function readHistory(): Promise<HistoryEntry[]> {
  return parseAll(await historyItem.getValue()).entries;
}

async function update(change: (entries: HistoryEntry[]) => HistoryEntry[]): Promise<HistoryEntry[]> {
  return serial(async () => {
    const { entries, rejected } = parseAll(await historyItem.getValue());
    if (rejected.length) await quarantineItem.setValue([...(await quarantineItem.getValue()), ...rejected]);
    const next = change(entries);
    await historyItem.setValue(next);
    await recentHistoryItem.setValue(newestOf(next));
    return next;
  });
}

/** The newest `limit` entries, from the small index when it can answer (see recent.ts). */
export async function readRecentHistory(limit: number): Promise<HistoryEntry[]> {
  if (limit > RECENT_HISTORY_SIZE) return (await readHistory()).slice(0, limit);
  const indexed = await readRecentIndex(limit);
  if (indexed) return indexed;
  return serial(async () => {
    const rebuilt = (await readRecentIndex()) ?? newestOf(parseAll(await historyItem.getValue()).entries);
    await recentHistoryItem.setValue(rebuilt);
    return rebuilt.slice(0, limit);
  });
}

/** Adds an entry, dropping the oldest beyond `maxEntries`. */
export function appendHistory(entry: HistoryEntry, maxEntries: number): Promise<HistoryEntry[]> {
  return update((entries) => [entry, ...entries.filter((e) => e.id !== entry.id)].slice(0, maxEntries));
}

export function replaceHistoryEntry(id: string, change: (entry: HistoryEntry) => HistoryEntry): Promise<HistoryEntry[]> {
  return update((entries) => entries.map((e) => (e.id === id ? change(e) : e)));
}

export function deleteHistoryEntries(ids: readonly string[]): Promise<HistoryEntry[]> {
  const doomed = new Set(ids);
  return update((entries) => entries.filter((e) => !doomed.has(e.id)));
}

export function clearHistory(): Promise<HistoryEntry[]> {
  return update(() => []);
}

/** Drops entries older than the retention window; run on a schedule by the background. */
export function purgeHistory(retentionDays: number, now: number): Promise<HistoryEntry[]> {
  const cutoff = now - retentionDays * 86_400_000;
  return update((entries) => entries.filter((e) => e.at >= cutoff));
}
