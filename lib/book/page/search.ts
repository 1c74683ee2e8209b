import { type IDBPCursorWithValue, type IDBPDatabase } from 'idb';
import { readIndexRecords } from '@/lib/platform/storage/index-records';
import { withRecords } from '@/lib/platform/storage/vault';
import { parseContact, type Contact } from '@/lib/book/model';
import { queryWords } from '@/lib/book/words';
import { readBookCounts } from '@/lib/book/counts';
import { atLeast, contactFreshness, type ValueAges } from '@/lib/book/freshness';
import { chooseWalk, distinctWords, intersectProbes, prefixRange, probeWords, SAMPLE, type ProbeMemory, type WordProbe } from '@/lib/book/page/word-probe';

/**
 * The contact book's reads, index reads only, a page at a time, so the first rows of a book of
 * 100,000 show after reading a few dozen records and a keystroke reads only what matches:
 *  - no query: newest first, an `updatedAt` cursor (narrowed to the date filter's range);
 *  - one query word: its prefix range on the `words` index, in the index's order (alphabetically
 *    by the contact's word that matched, then by id): every record read matches the word, so the
 *    first screenful costs a screenful of reads however common the word (a single letter too);
 *  - several words: each word's prefix range counted by keys with a cap (word-probe.ts), the
 *    most selective first; the contacts of the words under the cap intersected by key, in the
 *    most selective word's index order, the other words and the filters checked on each record
 *    read. When every word is common (over PROBE), the longest one's range is walked, the rest
 *    checked on each record: common words go together often enough to fill a screen quickly.
 *  - a tag and no query: the `tags` index when the tag is on few contacts, else the newest-first
 *    cursor checks the tag.
 * Each page opens its own transaction (an IndexedDB transaction does not outlive the task that
 * waits on it) and resumes where the last one stopped, from the index key and primary key. A
 * pager given an AbortSignal stops between two reads once it is aborted (a newer keystroke).
 */
const STORE = 'contacts';

export interface BookFilters {
  /** A work email the gateway verified. */
  verifiedEmail?: boolean;
  /** A phone the gateway says is a mobile. */
  mobile?: boolean;
  /** in: the last CRM check found them; out: it did not, or nobody checked. */
  crm?: 'in' | 'out' | null;
  tag?: string | null;
  /** Updated on or after (epoch ms). */
  updatedSince?: number | null;
  /** A job change seen for free on their profile or a search page (lib/book/job-change.ts). */
  changedJobs?: boolean;
  /**
   * A value at least this old (lib/book/freshness.ts): a work email, phone or role (a company's
   * facts) ageing or stale, by the user's ages, at `now` (when the filter was chosen).
   */
  freshness?: { least: 'ageing' | 'stale'; now: number; ages: ValueAges } | null;
}

export type ContactKind = Contact['kind'];

export interface BookQuery {
  text: string;
  filters: BookFilters;
  /** People or companies (the book's two tabs); both when absent. */
  kind?: ContactKind | null;
}

export const NO_FILTERS: BookFilters = {};

export interface BookPage {
  contacts: Contact[];
  /** Nothing more matches: the pager is at the end. */
  done: boolean;
  /** Records (or index entries) this page read to answer: what a query costs, for tests and the bench. */
  scanned: number;
}

export interface BookPager {
  /** Up to `limit` more matching contacts; fewer (even none) with `done: false` when a page scanned its share of candidates. */
  next(limit: number): Promise<BookPage>;
}

/** Candidates one page may read before it answers, so that a rare filter never holds a page for long. */
const MAX_SCAN = 2_000;

export interface PagerOptions {
  maxScan?: number;
  /** Aborted when the query is no longer wanted: the pager stops between two reads and its pages reject. */
  signal?: AbortSignal;
  /** Index entries each word's key probe reads at most (PROBE). */
  probe?: number;
  /** The probes read since the book last changed, the page's (word-probe.ts): a word typed on is not probed again. */
  memory?: ProbeMemory;
}

