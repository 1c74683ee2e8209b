import type { IDBPDatabase, IDBPTransaction } from 'idb';
import { PresenceTracking } from '@/lib/platform/storage/key-presence';
import { allOrNothing, tracked } from '@/lib/platform/storage/transaction';
import { announceRecords, META_STORE, onRecordsChanged, withRecords, type RecordChange } from '@/lib/platform/storage/vault';
import type { ContactAnswer } from '@/lib/book/answer';
import { COUNTS_KEY, countsDelta, storeCountsAfter } from '@/lib/book/counts';
import { draftsOf, type Drafts } from '@/lib/book/extract';
import { mergeAnswer } from '@/lib/book/merge';
import { parseContact, type Contact, type ContactNotice, type PersonContact } from '@/lib/book/model';
import { searchWords } from '@/lib/book/words';
import { ContactWorkingSet, lookupKeysOf } from '@/lib/book/working-set';

/**
 * The contact book's storage: one record per merged person or company in the vault's `contacts`
 * store. The worker writes (recordAnswers, tags, forget); extension pages read and watch. Every
 * read is an index read: by id, by identity key (`keys`), by search word (`words`, see
 * search.ts), by tag, by update time.
 */
const STORE = 'contacts';

type ContactsTx = IDBPTransaction<unknown, ['contacts', 'meta'], 'readwrite'>;

/** A write to the book and to its counts (counts.ts), in one transaction. */
function writeTx(db: IDBPDatabase) {
  const tx = db.transaction([STORE, META_STORE], 'readwrite') as unknown as ContactsTx;
  return { tx, contacts: tx.objectStore(STORE), meta: tx.objectStore(META_STORE) };
}

/** Records that parse; anything else is left where it is (never thrown, never shown). */
function parsed(raw: readonly unknown[]): Contact[] {
  return raw.map(parseContact).filter((c): c is Contact => c !== null);
}

/** The stored form: the record with its derived index fields brought up to date. */
function indexed(contact: Contact): Contact {
  return { ...contact, words: searchWords(contact) };
}

/**
 * While the history move builds the book: the keys and ids it may hold (storage/key-presence.ts).
 * A merge reads the `keys` index once per key its answers name, and each changed record before
 * writing it: at the move's pace, about five reads per entry, nearly all for people the book has
 * never seen. Only merges add keys (tags keep them, forgetting and clearing remove some).
 */
const presence = new PresenceTracking();

/**
 * Until the returned function is called, merges skip the reads of keys and ids the book
 * certainly lacks: the history move's batches, about people the book has never seen. The
 * book's keys are read once, here.
 */
export function trackBookKeys(): Promise<() => void> {
  return presence.start(() =>
    withRecords(async (db) => {
      const tx = db.transaction(STORE, 'readonly');
      // Every id too: a record whose keys do not name its id (written by hand) is still read before it is replaced.
      const keys = (await tx.store.getAllKeys()).map(String);
      for (let cursor = await tx.store.index('keys').openKeyCursor(null, 'nextunique'); cursor; cursor = await cursor.continue()) keys.push(String(cursor.key));
      return keys;
    }),
  );
}

/** A merge made ready before its transaction: the answers' drafts and identity keys, and those no record can have. */
export interface BookMerge {
  answers: readonly ContactAnswer[];
  drafts: Drafts[];
  keys: string[];
  absent: ReadonlySet<string>;
}

export interface BookMergeResult {
  puts: Contact[];
  deletes: string[];
}

/**
 * Made before the merge's transaction is (store.ts's own, or the history move's batch): the
 * keys the answers name are given to the presence filter then, so that a merge made after it
 * reads them and finds what this one wrote.
 */
export function prepareMerge(answers: readonly ContactAnswer[]): BookMerge {
  const drafts = answers.map(draftsOf);
  const keys = lookupKeysOf(drafts);
  const known = presence.filter;
  const absent = new Set(known ? keys.filter((key) => !known.mayHave(key)) : []);
  known?.add(keys);
  return { answers, drafts, keys, absent };
}

