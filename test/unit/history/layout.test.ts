import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { deleteAllData } from '@/lib/background/data';
import type { HistoryEntry, LookupEntry } from '@/lib/history/entry';
import { PAGE_SIZE } from '@/lib/history/layout';
import { RECENT_HISTORY_SIZE } from '@/lib/history/recent';
import {
  appendHistory,
  clearHistory,
  deleteHistoryEntries,
  historyItem,
  purgeHistory,
  readHistory,
  readHistoryEntries,
  readHistorySince,
  readRecentHistory,
  replaceHistoryEntry,
} from '@/lib/history/store';
import { watchHistory } from '@/lib/history/watch';
import { vault } from '@/lib/storage/vault';
import { freshVault } from '../../setup/vault-helpers';

const DAY = 86_400_000;
/** The history lives in the vault; these tests read and break it there. */
const local = vault;

function entry(id: string, at = 1_000, size = 0): LookupEntry<'enrichPerson'> {
  return {
    id,
    op: 'enrichPerson',
    subject: `https://www.linkedin.com/in/${id}/`,
    input: {},
    identity: `person:${id}`,
    outcome: 'paid',
    cost: 2,
    fromLedger: false,
    paidAt: null,
    at,
    pageUrl: null,
    error: null,
    ...(size ? { result: { extra: { blob: 'x'.repeat(size) } } } : {}),
  };
}

/** Newest first, as release 0.1 stored them. */
const legacy = (n: number, size = 0) => Array.from({ length: n }, (_, i) => entry(`h${i}`, 100_000 - i, size));

async function dump(): Promise<Record<string, unknown>> {
  return local.get(null);
}

async function historyKeys(): Promise<string[]> {
  return Object.keys(await dump()).filter((k) => k.startsWith('history'));
}

async function ids(): Promise<string[]> {
  return (await readHistory()).map((e) => e.id);
}

/** Calls that would write, with the keys and bytes they carry. */
function spyOnWrites() {
  const calls: { keys: string[]; bytes: number }[] = [];
  const original = local.set.bind(local);
  vi.spyOn(local, 'set').mockImplementation(async (items) => {
    calls.push({ keys: Object.keys(items), bytes: JSON.stringify(items).length });
    return original(items);
  });
  return calls;
}

beforeEach(() => fakeBrowser.reset());

