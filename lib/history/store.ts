import { createSerialQueue } from '../storage/serial';
import { vault } from '../storage/vault';
import { defineVaultItem } from '../storage/vault-item';
import { historyEntrySchema, type HistoryEntry } from './entry';
import {
  allHistoryKeys,
  ENTRY_PREFIX,
  entryKey,
  getValues,
  INDEX_KEY,
  LEGACY_KEY,
  PAGE_PREFIX,
  PAGE_SIZE,
  pageKey,
  parseEntry,
  parseIndex,
  parsePage,
  readIds,
  type HistoryIndex,
} from './layout';
import { readRecentIndex, recentHistoryItem, RECENT_HISTORY_SIZE } from './recent';

/**
 * History, newest first, stored one key per entry (layout 2, see layout.ts). Entries that no
 * longer parse (a manual edit, a bug in an older release) are set aside in
 * `historyQuarantine` rather than dropped, so that nothing a user paid for silently
 * disappears. Only the background calls these functions; every call runs alone, in order.
 */

/**
 * Release 0.1's history: one array, version 1. Kept as it was so that its data can still be
 * read: the first call of any function below moves it into layout 2 and removes it.
 */
export const historyItem = defineVaultItem<unknown[]>(LEGACY_KEY, {
  fallback: [],
  version: 1,
});

export const historyQuarantineItem = defineVaultItem<unknown[]>('historyQuarantine', { fallback: [] });
const quarantineItem = historyQuarantineItem;
const RECENT_KEY = recentHistoryItem.key;
/** Entries per write while moving layout 1: keeps each message to the storage a few hundred KB. */
const MIGRATION_CHUNK = 500;

const serial = createSerialQueue();

interface Write {
  key: string;
  value: unknown;
}

/** One `set`: the vault writes it in one transaction, all or nothing. */
function writeAll(writes: readonly Write[]): Promise<void> {
  return vault.set(Object.fromEntries(writes.map((w) => [w.key, w.value])));
}

/** A page the index lists is missing or unreadable: the index is rebuilt from the entry keys. */
class CorruptIndex extends Error {}

/** Runs `body` alone, on layout 2: layout 1 is moved first, a broken index rebuilt. */
function locked<T>(body: (index: HistoryIndex) => Promise<T>): Promise<T> {
  return serial(async () => {
    const [legacy, rawIndex] = await getValues([LEGACY_KEY, INDEX_KEY]);
    const index = legacy != null ? await migrate(legacy, rawIndex) : (parseIndex(rawIndex) ?? (await rebuildIndex()));
    try {
      return await body(index);
    } catch (err) {
      if (!(err instanceof CorruptIndex)) throw err;
      return body(await rebuildIndex());
    }
  });
}

/**
 * Adds to the quarantine what is not there yet (counting repeats), so that a step run again
 * after the worker died does not set the same value aside twice.
 */
async function withQuarantined(items: readonly unknown[]): Promise<unknown[]> {
  const raw = await quarantineItem.getValue();
  const current: unknown[] = raw == null ? [] : Array.isArray(raw) ? raw : [raw];
  const present = new Map<string, number>();
  for (const item of current) present.set(JSON.stringify(item), (present.get(JSON.stringify(item)) ?? 0) + 1);
  const added = items.filter((item) => {
    const left = present.get(JSON.stringify(item)) ?? 0;
    if (left) present.set(JSON.stringify(item), left - 1);
    return !left;
  });
  return [...current, ...added];
}

/** The first `limit` valid entries in index order, fetching only those not in `known`. */
async function newestEntries(order: readonly string[], known: ReadonlyMap<string, HistoryEntry>, limit: number): Promise<HistoryEntry[]> {
  const out: HistoryEntry[] = [];
  for (let start = 0; start < order.length && out.length < limit; ) {
    const ids = order.slice(start, start + limit - out.length);
    start += ids.length;
    const missing = ids.filter((id) => !known.has(id));
    const values = await getValues(missing.map(entryKey));
    const fetched = new Map(missing.map((id, i) => [id, parseEntry(id, values[i])]));
    for (const id of ids) {
      const entry = known.get(id) ?? fetched.get(id);
      if (entry) out.push(entry);
    }
  }
  return out;
}

