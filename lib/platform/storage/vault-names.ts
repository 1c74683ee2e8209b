/**
 * The vault's names and versions, apart from its code (vault.ts), so that the popup's early read
 * (lib/popup/page/early-read.ts), which runs before any other script of the page, opens the same
 * database without bringing the `idb` library and the vault's machinery with it.
 */

export const VAULT_DB_NAME = 'dossier-vault';
/**
 * 2: the record stores (history, ledger, contacts), each with the indexes its screens read by.
 * 3: the ledger's `opPaidAt` index, so that the daily purge reads only what went stale.
 * 4: bulk runs and their rows (lib/bulk/store.ts).
 * 5: the contacts' `firstSeenAt` index, so that the retention purge and its forecast read only what goes.
 */
export const VAULT_DB_VERSION = 5;
export const ITEMS_STORE = 'items';
/** Bookkeeping of the vault itself (the migration marker); `clear()` leaves it alone. */
export const META_STORE = 'meta';
/** The key, in META_STORE, of the marker the worker writes once it has moved an older release's data in. */
export const MIGRATION_MARKER_KEY = 'migrated';
/** Bumped when a release moves more out of `storage.local`: pages wait for this one. */
export const VAULT_MIGRATION = 1;
/** The BroadcastChannel every extension context hears the vault's changes on. */
export const VAULT_CHANNEL = 'dossier-vault';

/** A page that opens says so on VAULT_CHANNEL, and the worker's background work stands aside a moment (vault.ts). */
export const OPENING_MESSAGE = { kind: 'opening' } as const;

/** Whether the migration marker stored is this release's or newer: the vault is then ready to read. */
export const isCurrentMarker = (marker: unknown): boolean => ((marker as { version?: number } | null | undefined)?.version ?? 0) >= VAULT_MIGRATION;

/** Where a page remembers it said so: on the page itself, shared by its classic first script and its modules, which are built apart. */
const SAID_OPENING = Symbol.for('dossier:saidOpening');

/**
 * A page says it is opening once, before its first read (the popup's first script, or the
 * vault's first use), so that the worker's background work stands aside (vault.ts's
 * `pageOpenedWithin`). `channel`: the page's own, when it keeps one; else one for the message.
 * The worker (no document) never says it.
 */
export function sayOpening(channel?: BroadcastChannel | null): void {
  const page = globalThis as { [SAID_OPENING]?: boolean };
  if (page[SAID_OPENING] || typeof document === 'undefined') return;
  page[SAID_OPENING] = true;
  try {
    const via = channel ?? new BroadcastChannel(VAULT_CHANNEL);
    via.postMessage(OPENING_MESSAGE);
    if (via !== channel) via.close();
  } catch {
    // No channel (an old browser): the worker's work only goes on at its usual pace.
  }
}

/** Unit tests only: the page as if it had not said it yet. */
export function forgetSaidOpening(): void {
  delete (globalThis as { [SAID_OPENING]?: boolean })[SAID_OPENING];
}
