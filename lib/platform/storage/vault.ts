import { openDB, type IDBPDatabase, type IDBPTransaction } from 'idb';
import { isCurrentMarker, ITEMS_STORE, META_STORE, MIGRATION_MARKER_KEY, forgetSaidOpening, sayOpening, VAULT_CHANNEL, VAULT_DB_NAME, VAULT_DB_VERSION, VAULT_MIGRATION } from '@/lib/platform/storage/vault-names';

// The key/value stores by name, for code that must write records and keys in one transaction
// (the move of the old history and ledger keys into the record stores, the history's count).
export { ITEMS_STORE, META_STORE, VAULT_MIGRATION };

/**
 * The vault: where the key, CRM tokens, the ledger, the history and everything else paid for
 * or personal is kept. It is the extension's own IndexedDB, which only the worker and the
 * extension's pages can open: a content script runs in the page's origin, so `indexedDB`
 * there is the page's, never this one (whereas `storage.local` is readable by every content
 * script). Same shape as a `storage.local` area so that stores change little: get / set /
 * remove / getKeys / clear, and change events, which reach every extension context through a
 * BroadcastChannel (also origin-bound) and this context's own listeners.
 *
 * Every operation waits until the vault is ready: it holds the "migrated" marker that the
 * worker writes when it has moved the data of an older release out of `storage.local` (see
 * migrate.ts), so a page opened before the worker did so never sees an empty history, and in
 * the worker nothing runs on the vault while that move is under way.
 */

export interface VaultChange {
  newValue?: unknown;
  oldValue?: unknown;
}
export type VaultChanges = Record<string, VaultChange>;
export type VaultListener = (changes: VaultChanges) => void;

export interface VaultArea {
  /** Values of the keys asked for that exist (all of them for null), as `storage.local.get`. */
  get(keys: string | readonly string[] | null): Promise<Record<string, unknown>>;
  /** Writes every key in one transaction: all or nothing. */
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | readonly string[]): Promise<void>;
  getKeys(): Promise<string[]>;
  clear(): Promise<void>;
  /**
   * Read-modify-write of `keys` in one transaction, so no other write lands in between;
   * `change` returns the writes (undefined deletes a key), or null to write nothing.
   */
  update(keys: readonly string[], change: (current: Record<string, unknown>) => Record<string, unknown> | null): Promise<void>;
  onChanged: { addListener(listener: VaultListener): void; removeListener(listener: VaultListener): void };
}

const DB_NAME = VAULT_DB_NAME;
const DB_VERSION = VAULT_DB_VERSION;
const ITEMS = ITEMS_STORE;
const META = META_STORE;
const MARKER = MIGRATION_MARKER_KEY;
const CHANNEL = VAULT_CHANNEL;
/** Marked in a page when the vault is first open and ready there. */
export const VAULT_READY_MARK = 'dossier:vault-ready';

export interface MigrationMarker {
  version: number;
  at: number;
  /** Keys moved out of `storage.local`, with a fingerprint of the value moved (see migrate.ts). */
  moved: Record<string, string>;
}

/**
 * Stores of records, one object per record, each indexed for the reads the screens and the
 * worker make, so that no read scans them whole:
 *   history   one entry per lookup (key `id`), by time (`at`) and by identity key;
 *   ledger    one paid answer per entry (key `historyId`), by every identity key it is filed under,
 *             and by operation and payment time (`opPaidAt`, for the purge);
 *   contacts  one merged person or company (key `id`), by identity key, search word, tag, update time,
 *             and first collection (`firstSeenAt`, for the retention purge);
 *   bulkRuns  one bulk enrichment run (key `id`);
 *   bulkRows  one row of a run (key `[runId, index]`), read in order through the key's range.
 */
export const RECORD_STORES = ['history', 'ledger', 'contacts', 'bulkRuns', 'bulkRows'] as const;
export type RecordStore = (typeof RECORD_STORES)[number];

export interface RecordChange {
  store: RecordStore;
  /** Keys of the records written or deleted; empty when the store was cleared. */
  ids: string[];
}
export type RecordListener = (change: RecordChange) => void;

type Message = { kind: 'changes'; changes: VaultChanges } | { kind: 'records'; change: RecordChange } | { kind: 'migrated' } | { kind: 'opening' };

let connection: Promise<IDBPDatabase> | null = null;
let readiness: Promise<IDBPDatabase> | null = null;
let channel: BroadcastChannel | null = null;
const listeners = new Set<VaultListener>();
const readyWaiters = new Set<() => void>();
/** Work this context must finish before it uses the vault (the worker's migration). */
let hold: Promise<unknown> = Promise.resolve();