/** The newest `limit` entries, reading one page and only the entries needed at a time. */
async function readNewest(index: HistoryIndex, limit: number): Promise<HistoryEntry[]> {
  const out: HistoryEntry[] = [];
  const seen = new Set<string>();
  for (const page of index.pages) {
    if (out.length >= limit) break;
    const ids = await readIds(index, [page]);
    if (!ids) throw new CorruptIndex();
    const fresh = ids.filter((id) => !seen.has(id));
    fresh.forEach((id) => seen.add(id));
    out.push(...(await newestEntries(fresh, new Map(), limit - out.length)));
  }
  return out;
}

interface Rewrite {
  /** The ids of the history after the change, newest first. */
  order: readonly string[];
  /** Entries already read, so that the recent copy need not read them again. */
  known: ReadonlyMap<string, HistoryEntry>;
  /** The first unused page number. */
  next: number;
  /** Pages of the index being replaced, removed once the new one is written. */
  dropPages: readonly number[];
  removeIds: readonly string[];
  quarantine: readonly unknown[];
}

/**
 * Writes a whole new index (for the rare changes that are not an append): new pages under new
 * numbers, the index, the recent copy and the quarantine in one `set`, which the vault applies
 * in one transaction; only then are the old pages and the removed entries deleted. A crash before the
 * `set` leaves the old index whole, after it leaves only keys no index lists.
 */
async function rewrite(change: Rewrite): Promise<HistoryIndex> {
  const pages: { n: number; ids: string[] }[] = [];
  for (let i = 0; i < change.order.length; i += PAGE_SIZE) pages.push({ n: change.next + pages.length, ids: change.order.slice(i, i + PAGE_SIZE) });
  const index: HistoryIndex = { pages: pages.map((p) => ({ n: p.n, size: p.ids.length })), next: change.next + pages.length };
  const writes: Write[] = [
    ...pages.map((p) => ({ key: pageKey(p.n), value: p.ids })),
    { key: INDEX_KEY, value: index },
    { key: RECENT_KEY, value: await newestEntries(change.order, change.known, RECENT_HISTORY_SIZE) },
  ];
  if (change.quarantine.length) writes.push({ key: quarantineItem.key, value: await withQuarantined(change.quarantine) });
  await writeAll(writes);
  const live = new Set(pages.map((p) => p.n));
  const stale = [...change.dropPages.filter((n) => !live.has(n)).map(pageKey), ...change.removeIds.map(entryKey)];
  if (stale.length) await vault.remove(stale);
  return index;
}

/**
 * Moves release 0.1's array into layout 2 so that no entry can be lost if the worker dies at any
 * point: (1) the entry keys, (2) the index over them, (3) only then the old array goes. Until
 * (3) the array is the truth and a re-run repeats every step with the same result: the keys are
 * the same, the index is rebuilt from the array (plus whatever layout 2 already held), and the
 * quarantine ignores what it already has.
 *
 * Why not the item's `version`/`migrations` on `history`: a WXT migration rewrites one key in
 * place, in every context that defines the item (the history page too), outside our write
 * queue. So `history` stays at version 1 and its presence is the marker that layout 1
 * still has to be moved; the new index key carries its own version for later migrations.
 */
async function migrate(legacy: unknown, rawIndex: unknown): Promise<HistoryIndex> {
  const entries = new Map<string, HistoryEntry>();
  const rejected: unknown[] = [];
  for (const item of Array.isArray(legacy) ? legacy : [legacy]) {
    const parsed = historyEntrySchema.safeParse(item);
    if (parsed.success && !entries.has(parsed.data.id)) entries.set(parsed.data.id, parsed.data);
    else rejected.push(item);
  }
  const list = [...entries.values()];
  for (let i = 0; i < list.length; i += MIGRATION_CHUNK) {
    await writeAll(list.slice(i, i + MIGRATION_CHUNK).map((e) => ({ key: entryKey(e.id), value: e })));
  }

  // What layout 2 already holds: the same ids if a run died after step 2, or entries recorded
  // before an older release was put back and wrote layout 1 again.
  let index = parseIndex(rawIndex);
  let earlier = index && (await readIds(index));
  if (!index || !earlier) {
    index = await rebuildIndex();
    earlier = (await readIds(index)) ?? [];
  }
  const migrated = await rewrite({
    order: [...entries.keys(), ...earlier.filter((id) => !entries.has(id))],
    known: entries,
    next: index.next,
    dropPages: index.pages.map((p) => p.n),
    removeIds: [],
    quarantine: rejected,
  });
  await vault.remove([LEGACY_KEY, `${LEGACY_KEY}$`]);
  return migrated;
}

