import type { IDBPTransaction } from 'idb';
import { announceRecords, onRecordsChanged, withRecords, type RecordChange } from '@/lib/storage/vault';
import type { ContactAnswer } from '@/lib/contacts/answer';
import { mergeAnswer } from '@/lib/contacts/merge';
import { parseContact, type Contact } from '@/lib/contacts/model';
import { searchWords } from '@/lib/contacts/words';

/**
 * The contact book's storage: one record per merged person or company in the vault's `contacts`
 * store. The worker writes (recordAnswers, tags, forget); extension pages read and watch. Every
 * read is an index read: by id, by identity key (`keys`), by search word (`words`, see
 * search.ts), by tag, by update time.
 */
const STORE = 'contacts';

type ContactsTx = IDBPTransaction<unknown, ['contacts'], 'readwrite'>;

/** Records that parse; anything else is left where it is (never thrown, never shown). */
function parsed(raw: readonly unknown[]): Contact[] {
  return raw.map(parseContact).filter((c): c is Contact => c !== null);
}

/** The stored form: the record with its derived index fields brought up to date. */
function indexed(contact: Contact): Contact {
  return { ...contact, words: searchWords(contact) };
}

async function contactsByKeys(tx: ContactsTx, keys: readonly string[]): Promise<Contact[]> {
  const index = tx.store.index('keys');
  const found = await Promise.all(keys.map((key) => index.getAll(key)));
  const byId = new Map<string, Contact>();
  for (const contact of parsed(found.flat())) byId.set(contact.id, contact);
  return [...byId.values()];
}

/**
 * Merges answers into the book in one transaction (all or nothing): each answer finds the
 * contacts it is about through the `keys` index, and merge.ts decides what changes.
 */
export async function recordAnswers(answers: readonly ContactAnswer[]): Promise<Contact[]> {
  if (!answers.length) return [];
  const written = new Map<string, Contact>();
  const removed = new Set<string>();
  await withRecords(async (db) => {
    const tx = db.transaction(STORE, 'readwrite') as unknown as ContactsTx;
    for (const answer of answers) {
      const change = mergeAnswer(answer, (keys) => contactsByKeys(tx, keys));
      const { upserts, removes } = await change;
      for (const id of removes) {
        await tx.store.delete(id);
        written.delete(id);
        removed.add(id);
      }
      for (const contact of upserts) {
        const record = indexed(contact);
        await tx.store.put(record);
        written.set(record.id, record);
        removed.delete(record.id);
      }
    }
    await tx.done;
  });
  announceRecords({ store: STORE, ids: [...written.keys(), ...removed] });
  return [...written.values()];
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
  if (!keys.length) return null;
  return withRecords(async (db) => {
    const tx = db.transaction(STORE, 'readonly');
    for (const key of keys) {
      const found = parsed(await tx.store.index('keys').getAll(key));
      if (found.length) return found.sort((a, b) => b.updatedAt - a.updatedAt)[0]!;
    }
    return null;
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
    const tx = db.transaction(STORE, 'readwrite');
    for (const contact of parsed(await Promise.all(ids.map((id) => tx.store.get(id))))) {
      const next = change(contact);
      if (next) await tx.store.put(indexed(next));
      else await tx.store.delete(contact.id);
      out.push(contact);
    }
    await tx.done;
  });
  announceRecords({ store: STORE, ids: [...ids] });
  return out;
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

/** Deletes contacts; answers what they were (for the suppression list, when the user asks). */
export function forgetContacts(ids: readonly string[]): Promise<Contact[]> {
  return updateContacts(ids, () => null);
}

export async function clearContacts(): Promise<void> {
  await withRecords(async (db) => db.clear(STORE));
  announceRecords({ store: STORE, ids: [] });
}

/** Every contact, in pages, for export-all (an extension page exports through search.ts instead). */
export async function readAllContacts(): Promise<Contact[]> {
  return withRecords(async (db) => parsed(await db.getAll(STORE)));
}
