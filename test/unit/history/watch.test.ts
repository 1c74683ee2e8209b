import { IDBIndex, IDBObjectStore } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import type { HistoryEntry, LookupEntry } from '@/lib/history/entry';
import { migrateHistory } from '@/lib/history/worker/migrate';
import { watchRecentHistory } from '@/lib/history/recent';
import { appendHistory, clearHistory, deleteHistoryEntries, replaceHistoryEntry } from '@/lib/history/worker/store';
import { openHistoryFeed, type HistoryFeedState } from '@/lib/history/page/watch';
import { announceRecords, vault, withRecords } from '@/lib/platform/storage/vault';

const announce = (ids: string[]) => announceRecords({ store: 'history', ids });

function entry(id: string, at: number, op: 'enrichPerson' | 'searchPhone' = 'enrichPerson'): HistoryEntry {
  return { id, op, subject: id, input: {}, identity: null, outcome: 'paid', cost: 2, fromLedger: false, paidAt: null, at, pageUrl: null, error: null } as LookupEntry;
}

/** `n` entries straight into the store, e0 the oldest. */
async function seed(n: number) {
  await withRecords(async (db) => {
    const tx = db.transaction('history', 'readwrite');
    for (let i = 0; i < n; i++) void tx.store.put(entry(`e${i}`, 1_000 + i, i % 2 ? 'searchPhone' : 'enrichPerson'));
    await tx.done;
  });
}

function follow(query: Parameters<typeof openHistoryFeed>[0], options?: Parameters<typeof openHistoryFeed>[2]) {
  let state: HistoryFeedState | null = null;
  const feed = openHistoryFeed(query, (next) => (state = next), options);
  return { feed, state: () => state!, ids: () => state?.entries.map((e) => e.id) ?? null };
}

describe('the history page’s feed', () => {
  it('shows the newest page from one bounded read, then the next page when asked', async () => {
    await seed(1_000);
    const getAll = [vi.spyOn(IDBObjectStore.prototype, 'getAll'), vi.spyOn(IDBIndex.prototype, 'getAll')];
    const { feed, state, ids } = follow(null, { firstPage: 20, pageSize: 50 });
    await vi.waitFor(() => expect(state()?.loading).toBe(false));
    expect(ids()).toEqual(Array.from({ length: 20 }, (_, i) => `e${999 - i}`));
    expect(state()).toMatchObject({ total: 1_000, complete: false });
    for (const spy of getAll) expect(spy).not.toHaveBeenCalled();
    feed.more();
    await vi.waitFor(() => expect(ids()).toHaveLength(70));
    expect(ids()!.at(-1)).toBe('e930');
    feed.close();
  });

  it('follows appends, changes and deletes in the part already read, and starts again after a clear', async () => {
    await seed(30);
    const { feed, state, ids } = follow(null, { firstPage: 10 });
    await vi.waitFor(() => expect(ids()).toHaveLength(10));
    await appendHistory(entry('new', 5_000), 1_000);
    await vi.waitFor(() => expect(ids()![0]).toBe('new'));
    await replaceHistoryEntry('e28', (e) => ({ ...e, outcome: 'miss' }));
    await vi.waitFor(() => expect(state().entries.find((e) => e.id === 'e28')).toMatchObject({ outcome: 'miss' }));
    await deleteHistoryEntries(['e29', 'e3']);
    await vi.waitFor(() => expect(ids()!.slice(0, 3)).toEqual(['new', 'e28', 'e27']));
    // It holds what it asked for (10): the newest pushed the oldest read out, the delete left 9;
    // older entries show when their page is read.
    expect(ids()).toEqual(['new', 'e28', 'e27', 'e26', 'e25', 'e24', 'e23', 'e22', 'e21']);
    expect(state().total).toBe(29);
    await clearHistory();
    await vi.waitFor(() => expect(state()).toMatchObject({ entries: [], total: 0, complete: true }));
    feed.close();
  });

  it('filtered: scans in slices to the end, so every match is listed and counted', async () => {
    await seed(300);
    const { feed, state, ids } = follow({ from: 1_100, to: 1_200, keep: (e) => e.op === 'searchPhone' }, { slice: 16 });
    await vi.waitFor(() => expect(state()?.complete).toBe(true));
    expect(ids()).toEqual(Array.from({ length: 50 }, (_, i) => `e${199 - 2 * i}`));
    expect(state().total).toBe(300);
    // A new match is added as it comes; a non-match is not.
    await appendHistory(entry('late', 1_150, 'searchPhone'), 1_000);
    await appendHistory(entry('other', 1_150), 1_000);
    await vi.waitFor(() => expect(ids()).toContain('late'));
    expect(ids()).not.toContain('other');
    feed.close();
  });

  it('lists what the worker has moved in from an older layout, batch by batch', async () => {
    await vault.set({
      historyIndex: { pages: [{ n: 0, size: 3 }], next: 1 },
      'historyPage:0': ['c', 'b', 'a'],
      'historyEntry:a': entry('a', 1),
      'historyEntry:b': entry('b', 2),
      'historyEntry:c': entry('c', 3),
    });
    const { feed, ids } = follow(null);
    await vi.waitFor(() => expect(ids()).toEqual([]));
    await migrateHistory({ batchSize: 2 });
    await vi.waitFor(() => expect(ids()).toEqual(['c', 'b', 'a']));
    feed.close();
  });

  it('holds no more than it asked for when the history grows under it, and reads the rest as asked', async () => {
    const { feed, state, ids } = follow(null, { firstPage: 10, pageSize: 10 });
    await vi.waitFor(() => expect(state()).toMatchObject({ entries: [], complete: true }));
    // Older entries arrive in batches (as the move of an older layout writes them).
    for (let batch = 0; batch < 5; batch++) {
      await withRecords(async (db) => {
        const tx = db.transaction('history', 'readwrite');
        for (let i = 0; i < 8; i++) void tx.store.put(entry(`b${batch}-${i}`, 10_000 - batch * 100 - i));
        await tx.done;
      });
      announce(Array.from({ length: 8 }, (_, i) => `b${batch}-${i}`));
    }
    await vi.waitFor(() => expect(ids()).toEqual(['b0-0', 'b0-1', 'b0-2', 'b0-3', 'b0-4', 'b0-5', 'b0-6', 'b0-7', 'b1-0', 'b1-1']));
    expect(state().complete).toBe(false);
    feed.more();
    await vi.waitFor(() => expect(ids()).toHaveLength(20));
    expect(ids()!.slice(10)).toEqual(['b1-2', 'b1-3', 'b1-4', 'b1-5', 'b1-6', 'b1-7', 'b2-0', 'b2-1', 'b2-2', 'b2-3']);
    feed.close();
  });
});

describe('the popup’s recent lookups', () => {
  it('reads the newest few from the index, then again after every change', async () => {
    await seed(100);
    let shown: string[] = [];
    const stop = watchRecentHistory(3, (entries) => (shown = entries.map((e) => e.id)));
    await vi.waitFor(() => expect(shown).toEqual(['e99', 'e98', 'e97']));
    await appendHistory(entry('new', 9_999), 1_000);
    await vi.waitFor(() => expect(shown).toEqual(['new', 'e99', 'e98']));
    await deleteHistoryEntries(['e99']);
    await vi.waitFor(() => expect(shown).toEqual(['new', 'e98', 'e97']));
    stop();
  });
});