/**
 * The index is unreadable (a manual edit, a bug): rebuilt from every entry key, newest `at`
 * first, so that no entry becomes unreachable. Unreadable entries go to the quarantine.
 */
async function rebuildIndex(): Promise<HistoryIndex> {
  const keys = await allHistoryKeys();
  const entryKeys = keys.filter((k) => k.startsWith(ENTRY_PREFIX));
  const pageNumbers = keys.flatMap((k) => (k.startsWith(PAGE_PREFIX) ? [Number(k.slice(PAGE_PREFIX.length))] : []));
  const values = await getValues(entryKeys);
  const known = new Map<string, HistoryEntry>();
  const rejected: unknown[] = [];
  const removeIds: string[] = [];
  entryKeys.forEach((key, i) => {
    const id = key.slice(ENTRY_PREFIX.length);
    const entry = parseEntry(id, values[i]);
    if (entry) known.set(id, entry);
    else if (values[i] != null) {
      rejected.push(values[i]);
      removeIds.push(id);
    }
  });
  const valid = [...known.values()].sort((a, b) => b.at - a.at);
  return rewrite({
    order: valid.map((e) => e.id),
    known,
    next: pageNumbers.filter(Number.isInteger).reduce((max, n) => Math.max(max, n + 1), 0),
    dropPages: pageNumbers.filter(Number.isInteger),
    removeIds,
    quarantine: rejected,
  });
}

interface Loaded {
  entries: HistoryEntry[];
  /** Stored under an id the index lists, but unreadable. */
  rejected: { id: string; value: unknown }[];
  /** False when the index lists ids twice, ids with no entry, or page sizes that are wrong. */
  clean: boolean;
}

/** The whole history: the pages in one read, the entries in a second. */
async function loadAll(index: HistoryIndex): Promise<Loaded> {
  const pages = (await getValues(index.pages.map((p) => pageKey(p.n)))).map(parsePage);
  if (pages.some((p) => !p)) throw new CorruptIndex();
  let clean = pages.every((ids, i) => ids!.length === index.pages[i]!.size && ids!.length > 0);
  const ids = [...new Set(pages.flatMap((p) => p!))];
  if (ids.length !== index.pages.reduce((sum, p) => sum + p.size, 0)) clean = false;
  const values = await getValues(ids.map(entryKey));
  const entries: HistoryEntry[] = [];
  const rejected: Loaded['rejected'] = [];
  ids.forEach((id, i) => {
    const entry = parseEntry(id, values[i]);
    if (entry) entries.push(entry);
    else if (values[i] == null) clean = false;
    else rejected.push({ id, value: values[i] });
  });
  return { entries, rejected, clean: clean && !rejected.length };
}

/** Replaces the index with `entries` (a subset of `loaded`), quarantining what did not parse. */
function keepOnly(index: HistoryIndex, loaded: Loaded, entries: readonly HistoryEntry[], removeIds: readonly string[] = []): Promise<HistoryIndex> {
  return rewrite({
    order: entries.map((e) => e.id),
    known: new Map(entries.map((e) => [e.id, e])),
    next: index.next,
    dropPages: index.pages.map((p) => p.n),
    removeIds: [...removeIds, ...loaded.rejected.map((r) => r.id)],
    quarantine: loaded.rejected.map((r) => r.value),
  });
}

/** Reads everything; on the way, sets aside entries that no longer parse. */
export function readHistory(): Promise<HistoryEntry[]> {
  return locked(async (index) => {
    const loaded = await loadAll(index);
    if (!loaded.clean) await keepOnly(index, loaded, loaded.entries);
    return loaded.entries;
  });
}

/** The entries with these ids still in the history, read by key: one CRM push reads one entry. */
export function readHistoryEntries(ids: readonly string[]): Promise<HistoryEntry[]> {
  return locked(async () => {
    const values = await getValues(ids.map(entryKey));
    return ids.flatMap((id, i) => parseEntry(id, values[i]) ?? []);
  });
}

