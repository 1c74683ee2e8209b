import type { IDBPTransaction } from 'idb';
import { allOrNothing, FLUSHED, REDOABLE, tracked } from '@/lib/platform/storage/transaction';
import { announceRecords, ITEMS_STORE, META_STORE, withRecords } from '@/lib/platform/storage/vault';
import type { HistoryEntry } from '@/lib/history/entry';
import {
  COUNT_KEY,
  entryKey,
  ENTRY_PREFIX,
  HISTORY_STORE,
  historyQuarantineItem,
  INDEX_KEY,
  LEGACY_KEY,
  MIGRATION_KEY,
  OLD_FIXED_KEYS,
  OLD_PREFIXES,
  PAGE_PREFIX,
  pageKey,
  parseEntries,
  parseEntry,
  parseIndex,
  parsePage,
  prefixRange,
} from '@/lib/history/layout';
import { migrationMarkerSchema, type MigrationMarker } from '@/lib/history/progress';
import { countAfter, historyMayHave, trackHistoryIds, type Store } from '@/lib/history/worker/store';

/**
 * Moves the history of older releases (layout 1's array, layout 2's key per entry, see
 * layout.ts) from the vault's key/value area into the `history` record store. The worker runs
 * it at its start, after the ledger's move, and keeps serving meanwhile: screens list what is
 * already moved and show the progress (progress.ts). Safe at any point of a crash:
 *
 *   - the entries are taken in one fixed order (layout 1's array, layout 2's index and pages do
 *     not change until the end);
 *   - each batch is one transaction that writes its records, sets aside its unreadable entries
 *     in the quarantine, merges its contacts into the book (`book`) and advances the progress
 *     marker: all of it or none;
 *   - the batches' transactions do not wait for the disk (REDOABLE: one lost to a power cut is
 *     taken again, its marker lost with it); the old keys are deleted only once every batch is in
 *     and on disk (a FLUSHED write of the marker first): layout 2's entry keys first, a range
 *     of CLEAN_STEP keys per transaction with a pause between (one transaction for 100,000 held
 *     the stores the screens read for seconds), then the rest with the marker;
 *   - a restart reads the marker and resumes after the last batch in; should it ever take a
 *     batch again, records are keyed by id, so nothing is listed twice.
 *
 * A record the new code already wrote under the same id is newer and is kept, except a lost
 * answer (`unknown`) recorded by a worker that could not yet see the settled old entry.
 */

export interface MigrateHistoryOptions {
  /** Entries per transaction (each is a KB or two), or asked before each batch (record-migration.ts sizes them by time). */
  batchSize?: number | (() => number);
  /**
   * The contact book, built from the old history: its part of each batch is written in the batch's
   * own transaction (one commit for the history's records, the contacts and the marker); the
   * entries it could not take there are given to its `apart` after the batch is in.
   */
  book?: BatchBook;
  /** Between batches, so that the worker serves lookups meanwhile (and, there, stays awake). */
  pause?: () => Promise<void>;
  /** Entry keys deleted per transaction at the end (tests). */
  cleanStep?: number;
  /** Tests only: called after each batch has committed, with the marker's `done`. */
  checkpoint?: (done: number) => void | Promise<void>;
}

/** What a batch needs of the contact book (lib/book/store.ts, wired by record-migration.ts). */
export interface BatchBook {
  /** Stores its writes need, beside the history's. */
  stores: readonly string[];
  /**
   * Before the batch's transaction is made, with the batch's readable entries as the old layout
   * holds them; null when the book takes this batch apart instead.
   */
  prepare(entries: readonly HistoryEntry[]): Promise<BookPart | null>;
  /**
   * The fallback, after a batch is in, with the entries as the history now holds them: a batch
   * whose part threw (it was moved again without it), one prepared as null, or one a worker
   * stopped between a batch and its contacts (given again at the next start: merging is
   * idempotent). Should it throw, the move goes on: the book is derived data.
   */
  apart(entries: readonly HistoryEntry[]): Promise<void>;
}

export interface BookPart {
  /**
   * Inside the batch's transaction, after its records are written, with the entries as the history
   * now holds them (rarely others than those prepared: a lookup recorded since); answers what to
   * announce once the transaction is in.
   */
  write(tx: IDBPTransaction<unknown, string[], 'readwrite'>, entries: readonly HistoryEntry[]): Promise<() => void>;
}

