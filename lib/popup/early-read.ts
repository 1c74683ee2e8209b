import { FIRST_READ_KEYS, HISTORY_STORE_NAME, POPUP_HISTORY_SIZE, type FirstReadRaw } from '@/lib/popup/first-read-keys';
import { nativeIndexRecords } from '@/lib/storage/native-index-records';
import { isCurrentMarker, ITEMS_STORE, META_STORE, MIGRATION_MARKER_KEY, OPENING_MESSAGE, VAULT_CHANNEL, VAULT_DB_NAME, VAULT_DB_VERSION } from '@/lib/storage/vault-names';

/**
 * The popup's first read, started by a small classic script in the page's head
 * (entrypoints/popup-read.ts) while the browser still parses the page and fetches its modules:
 * opening the vault and reading it then overlaps with loading the code that draws, which the
 * module scripts wait on before they run a line. Plain IndexedDB (the `idb` library is not
 * loaded yet); the same one transaction as `readFirstPaint` (lib/popup/first-read.ts), with the
 * vault's migration marker in it. It only reads: a vault that does not exist yet, needs an
 * upgrade, or is not migrated yet answers null, and the popup reads through the vault
 * (vault.ts), which creates, upgrades and waits. The connection is closed once read. What is
 * read stays in this page's memory: nothing is copied anywhere.
 */

/** Where the early script leaves its read for the popup's module (main.ts), taken once. */
const EARLY_READ = '__dossierPopupFirstRead';
type Holder = { [EARLY_READ]?: Promise<FirstReadRaw | null> };

/** The worker's background work stands aside for an opening page (vault.ts's `pageOpenedWithin`): say it before the first read. */
function sayOpening(): void {
  try {
    const channel = new BroadcastChannel(VAULT_CHANNEL);
    channel.postMessage(OPENING_MESSAGE);
    channel.close();
  } catch {
    // No channel (an old browser): the worker's work only goes on at its usual pace.
  }
}

/** The items, the marker and the `limit` newest history records in one transaction of `db`; null when not migrated. */
function readOnce(db: IDBDatabase, limit: number): Promise<FirstReadRaw | null> {
  return new Promise((resolve) => {
    const tx = db.transaction([ITEMS_STORE, META_STORE, HISTORY_STORE_NAME], 'readonly');
    const items: FirstReadRaw['items'] = {};
    const records: unknown[] = [];
    let marker: unknown = null;
    const meta = tx.objectStore(META_STORE).get(MIGRATION_MARKER_KEY);
    meta.onsuccess = () => (marker = meta.result);
    const store = tx.objectStore(ITEMS_STORE);
    for (const name of Object.keys(FIRST_READ_KEYS) as (keyof typeof FIRST_READ_KEYS)[]) {
      const request = store.get(FIRST_READ_KEYS[name]);
      request.onsuccess = () => (items[name] = request.result);
    }
    const index = tx.objectStore(HISTORY_STORE_NAME).index('at');
    const batch = nativeIndexRecords(index, null, limit, 'prev');
    if (batch) void batch.then((entries) => records.push(...entries.map((entry) => entry.value)), () => tx.abort());
    else {
      const cursor = index.openCursor(null, 'prev');
      cursor.onsuccess = () => {
        if (!cursor.result || records.length >= limit) return;
        records.push(cursor.result.value);
        if (records.length < limit) cursor.result.continue();
      };
    }
    tx.oncomplete = () => resolve(isCurrentMarker(marker) ? { items, records } : null);
    tx.onabort = () => resolve(null);
  });
}

/** The popup's first read straight from IndexedDB, or null when only the vault's own opening can give it (see above). */
export function earlyRead(limit: number, factory: IDBFactory = indexedDB): Promise<FirstReadRaw | null> {
  return new Promise<FirstReadRaw | null>((resolve) => {
    const request = factory.open(VAULT_DB_NAME, VAULT_DB_VERSION);
    // Not ours to create or upgrade: the vault does it, with its stores and indexes.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
    request.onsuccess = () => {
      const db = request.result;
      // Never hold back a newer release's upgrade.
      db.onversionchange = () => db.close();
      readOnce(db, limit)
        .then(resolve, () => resolve(null))
        .finally(() => db.close());
    };
  }).catch(() => null);
}

/** Starts the popup's first read (the early script's one line); its answer waits for `takeEarlyRead`. */
export function startEarlyRead(): void {
  sayOpening();
  (globalThis as Holder)[EARLY_READ] = earlyRead(POPUP_HISTORY_SIZE);
}

/** The early read's answer where it was started and answered, else `fallback()` (the vault's read, which waits for it to be ready). */
export async function takeEarlyRead(fallback: () => Promise<FirstReadRaw>): Promise<FirstReadRaw> {
  const holder = globalThis as Holder;
  const early = holder[EARLY_READ];
  delete holder[EARLY_READ];
  return (await early) ?? fallback();
}
