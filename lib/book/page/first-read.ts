import type { PersonContact } from '@/lib/book/model';
import { COUNTS_KEY, parseCounts, type BookCounts } from '@/lib/book/counts';
import { E164, EMAIL_GRADES, PHONE_KINDS } from '@/lib/book/grades';
import { languageItem } from '@/lib/settings/language';
import { themeItem } from '@/lib/settings/theme';
import type { IDBPIndex } from 'idb';
import { readIndexRecords } from '@/lib/platform/storage/index-records';
import { ITEMS_STORE, META_STORE, withRecords } from '@/lib/platform/storage/vault';

/**
 * What the contact book draws before React, its stores and the schemas are in (entrypoints/
 * contacts/first-paint.ts), read in one transaction of the vault: the theme and language, the
 * tabs' stored counts, the tags for the tag filter, and the newest people, as the book opens
 * (its People tab, no search, no filter: lib/book/page/search.ts's newest-first walk). Nothing
 * here is parsed by a schema: a record that does not read plainly as the worker writes it, or
 * counts that are not stored yet, leave the page to React, which reads everything through its
 * schemas a moment later and draws it all.
 */

const CONTACTS = 'contacts';

/**
 * The rows the book reads first, for its opening and for each keystroke (useBookRows): a
 * screenful (the list shows at most 16 rows of 40 px in its 640 px) and no more. The first paint
 * shows the same ones.
 */
export const BOOK_FIRST_ROWS = 20;
/**
 * Rows the book's table draws past those in view (its virtualizer's overscan; the first paint
 * draws the same): a keystroke's new rows are all drawn before its answer shows, so each row
 * past the screen delays it. Up and Down scroll the next row in themselves.
 */
export const BOOK_OVERSCAN = 3;
/** Records the walk may read to find them (the book's page budget): past it, React reads on. */
const MAX_SCAN = 2_000;
/** Tags past this many make a list React reads anyway: not the opening of a usual book. */
const MAX_TAGS = 1_000;

export interface BookFirstRead {
  items: { theme: unknown; language: unknown };
  counts: unknown;
  tags: string[] | null;
  /** The newest people as stored, newest first; null when more than the scan budget had to be read. */
  people: unknown[] | null;
  /** Nothing more matches after them, as the book's pager would say. */
  done: boolean;
}

export interface BookFirstState {
  counts: BookCounts;
  tags: string[];
  people: PersonContact[];
  done: boolean;
}

/** One transaction: the two items, the stored counts, the tags' unique keys and the first people. */
export function readBookFirst(limit = BOOK_FIRST_ROWS): Promise<BookFirstRead> {
  return withRecords(async (db) => {
    const tx = db.transaction([ITEMS_STORE, META_STORE, CONTACTS], 'readonly');
    const items = tx.objectStore(ITEMS_STORE);
    const asked = Promise.all([items.get(themeItem.key), items.get(languageItem.key), tx.objectStore(META_STORE).get(COUNTS_KEY)]);
    const contacts = tx.objectStore(CONTACTS);
    const tags = await tagsOf(contacts.index('tags'));
    const { people, done } = await newestPeople(contacts.index('updatedAt'), limit);
    const [theme, language, counts] = await asked;
    return { items: { theme, language }, counts, tags, people, done };
  });
}

type Index = IDBPIndex<unknown, string[], typeof CONTACTS, string, 'readonly'>;

/**
 * The tags index's keys, each once, in order; null past MAX_TAGS. Each step seeks past every
 * entry of the tag just read: the browser checks each index entry a cursor moves over (is its
 * contact still stored?), so a `nextunique` step over the 2,000 people of an event's tag costs
 * 2,000 reads of the store, scattered through a large book and rarely in the disk cache.
 */
async function tagsOf(index: Index): Promise<string[] | null> {
  const tags: string[] = [];
  let tag = await index.openKeyCursor(null, 'nextunique');
  while (tag && tags.length <= MAX_TAGS) {
    const key = tag.key;
    tags.push(String(key));
    // The least string after `key` is `key` and U+0000: nothing lies between. A key of another
    // type (a record the worker did not write) steps as before.
    tag = await (typeof key === 'string' ? tag.continue(`${key}\u0000`) : tag.continue());
  }
  return tags.length > MAX_TAGS ? null : tags;
}

/**
 * As the pager walks it (lib/book/page/search.ts): newest first, a record of another kind passed
 * over, stopping as soon as the page is full (so `done` is only said when the walk ran out
 * first); null when more than MAX_SCAN records had to be read. The first records in one request
 * where the browser can (a typical book's page, a company in ten passed over), then a cursor.
 */
