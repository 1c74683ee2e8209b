/**
 * The vault's names and versions, apart from its code (vault.ts), so that the popup's early read
 * (lib/popup/early-read.ts), which runs before any other script of the page, opens the same
 * database without bringing the `idb` library and the vault's machinery with it.
 */

export const VAULT_DB_NAME = 'dossier-vault';
/**
 * 2: the record stores (history, ledger, contacts), each with the indexes its screens read by.
 * 3: the ledger's `opPaidAt` index, so that the daily purge reads only what went stale.
 * 4: bulk runs and their rows (lib/bulk/store.ts).
 */
export const VAULT_DB_VERSION = 4;
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
