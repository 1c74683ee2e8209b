import { describe, expect, it, vi } from 'vitest';
import { createSpentToday } from '@/lib/lookup/worker/spent-today';
import type { HistoryEntry } from '@/lib/history/entry';

const entry = (id: string, at: number, cost: number, over: Partial<HistoryEntry> = {}) => ({ id, at, cost, outcome: cost ? 'paid' : 'free', ...over }) as HistoryEntry;

function history(entries: HistoryEntry[]) {
  const store = new Map(entries.map((e) => [e.id, e]));
  return {
    store,
    readSince: vi.fn(async (since: number) => [...store.values()].filter((e) => e.at >= since)),
    readByIds: vi.fn(async (ids: readonly string[]) => ids.flatMap((id) => store.get(id) ?? [])),
  };
}

describe('the day’s spending for the daily cap', () => {
  it('reads the day once, then counts each recorded lookup without reading history again', async () => {
    const h = history([entry('old', 50, 30), entry('a', 100, 2), entry('lost', 120, 0, { outcome: 'unknown', maxCost: 30 })]);
    const spent = createSpentToday(h);
    expect(await spent.spentSince(100)).toBe(32);
    for (let i = 0; i < 100; i++) {
      const e = entry(`b${i}`, 200 + i, 2);
      h.store.set(e.id, e);
      spent.recorded(e);
      expect(await spent.spentSince(100)).toBe(32 + 2 * (i + 1));
    }
    expect(h.readSince).toHaveBeenCalledTimes(1);
  });

  it('a new day is read again', async () => {
    const h = history([entry('a', 100, 2), entry('b', 1_000, 5)]);
    const spent = createSpentToday(h);
    expect(await spent.spentSince(0)).toBe(7);
    expect(await spent.spentSince(500)).toBe(5);
  });

  it('deleted and replaced entries are read again by id; a cleared history from scratch', async () => {
    const h = history([entry('a', 100, 2), entry('b', 110, 30, { outcome: 'unknown', maxCost: 30 })]);
    const spent = createSpentToday(h);
    expect(await spent.spentSince(0)).toBe(32);
    h.store.delete('a');
    h.store.set('b', entry('b', 110, 30));
    await spent.changed(['a', 'b']);
    expect(await spent.spentSince(0)).toBe(30);
    h.store.clear();
    await spent.changed([]);
    expect(await spent.spentSince(0)).toBe(0);
  });

  it('an entry recorded while the day is being read is counted once', async () => {
    const h = history([entry('a', 100, 2)]);
    let release!: () => void;
    h.readSince.mockImplementationOnce(async (since) => {
      await new Promise<void>((r) => (release = r));
      return [...h.store.values()].filter((e) => e.at >= since);
    });
    const spent = createSpentToday(h);
    const first = spent.spentSince(0);
    const b = entry('b', 200, 2);
    h.store.set('b', b);
    spent.recorded(b);
    release();
    expect(await first).toBe(4);
  });
});