describe('history layout: one key per entry', () => {
  it('stores each entry under its own key, listed newest first by the index', async () => {
    for (const id of ['a', 'b', 'c']) await appendHistory(entry(id), 100);
    const stored = await dump();
    expect(stored['historyEntry:b']).toEqual(entry('b'));
    expect(stored.history).toBeUndefined();
    expect(await ids()).toEqual(['c', 'b', 'a']);
  });

  it('keeps the order across pages and drops the oldest beyond maxEntries, keys and all', async () => {
    const count = PAGE_SIZE * 2 + 7;
    for (let i = 0; i < count; i++) await appendHistory(entry(`e${i}`, i), PAGE_SIZE + 3);
    const expected = Array.from({ length: PAGE_SIZE + 3 }, (_, i) => `e${count - 1 - i}`);
    expect(await ids()).toEqual(expected);
    const entryKeys = (await historyKeys()).filter((k) => k.startsWith('historyEntry:'));
    expect(entryKeys.sort()).toEqual(expected.map((id) => `historyEntry:${id}`).sort());
    // No page is left behind for entries that are gone.
    const index = (await dump()).historyIndex as { pages: { n: number }[] };
    expect((await historyKeys()).filter((k) => k.startsWith('historyPage:')).sort()).toEqual(index.pages.map((p) => `historyPage:${p.n}`).sort());
  });

  it('moves an entry recorded again (a resumed lookup) to the front instead of listing it twice', async () => {
    for (const id of ['a', 'b', 'c']) await appendHistory(entry(id), 100);
    await appendHistory({ ...entry('a'), outcome: 'failed', cost: 0 }, 100);
    expect(await ids()).toEqual(['a', 'c', 'b']);
    expect((await readHistory())[0]).toMatchObject({ outcome: 'failed' });
  });

  it('replaces one entry by writing that entry alone (and the recent copy that shows it)', async () => {
    for (const id of ['a', 'b', 'c']) await appendHistory(entry(id), 100);
    const writes = spyOnWrites();
    expect(await replaceHistoryEntry('b', (e) => ({ ...e, outcome: 'failed', cost: 0 }))).toMatchObject({ id: 'b', outcome: 'failed' });
    expect(writes.flatMap((w) => w.keys).sort()).toEqual(['historyEntry:b', 'historyRecent']);
    expect(await ids()).toEqual(['c', 'b', 'a']);
    expect((await readHistory())[1]).toMatchObject({ outcome: 'failed', cost: 0 });
    expect(await replaceHistoryEntry('nobody', (e) => e)).toBeNull();
  });

  it('deletes and purges entries together with their keys', async () => {
    await appendHistory(entry('old', 0), 100);
    for (const id of ['a', 'b', 'c']) await appendHistory(entry(id, 30 * DAY), 100);
    expect((await deleteHistoryEntries(['b'])).map((e) => e.id)).toEqual(['c', 'a', 'old']);
    expect((await purgeHistory(7, 31 * DAY)).map((e) => e.id)).toEqual(['c', 'a']);
    expect(await ids()).toEqual(['c', 'a']);
    expect((await historyKeys()).filter((k) => k.startsWith('historyEntry:')).sort()).toEqual(['historyEntry:a', 'historyEntry:c']);
  });

  it('writes the same few keys and bytes per append at 10,000 entries as at 1,000', async () => {
    async function appendCost(n: number) {
      fakeBrowser.reset();
      await freshVault({ migrated: true });
      await historyItem.setValue(legacy(n, 1_000));
      await readHistory(); // moves the array into layout 2
      const writes = spyOnWrites();
      await appendHistory(entry('new', 200_000, 1_000), 100_000);
      vi.restoreAllMocks();
      return { keys: writes.flatMap((w) => w.keys), bytes: writes.reduce((sum, w) => sum + w.bytes, 0) };
    }
    const small = await appendCost(1_000);
    const large = await appendCost(10_000);
    expect(large.keys.sort()).toEqual(['historyEntry:new', 'historyIndex', `historyPage:${10_000 / PAGE_SIZE}`, 'historyRecent']);
    // The index grows by a few bytes per page; everything else is the same.
    expect(large.bytes - small.bytes).toBeLessThan(2_000);
    // The recent copy (50 entries) is most of it; the whole history is ~10 MB.
    expect(large.bytes).toBeLessThan((RECENT_HISTORY_SIZE + 5) * 1_300);
    expect(await ids()).toHaveLength(10_001);
  });
});

describe('history layout: unreadable data is set aside, never dropped', () => {
  it('quarantines an entry that no longer parses, or sits under another id', async () => {
    for (const id of ['a', 'b', 'c']) await appendHistory(entry(id), 100);
    await local.set({ 'historyEntry:b': { id: 'b', nonsense: true }, 'historyEntry:c': entry('zz') });
    expect(await ids()).toEqual(['a']);
    expect((await dump()).historyQuarantine).toEqual([entry('zz'), { id: 'b', nonsense: true }]);
    expect(await historyKeys()).not.toContain('historyEntry:b');
    // Later changes keep it set aside, once.
    await appendHistory(entry('d'), 100);
    await deleteHistoryEntries(['a']);
    expect(await ids()).toEqual(['d']);
    expect((await dump()).historyQuarantine).toHaveLength(2);
  });

  it('rebuilds an unreadable index from the entry keys, newest first', async () => {
    for (const [i, id] of ['a', 'b', 'c'].entries()) await appendHistory(entry(id, i), 100);
    await local.set({ historyIndex: { pages: 'garbage' } });
    expect(await ids()).toEqual(['c', 'b', 'a']);
    const { pages } = (await dump()).historyIndex as { pages: { n: number }[] };
    await local.remove(`historyPage:${pages[0]!.n}`);
    await appendHistory(entry('d', 9), 100);
    expect(await ids()).toEqual(['d', 'c', 'b', 'a']);
  });
});