/**
 * Refuses to open in a web page's origin: were a content script ever to import a store, it
 * would otherwise create a vault the page can read, and write secrets into it.
 */
function assertExtensionContext(): void {
  if (import.meta.env.MODE === 'test') return;
  const protocol = globalThis.location?.protocol ?? '';
  if (/^(https?|file|data|blob|about):$/.test(protocol)) throw new Error('The vault opens only in the extension’s own pages and worker.');
}

function openDatabase(): Promise<IDBPDatabase> {
  assertExtensionContext();
  connection ??= openDB(DB_NAME, DB_VERSION, {
    upgrade(db, _old, _new, tx) {
      if (!db.objectStoreNames.contains(ITEMS)) db.createObjectStore(ITEMS);
      if (!db.objectStoreNames.contains(META)) db.createObjectStore(META);
      createRecordStores(db);
      addIndexes(tx);
    },
    blocking(_current, _next, event) {
      // A newer release wants to upgrade the database: let it, and reopen on next use.
      (event.target as IDBDatabase).close();
      connection = readiness = null;
    },
    terminated() {
      connection = readiness = null;
    },
  });
  listen();
  return connection;
}

function createRecordStores(db: IDBPDatabase): void {
  const names = db.objectStoreNames;
  if (!names.contains('history')) {
    const history = db.createObjectStore('history', { keyPath: 'id' });
    history.createIndex('at', 'at');
    history.createIndex('identity', 'identity');
  }
  if (!names.contains('ledger')) {
    const ledger = db.createObjectStore('ledger', { keyPath: 'historyId' });
    ledger.createIndex('keys', 'keys', { multiEntry: true });
  }
  if (!names.contains('contacts')) {
    const contacts = db.createObjectStore('contacts', { keyPath: 'id' });
    contacts.createIndex('keys', 'keys', { multiEntry: true });
    contacts.createIndex('words', 'words', { multiEntry: true });
    contacts.createIndex('tags', 'tags', { multiEntry: true });
    contacts.createIndex('updatedAt', 'updatedAt');
    contacts.createIndex('kind', 'kind');
  }
  if (!names.contains('bulkRuns')) db.createObjectStore('bulkRuns', { keyPath: 'id' });
  // Rows of one run sit together in key order: a run's rows are a key range, read a page at a time.
  if (!names.contains('bulkRows')) db.createObjectStore('bulkRows', { keyPath: ['runId', 'index'] });
}

/** Indexes added to stores that an earlier version created (an upgrade adds them to data kept). */
function addIndexes(tx: IDBPTransaction<unknown, string[], 'versionchange'>): void {
  const ledger = tx.objectStore('ledger');
  // Per operation, oldest first: a purge deletes each operation's stale range and skips the rest.
  if (!ledger.indexNames.contains('opPaidAt')) ledger.createIndex('opPaidAt', ['op', 'paidAt']);
  const contacts = tx.objectStore('contacts');
  // By first collection: the retention period runs from it (lib/retention/README.md), whatever updates the contact since.
  if (!contacts.indexNames.contains('firstSeenAt')) contacts.createIndex('firstSeenAt', 'firstSeenAt');
}

function listen(): void {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(CHANNEL);
  // Node (unit tests) would otherwise stay alive for an open channel.
  (channel as BroadcastChannel & { unref?: () => void }).unref?.();
  channel.onmessage = (event: MessageEvent<Message>) => {
    if (event.data?.kind === 'changes') deliver(event.data.changes);
    else if (event.data?.kind === 'records') deliverRecords(event.data.change);
    else if (event.data?.kind === 'migrated') readyWaiters.forEach((wake) => wake());
    else if (event.data?.kind === 'opening') pageOpenedAt = Date.now();
  };
}

/**
 * A page that opens says so before its first read, and the worker's long background work (the
 * history move) stands aside a moment: its transactions would otherwise come before the page's
 * reads, and its work before the page's messages. A page says it once (vault-names.ts's `sayOpening`), when it first uses the vault.
 */
let pageOpenedAt = -Infinity;
/** How long a page's opening holds the background work: what a screen takes to its first rows. */
export const PAGE_TURN_MS = 500;

/**
 * Whether a page said it was opening within the last `ms` (PAGE_TURN_MS by default): the
 * background work then keeps its transactions short and leaves the machine to the page part of
 * the time (lib/history/worker/move-pacer.ts), without ever stopping for long.
 */
