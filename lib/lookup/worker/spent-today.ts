import { capCost, type HistoryEntry } from '@/lib/history/entry';

/**
 * What the daily cap reads before every paid lookup: the day's spending, as history records it
 * (a lost answer at its price). Read whole once a day, then kept up to date entry by entry: a
 * bulk run pays thousands of lookups a day, and reading the whole day's history before each one
 * would cost more with every row.
 */
export interface SpentTodayDeps {
  readSince(since: number): Promise<HistoryEntry[]>;
  readByIds(ids: readonly string[]): Promise<HistoryEntry[]>;
}

export function createSpentToday(deps: SpentTodayDeps) {
  /** Only what cost something is kept (id → credits): misses, free and ledger answers weigh nothing. */
  const put = (costs: Map<string, number>, entry: HistoryEntry) => {
    const cost = capCost(entry);
    if (cost > 0) costs.set(entry.id, cost);
    else costs.delete(entry.id);
  };

  let day: { since: number; costs: Map<string, number>; ready: Promise<void> } | null = null;

  function dayOf(since: number) {
    if (day?.since === since) return day;
    const fresh = { since, costs: new Map<string, number>(), ready: Promise.resolve() };
    // Set, never cleared: an entry recorded while this read runs is kept whichever lands first.
    fresh.ready = deps.readSince(since).then((entries) => {
      for (const entry of entries) if (!fresh.costs.has(entry.id)) put(fresh.costs, entry);
    });
    day = fresh;
    return fresh;
  }

  return {
    async spentSince(since: number): Promise<number> {
      const current = dayOf(since);
      try {
        await current.ready;
      } catch (error) {
        if (day === current) day = null;
        throw error;
      }
      let sum = 0;
      for (const cost of current.costs.values()) sum += cost;
      return sum;
    },

    /** A lookup's entry was just written: counted before its cap reservation is released. */
    recorded(entry: HistoryEntry): void {
      if (day && entry.at >= day.since) put(day.costs, entry);
    },

    /** History changed (entries deleted, replaced, the oldest dropped; no ids: cleared): read those again. */
    async changed(ids: readonly string[]): Promise<void> {
      const current = day;
      if (!current) return;
      if (!ids.length) {
        day = null;
        return;
      }
      await current.ready.catch(() => {});
      const found = new Map((await deps.readByIds(ids)).map((entry) => [entry.id, entry]));
      for (const id of ids) {
        const entry = found.get(id);
        if (entry && entry.at >= current.since) put(current.costs, entry);
        else current.costs.delete(id);
      }
    },
  };
}