type Settings = { maxScan: number; signal?: AbortSignal; probe: number; memory?: ProbeMemory };

/**
 * Index entries a query word's key probe reads before it calls the word common: a surname or a
 * small company is known whole (its contacts are listed under two or three of their words). Not
 * more: Chromium reads an index entry about as fast as a cursor reads a record (measured: 1,000
 * keys took 8 to 25 ms on a loaded 2-core machine, 25,000 took 380 to 780 ms), so a wider probe
 * would cost more than the walk it saves.
 */
const PROBE = 500;
/** Extra ids read with a page of known ids, for the few a filter or a tab leaves out. */
const ID_SLACK = 8;
/** Records the first page of a walk reads in one request at most (a rare match reads on by cursor). */
const MAX_FIRST_BATCH = 400;
/** A tag on at most this many contacts is read whole through its index and sorted by date. */
const TAG_READ_LIMIT = 5_000;

/** Whether `contact` matches every query word (each a prefix of one of its words) and every filter. */
export function contactMatches(contact: Contact, words: readonly string[], filters: BookFilters, kind: ContactKind | null = null): boolean {
  if (kind && contact.kind !== kind) return false;
  for (const word of words) if (!contact.words.some((w) => w.startsWith(word))) return false;
  if (filters.tag && !contact.tags.includes(filters.tag)) return false;
  if (filters.updatedSince != null && contact.updatedAt < filters.updatedSince) return false;
  if (filters.crm === 'in' && contact.crm?.found !== true) return false;
  if (filters.crm === 'out' && contact.crm?.found === true) return false;
  if (filters.verifiedEmail && !(contact.kind === 'person' && contact.workEmails.some((e) => e.grade === 'verified'))) return false;
  if (filters.mobile && !(contact.kind === 'person' && contact.phones.some((p) => p.kind === 'mobile'))) return false;
  if (filters.changedJobs && !(contact.kind === 'person' && contact.jobChange)) return false;
  if (filters.freshness && !atLeast(contactFreshness(contact, filters.freshness.now, filters.freshness.ages), filters.freshness.least)) return false;
  return true;
}

/**
 * Whether a stored record has every query word among its words' starts, and the tab's kind and
 * the tag asked for, before it is parsed: the walk of a common word, or of the newest contacts
 * on the companies' tab, rejects most of what it reads, and a rejection costs no parse (a parse
 * costs about 0.3 ms a record in an extension page, where the schema library may not compile).
 */
function rawFits(raw: unknown, words: readonly string[], filters: BookFilters, kind: ContactKind | null): boolean {
  const record = raw as { words?: unknown; kind?: unknown; tags?: unknown; jobChange?: unknown } | null;
  if (kind && record?.kind !== kind) return false;
  if (filters.changedJobs && !record?.jobChange) return false;
  if (filters.tag && !(Array.isArray(record?.tags) && record.tags.includes(filters.tag))) return false;
  const own = record?.words;
  if (!Array.isArray(own)) return false;
  return words.every((word) => own.some((w) => typeof w === 'string' && w.startsWith(word)));
}

type Cursor = IDBPCursorWithValue<unknown, ['contacts'], 'contacts', string, 'readonly'>;
type Position = { key: IDBValidKey; id: string };

const compare = (a: IDBValidKey, b: IDBValidKey) => indexedDB.cmp(a, b);

/**
 * Moves a freshly opened cursor past `after` (the last record the previous page read). The
 * range already starts at its index key; among records with that same key (many contacts
 * tagged in one go share an update time), `continuePrimaryKey` jumps straight to it.
 */
async function resume(cursor: Cursor | null, after: Position | null, direction: 'next' | 'prev'): Promise<Cursor | null> {
  if (!cursor || !after || compare(cursor.key, after.key) !== 0) return cursor;
  const order = compare(cursor.primaryKey as string, after.id);
  const beyond = direction === 'next' ? order > 0 : order < 0;
  if (beyond) return cursor;
  if (order !== 0) cursor = await cursor.continuePrimaryKey(after.key, after.id);
  if (cursor && compare(cursor.key, after.key) === 0 && cursor.primaryKey === after.id) cursor = await cursor.continue();
  return cursor;
}