describe('history layout: moving release 0.1’s array', () => {
  it('moves every entry, in order, sets unreadable ones aside and removes the array', async () => {
    await historyItem.setValue([...legacy(3), { id: 5, nonsense: true }, entry('h1', 1)]);
    expect(await ids()).toEqual(['h0', 'h1', 'h2']);
    const stored = await dump();
    expect(stored.history).toBeUndefined();
    expect(stored['historyEntry:h2']).toEqual(legacy(3)[2]);
    // A second entry under an id already taken is set aside too, not lost.
    expect(stored.historyQuarantine).toEqual([{ id: 5, nonsense: true }, entry('h1', 1)]);
    expect((stored.historyRecent as HistoryEntry[]).map((e) => e.id)).toEqual(['h0', 'h1', 'h2']);
  });

  it('moves the array before the first write, so an append lands on top of it', async () => {
    await historyItem.setValue(legacy(3));
    await appendHistory(entry('new'), 100);
    expect(await ids()).toEqual(['new', 'h0', 'h1', 'h2']);
  });

  it('loses nothing and repeats nothing when the worker dies before the index is written', async () => {
    await historyItem.setValue([...legacy(1_200), { id: 5, nonsense: true }]);
    const original = local.set.bind(local);
    vi.spyOn(local, 'set').mockImplementation(async (items) => {
      if ('historyIndex' in items) throw new Error('worker stopped');
      return original(items);
    });
    await expect(readHistory()).rejects.toThrow('worker stopped');
    expect(Object.keys(await dump()).filter((k) => k.startsWith('historyEntry:')).length).toBeGreaterThan(0);
    expect((await dump()).history).toHaveLength(1_201);
    vi.restoreAllMocks();

    expect(await ids()).toEqual(legacy(1_200).map((e) => e.id));
    expect((await dump()).history).toBeUndefined();
    expect((await dump()).historyQuarantine).toEqual([{ id: 5, nonsense: true }]);
  });

  it('loses nothing and repeats nothing when the worker dies before the array is removed', async () => {
    await historyItem.setValue([...legacy(450), { id: 5, nonsense: true }]);
    const original = local.remove.bind(local);
    vi.spyOn(local, 'remove').mockImplementation(async (keys) => {
      if ([keys].flat().includes('history')) throw new Error('worker stopped');
      return original(keys);
    });
    await expect(appendHistory(entry('new'), 10_000)).rejects.toThrow('worker stopped');
    expect((await dump()).historyIndex).toBeDefined();
    vi.restoreAllMocks();

    await appendHistory(entry('new'), 10_000);
    expect(await ids()).toEqual(['new', ...legacy(450).map((e) => e.id)]);
    expect((await dump()).historyQuarantine).toEqual([{ id: 5, nonsense: true }]);
    const index = (await dump()).historyIndex as { pages: { n: number }[] };
    expect((await historyKeys()).filter((k) => k.startsWith('historyPage:')).sort()).toEqual(index.pages.map((p) => `historyPage:${p.n}`).sort());
  });

  it('keeps what layout 2 already held when an older release wrote the array again', async () => {
    await appendHistory(entry('before', 1), 100);
    await historyItem.setValue([entry('after', 2)]);
    expect(await ids()).toEqual(['after', 'before']);
  });
});

describe('history layout: the recent copy', () => {
  it('always equals the newest entries of the full history', async () => {
    const check = async () => {
      const full = await readHistory();
      expect((await dump()).historyRecent).toEqual(full.slice(0, RECENT_HISTORY_SIZE));
    };
    for (let i = 0; i < 120; i++) await appendHistory(entry(`e${i}`, i), 100);
    await check();
    await deleteHistoryEntries(['e119', 'e100', 'e50']);
    await check();
    await replaceHistoryEntry('e110', (e) => ({ ...e, cost: 0 }));
    await check();
    await appendHistory(entry('e60', 200), 100);
    await check();
    await purgeHistory(0, 115);
    await check();
    await local.remove('historyRecent');
    await appendHistory(entry('last', 300), 100);
    await check();
    expect((await readRecentHistory(3)).map((e) => e.id)).toEqual(['last', 'e60', 'e118']);
    expect((await readRecentHistory(RECENT_HISTORY_SIZE + 1)).map((e) => e.id)).toEqual(['last', 'e60', 'e118', 'e117', 'e116', 'e115']);
  });
});

