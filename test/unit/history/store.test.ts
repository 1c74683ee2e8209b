import { IDBIndex, IDBObjectStore } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '@/lib/history/entry';
import { COUNT_KEY, ENTRY_PREFIX, MIGRATION_KEY } from '@/lib/history/layout';
import { countHistory, readHistoryByIdentity, readHistorySlice, type HistoryPosition } from '@/lib/history/read';
import {
  appendHistory,
  clearHistory,
  deleteHistoryEntries,
  purgeHistory,
  readHistory,
  readHistoryEntries,
  readHistorySince,
  readRecentHistory,
  replaceHistoryEntry,
} from '@/lib/history/worker/store';
import { META_STORE, onRecordsChanged, vault, withRecords, type RecordChange } from '@/lib/platform/storage/vault';

const DAY = 86_400_000;

function entry(id: string, at: number, identity: string | null = `person:${id}`): HistoryEntry {
  return { id, op: 'enrichPerson', subject: id, input: {}, identity, outcome: 'paid', cost: 2, fromLedger: false, paidAt: null, at, pageUrl: null, error: null };
}

const ids = async () => (await readHistory()).map((e) => e.id);

/** Writes `n` entries straight into the store (as a migration batch would), one a minute. */
async function seed(n: number, prefix = 'e') {
  await withRecords(async (db) => {
    const tx = db.transaction('history', 'readwrite');
    for (let i = 0; i < n; i++) void tx.store.put(entry(`${prefix}${i}`, 1_000_000 + i * 60_000));
    await tx.done;
  });
}

describe('history store: one record per lookup', () => {
  it('lists newest first by time, and drops the oldest beyond maxEntries', async () => {
    for (let i = 0; i < 7; i++) await appendHistory(entry(`e${i}`, 100 + i), 5);
    expect(await ids()).toEqual(['e6', 'e5', 'e4', 'e3', 'e2']);
    expect(await countHistory()).toBe(5);
  });

  it('appends with one put and no read of the history, whatever its size', async () => {
    await seed(2_000);
    const puts = vi.spyOn(IDBObjectStore.prototype, 'put');
    const scans = [vi.spyOn(IDBObjectStore.prototype, 'getAll'), vi.spyOn(IDBIndex.prototype, 'getAll'), vi.spyOn(IDBIndex.prototype, 'openCursor')];
    const counts = vi.spyOn(IDBObjectStore.prototype, 'count');
    await appendHistory(entry('new', 9e12), 10_000);
    await appendHistory(entry('newer', 9e12 + 1), 10_000);
    // The entry, and the count beside it; the count was taken once (it was not stored yet).
    expect(puts.mock.calls.map(([value]) => (typeof value === 'object' ? (value as HistoryEntry).id : 'count'))).toEqual(['new', 'count', 'newer', 'count']);
    expect(counts).toHaveBeenCalledTimes(1);
    for (const scan of scans) expect(scan).not.toHaveBeenCalled();
    expect(await countHistory()).toBe(2_002);
  });

  it('replaces an entry recorded again under its id (a lookup settled after a restart) instead of listing it twice', async () => {
    for (const [i, id] of ['a', 'b', 'c'].entries()) await appendHistory(entry(id, i), 100);
    await appendHistory({ ...entry('a', 10), outcome: 'failed', cost: 0 }, 100);
    expect(await ids()).toEqual(['a', 'c', 'b']);
    expect((await readHistory())[0]).toMatchObject({ outcome: 'failed' });
    expect(await countHistory()).toBe(3);
  });

  it('changes one entry in place', async () => {
    for (const [i, id] of ['a', 'b', 'c'].entries()) await appendHistory(entry(id, i), 100);
    expect(await replaceHistoryEntry('b', (e) => ({ ...e, outcome: 'failed', cost: 0 }))).toMatchObject({ id: 'b', outcome: 'failed' });
    expect(await ids()).toEqual(['c', 'b', 'a']);
    expect((await readHistoryEntries(['b']))[0]).toMatchObject({ outcome: 'failed', cost: 0 });
    expect(await replaceHistoryEntry('nobody', (e) => e)).toBeNull();
  });

  it('deletes by id and purges by age, keeping the count exact', async () => {
    await appendHistory(entry('old', 0), 100);
    for (const [i, id] of ['a', 'b', 'c'].entries()) await appendHistory(entry(id, 30 * DAY + i), 100);
    expect(await deleteHistoryEntries(['b', 'missing'])).toBe(3);
    expect(await purgeHistory(7, 31 * DAY)).toBe(2);
    expect(await ids()).toEqual(['c', 'a']);
    expect(await countHistory()).toBe(2);
  });

  it('clears the history with what an older layout still held, and the move’s progress', async () => {
    await appendHistory(entry('a', 1), 100);
    await vault.set({ history: [entry('old', 0)], historyIndex: { pages: [], next: 0 }, [`${ENTRY_PREFIX}x`]: entry('x', 0), historyQuarantine: [1] });
    await withRecords((db) => db.put(META_STORE, { total: 1, done: 0, booked: 0 }, MIGRATION_KEY));
    await clearHistory();
    expect(await readHistory()).toEqual([]);
    expect(await countHistory()).toBe(0);
    expect(Object.keys(await vault.get(null))).toEqual(['historyQuarantine']);
    expect(await withRecords((db) => db.get(META_STORE, MIGRATION_KEY))).toBeUndefined();
  });

  it('counts the store again when the count is missing (written by a tool, or an older vault)', async () => {
    await seed(30);
    expect(await countHistory()).toBe(30);
    await appendHistory(entry('new', 9e12), 25);
    expect(await countHistory()).toBe(25);
    expect(await withRecords((db) => db.get(META_STORE, COUNT_KEY))).toBe(25);
  });

  it('tells the pages what changed, once it is written', async () => {
    const changes: RecordChange[] = [];
    onRecordsChanged.addListener((change) => changes.push(change));
    await appendHistory(entry('a', 1), 1);
    await appendHistory(entry('b', 2), 1);
    await deleteHistoryEntries(['b']);
    await clearHistory();
    expect(changes).toEqual([
      { store: 'history', ids: ['a'] },
      { store: 'history', ids: ['b', 'a'] },
      { store: 'history', ids: ['b'] },
      { store: 'history', ids: [] },
    ]);
  });

  it('skips a record that no longer parses instead of failing the read', async () => {
    await appendHistory(entry('a', 1), 100);
    await withRecords((db) => db.put('history', { id: 'broken', at: 2 }));
    expect(await ids()).toEqual(['a']);
    expect((await readRecentHistory(5)).map((e) => e.id)).toEqual(['a']);
  });
});

