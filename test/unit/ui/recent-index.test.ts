import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { HistoryEntry } from '@/lib/history/entry';
import { RECENT_HISTORY_SIZE, recentHistoryItem } from '@/lib/history/recent';
import { appendHistory, clearHistory, deleteHistoryEntries, historyItem, readRecentHistory } from '@/lib/history/store';

function entry(id: string, at: number): HistoryEntry {
  return { id, op: 'enrichPerson', subject: id, input: {}, identity: null, outcome: 'paid', cost: 2, fromLedger: false, paidAt: null, at, pageUrl: null, error: null };
}

describe('the popup’s index of recent history', () => {
  beforeEach(() => fakeBrowser.reset());

  it('follows every change of the history', async () => {
    for (let i = 0; i < RECENT_HISTORY_SIZE + 5; i++) await appendHistory(entry(`e${i}`, i), 1000);
    expect(await recentHistoryItem.getValue()).toHaveLength(RECENT_HISTORY_SIZE);
    expect((await readRecentHistory(3)).map((e) => e.id)).toEqual(['e54', 'e53', 'e52']);
    await deleteHistoryEntries(['e54']);
    expect((await readRecentHistory(2)).map((e) => e.id)).toEqual(['e53', 'e52']);
    await clearHistory();
    expect(await readRecentHistory(20)).toEqual([]);
  });

  it('is rebuilt once from a history written without it (an older release, a bulk import)', async () => {
    await historyItem.setValue(Array.from({ length: 200 }, (_, i) => entry(`h${i}`, 1000 - i)));
    expect(await recentHistoryItem.getValue()).toBeNull();
    expect((await readRecentHistory(2)).map((e) => e.id)).toEqual(['h0', 'h1']);
    expect(await recentHistoryItem.getValue()).toHaveLength(RECENT_HISTORY_SIZE);
  });

  it('answers a request larger than the index from the full history', async () => {
    await historyItem.setValue(Array.from({ length: 80 }, (_, i) => entry(`h${i}`, 1000 - i)));
    expect(await readRecentHistory(70)).toHaveLength(70);
  });
});
