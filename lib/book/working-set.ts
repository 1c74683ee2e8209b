import type { Drafts } from '@/lib/book/extract';
import type { Contact } from '@/lib/book/model';

/**
 * The contacts a batch of answers is about, held in memory while the batch is merged (store.ts):
 * read once, through the `keys` index, for every identity key the batch names, then changed
 * answer after answer here, and written once each at the end. A batch of 250 answers then costs
 * one read per distinct key and one write per contact it touched, instead of a read of the index
 * per answer and a write per answer (the same company, merged 250 times, was written 250 times).
 *
 * `byKey` answers what the index would inside the batch's transaction after the writes so far:
 * for each key asked, the contacts filed under it in primary-key order, each contact once, first
 * key first (merge.ts takes the first company found, and sorts people stably).
 */

/** Every identity key merge.ts may look up for answers of these drafts (see mergeAnswer and peopleFor). */
export function lookupKeysOf(drafts: readonly Drafts[]): string[] {
  const keys = new Set<string>();
  for (const { company, person } of drafts) {
    for (const key of company?.keys ?? []) keys.add(key);
    for (const key of person?.keys ?? []) keys.add(key);
    if (person?.nameKey) keys.add(person.nameKey);
  }
  return [...keys];
}

const byPrimaryKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export class ContactWorkingSet {
  /** The current version of every contact read or written; null once deleted by the batch. */
  private readonly contacts = new Map<string, Contact | null>();
  private readonly index = new Map<string, Set<string>>();
  /** Ids whose record must be written (or deleted) at the end. */
  private readonly dirty = new Set<string>();

  /** What the store held for the batch's keys (the `keys` index's answers, each contact once). */
  constructor(loaded: Iterable<Contact>) {
    for (const contact of loaded) this.file(contact);
  }

  private file(contact: Contact): void {
    this.contacts.set(contact.id, contact);
    for (const key of contact.keys) {
      let ids = this.index.get(key);
      if (!ids) this.index.set(key, (ids = new Set()));
      ids.add(contact.id);
    }
  }

  private unfile(id: string): void {
    const current = this.contacts.get(id);
    if (!current) return;
    for (const key of current.keys) this.index.get(key)?.delete(id);
  }

  byKey(keys: readonly string[]): Contact[] {
    const out = new Map<string, Contact>();
    for (const key of keys) {
      for (const id of [...(this.index.get(key) ?? [])].sort(byPrimaryKey)) {
        const contact = this.contacts.get(id);
        if (contact && !out.has(id)) out.set(id, contact);
      }
    }
    return [...out.values()];
  }

  put(contact: Contact): void {
    this.unfile(contact.id);
    this.file(contact);
    this.dirty.add(contact.id);
  }

  delete(id: string): void {
    this.unfile(id);
    this.contacts.set(id, null);
    this.dirty.add(id);
  }

  /** What the batch leaves: each touched id once, its last version or null (deleted). */
  changes(): { puts: Contact[]; deletes: string[] } {
    const puts: Contact[] = [];
    const deletes: string[] = [];
    for (const id of this.dirty) {
      const contact = this.contacts.get(id);
      if (contact) puts.push(contact);
      else deletes.push(id);
    }
    return { puts, deletes };
  }
}