/** The stores a merge writes, to be in its transaction. */
export const BOOK_STORES = [STORE, META_STORE] as const;

/**
 * The merge, inside a transaction over BOOK_STORES (and any other): the contacts the answers are
 * about are read once, one `getAll` of the `keys` index per identity key, all asked at once;
 * merge.ts decides what changes, answer after answer, on that working set (working-set.ts);
 * each contact touched is then written once, and the counts moved. Nothing is announced: the
 * caller does (announceMerge) once the transaction is in.
 */
export async function mergeInto(tx: IDBPTransaction<unknown, string[], 'readwrite'>, merge: BookMerge): Promise<BookMergeResult> {
  const contacts = (tx as unknown as ContactsTx).objectStore(STORE);
  const meta = (tx as unknown as ContactsTx).objectStore(META_STORE);
  const { answers, drafts, keys, absent } = merge;
  const index = contacts.index('keys');
  const found = await Promise.all(keys.filter((key) => !absent.has(key)).map((key) => tracked(index.getAll(key))));
  const book = new ContactWorkingSet(parsed(found.flat()));
  for (const [i, answer] of answers.entries()) {
    const { upserts, removes } = await mergeAnswer(answer, async (keys) => book.byKey(keys), drafts[i]);
    for (const id of removes) book.delete(id);
    for (const contact of upserts) book.put(contact);
  }
  const changes = book.changes();
  const records = changes.puts.map(indexed);
  // What each changed id held (a new id, an update, a merge's deleted record), for the counts.
  const ids = [...changes.deletes, ...records.map((record) => record.id)];
  const before = await Promise.all(ids.map((id) => (absent.has(id) ? undefined : tracked(contacts.get(id)))));
  await Promise.all([...changes.deletes.map((id) => tracked(contacts.delete(id))), ...records.map((record) => tracked(contacts.put(record)))]);
  await tracked(storeCountsAfter(contacts, meta, countsDelta(before, [...changes.deletes.map(() => null), ...records])));
  return { puts: records, deletes: changes.deletes };
}

/** Once a merge's transaction is in: the screens showing these contacts read them again. */
export function announceMerge({ puts, deletes }: BookMergeResult): void {
  announceRecords({ store: STORE, ids: [...puts.map((c) => c.id), ...deletes] });
}

/**
 * Merges answers into the book in one transaction (all or nothing), as mergeInto says; the same
 * as merging the answers one by one, for a lookup's one answer and for the history move's
 * batches alike. While the move tracks the book's keys (trackBookKeys), the keys and ids no
 * record can have are not read.
 */
export async function recordAnswers(answers: readonly ContactAnswer[]): Promise<Contact[]> {
  if (!answers.length) return [];
  // Made before the transaction opens: it stays open only for the reads, the merge and the writes.
  const merge = prepareMerge(answers);
  const result = await withRecords(async (db) => {
    const { tx } = writeTx(db);
    // A throw on the way (a value that cannot be stored) must not commit the writes before it.
    return allOrNothing(tx, () => mergeInto(tx as unknown as IDBPTransaction<unknown, string[], 'readwrite'>, merge));
  });
  announceMerge(result);
  return result.puts;
}

export async function getContact(id: string): Promise<Contact | null> {
  return withRecords(async (db) => parseContact(await db.get(STORE, id)));
}

export async function getContacts(ids: readonly string[]): Promise<Contact[]> {
  return withRecords(async (db) => {
    const tx = db.transaction(STORE, 'readonly');
    return parsed(await Promise.all(ids.map((id) => tx.store.get(id))));
  });
}

/** The contact any of `keys` belongs to, the first key first (callers list the strongest first). */
export async function findContact(keys: readonly string[]): Promise<Contact | null> {
  return (await findContacts([keys]))[0] ?? null;
}