interface Walk {
  index: 'updatedAt' | 'words';
  direction: 'next' | 'prev';
  /** The range, starting after `after` when given. */
  range(after: Position | null): IDBKeyRange | null;
  /** What a record must have to be parsed at all (rawFits): the query words, the kind, the tag. */
  sift: (raw: unknown) => boolean;
  /**
   * Index entries the first page asks for in one request, for `limit` matches: a cursor answers
   * an entry per round trip, `getAll` (forward) or `getAllRecords` (either way) a batch in one.
   */
  firstBatch?: (limit: number) => number;
  /** The records of the range's first `count` entries, already read (the word's probe sample). */
  prefetched?: { values: unknown[]; count: number };
  /** Where to go from an entry no record past it can match until there (another tab's run of ids), or null to read on. */
  jump?: (key: IDBValidKey, id: string) => { key: IDBValidKey; id?: string } | null;
}

/**
 * A company's id is its domain or its name key (merge.ts), a person's never is: within one
 * word of the `words` index, where entries go by id, the companies come first, in two runs.
 */
const COMPANY_IDS = ['company:', 'domain:'];
/** The first id after every id of the run that `prefix` starts (its last character, one higher). */
const pastRun = (prefix: string) => `${prefix.slice(0, -1)}${String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)}`;

/**
 * A tab's jumps over the other kind's ids within a word of the index: on the people's tab, past
 * the companies' runs ("analytics" lists every "… Analytics" company before its first person);
 * on the companies' tab, past the people, to the next word.
 */
function kindJump(kind: ContactKind | null): Walk['jump'] {
  if (kind === 'person') {
    return (key, id) => {
      const run = COMPANY_IDS.find((prefix) => id.startsWith(prefix));
      return run ? { key, id: pastRun(run) } : null;
    };
  }
  if (kind === 'company') {
    const last = pastRun(COMPANY_IDS[COMPANY_IDS.length - 1]!);
    return (key, id) => (typeof key === 'string' && id >= last ? { key: `${key}\u0000` } : null);
  }
  return undefined;
}

/** A pager over one index: candidates in index order, each checked, each contact once. */
function indexPager(walk: Walk, accept: (contact: Contact) => boolean, { maxScan, signal }: Settings): BookPager {
  let after: Position | null = null;
  // Entries the first page's batch read: the cursor of the next page starts that far in.
  let skip = 0;
  let done = false;
  // The words index lists a contact once per matching word ("maya", "maya@…"): shown once.
  const seen = walk.index === 'words' ? new Set<string>() : null;
  /** One entry read: counted, and kept when it is a contact not shown yet that matches. */
  const take = (id: string, value: unknown, out: Contact[]) => {
    if (seen?.has(id)) return;
    seen?.add(id);
    const contact = walk.sift(value) ? parseContact(value) : null;
    if (contact && accept(contact)) out.push(contact);
  };
  return {
    async next(limit) {
      signal?.throwIfAborted();
      if (done) return { contacts: [], done, scanned: 0 };
      const out: Contact[] = [];
      let scanned = 0;
      await withRecords(async (db) => {
        const index = (db as IDBPDatabase).transaction(STORE, 'readonly').store.index(walk.index);
        const first = !after && !skip && walk.firstBatch ? Math.min(maxScan, walk.firstBatch(limit)) : 0;
        // Newest first: one request where the browser can read an index backwards in one.
        const entries = first && walk.direction === 'prev' ? readIndexRecords(index, walk.range(null), first, 'prev') : null;
        if (entries) {
          const read = await entries;
          signal?.throwIfAborted();
          for (const entry of read) {
            const id = String(entry.primaryKey);
            after = { key: entry.key, id };
            scanned += 1;
            take(id, entry.value, out);
            if (out.length >= limit) break;
          }
          if (read.length < first && scanned === read.length) done = true;
          if (done || out.length >= limit || scanned >= maxScan) return;
        } else if (first && walk.direction === 'next') {
          // The probe's sample when it holds the batch (or the whole range), else one getAll.
          const pre = walk.prefetched;
          const [values, asked] = pre && (pre.values.length >= first || pre.values.length < pre.count) ? [pre.values, pre.count] : [await index.getAll(walk.range(null), first), first];
          signal?.throwIfAborted();
          for (const value of values) {
            skip += 1;
            scanned += 1;
            take(String((value as { id: unknown }).id), value, out);
            if (out.length >= limit) break;
          }
          if (values.length < asked && skip === values.length) done = true;
          if (done || out.length >= limit || scanned >= maxScan) return;
        }
        let cursor = (await index.openCursor(walk.range(after), walk.direction)) as Cursor | null;
        cursor = !after && skip && cursor ? await cursor.advance(skip) : await resume(cursor, after, walk.direction);
        while (cursor) {
          signal?.throwIfAborted();
          const id = cursor.primaryKey as string;
          after = { key: cursor.key, id };
          scanned += 1;
          const to = walk.jump?.(cursor.key, id);
          if (!to) take(id, cursor.value, out);
          if (out.length >= limit || scanned >= maxScan) break;
          cursor = await (to?.id !== undefined ? cursor.continuePrimaryKey(to.key, to.id) : cursor.continue(to?.key));
        }
        if (!cursor) done = true;
      });
      return { contacts: out, done, scanned };
    },
  };
}