export function pageOpenedWithin(ms = PAGE_TURN_MS, now: () => number = Date.now): boolean {
  listen();
  return now() - pageOpenedAt < ms;
}

function deliver(changes: VaultChanges): void {
  for (const listener of [...listeners]) {
    try {
      listener(changes);
    } catch (err) {
      console.error('vault listener failed', err);
    }
  }
}

const recordListeners = new Set<RecordListener>();

function deliverRecords(change: RecordChange): void {
  for (const listener of [...recordListeners]) {
    try {
      listener(change);
    } catch (err) {
      console.error('vault record listener failed', err);
    }
  }
}

/** Record stores say what they wrote (after the transaction completed): here, then elsewhere. */
export function announceRecords(change: RecordChange): void {
  deliverRecords(change);
  try {
    channel?.postMessage({ kind: 'records', change } satisfies Message);
  } catch (err) {
    console.error('vault broadcast failed', err);
  }
}

export const onRecordsChanged = {
  addListener(listener: RecordListener): void {
    recordListeners.add(listener);
    listen();
  },
  removeListener: (listener: RecordListener) => void recordListeners.delete(listener),
};

/**
 * The database for the record stores, once the vault is ready (see `ready`). Callers open
 * their own transactions over RECORD_STORES; `withRecords` reopens a connection the browser closed.
 */
export async function withRecords<T>(use: (db: IDBPDatabase) => Promise<T>): Promise<T> {
  try {
    return await use(await ready());
  } catch (err) {
    if (!isClosedConnection(err)) throw err;
    connection = readiness = null;
    return use(await ready());
  }
}

/** Tells this context's listeners, then every other extension context. */
function announce(changes: VaultChanges): void {
  if (!Object.keys(changes).length) return;
  deliver(changes);
  try {
    channel?.postMessage({ kind: 'changes', changes } satisfies Message);
  } catch (err) {
    // A value that cannot cross (none should: it came out of IndexedDB) must not fail the write.
    console.error('vault broadcast failed', err);
  }
}

async function readMarker(db: IDBPDatabase): Promise<MigrationMarker | null> {
  return ((await db.get(META, MARKER)) as MigrationMarker | undefined) ?? null;
}


/** The database once migrated; polls as well, in case the worker's signal came before we listened. */
function ready(): Promise<IDBPDatabase> {
  listen();
  sayOpening(channel);
  readiness ??= (async () => {
    await hold;
    const db = await openDatabase();
    while (!isCurrentMarker(await readMarker(db))) {
      await new Promise<void>((resolve) => {
        const wake = () => {
          readyWaiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, 500);
        readyWaiters.add(wake);
      });
    }
    // For the benches (scripts/bench/contacts.bench.ts): when a page's first read could start.
    if (typeof document !== 'undefined' && !performance.getEntriesByName(VAULT_READY_MARK).length) performance.mark(VAULT_READY_MARK);
    return db;
  })();
  const current = readiness;
  current.catch(() => {
    if (readiness === current) readiness = null;
  });
  return current;
}

const asList = (keys: string | readonly string[]) => (typeof keys === 'string' ? [keys] : [...keys]);

const isClosedConnection = (err: unknown) => (err as { name?: unknown } | null)?.name === 'InvalidStateError';