/** findContact for many at once, in one transaction (a bulk quote's page of rows): each one's contact or null. */
export async function findContacts(keyLists: readonly (readonly string[])[]): Promise<(Contact | null)[]> {
  if (!keyLists.some((keys) => keys.length)) return keyLists.map(() => null);
  return withRecords(async (db) => {
    const index = db.transaction(STORE, 'readonly').store.index('keys');
    return Promise.all(
      keyLists.map(async (keys) => {
        for (const key of keys) {
          const found = parsed(await index.getAll(key));
          if (found.length) return found.sort((a, b) => b.updatedAt - a.updatedAt)[0]!;
        }
        return null;
      }),
    );
  });
}

export async function countContacts(): Promise<number> {
  return withRecords((db) => db.count(STORE));
}

/** Calls `listener` with the contact of `keys` now and after every change to the book. */
export function watchContact(keys: readonly string[], listener: (contact: Contact | null) => void): () => void {
  let stopped = false;
  let generation = 0;
  const read = () => {
    const mine = ++generation;
    void findContact(keys).then(
      (contact) => !stopped && mine === generation && listener(contact),
      () => !stopped && mine === generation && listener(null),
    );
  };
  const onChange = (change: RecordChange) => change.store === STORE && read();
  onRecordsChanged.addListener(onChange);
  read();
  return () => {
    stopped = true;
    onRecordsChanged.removeListener(onChange);
  };
}

/** Read-modify-write of some contacts in one transaction; `change` returns null to delete. */
async function updateContacts(ids: readonly string[], change: (contact: Contact) => Contact | null): Promise<Contact[]> {
  const out: Contact[] = [];
  await withRecords(async (db) => {
    const { tx, contacts, meta } = writeTx(db);
    const before: Contact[] = [];
    const after: (Contact | null)[] = [];
    for (const contact of parsed(await Promise.all(ids.map((id) => contacts.get(id))))) {
      const next = change(contact);
      if (next) await contacts.put(indexed(next));
      else await contacts.delete(contact.id);
      before.push(contact);
      after.push(next);
      out.push(contact);
    }
    await storeCountsAfter(contacts, meta, countsDelta(before, after));
    await tx.done;
  });
  announceRecords({ store: STORE, ids: [...ids] });
  return out;
}

/**
 * Free observations about people (a job change seen on their profile): each person filed under
 * one of `keys` is given to `observe`, and written back only when it answers a new record. Read
 * first without a write lock, since nearly every profile view changes nothing; what changes is
 * read again and written in one transaction. No count moves (no contact comes or goes).
 */
export async function observePeople(keys: readonly string[], observe: (person: PersonContact, key: string) => PersonContact | null): Promise<PersonContact[]> {
  const people = (raw: readonly unknown[]) => parsed(raw).filter((c): c is PersonContact => c.kind === 'person');
  const changedKeys = await withRecords(async (db) => {
    const index = db.transaction(STORE, 'readonly').store.index('keys');
    const found = await Promise.all(keys.map(async (key) => ({ key, people: people(await index.getAll(key)) })));
    return found.filter(({ key, people }) => people.some((person) => observe(person, key) !== null)).map(({ key }) => key);
  });
  if (!changedKeys.length) return [];
  const written = await withRecords(async (db) => {
    const tx = db.transaction(STORE, 'readwrite');
    const out: PersonContact[] = [];
    for (const key of changedKeys) {
      for (const person of people(await tx.store.index('keys').getAll(key))) {
        const next = observe(person, key);
        if (!next) continue;
        await tx.store.put(indexed(next));
        out.push(next);
      }
    }
    await tx.done;
    return out;
  });
  if (written.length) announceRecords({ store: STORE, ids: written.map((c) => c.id) });
  return written;
}

/** User tags ("Paris event"): trimmed, case kept, each once. */
export function normaliseTag(tag: string): string | null {
  const clean = tag.replace(/\s+/g, ' ').trim().slice(0, 60);
  return clean || null;
}