/**
 * Pages of contacts known by id (a query's words intersected by key), read in that order by
 * key, each checked (the words not intersected, the filters, and anything written since).
 */
function idsPager(ids: readonly string[], sift: (raw: unknown) => boolean, accept: (contact: Contact) => boolean, { maxScan, signal }: Settings, known: ReadonlyMap<string, unknown> = new Map()): BookPager {
  let at = 0;
  return {
    async next(limit) {
      signal?.throwIfAborted();
      const out: Contact[] = [];
      let scanned = 0;
      while (at < ids.length && out.length < limit && scanned < maxScan) {
        // As many as the page still needs (most candidates match), a few more for those that do not.
        const slice = ids.slice(at, at + Math.min(limit - out.length + ID_SLACK, maxScan - scanned));
        // Records the probes read already are not read again: a rare word's are all there.
        const missing = slice.filter((id) => !known.has(id));
        const fetched = missing.length
          ? await withRecords(async (db) => {
              const tx = db.transaction(STORE, 'readonly');
              return Promise.all(missing.map((id) => tx.store.get(id)));
            })
          : [];
        signal?.throwIfAborted();
        const read = new Map(missing.map((id, i) => [id, fetched[i]]));
        for (const id of slice) {
          at += 1;
          scanned += 1;
          const record = known.has(id) ? known.get(id) : read.get(id);
          const contact = sift(record) ? parseContact(record) : null;
          if (contact && accept(contact)) out.push(contact);
          if (out.length >= limit) break;
        }
      }
      return { contacts: out, done: at >= ids.length, scanned };
    },
  };
}

/** Pages served from contacts already read and sorted (a rare tag). */
function listPager(read: () => Promise<Contact[]>): BookPager {
  let list: Contact[] | null = null;
  let at = 0;
  return {
    async next(limit) {
      list ??= await read();
      const contacts = list.slice(at, at + limit);
      at += contacts.length;
      return { contacts, done: at >= list.length, scanned: contacts.length };
    },
  };
}

const newestFirst = (a: Contact, b: Contact) => b.updatedAt - a.updatedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The newest-first walk: the date filter narrows the index range itself. A kind is checked on
 * each record: one in ten is a company in a typical book, so a page of companies reads about
 * ten times its rows, well inside a page's scan budget.
 */