async function newestPeople(index: Index, limit: number): Promise<{ people: unknown[] | null; done: boolean }> {
  const people: unknown[] = [];
  const take = (value: unknown) => {
    if (isObject(value) && value.kind === 'person') people.push(value);
  };
  let scanned = 0;
  const asked = Math.min(MAX_SCAN, Math.ceil(limit * 1.25) + 2);
  const batch = limit > 0 ? readIndexRecords(index, null, asked, 'prev') : null;
  if (batch) {
    const read = await batch;
    for (const entry of read) {
      scanned += 1;
      take(entry.value);
      if (people.length >= limit) return { people, done: false };
    }
    if (read.length < asked) return { people, done: true };
  }
  let cursor = await index.openCursor(null, 'prev');
  if (cursor && scanned) cursor = await cursor.advance(scanned);
  while (cursor && people.length < limit) {
    if (++scanned > MAX_SCAN) return { people: null, done: false };
    take(cursor.value);
    if (people.length >= limit) break;
    cursor = await cursor.continue();
  }
  return { people, done: !cursor };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
const optional = (value: unknown, check: (value: unknown) => boolean) => value === undefined || check(value);
const listOf = (value: unknown, check: (value: unknown) => boolean) => optional(value, (list) => Array.isArray(list) && list.every(check));

/** What model.ts's schemas ask of each part of a person, checked by hand. */
const isSource = (value: unknown) =>
  isObject(value) && isString(value.op) && value.op.length > 0 && (value.historyId === null || isString(value.historyId)) && isFiniteNumber(value.at) && typeof value.paid === 'boolean';
const isAlternate = (value: unknown) => isObject(value) && isString(value.value) && isSource(value.source);
const isFact = (value: unknown) => isObject(value) && isString(value.value) && isSource(value.source) && listOf(value.alternates, isAlternate);
const isEmail = (value: unknown) =>
  isObject(value) &&
  isString(value.address) &&
  value.address.length >= 3 &&
  (value.kind === 'work' || value.kind === 'personal') &&
  (EMAIL_GRADES as readonly unknown[]).includes(value.grade) &&
  isFiniteNumber(value.foundAt) &&
  isSource(value.source);
const isPhone = (value: unknown) =>
  isObject(value) &&
  isString(value.e164) &&
  E164.test(value.e164) &&
  isString(value.international) &&
  (PHONE_KINDS as readonly unknown[]).includes(value.kind) &&
  optional(value.whatsapp, (w) => typeof w === 'boolean') &&
  optional(value.whatsappCheckedAt, isFiniteNumber) &&
  isFiniteNumber(value.foundAt) &&
  isSource(value.source);
const isCrm = (value: unknown) =>
  isObject(value) && isString(value.crm) && typeof value.found === 'boolean' && optional(value.recordId, isString) && optional(value.url, isString) && isFiniteNumber(value.checkedAt);

const isJob = (value: unknown) => isObject(value) && optional(value.title, isString) && optional(value.company, isString);
/** A job change or a notice of another shape is the schema's to drop (`.catch`): React draws that book. */
const isJobChange = (value: unknown) =>
  isObject(value) && (value.kind === 'company' || value.kind === 'title') && isJob(value.was) && isJob(value.now) && isFiniteNumber(value.seenAt) && isString(value.profileUrl) && (value.seenOn === 'profile' || value.seenOn === 'search');
const isNotice = (value: unknown) => isObject(value) && isString(value.text) && isString(value.language) && isFiniteNumber(value.preparedAt) && optional(value.notedAt, isFiniteNumber);

const PERSON_FACTS = ['name', 'title', 'headline', 'location', 'companyName', 'networkUrl', 'photoUrl', 'microblog'] as const;

/** A person record with every field the schema checks, of the types the worker writes. */
export function isPlainPerson(value: unknown): value is PersonContact {
  return (
    isObject(value) &&
    value.kind === 'person' &&
    isString(value.id) &&
    value.id.length > 0 &&
    isStrings(value.keys) &&
    value.keys.length > 0 &&
    isStrings(value.words) &&
    isStrings(value.tags) &&
    isFiniteNumber(value.firstSeenAt) &&
    isFiniteNumber(value.updatedAt) &&
    PERSON_FACTS.every((fact) => optional(value[fact], isFact)) &&
    optional(value.companyId, isString) &&
    listOf(value.urls, isString) &&
    listOf(value.workEmails, isEmail) &&
    listOf(value.personalEmails, isEmail) &&
    listOf(value.phones, isPhone) &&
    optional(value.crm, isCrm) &&
    optional(value.jobChange, isJobChange) &&
    optional(value.notice, isNotice)
  );
}

/** The lists the schema gives a default, as it gives them, so the row reads them as React's does. */
const withDefaults = (person: PersonContact): PersonContact => ({ ...person, urls: person.urls ?? [], workEmails: person.workEmails ?? [], personalEmails: person.personalEmails ?? [], phones: person.phones ?? [] });

/** The book's first state, or null when it opens on something only the React page reads. */
export function bookFirstStateOf({ counts, tags, people, done }: BookFirstRead): BookFirstState | null {
  const stored = parseCounts(counts);
  if (!stored || !tags || !people || !people.every(isPlainPerson)) return null;
  return { counts: stored, tags, people: people.map(withDefaults), done };
}
