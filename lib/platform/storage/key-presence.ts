/**
 * Which keys a record store may hold, while the history move writes into it (lib/history/worker/record-migration.ts):
 * the contact book's identity keys and ids (lib/book/store.ts) and the history's ids
 * (lib/history/worker/store.ts). The move would otherwise read, for each entry, whether a record is already
 * there, and nearly every read finds nothing. With this filter those reads are skipped: a key it
 * has never been given is certainly in no record.
 *
 * It is filled from the store once (every key), then with the keys of every write made
 * meanwhile, before that write's transaction is made: a write made later reads what an earlier
 * one wrote. Keys that go (a delete, a clear) are merely read again. It holds 32-bit hashes, a
 * few MB at 100,000 records; two keys of one hash only cost a read.
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

/** The filter of one store while a move tracks it; none otherwise (every key may then be there). */
export class PresenceTracking {
  private current: KeyPresence | null = null;

  get filter(): KeyPresence | null {
    return this.current;
  }

  /**
   * Until the returned function is called, writes add their keys (`filter?.add`) and reads may
   * skip the keys it lacks. Set before `read` starts: a write made meanwhile gives its keys
   * either way, and `read` sees what an earlier write committed.
   */
  async start(read: () => Promise<Iterable<string>>): Promise<() => void> {
    const tracker = new KeyPresence();
    this.current = tracker;
    const stop = () => {
      if (this.current === tracker) this.current = null;
    };
    try {
      tracker.fill(await read());
    } catch (err) {
      stop();
      throw err;
    }
    return stop;
  }
}