function newestPager(filters: BookFilters, kind: ContactKind | null, options: Settings): BookPager {
  const since = filters.updatedSince ?? null;
  return indexPager(
    {
      index: 'updatedAt',
      direction: 'prev',
      sift: (raw) => rawFits(raw, [], filters, kind),
      firstBatch: (limit) => Math.min(MAX_FIRST_BATCH, Math.ceil((limit * 1.25) / (kind === 'company' ? 0.1 : 1)) + ID_SLACK),
      range: (after) => {
        const upper = after?.key as number | undefined;
        if (since !== null && upper !== undefined) return IDBKeyRange.bound(since, upper);
        if (since !== null) return IDBKeyRange.lowerBound(since);
        return upper !== undefined ? IDBKeyRange.upperBound(upper) : null;
      },
    },
    (contact) => contactMatches(contact, [], filters, kind),
    options,
  );
}

/**
 * The ageing or stale contacts: the `updatedAt` index from the oldest up, so the contacts not
 * touched for longest, nearly all of them matches, come first and a page reads about its rows.
 * Each record is checked by its values' dates (a contact updated lately may still hold an old
 * email), a page at a time within the scan budget; no index holds the state, since it moves
 * with the clock and with the user's ages.
 */
function oldestPager(filters: BookFilters, kind: ContactKind | null, options: Settings): BookPager {
  const since = filters.updatedSince ?? null;
  return indexPager(
    {
      index: 'updatedAt',
      direction: 'next',
      sift: (raw) => rawFits(raw, [], filters, kind),
      firstBatch: (limit) => Math.min(MAX_FIRST_BATCH, Math.ceil((limit * 1.25) / (kind === 'company' ? 0.1 : 1)) + ID_SLACK),
      range: (after) => {
        const lower = (after?.key as number | undefined) ?? since;
        return lower !== null ? IDBKeyRange.lowerBound(lower) : null;
      },
    },
    (contact) => contactMatches(contact, [], filters, kind),
    options,
  );
}

/**
 * What the user typed, as the words each contact must have one of its words start with. An
 * email or a domain ("maya.chen@", "northwind.example") is one word, as the book stores it;
 * anything else is read by queryWords (names folded, phone numbers as digits).
 */
export function searchTerms(text: string): string[] {
  const trimmed = text.trim();
  if (!trimmed || /^[+\d][\d\s().-]*$/.test(trimmed)) return queryWords(trimmed);
  return trimmed.split(/\s+/).flatMap((token) => (/@|\.\p{L}/u.test(token) ? [token.toLowerCase()] : queryWords(token)));
}

/** A pager whose kind is decided on its first page (from index counts or probes). */
function decidedOnFirstPage(decide: () => Promise<BookPager>): BookPager {
  let pager: Promise<BookPager> | null = null;
  return {
    async next(limit) {
      pager ??= decide();
      return (await pager).next(limit);
    },
  };
}

/**
 * The walk of one word's prefix range in the `words` index, the other words checked on each
 * record: the order every query's results come in (the contact's word that matched the lead,
 * then its id), whichever way they are read.
 */
function wordPager(lead: string, sift: (raw: unknown) => boolean, accept: (contact: Contact) => boolean, kind: ContactKind | null, options: Settings, density = 1, prefetched?: Walk['prefetched']): BookPager {
  const upper = prefixRange(lead).upper as string;
  // The first page in one request: enough entries for its matches at the density expected
  // (a contact may be listed twice, or be of the other tab), within a bound.
  const firstBatch = (limit: number) => Math.min(MAX_FIRST_BATCH, Math.ceil((limit * 1.25) / density) + ID_SLACK);
  return indexPager({ index: 'words', direction: 'next', sift, firstBatch, prefetched, jump: kindJump(kind), range: (after) => IDBKeyRange.bound(after?.key ?? lead, upper) }, accept, options);
}

/**
 * Several words: their contacts by key, the most selective word first (see word-probe.ts), and
 * the records of the intersection only.
 */