/**
 * The entries recorded at or after `since`, newest first: what a daily cap adds up before each
 * paid lookup. Reads page by page from the newest and stops at the first page that reaches
 * back past `since`, so its cost follows today's lookups, not the size of the history.
 */
export function readHistorySince(since: number): Promise<HistoryEntry[]> {
  return locked(async (index) => {
    const out: HistoryEntry[] = [];
    const seen = new Set<string>();
    for (const page of index.pages) {
      const ids = await readIds(index, [page]);
      if (!ids) throw new CorruptIndex();
      const fresh = ids.filter((id) => !seen.has(id));
      fresh.forEach((id) => seen.add(id));
      const entries = await newestEntries(fresh, new Map(), fresh.length);
      out.push(...entries.filter((e) => e.at >= since));
      // A resumed lookup keeps its first time but moves to the front: order is nearly, not
      // strictly, by time, hence the whole page is read before stopping.
      if (entries.some((e) => e.at < since)) break;
    }
    return out;
  });
}

/** The newest `limit` entries, from the small index when it can answer (see recent.ts). */
export async function readRecentHistory(limit: number): Promise<HistoryEntry[]> {
  if (limit <= RECENT_HISTORY_SIZE) {
    const indexed = await readRecentIndex(limit);
    if (indexed) return indexed;
  }
  return locked(async (index) => {
    if (limit > RECENT_HISTORY_SIZE) return readNewest(index, limit);
    // Moving layout 1 writes the recent copy; otherwise it is missing (an older release).
    const indexed = await readRecentIndex(limit);
    if (indexed) return indexed;
    const rebuilt = await readNewest(index, RECENT_HISTORY_SIZE);
    await recentHistoryItem.setValue(rebuilt);
    return rebuilt.slice(0, limit);
  });
}

interface Page {
  n: number;
  size: number;
  /** Read only when the change needs them. */
  ids?: string[];
}

async function loadPages(pages: readonly Page[]): Promise<void> {
  const wanted = pages.filter((p) => !p.ids);
  const values = await getValues(wanted.map((p) => pageKey(p.n)));
  wanted.forEach((page, i) => {
    const ids = parsePage(values[i]);
    if (!ids) throw new CorruptIndex();
    page.ids = ids;
  });
}

/** The recent copy after an append, from the one before; undefined when there is none to follow. */
function recentAfter(raw: unknown, entry: HistoryEntry | null, gone: ReadonlySet<string>): HistoryEntry[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const rest = raw.flatMap((item) => {
    const parsed = historyEntrySchema.safeParse(item);
    return parsed.success && !gone.has(parsed.data.id) ? [parsed.data] : [];
  });
  return (entry ? [entry, ...rest] : rest).slice(0, RECENT_HISTORY_SIZE);
}

/**
 * Adds an entry, dropping the oldest beyond `maxEntries`. Writes the entry, the newest page,
 * the index and the recent copy in one `set`, whatever the size of the history; an entry whose
 * id is already recorded (a lookup resumed after the worker died) moves to the front.
 * Resolves with nothing: answering with the whole history would mean reading all of it.
 */