describe('history store: the screens’ reads', () => {
  it('reads pages newest first, each after the last, with no entry missed or repeated (same-millisecond entries too)', async () => {
    await seed(45);
    // Five entries recorded in the same millisecond, across a page boundary.
    for (const id of ['t1', 't2', 't3', 't4', 't5']) await appendHistory(entry(id, 1_000_000 + 30 * 60_000), 1_000);
    const all = await ids();
    const read: string[] = [];
    let after: HistoryPosition | null = null;
    do {
      const page = await readHistorySlice({ after, limit: 7 });
      read.push(...page.entries.map((e) => e.id));
      after = page.next;
    } while (after);
    expect(read).toEqual(all);
    expect(new Set(read).size).toBe(50);
    expect(read.slice(0, 3)).toEqual(['e44', 'e43', 'e42']);
  });

  it('reads a date range and a search in slices of a bounded number of records', async () => {
    await seed(100);
    const from = 1_000_000 + 20 * 60_000;
    const to = 1_000_000 + 80 * 60_000;
    const keep = (e: HistoryEntry) => e.id.endsWith('5');
    const found: string[] = [];
    let after: HistoryPosition | null = null;
    let slices = 0;
    do {
      const slice = await readHistorySlice({ after, limit: 1_000, from, to, keep, budget: 10 });
      expect(slice.scanned).toBeLessThanOrEqual(10);
      found.push(...slice.entries.map((e) => e.id));
      after = slice.next;
      slices++;
    } while (after);
    expect(found).toEqual(['e75', 'e65', 'e55', 'e45', 'e35', 'e25']);
    expect(slices).toBe(6);
  });

  it('reads the newest few, by id, by identity, and since a time', async () => {
    await seed(300);
    await appendHistory(entry('again', 1_000_000 + 400 * 60_000, 'person:e3'), 1_000);
    expect((await readRecentHistory(3)).map((e) => e.id)).toEqual(['again', 'e299', 'e298']);
    expect((await readHistoryEntries(['e3', 'missing', 'e0'])).map((e) => e.id)).toEqual(['e3', 'e0']);
    expect((await readHistoryByIdentity('person:e3')).map((e) => e.id)).toEqual(['again', 'e3']);
    expect((await readHistorySince(1_000_000 + 298 * 60_000)).map((e) => e.id)).toEqual(['again', 'e299', 'e298']);
    expect(await readHistorySince(9e12)).toEqual([]);
  });
});