/** The book's part of a batch threw: the batch is moved again without it. */
class BookFailure extends Error {
  constructor(readonly reason: unknown) {
    super('the contact book could not take a batch', { cause: reason });
  }
}

export interface MigrateHistoryReport {
  total: number;
  /** Entries written as records by this run. */
  moved: number;
  /** Entries set aside in the quarantine by this run. */
  quarantined: number;
  /** False when there was nothing to do, or when the history was cleared under the move. */
  finished: boolean;
}

const BATCH_SIZE = 500;

/** One entry to move: a value of layout 1's array, or an id whose entry key is read at its turn. */
type Source = { kind: 'array'; value: unknown; reject: boolean } | { kind: 'key'; id: string };

interface Plan {
  order: Source[];
  /** Whether any key of the old layouts is there, to be deleted at the end. */
  leftovers: boolean;
}

/** The fixed order of the move: layout 1's array first (it was newer), then layout 2's pages, newest first. */
async function plan(): Promise<Plan> {
  return withRecords(async (db) => {
    const tx = db.transaction(ITEMS_STORE, 'readonly');
    const [legacy, rawIndex, firstEntry, firstPage, ...fixed] = await Promise.all([
      tx.store.get(LEGACY_KEY),
      tx.store.get(INDEX_KEY),
      tx.store.getKey(prefixRange(ENTRY_PREFIX)),
      tx.store.getKey(prefixRange(PAGE_PREFIX)),
      ...OLD_FIXED_KEYS.map((key) => tx.store.getKey(key)),
    ]);
    const leftovers = [firstEntry, firstPage, ...fixed].some((key) => key !== undefined);
    const order: Source[] = [];
    const taken = new Set<string>();
    if (legacy !== undefined) {
      for (const value of Array.isArray(legacy) ? legacy : [legacy]) {
        const entry = parseEntry(value);
        // A second entry under an id already taken is set aside too, not lost.
        order.push({ kind: 'array', value, reject: !entry || taken.has(entry.id) });
        if (entry) taken.add(entry.id);
      }
    }
    // The index, not the entry keys, says whether layout 2 is there: the end deletes those first, in steps.
    if (firstEntry !== undefined || rawIndex !== undefined) {
      for (const id of await listedIds(tx.store, rawIndex)) {
        if (!taken.has(id)) order.push({ kind: 'key', id });
        taken.add(id);
      }
    }
    return { order, leftovers };
  });
}

type ItemsStore = { get(key: string): Promise<unknown>; getAllKeys(range: IDBKeyRange): Promise<IDBValidKey[]> };

/**
 * The ids layout 2's index lists, in its order. Entry keys it does not list were deleted or
 * dropped (a worker stopped between writing the index and removing them) and are not moved;
 * when the index or a page is unreadable, every entry key is, as layout 2 itself rebuilt it.
 */
async function listedIds(items: ItemsStore, rawIndex: unknown): Promise<string[]> {
  const index = parseIndex(rawIndex);
  if (index) {
    const pages = (await Promise.all(index.pages.map((p) => items.get(pageKey(p.n))))).map(parsePage);
    if (pages.every((page) => page !== null)) return pages.flat() as string[];
  }
  const keys = await items.getAllKeys(prefixRange(ENTRY_PREFIX));
  return keys.map((key) => String(key).slice(ENTRY_PREFIX.length));
}

const defaultPause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The stored record keeps its place unless it is a lost answer and the old entry is settled. */
function oldWins(stored: unknown, old: HistoryEntry): boolean {
  const current = parseEntry(stored, old.id);
  return !current || (current.outcome === 'unknown' && old.outcome !== 'unknown');
}

interface BatchResult {
  /** Every readable entry of the batch, as it now is in the store (for the contact book). */
  entries: HistoryEntry[];
  written: string[];
  quarantined: number;
  /** Whether the contact book took the batch in its transaction, and what to announce then. */
  booked: (() => void) | null;
}