export function appendHistory(entry: HistoryEntry, maxEntries: number): Promise<void> {
  return locked(async (index) => {
    const pages: Page[] = index.pages.map((p) => ({ ...p }));
    const [existing, recentRaw, headRaw] = await getValues([entryKey(entry.id), RECENT_KEY, ...(pages[0] ? [pageKey(pages[0].n)] : [])]);
    if (pages[0]) pages[0].ids = parsePage(headRaw) ?? undefined;
    if (pages[0] && !pages[0].ids) throw new CorruptIndex();
    const touched = new Set<Page>();

    if (existing != null) {
      await loadPages(pages);
      for (const page of pages) {
        if (!page.ids!.includes(entry.id)) continue;
        page.ids = page.ids!.filter((id) => id !== entry.id);
        touched.add(page);
      }
    }
    let next = index.next;
    let head = pages[0];
    if (!head || head.ids!.length >= PAGE_SIZE) pages.unshift((head = { n: next++, size: 0, ids: [] }));
    head.ids = [entry.id, ...head.ids!];
    touched.add(head);

    const sizeOf = (p: Page) => p.ids?.length ?? p.size;
    let excess = pages.reduce((sum, p) => sum + sizeOf(p), 0) - Math.max(0, maxEntries);
    const dropped: string[] = [];
    for (let i = pages.length - 1; excess > 0 && i >= 0; i--) {
      const page = pages[i]!;
      await loadPages([page]);
      const cut = Math.min(excess, page.ids!.length);
      dropped.push(...page.ids!.slice(page.ids!.length - cut));
      page.ids = page.ids!.slice(0, page.ids!.length - cut);
      touched.add(page);
      excess -= cut;
    }

    const live = pages.filter((p) => sizeOf(p) > 0);
    const kept = !dropped.includes(entry.id);
    const recent = recentAfter(recentRaw, kept ? entry : null, new Set([entry.id, ...dropped]));
    const writes: Write[] = [
      ...(kept ? [{ key: entryKey(entry.id), value: entry }] : []),
      ...live.filter((p) => touched.has(p)).map((p) => ({ key: pageKey(p.n), value: p.ids })),
      { key: INDEX_KEY, value: { pages: live.map((p) => ({ n: p.n, size: sizeOf(p) })), next } satisfies HistoryIndex },
      ...(recent ? [{ key: RECENT_KEY, value: recent }] : []),
    ];
    await writeAll(writes);
    const stale = [...index.pages.filter((p) => !live.some((l) => l.n === p.n)).map((p) => pageKey(p.n)), ...dropped.map(entryKey)];
    if (stale.length) await vault.remove(stale);
    if (!recent) await recentHistoryItem.setValue(await readNewest({ pages: live.map((p) => ({ n: p.n, size: sizeOf(p) })), next }, RECENT_HISTORY_SIZE));
  });
}

/**
 * Changes one entry in place: writes that entry's key (and the recent copy when it is there).
 * Resolves with the entry as written, or null when no readable entry has that id.
 */
export function replaceHistoryEntry(id: string, change: (entry: HistoryEntry) => HistoryEntry): Promise<HistoryEntry | null> {
  return locked(async () => {
    const [raw, recentRaw] = await getValues([entryKey(id), RECENT_KEY]);
    const current = parseEntry(id, raw);
    if (!current) return null;
    const next: HistoryEntry = { ...change(current), id };
    const writes: Write[] = [{ key: entryKey(id), value: next }];
    const idOf = (item: unknown) => (item && typeof item === 'object' ? (item as { id?: unknown }).id : undefined);
    if (Array.isArray(recentRaw) && recentRaw.some((item) => idOf(item) === id)) {
      writes.push({ key: RECENT_KEY, value: recentRaw.map((item) => (idOf(item) === id ? next : item)) });
    }
    await writeAll(writes);
    return next;
  });
}

/** Deletes entries (their keys too, even ones no index lists); resolves with what remains. */
export function deleteHistoryEntries(ids: readonly string[]): Promise<HistoryEntry[]> {
  const doomed = new Set(ids);
  return locked(async (index) => {
    const loaded = await loadAll(index);
    const kept = loaded.entries.filter((e) => !doomed.has(e.id));
    if (doomed.size || !loaded.clean) await keepOnly(index, loaded, kept, [...doomed]);
    return kept;
  });
}

/**
 * Removes every key of the history, whichever layout wrote it and including keys left behind
 * by a worker that died mid-change; the quarantine stays (deleteAllData removes it).
 */
export function clearHistory(): Promise<HistoryEntry[]> {
  return serial(async () => {
    // The index first: should the worker die before the rest, the history is already empty.
    await vault.remove([INDEX_KEY, LEGACY_KEY, RECENT_KEY]);
    const rest = await allHistoryKeys();
    if (rest.length) await vault.remove(rest);
    return [];
  });
}

/** Drops entries older than the retention window; run on a schedule by the background. */
export function purgeHistory(retentionDays: number, now: number): Promise<HistoryEntry[]> {
  const cutoff = now - retentionDays * 86_400_000;
  return locked(async (index) => {
    const loaded = await loadAll(index);
    const kept = loaded.entries.filter((e) => e.at >= cutoff);
    const gone = loaded.entries.filter((e) => e.at < cutoff).map((e) => e.id);
    if (gone.length || !loaded.clean) await keepOnly(index, loaded, kept, gone);
    return kept;
  });
}
