import type { IDBPDatabase } from 'idb';
import { META_STORE, withRecords } from '@/lib/platform/storage/vault';
import type { Contact } from '@/lib/book/model';

/**
 * How many people and companies the book holds (the tabs' counts), kept beside the book in the
 * vault's bookkeeping store, because IndexedDB counts an index by walking it: about half a
 * second for the `kind` index at 100,000 contacts on a loaded machine, on every opening of the
 * book and every write it is shown. Every write to the book (store.ts) moves it in the write's
 * own transaction; a count that is missing (a profile from before it, a store written by a tool,
 * the bookkeeping cleared) is counted once from the index and stored, by whoever needs it first.
 */
export const COUNTS_KEY = 'contactCounts';
const STORE = 'contacts';

type ContactKind = Contact['kind'];
export type BookCounts = Record<ContactKind, number>;

/** What the counts need of the stores of a write's transaction (any of idb's typed stores). */
interface BookStore {
  index(name: 'kind'): { count(key: string): Promise<number> };
}
interface MetaStore {
  get(key: string): Promise<unknown>;
  put(value: unknown, key: string): Promise<unknown>;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** A stored count, or null when there is none or it is not one (then it is counted again). */
export function parseCounts(raw: unknown): BookCounts | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { person, company } = raw as Record<string, unknown>;
  return isCount(person) && isCount(company) ? { person, company } : null;
}

/** The kind the `kind` index files a stored record under (it files any record with that field, parsed or not). */
function kindOf(raw: unknown): ContactKind | null {
  const kind = (raw as { kind?: unknown } | null | undefined)?.kind;
  return kind === 'person' || kind === 'company' ? kind : null;
}

/** The change to the counts when records `before` (as stored, undefined when absent) become `after` (null: deleted). */
export function countsDelta(before: readonly unknown[], after: readonly (Contact | null)[]): BookCounts {
  const delta: BookCounts = { person: 0, company: 0 };
  before.forEach((raw, i) => {
    const was = kindOf(raw);
    const now = after[i]?.kind ?? null;
    if (was) delta[was] -= 1;
    if (now) delta[now] += 1;
  });
  return delta;
}

/** Counts the `kind` index: what the stored count stands for. */
async function countIndex(contacts: BookStore): Promise<BookCounts> {
  const index = contacts.index('kind');
  const [person, company] = await Promise.all([index.count('person'), index.count('company')]);
  return { person, company };
}

/**
 * Inside a write to the book, after its changes: the stored count moved by `delta`, or, when
 * none is stored, the index counted (the changes already in it); then stored.
 */
export async function storeCountsAfter(contacts: BookStore, meta: MetaStore, delta: BookCounts): Promise<BookCounts> {
  const stored = parseCounts(await meta.get(COUNTS_KEY));
  const counts = stored ? { person: Math.max(0, stored.person + delta.person), company: Math.max(0, stored.company + delta.company) } : await countIndex(contacts);
  await meta.put(counts, COUNTS_KEY);
  return counts;
}

/**
 * The book's counts for its tabs: one read of the stored count. When none is stored, the index
 * is counted and the count stored, in one transaction that takes the book for writing, so no
 * write lands between the count and its storing; it happens once, not at every opening.
 */
export async function readBookCounts(): Promise<BookCounts> {
  return withRecords(async (db) => {
    const stored = parseCounts(await db.get(META_STORE, COUNTS_KEY));
    return stored ?? rebuildCounts(db);
  });
}

async function rebuildCounts(db: IDBPDatabase): Promise<BookCounts> {
  const tx = db.transaction([STORE, META_STORE], 'readwrite');
  const meta = tx.objectStore(META_STORE);
  // Another page (or the worker) may have stored it meanwhile: theirs is as good.
  const counts = parseCounts(await meta.get(COUNTS_KEY)) ?? (await storeCountsAfter(tx.objectStore(STORE), meta, { person: 0, company: 0 }));
  await tx.done;
  return counts;
}