function createArea(database: () => Promise<IDBPDatabase>): VaultArea {
  /**
   * Opens a transaction, on a fresh connection if the cached one was closed under us (the
   * browser may close it: an upgrade by a newer release, site data cleared, a reset).
   */
  async function transaction<M extends IDBTransactionMode>(mode: M) {
    const db = await database();
    try {
      return db.transaction(ITEMS, mode);
    } catch (err) {
      if (!isClosedConnection(err)) throw err;
      connection = readiness = null;
      return (await database()).transaction(ITEMS, mode);
    }
  }

  async function update(keys: readonly string[], change: (current: Record<string, unknown>) => Record<string, unknown> | null): Promise<void> {
    const tx = await transaction('readwrite');
    const values = await Promise.all(keys.map((key) => tx.store.get(key)));
    const current: Record<string, unknown> = {};
    keys.forEach((key, i) => values[i] !== undefined && (current[key] = values[i]));
    const changes: VaultChanges = {};
    try {
      const writes = change(current);
      if (writes) {
        const targets = Object.keys(writes);
        const before = await Promise.all(targets.map((key) => (key in current ? current[key] : tx.store.get(key))));
        const pending: Promise<unknown>[] = [];
        targets.forEach((key, i) => {
          const value = writes[key];
          if (value === undefined && before[i] !== undefined) changes[key] = { oldValue: before[i] };
          if (value !== undefined) changes[key] = { newValue: value, oldValue: before[i] };
          // put throws at once for a value it cannot clone; requests already made then fail
          // with the abort below, which is expected, not an unhandled rejection.
          const request = value === undefined ? tx.store.delete(key) : tx.store.put(value, key);
          request.catch(() => {});
          pending.push(request);
        });
        await Promise.all(pending);
      }
    } catch (err) {
      // A value that cannot be stored (or a failed change) must not leave half of the set written.
      tx.abort();
      await tx.done.catch(() => {});
      throw err;
    }
    await tx.done;
    announce(changes);
  }

  return {
    async get(keys) {
      const tx = await transaction('readonly');
      if (keys === null) {
        const [names, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
        return Object.fromEntries(names.map((name, i) => [String(name), values[i]]));
      }
      const list = asList(keys);
      const values = await Promise.all(list.map((key) => tx.store.get(key)));
      const out: Record<string, unknown> = {};
      list.forEach((key, i) => values[i] !== undefined && (out[key] = values[i]));
      return out;
    },
    set: (items) => update([], () => items),
    remove: (keys) => update([], () => Object.fromEntries(asList(keys).map((key) => [key, undefined]))),
    async getKeys() {
      const tx = await transaction('readonly');
      return (await tx.store.getAllKeys()).map(String);
    },
    async clear() {
      const tx = await transaction('readwrite');
      const [names, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
      await tx.store.clear();
      await tx.done;
      announce(Object.fromEntries(names.map((name, i) => [String(name), { oldValue: values[i] }])));
    },
    update,
    onChanged: {
      addListener: (listener) => {
        listeners.add(listener);
        listen();
      },
      removeListener: (listener) => void listeners.delete(listener),
    },
  };
}

/** The vault every store uses: waits until the data of older releases is in. */
export const vault: VaultArea = createArea(ready);

/**
 * Copies `entries` into the vault and records the marker, in one transaction: a key the vault
 * already holds keeps the vault's value (it is newer, or the same one copied by a run that
 * died before it could clean up). `moved` is what the marker records as moved from now on.
 * Only the worker's migration calls it (migrate.ts).
 */
export async function copyIntoVault(
  plan: (marker: MigrationMarker | null, present: ReadonlySet<string>) => { copy: Record<string, unknown>; moved: Record<string, string> },
  keys: readonly string[],
  now: number,
): Promise<{ copied: string[]; marker: MigrationMarker }> {
  const db = await openDatabase();
  const tx = db.transaction([ITEMS, META], 'readwrite');
  const items = tx.objectStore(ITEMS);
  const meta = tx.objectStore(META);
  const marker = ((await meta.get(MARKER)) as MigrationMarker | undefined) ?? null;
  const found = await Promise.all(keys.map((key) => items.getKey(key)));
  const present = new Set(keys.filter((_, i) => found[i] !== undefined));
  const { copy, moved } = plan(marker, present);
  const copied = Object.keys(copy).filter((key) => !present.has(key));
  const next: MigrationMarker = { version: Math.max(VAULT_MIGRATION, marker?.version ?? 0), at: now, moved: { ...marker?.moved, ...moved } };
  await Promise.all([...copied.map((key) => items.put(copy[key], key)), meta.put(next, MARKER)]);
  await tx.done;
  announce(Object.fromEntries(copied.map((key) => [key, { newValue: copy[key] }])));
  readyWaiters.forEach((wake) => wake());
  channel?.postMessage({ kind: 'migrated' } satisfies Message);
  return { copied, marker: next };
}

export async function readMigrationMarker(): Promise<MigrationMarker | null> {
  return readMarker(await openDatabase());
}

/**
 * Makes this context's vault operations wait for `work` (the worker's migration), whether it
 * succeeds or fails: if it failed after an earlier run had already migrated, the vault is
 * still the truth and the worker must go on serving.
 */
export function holdVaultUntil(work: Promise<unknown>): void {
  const previous = hold;
  hold = Promise.all([previous, work.catch(() => {})]);
  readiness = null;
}

/** Unit tests only: forgets the connection (the caller swaps `indexedDB` for a fresh one). */
export function resetVaultConnection(): void {
  void connection?.then((db) => db.close()).catch(() => {});
  connection = readiness = null;
  hold = Promise.resolve();
  listeners.clear();
  recordListeners.clear();
  channel?.close();
  channel = null;
  pageOpenedAt = -Infinity;
  forgetSaidOpening();
}