async function queryPager(words: readonly string[], sift: (raw: unknown) => boolean, accept: (contact: Contact) => boolean, kind: ContactKind | null, options: Settings): Promise<BookPager> {
  const probes = await probeWords(words, options.probe, SAMPLE, options.memory);
  options.signal?.throwIfAborted();
  const ids = intersectProbes(probes);
  if (ids) return idsPager(ids, sift, accept, options, sampled(probes));
  // Every word is common: one word's range is walked (chooseWalk, rating the samples by words
  // and tab alone, as it always has: the same word, the same order), the others checked on each
  // record before it is parsed; its first page from its sample when that holds enough.
  const { lead, density, probe } = chooseWalk(probes, (raw) => rawFits(raw, words, NO_FILTERS, kind));
  return wordPager(lead, sift, accept, kind, options, density, { values: probe.sample, count: SAMPLE });
}

/** The records the probes' samples read, by id. */
function sampled(probes: readonly WordProbe[]): Map<string, unknown> {
  const known = new Map<string, unknown>();
  for (const probe of probes) for (const raw of probe.sample) known.set(String((raw as { id: unknown }).id), raw);
  return known;
}

/** The pager for what the user typed and chose. */
export function openBook(query: BookQuery, options: PagerOptions = {}): BookPager {
  const settings: Settings = { maxScan: options.maxScan ?? MAX_SCAN, signal: options.signal, probe: options.probe ?? PROBE, memory: options.memory };
  const words = distinctWords(searchTerms(query.text));
  const filters = query.filters;
  const kind = query.kind ?? null;
  if (words.length) {
    const accept = (contact: Contact) => contactMatches(contact, words, filters, kind);
    const sift = (raw: unknown) => rawFits(raw, words, filters, kind);
    if (words.length === 1) return wordPager(words[0]!, sift, accept, kind, settings);
    return decidedOnFirstPage(() => queryPager(words, sift, accept, kind, settings));
  }
  const tag = filters.tag;
  if (!tag) return filters.freshness ? oldestPager(filters, kind, settings) : newestPager(filters, kind, settings);
  // Which pager is decided on the first page, from the tag's count (an index count, no reads).
  return decidedOnFirstPage(async () => {
    const count = await withRecords((db) => db.countFromIndex(STORE, 'tags', tag));
    settings.signal?.throwIfAborted();
    return count <= TAG_READ_LIMIT
      ? listPager(async () => {
          const raw = await withRecords((db) => db.getAllFromIndex(STORE, 'tags', tag));
          return raw
            .map(parseContact)
            .filter((c): c is Contact => c !== null && contactMatches(c, [], filters, kind))
            .sort(newestFirst);
        })
      : newestPager(filters, kind, settings);
  });
}

/** Every user tag in the book, each once, in order: the `tags` index's unique keys. */
export async function listTags(): Promise<string[]> {
  return withRecords(async (db) => {
    const tags: string[] = [];
    let cursor = await db.transaction(STORE, 'readonly').store.index('tags').openKeyCursor(null, 'nextunique');
    while (cursor) {
      tags.push(String(cursor.key));
      cursor = await cursor.continue();
    }
    return tags;
  });
}

/** One contact by its id (the details pane), without the merge code the worker's store brings along. */
export async function readContact(id: string): Promise<Contact | null> {
  return withRecords(async (db) => parseContact(await db.get(STORE, id)));
}

/** How many people and companies the book holds: the count kept beside it (counts.ts), one read. */
export function countByKind(): Promise<Record<ContactKind, number>> {
  return readBookCounts();
}

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const KEY_SLICE = 10_000;

/**
 * The ids of one kind, through the `kind` index's keys (no record read), `slice` per
 * transaction with a pause between, so that other reads of the page go in between.
 */