/** The old values of a batch: layout 1's are in the plan, layout 2's entry keys are read here. */
async function readBatch(batch: readonly Source[]): Promise<unknown[]> {
  const keys = batch.flatMap((s) => (s.kind === 'key' ? [entryKey(s.id)] : []));
  const read = keys.length
    ? await withRecords(async (db) => {
        const tx = db.transaction(ITEMS_STORE, 'readonly');
        return Promise.all(keys.map((key) => tx.store.get(key)));
      })
    : [];
  let next = 0;
  return batch.map((s) => (s.kind === 'key' ? read[next++] : s.value));
}

/**
 * One batch in one transaction; null when the history was cleared under the move. The old values
 * are read, and parsed, before it opens (nothing but a clear changes them, and the transaction
 * checks for one): it holds the stores the screens read only for its few reads and writes.
 */
async function moveBatch(batch: readonly Source[], marker: MigrationMarker, book: BatchBook | null): Promise<BatchResult | null> {
  const values = await readBatch(batch);
  const rejected: unknown[] = [];
  const valid: HistoryEntry[] = [];
  /** What is written: the stored value as the old layout held it (reads parse it), so nothing of it is lost. */
  const rawOf = new Map<HistoryEntry, unknown>();
  batch.forEach((source, i) => {
    const value = values[i];
    if (source.kind === 'key' && value === undefined) return; // listed, but deleted by the old code before it crashed
    const entry = source.kind === 'array' && source.reject ? null : parseEntry(value, source.kind === 'key' ? source.id : undefined);
    if (entry) {
      valid.push(entry);
      rawOf.set(entry, value);
    } else rejected.push(value);
  });
  // A throw here is the book's: the batch goes on without it.
  const part = book && valid.length ? await book.prepare(valid).catch((err: unknown) => Promise.reject(new BookFailure(err))) : null;
  return withRecords(async (db) => {
    const tx = db.transaction([ITEMS_STORE, META_STORE, HISTORY_STORE, ...(part ? book!.stores : [])], 'readwrite', REDOABLE);
    const items = tx.objectStore(ITEMS_STORE) as unknown as Store;
    const meta = tx.objectStore(META_STORE) as unknown as Store;
    const history = tx.objectStore(HISTORY_STORE) as unknown as Store;
    const [current, legacyKey] = await Promise.all([meta.get(MIGRATION_KEY), items.getKey(LEGACY_KEY)]);
    // Cleared meanwhile ("delete all history" deletes the marker and the old keys together).
    if (current === undefined || (batch.some((s) => s.kind === 'array') && legacyKey === undefined)) {
      tx.abort();
      await tx.done.catch(() => {});
      return null;
    }
    return allOrNothing(tx, async () => {
      // Keys first, of ids the history may hold: a record is rarely there already (a crash's batch taken again, a lookup settled since).
      const present = await Promise.all(valid.map((e) => (historyMayHave(e.id) ? history.getKey(e.id) : undefined)));
      const stored = await Promise.all(valid.map((e, i) => (present[i] === undefined ? undefined : history.get(e.id))));
      const fresh = new Set(valid.filter((entry, i) => stored[i] === undefined || oldWins(stored[i], entry)));
      const added = stored.filter((value) => value === undefined).length;
      const writes: Promise<unknown>[] = [];
      for (const entry of fresh) writes.push(tracked(history.put(rawOf.get(entry))));
      if (rejected.length) {
        const raw: unknown = await items.get(historyQuarantineItem.key);
        const quarantine = raw == null ? [] : Array.isArray(raw) ? raw : [raw];
        writes.push(tracked(items.put([...quarantine, ...rejected], historyQuarantineItem.key)));
      }
      const count = await countAfter(history, meta, added);
      const done = marker.done + batch.length;
      writes.push(tracked(meta.put(count, COUNT_KEY)), tracked(meta.put({ ...marker, done, booked: part ? done : marker.booked } satisfies MigrationMarker, MIGRATION_KEY)));
      const entries = valid.map((entry, i) => (fresh.has(entry) ? entry : (parseEntry(stored[i], entry.id) ?? entry)));
      const booked = part ? part.write(tx as unknown as IDBPTransaction<unknown, string[], 'readwrite'>, entries).catch((err: unknown) => Promise.reject(new BookFailure(err))) : null;
      await Promise.all([...writes, booked]);
      return { entries, written: [...fresh].map((e) => e.id), quarantined: rejected.length, booked: (await booked) ?? null };
    });
  });
}