export function tagContacts(ids: readonly string[], tags: { add?: readonly string[]; remove?: readonly string[] }, now = Date.now()): Promise<Contact[]> {
  const add = (tags.add ?? []).map(normaliseTag).filter((t): t is string => t !== null);
  const remove = new Set(tags.remove ?? []);
  return updateContacts(ids, (contact) => ({
    ...contact,
    tags: [...new Set([...contact.tags.filter((t) => !remove.has(t)), ...add])],
    updatedAt: now,
  }));
}

/** A person's notice for their next CRM note (model.ts `notice`); answers the people it was set on. */
export function setContactNotice(id: string, notice: ContactNotice): Promise<Contact[]> {
  return updateContacts([id], (contact) => (contact.kind === 'person' ? { ...contact, notice } : contact));
}

/** The notice a queued push carries into its note: marked, so the next push's note leaves it out. */
export function markNoticeNoted(id: string, preparedAt: number, at: number): Promise<Contact[]> {
  return updateContacts([id], (contact) =>
    contact.kind === 'person' && contact.notice?.preparedAt === preparedAt ? { ...contact, notice: { ...contact.notice, notedAt: at } } : contact,
  );
}

/** Deletes contacts; answers what they were (for the suppression list, when the user asks). */
export function forgetContacts(ids: readonly string[]): Promise<Contact[]> {
  return updateContacts(ids, () => null);
}

export async function clearContacts(): Promise<void> {
  await withRecords(async (db) => {
    const { tx, contacts, meta } = writeTx(db);
    await Promise.all([contacts.clear(), meta.put({ person: 0, company: 0 }, COUNTS_KEY)]);
    await tx.done;
  });
  announceRecords({ store: STORE, ids: [] });
}

/** Every contact, in pages, for export-all (an extension page exports through search.ts instead). */
export async function readAllContacts(): Promise<Contact[]> {
  return withRecords(async (db) => parsed(await db.getAll(STORE)));
}

/** How many contacts a purge deletes per transaction: short enough that a page's reads wait little between two. */
export const PURGE_BATCH = 200;

/**
 * The retention purge (lib/retention/README.md): deletes every contact first collected before
 * `cutoff`, whatever updated it since (a tag, a CRM check, a repeat, a merge: firstSeenAt is the
 * earliest of what was merged, never moved later). A range of the `firstSeenAt` index, taken in
 * batches of `batch`, each one transaction (the records, the counts) announced once it is in;
 * a record that no longer parses goes too, since it is as old. Answers how many went.
 */
export async function purgeContactsCollectedBefore(cutoff: number, batch = PURGE_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const gone = await withRecords(async (db) => {
      const { tx, contacts, meta } = writeTx(db);
      return allOrNothing(tx, async () => {
        const ids = (await contacts.index('firstSeenAt').getAllKeys(IDBKeyRange.upperBound(cutoff, true), batch)).map(String);
        const before = await Promise.all(ids.map((id) => tracked(contacts.get(id))));
        await Promise.all(ids.map((id) => tracked(contacts.delete(id))));
        await storeCountsAfter(contacts, meta, countsDelta(before, ids.map(() => null)));
        return ids;
      });
    });
    if (gone.length) announceRecords({ store: STORE, ids: gone });
    total += gone.length;
    if (gone.length < batch) return total;
  }
}

/** How many contacts were first collected before `cutoff`, and when the earliest was (null: none). */
export async function contactsCollectedBefore(cutoff: number): Promise<{ count: number; earliest: number | null }> {
  return withRecords(async (db) => {
    const index = db.transaction(STORE, 'readonly').store.index('firstSeenAt');
    const range = IDBKeyRange.upperBound(cutoff, true);
    const [count, first] = await Promise.all([index.count(range), index.openKeyCursor(range)]);
    return { count, earliest: first ? (first.key as number) : null };
  });
}