async function* kindIds(kind: ContactKind, slice: number): AsyncGenerator<string[]> {
  for (let after: string | null = null; ; ) {
    const from: string | null = after;
    const keys = await withRecords(async (db) => {
      const keys: string[] = [];
      let cursor = await db.transaction(STORE, 'readonly').store.index('kind').openKeyCursor(IDBKeyRange.only(kind));
      if (cursor && from !== null) {
        // Straight to the last id read (continuePrimaryKey refuses a position not ahead of its own).
        if (compare(cursor.primaryKey, from) < 0) cursor = await cursor.continuePrimaryKey(kind, from);
        if (cursor && cursor.primaryKey === from) cursor = await cursor.continue();
      }
      while (cursor && keys.length < slice) {
        keys.push(String(cursor.primaryKey));
        cursor = await cursor.continue();
      }
      return keys;
    });
    yield keys;
    if (keys.length < slice) return;
    after = keys[keys.length - 1]!;
    await pause();
  }
}

/** How many contacts the book holds: the store's count, which walks the store (avoid on a page's first read). */
export async function bookSize(): Promise<number> {
  return withRecords((db) => db.count(STORE));
}

/**
 * The ids of every contact matching `query` ("select all matching"), read in pages with a pause
 * between them so that the page stays responsive on a book of 100,000. Without a query or a
 * filter, the store's keys in one read.
 */
export async function matchingIds(query: BookQuery, onProgress?: (count: number) => void, keySlice = KEY_SLICE): Promise<string[]> {
  const filtered = searchTerms(query.text).length > 0 || Object.values(query.filters).some((v) => v !== undefined && v !== null && v !== false);
  const ids: string[] = [];
  if (!filtered && query.kind) {
    // One tab whole: the `kind` index's keys, a slice per transaction, no record read.
    for await (const keys of kindIds(query.kind, keySlice)) {
      ids.push(...keys);
      onProgress?.(ids.length);
    }
    return ids;
  }
  if (!filtered) {
    // The store's keys, a slice at a time: 100,000 keys in one answer would hold the page.
    for (let after: string | null = null; ; ) {
      const from: string | null = after;
      const keys: IDBValidKey[] = await withRecords((db) => db.getAllKeys(STORE, from === null ? null : IDBKeyRange.lowerBound(from, true), KEY_SLICE));
      for (const key of keys) ids.push(String(key));
      onProgress?.(ids.length);
      if (keys.length < KEY_SLICE) return ids;
      after = String(keys[keys.length - 1]);
      await pause();
    }
  }
  const pager = openBook(query);
  for (;;) {
    const page = await pager.next(1_000);
    for (const contact of page.contacts) ids.push(contact.id);
    onProgress?.(ids.length);
    if (page.done) return ids;
    await pause();
  }
}

/**
 * The selected contacts, in batches, for an export: when most of the book is selected, a walk of
 * the store in key order (`getAll` from the last key, `batchSize` at a time), keeping those
 * selected; otherwise each selected id read by key. Either way one short transaction per batch.
 */
export async function* readInBatches(ids: readonly string[], batchSize = 500): AsyncGenerator<Contact[]> {
  const wanted = new Set(ids);
  if (!wanted.size) return;
  if (wanted.size * 2 >= (await bookSize())) {
    let after: string | null = null;
    for (;;) {
      const from: string | null = after;
      const raw: unknown[] = await withRecords((db) => db.getAll(STORE, from === null ? null : IDBKeyRange.lowerBound(from, true), batchSize));
      if (!raw.length) return;
      after = (raw[raw.length - 1] as { id: string }).id;
      const batch = raw.map(parseContact).filter((c): c is Contact => c !== null && wanted.has(c.id));
      if (batch.length) yield batch;
      if (raw.length < batchSize) return;
    }
  }
  const sorted = [...wanted].sort();
  for (let i = 0; i < sorted.length; i += batchSize) {
    const slice = sorted.slice(i, i + batchSize);
    const raw = await withRecords(async (db) => {
      const tx = db.transaction(STORE, 'readonly');
      return Promise.all(slice.map((id) => tx.store.get(id)));
    });
    const batch = raw.map(parseContact).filter((c): c is Contact => c !== null);
    if (batch.length) yield batch;
  }
}