async function writeMarker(marker: MigrationMarker): Promise<void> {
  await withRecords((db) => db.put(META_STORE, marker, MIGRATION_KEY));
}

/**
 * Waits until every batch is on disk: the batches' transactions did not wait for it, and a
 * power cut after the old keys' deletion must not take the records back with it. A `strict`
 * transaction completes once the disk holds it and everything committed before it (the marker,
 * written as it is, is merely its one write); false when the history was cleared meanwhile.
 */
async function flushMoved(): Promise<boolean> {
  return withRecords(async (db) => {
    const tx = db.transaction(META_STORE, 'readwrite', FLUSHED);
    return allOrNothing(tx, async () => {
      const marker: unknown = await tx.store.get(MIGRATION_KEY);
      if (marker === undefined) return false;
      await tx.store.put(marker, MIGRATION_KEY);
      return true;
    });
  });
}

async function readMarker(): Promise<MigrationMarker | null> {
  const parsed = migrationMarkerSchema.safeParse(await withRecords((db) => db.get(META_STORE, MIGRATION_KEY)));
  return parsed.success ? parsed.data : null;
}

/** Entry keys deleted per transaction at the end: a range of them is one request, about as long as a batch. */
const CLEAN_STEP = 2_000;

/**
 * The key ranges that hold layout 2's entry keys, CLEAN_STEP listed ids each, in key order: the
 * end deletes one per transaction. The last range runs to the end of the prefix (keys the index
 * does not list go too).
 */
function cleanRanges(order: readonly Source[], step: number): IDBKeyRange[] {
  const keys = order.flatMap((s) => (s.kind === 'key' ? [entryKey(s.id)] : [])).sort();
  const ranges: IDBKeyRange[] = [];
  const all = prefixRange(ENTRY_PREFIX);
  let lower = all.lower as string;
  for (let i = step; i < keys.length; i += step) {
    ranges.push(IDBKeyRange.bound(lower, keys[i]!, false, true));
    lower = keys[i]!;
  }
  ranges.push(IDBKeyRange.bound(lower, all.upper as string, false, all.upperOpen));
  return ranges;
}

/** Deletes one range of old keys, in its own transaction; false when the history was cleared meanwhile. */
async function cleanStep(range: IDBKeyRange): Promise<boolean> {
  return withRecords(async (db) => {
    const tx = db.transaction([ITEMS_STORE, META_STORE], 'readwrite');
    return allOrNothing(tx, async () => {
      if ((await tx.objectStore(META_STORE).getKey(MIGRATION_KEY)) === undefined) return false;
      await tx.objectStore(ITEMS_STORE).delete(range);
      return true;
    });
  });
}

/** Deletes every old key and the marker once every batch is in: the entry keys in steps, the rest in one transaction. */
async function finish(order: readonly Source[], step: number, pause: () => Promise<void>): Promise<boolean> {
  if (!(await flushMoved())) return false;
  for (const range of cleanRanges(order, step)) {
    if (!(await cleanStep(range))) return false;
    await pause();
  }
  return withRecords(async (db) => {
    const tx = db.transaction([ITEMS_STORE, META_STORE], 'readwrite');
    const items = tx.objectStore(ITEMS_STORE);
    await allOrNothing(tx, () =>
      Promise.all([
        ...OLD_FIXED_KEYS.map((key) => tracked(items.delete(key))),
        ...OLD_PREFIXES.map((prefix) => tracked(items.delete(prefixRange(prefix)))),
        tracked(tx.objectStore(META_STORE).delete(MIGRATION_KEY)),
      ]),
    );
    return true;
  });
}

/**
 * How often, at most, the move tells the screens what it wrote. Each notice makes every open
 * screen read again (a page's watch reads at most every 250 ms, storage/watch-records.ts) while a
 * batch ends every 60 to 300 ms: the screens' reads took the move's database and CPU time for
 * rows nobody had time to see. The first batch is told at once, the rest at most once a second
 * and at the end, so a screen is never more than a second behind.
 */
export const NOTICE_GAP_MS = 1_000;