describe('history layout: forgetting', () => {
  async function leaveEverythingBehind() {
    for (const id of ['a', 'b']) await appendHistory(entry(id), 100);
    await local.set({ 'historyEntry:b': { broken: true }, 'historyEntry:orphan': entry('orphan'), 'historyPage:99': ['orphan'], history: [entry('old')] });
  }

  it('clearing the history leaves none of its keys but the quarantine', async () => {
    await leaveEverythingBehind();
    await readHistory();
    await clearHistory();
    expect(await historyKeys()).toEqual(['historyQuarantine']);
    expect(await readHistory()).toEqual([]);
  });

  it('deleting all data leaves no history key at all', async () => {
    await leaveEverythingBehind();
    await readHistory();
    await deleteAllData();
    expect(await historyKeys()).toEqual([]);
  });
});

describe('watching the history from a page', () => {
  it('shows the history, then every append, change and deletion', async () => {
    for (const id of ['a', 'b']) await appendHistory(entry(id), 100);
    let shown: HistoryEntry[] = [];
    const stop = watchHistory((entries) => (shown = entries));
    await vi.waitFor(() => expect(shown.map((e) => e.id)).toEqual(['b', 'a']));
    await appendHistory(entry('c'), 100);
    await vi.waitFor(() => expect(shown.map((e) => e.id)).toEqual(['c', 'b', 'a']));
    await replaceHistoryEntry('a', (e) => ({ ...e, outcome: 'miss', cost: 0 }));
    await vi.waitFor(() => expect(shown[2]).toMatchObject({ id: 'a', outcome: 'miss' }));
    await deleteHistoryEntries(['b']);
    await vi.waitFor(() => expect(shown.map((e) => e.id)).toEqual(['c', 'a']));
    stop();
  });

  it('shows release 0.1’s array until the background has moved it', async () => {
    await historyItem.setValue(legacy(2));
    let shown: HistoryEntry[] = [];
    const stop = watchHistory((entries) => (shown = entries));
    await vi.waitFor(() => expect(shown.map((e) => e.id)).toEqual(['h0', 'h1']));
    await appendHistory(entry('new'), 100);
    await vi.waitFor(() => expect(shown.map((e) => e.id)).toEqual(['new', 'h0', 'h1']));
    stop();
  });
});

describe('history layout: what was spent today', () => {
  it('reads back only as far as the cutoff, whatever the size of the history', async () => {
    // 2,000 entries, one a minute; the newest 30 are "today".
    await historyItem.setValue(Array.from({ length: 2_000 }, (_, i) => entry(`h${i}`, 10_000_000 - i * 60_000)));
    await readHistory();
    const since = 10_000_000 - 29 * 60_000;
    const reads: string[][] = [];
    const original = local.get.bind(local);
    vi.spyOn(local, 'get').mockImplementation(async (keys) => {
      reads.push(Array.isArray(keys) ? (keys as string[]) : [String(keys)]);
      return original(keys as never);
    });
    const today = await readHistorySince(since);
    vi.restoreAllMocks();
    expect(today.map((e) => e.id)).toEqual(Array.from({ length: 30 }, (_, i) => `h${i}`));
    const entryReads = reads.flat().filter((k) => k.startsWith('historyEntry:')).length;
    expect(entryReads).toBeGreaterThanOrEqual(30);
    expect(entryReads).toBeLessThanOrEqual(PAGE_SIZE);
  });

  it('answers nothing for an empty history', async () => {
    expect(await readHistorySince(0)).toEqual([]);
  });
});

describe('history layout: reading single entries', () => {
  it('reads just the entries asked for, skipping ids no longer in the history', async () => {
    for (let i = 0; i < 5; i++) await appendHistory(entry(`e${i}`, 1_000 + i), 100);
    await deleteHistoryEntries(['e2']);
    expect((await readHistoryEntries(['e3', 'e2', 'missing', 'e0'])).map((e) => e.id)).toEqual(['e3', 'e0']);
  });
});
