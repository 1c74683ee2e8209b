import { createSerialQueue } from '@/lib/platform/storage/serial';
import { onRecordsChanged, type RecordChange } from '@/lib/platform/storage/vault';
import { MIN_READ_GAP_MS, sleep } from '@/lib/platform/storage/watch-records';
import type { HistoryEntry } from '@/lib/history/entry';
import { countHistory, readHistoryEntries, readHistoryIdsFrom, readHistorySlice, type HistoryPosition } from '@/lib/history/read';

/**
 * The history for the history page, read a page at a time and kept current. Unfiltered, it reads
 * the newest page first (the first rows show after one short index read, whatever the size of
 * the history) and the next page when the page asks (the list scrolled near its end). Filtered,
 * it scans the `at` index (narrowed to the date range) in slices, yielding between them, until
 * every match is found, so the page can say how many there are. A change written by the worker
 * (an append, a delete, a batch of the move from an older layout) is patched in by id; a clear
 * starts again. Never writes: the worker owns the store.
 */

export interface HistoryQuery {
  /** Only entries recorded at or after `from`, and before `to` (ms). */
  from?: number | null;
  to?: number | null;
  /** Only entries it accepts (search words, operation, outcome). */
  keep?: (entry: HistoryEntry) => boolean;
}

export interface HistoryFeedState {
  /** Newest first: every match read so far. */
  entries: HistoryEntry[];
  /** Entries in the whole history, filtered or not; null until read. */
  total: number | null;
  /** Every match is in `entries`. */
  complete: boolean;
  loading: boolean;
  error: unknown;
}

export interface HistoryFeedOptions {
  /** Entries of the first read: enough to fill the screen (its rows are 40 px high), each parsed by its operation's schema. */
  firstPage?: number;
  /** Entries of each later read. */
  pageSize?: number;
  /** Records a filtered scan reads before it yields. */
  slice?: number;
}

export interface HistoryFeed {
  /** Reads the next page (unfiltered feeds; a filtered one reads to the end by itself). */
  more(): void;
  close(): void;
}

/** Past this many ids in one change, reading them one by one costs more than starting again. */
const MAX_PATCH = 1_000;

/** The index's order: newest first, then by id, descending, within one millisecond. */
export function newestFirst(a: Pick<HistoryEntry, 'at' | 'id'>, b: Pick<HistoryEntry, 'at' | 'id'>): number {
  return b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Two lists in `newestFirst` order, as one. */
function merged(a: readonly HistoryEntry[], b: readonly HistoryEntry[]): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(newestFirst(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!);
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

export function openHistoryFeed(query: HistoryQuery | null, publish: (state: HistoryFeedState) => void, options: HistoryFeedOptions = {}): HistoryFeed {
  const firstPage = options.firstPage ?? 50;
  const pageSize = options.pageSize ?? 200;
  const slice = options.slice ?? 500;
  const from = query?.from ?? null;
  const to = query?.to ?? null;
  const keep = query?.keep;
  const filtered = Boolean(keep) || from !== null || to !== null;
  const serial = createSerialQueue();

  let entries: HistoryEntry[] = [];
  /** Where the next read starts: undefined before the first, null once the end is reached. */
  let next: HistoryPosition | null | undefined;
  let total: number | null = null;
  let loading = false;
  let error: unknown = null;
  let closed = false;
  let morePending = false;
  /** Entries asked for so far (unfiltered): the first page, and a page per `more`. */
  let asked = 0;

  const emit = () => {
    if (!closed) publish({ entries, total, complete: next === null, loading, error });
  };

  const matches = (e: HistoryEntry) => (from === null || e.at >= from) && (to === null || e.at < to) && (!keep || keep(e));
  /** Whether `e` sorts among the entries read so far (an older one is read when its page comes). */
  const inRead = (e: HistoryEntry) => next === null || (next !== undefined && newestFirst(e, next) <= 0);

  async function refreshTotal(): Promise<void> {
    total = await countHistory().catch(() => total);
  }

  /** Reads until `wanted` more matches are in, or the end. */
  async function load(wanted: number): Promise<void> {
    if (Number.isFinite(wanted)) asked += wanted;
    if (next === null || closed) return;
    loading = true;
    emit();
    let found = 0;
    try {
      while (next !== null && found < wanted && !closed) {
        const limit = Number.isFinite(wanted) ? wanted - found : slice;
        const read = await readHistorySlice({ after: next ?? null, limit, from, to, keep, budget: filtered ? slice : undefined });
        if (read.entries.length) entries = entries.concat(read.entries);
        found += read.entries.length;
        next = read.next;
        if (filtered && next !== null && found < wanted) {
          emit();
          await pause();
        }
      }
      error = null;
    } catch (err) {
      error = err;
    }
    loading = false;
    emit();
  }

  const toEnd = () => (filtered ? Infinity : firstPage);

  async function restart(): Promise<void> {
    entries = [];
    next = undefined;
    asked = 0;
    await refreshTotal();
    await load(toEnd());
  }

  async function patch(ids: readonly string[]): Promise<void> {
    if (!ids.length || ids.length > MAX_PATCH) return restart();
    // Only what is listed, or sorts among what was read, is read: a batch of the move from an
    // older layout (hundreds of older entries) then costs the page a read of keys.
    const listed = new Set(entries.map((e) => e.id));
    const region = next === null ? null : next === undefined ? new Set<string>() : await readHistoryIdsFrom(next.at);
    const found = await readHistoryEntries(ids.filter((id) => !region || listed.has(id) || region.has(id)));
    const touched = new Set(ids);
    const kept = entries.some((e) => touched.has(e.id)) ? entries.filter((e) => !touched.has(e.id)) : entries;
    const added = found.filter((e) => matches(e) && inRead(e)).sort(newestFirst);
    const before = { entries, total };
    entries = added.length ? merged(kept, added) : kept;
    // Unfiltered, the page holds what it asked for and no more: a history that grew under it (the
    // move of an older layout writes thousands) is read further only as the list scrolls.
    if (!filtered && entries.length > asked) {
      entries = entries.slice(0, asked);
      const last = entries[entries.length - 1]!;
      next = { at: last.at, id: last.id };
    }
    await refreshTotal();
    // Nothing the page shows changed (a batch of older entries it has not read): no render.
    if (entries !== before.entries || total !== before.total) emit();
  }

  // Changes that arrive while one is read, or soon after, are read together (see watch-records.ts).
  let pending: Set<string> | 'all' | null = null;
  let lastPatch = -Infinity;
  async function flush(): Promise<void> {
    const wait = lastPatch + MIN_READ_GAP_MS - Date.now();
    if (wait > 0) await sleep(wait);
    const ids = pending;
    pending = null;
    lastPatch = Date.now();
    if (ids && !closed) await patch(ids === 'all' ? [] : [...ids]);
  }
  const onChange = (change: RecordChange) => {
    if (change.store !== 'history') return;
    const scheduled = pending !== null;
    if (!change.ids.length || pending === 'all') pending = 'all';
    else pending = new Set([...(pending ?? []), ...change.ids]);
    if (!scheduled) void serial(flush).catch((err) => ((error = err), emit()));
  };
  onRecordsChanged.addListener(onChange);
  void serial(async () => {
    await Promise.all([refreshTotal(), load(toEnd())]);
    emit();
  });

  return {
    more() {
      if (closed || filtered || next === null || morePending) return;
      morePending = true;
      void serial(async () => {
        morePending = false;
        await load(pageSize);
      });
    },
    close() {
      closed = true;
      onRecordsChanged.removeListener(onChange);
    },
  };
}