/** What the batches wrote and have not yet told the screens. */
class Notices {
  private ids: string[] = [];
  private book: (() => void)[] = [];
  private last = -Infinity;

  add(ids: readonly string[], book: (() => void) | null): void {
    this.ids.push(...ids);
    if (book) this.book.push(book);
    if (performance.now() - this.last >= NOTICE_GAP_MS) this.flush();
  }

  flush(): void {
    if (this.ids.length) announceRecords({ store: HISTORY_STORE, ids: this.ids });
    for (const told of this.book) told();
    this.ids = [];
    this.book = [];
    this.last = performance.now();
  }
}

/** The valid entries of `sources` as the store holds them now (a batch whose contacts a crash left out). */
async function storedEntriesOf(sources: readonly Source[]): Promise<HistoryEntry[]> {
  const ids = sources.flatMap((s) => {
    if (s.kind === 'key') return [s.id];
    const entry = s.reject ? null : parseEntry(s.value);
    return entry ? [entry.id] : [];
  });
  if (!ids.length) return [];
  return withRecords(async (db) => {
    const tx = db.transaction(HISTORY_STORE, 'readonly');
    return parseEntries(await Promise.all(ids.map((id) => tx.store.get(id))));
  });
}

export async function migrateHistory(options: MigrateHistoryOptions = {}): Promise<MigrateHistoryReport> {
  const sizeOption = options.batchSize ?? BATCH_SIZE;
  const nextSize = () => Math.max(1, Math.floor(typeof sizeOption === 'number' ? sizeOption : sizeOption()));
  const pause = options.pause ?? defaultPause;
  const book = options.book ?? null;
  const apart = async (entries: HistoryEntry[]) => {
    if (!book || !entries.length) return;
    try {
      await book.apart(entries);
    } catch (err) {
      // The contact book is derived data: the history move goes on without it.
      console.error('history move: the contact book could not take a batch', err);
    }
  };
  const { order, leftovers } = await plan();
  const report: MigrateHistoryReport = { total: order.length, moved: 0, quarantined: 0, finished: false };
  const stored = await readMarker();
  if (!order.length && !leftovers) {
    if (stored) await withRecords((db) => db.delete(META_STORE, MIGRATION_KEY));
    return report;
  }
  let marker: MigrationMarker = stored && stored.total === order.length ? stored : { total: order.length, done: 0, booked: 0 };
  if (marker !== stored) await writeMarker(marker);
  // A crash between a batch and its contacts: they are given again (merging is idempotent).
  if (marker.booked < marker.done) {
    await apart(await storedEntriesOf(order.slice(marker.booked, marker.done)));
    marker = { ...marker, booked: marker.done };
    await writeMarker(marker);
  }
  // Read once (a few keys, or those of a move resumed): an old entry is looked for only when its id may be there.
  const untrack = await trackHistoryIds().catch((err: unknown) => {
    console.error('history move: the ids already recorded could not be read; each batch looks for its own', err);
    return () => {};
  });
  const notices = new Notices();
  try {
    while (marker.done < order.length) {
      const batch = order.slice(marker.done, marker.done + nextSize());
      const result = await moveBatch(batch, marker, book).catch((err: unknown) => {
        if (!(err instanceof BookFailure)) throw err;
        // Nothing of the batch is in (all or nothing): moved again, the book's part apart.
        console.error('history move: the contact book could not take a batch in its transaction', err.reason);
        return moveBatch(batch, marker, null);
      });
      if (!result) return report;
      report.moved += result.written.length;
      report.quarantined += result.quarantined;
      const done = marker.done + batch.length;
      notices.add(result.written, result.booked);
      await options.checkpoint?.(done);
      if (!result.booked) await apart(result.entries);
      marker = { ...marker, done, booked: done };
      if (done < order.length) await pause();
    }
  } finally {
    notices.flush();
    untrack();
  }
  // The last batch's booking is recorded by deleting the marker, with the old keys.
  if ((await readMarker()) === null) return report;
  report.finished = await finish(order, options.cleanStep ?? CLEAN_STEP, pause);
  // Screens showing the progress read it again (and find nothing left to move).
  announceRecords({ store: HISTORY_STORE, ids: [] });
  return report;
}
