/**
 * Which identity keys and ids the contact book may hold, while the history move builds it
 * (record-migration.ts). A merge (store.ts) reads the `keys` index once per key its answers
 * name, and each changed record before writing it: at the move's pace, about five reads per
 * entry, nearly all of them for people the book has never seen, which find nothing. With this
 * filter those reads are skipped: a key it has never been given is certainly in no record.
 *
 * It is filled from the book once (every id, every key of the `keys` index), then with the keys
 * of every merge, before that merge's transaction is made: a merge made later reads what an
 * earlier one wrote. Only merges add keys (tags keep them, forgetting and clearing remove
 * some: a key that went is merely read again). It holds 32-bit hashes, a few MB at 100,000
 * contacts; two keys of one hash only cost a read.
 */

/** FNV-1a over the UTF-16 code units. */
function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class KeyPresence {
  private readonly hashes = new Set<number>();
  /** Until the book is read, every key may be there. */
  private loaded = false;

  /** Whether a record with this id, or with this key in its `keys`, may be in the book. */
  mayHave(key: string): boolean {
    return !this.loaded || this.hashes.has(hash(key));
  }

  add(keys: Iterable<string>): void {
    for (const key of keys) this.hashes.add(hash(key));
  }

  /** What the book held when read, added to what merges gave meanwhile. */
  fill(keys: Iterable<string>): void {
    this.add(keys);
    this.loaded = true;
  }
}
