import { vault, type VaultChanges } from '../storage/vault';
import { historyEntrySchema, type HistoryEntry } from './entry';
import { EMPTY_INDEX, ENTRY_PREFIX, entryKey, getValues, INDEX_KEY, LEGACY_KEY, PAGE_PREFIX, pageKey, parseEntry, parseIndex, parsePage } from './layout';

const WATCHED = new Set([INDEX_KEY, LEGACY_KEY]);

/**
 * The whole history for an extension page (the history page), kept current: read once, then
 * after every change, whichever context wrote it. Entries are cached and only new ones are
 * read again; a changed entry arrives with its change event. Never writes: the background
 * owns these keys (store.ts), and reads here may meet a change half-written, which the
 * change event that completes it corrects.
 */
export function watchHistory(apply: (entries: HistoryEntry[]) => void): () => void {
  const cache = new Map<string, HistoryEntry | null>();
  let stopped = false;
  let running = false;
  let again = false;

  async function read(): Promise<HistoryEntry[]> {
    const [legacy, rawIndex] = await getValues([LEGACY_KEY, INDEX_KEY]);
    const index = parseIndex(rawIndex) ?? EMPTY_INDEX;
    const ids = [...new Set((await getValues(index.pages.map((p) => pageKey(p.n)))).flatMap((page) => parsePage(page) ?? []))];
    const listed = new Set(ids);
    for (const id of cache.keys()) if (!listed.has(id)) cache.delete(id);
    const missing = ids.filter((id) => !cache.has(id));
    const values = await getValues(missing.map(entryKey));
    // An entry changed while this read was under way is already in the cache, newer.
    missing.forEach((id, i) => void (cache.has(id) || values[i] == null || cache.set(id, parseEntry(id, values[i]))));
    const entries = ids.flatMap((id) => cache.get(id) ?? []);
    if (!Array.isArray(legacy)) return entries;
    // Release 0.1's array, not moved yet: the background moves it on its next history call.
    const old = legacy.flatMap((item) => {
      const parsed = historyEntrySchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
    const seen = new Set(old.map((e) => e.id));
    return [...old, ...entries.filter((e) => !seen.has(e.id))];
  }

  async function refresh() {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const entries = await read().catch(() => null);
        if (entries && !again && !stopped) apply(entries);
      } while (again && !stopped);
    } finally {
      running = false;
    }
  }

  const onChanged = (changes: VaultChanges) => {
    let relevant = false;
    for (const [key, change] of Object.entries(changes)) {
      if (key.startsWith(ENTRY_PREFIX)) {
        const id = key.slice(ENTRY_PREFIX.length);
        if (change.newValue == null) cache.delete(id);
        else cache.set(id, parseEntry(id, change.newValue));
        relevant = true;
      } else if (WATCHED.has(key) || key.startsWith(PAGE_PREFIX)) relevant = true;
    }
    if (relevant) void refresh();
  };
  vault.onChanged.addListener(onChanged);
  void refresh();
  return () => {
    stopped = true;
    vault.onChanged.removeListener(onChanged);
  };
}
