import { z } from 'zod';
import { historyEntrySchema } from '@/lib/history/entry';
import { ENTRY_PREFIX, historyIndexSchema, historyQuarantineItem, INDEX_KEY, LEGACY_KEY, PAGE_PREFIX, RECENT_KEY } from '@/lib/history/layout';
import { readHistory } from '@/lib/history/read';
import { clearHistory } from '@/lib/history/worker/store';
import { oldVaultKey, recordStore, vaultItem, type StoredItem } from '@/lib/platform/storage/stored-item';

/** The history: a record store, cleared and exported whole. */
export const HISTORY_ITEMS: readonly StoredItem[] = [
  recordStore('history', { name: 'history entries', holds: 'paid', schema: historyEntrySchema, deleteAll: true, clear: clearHistory, exportAs: { path: ['history'], read: readHistory } }),
];

/** Unreadable entries set aside (the ledger's too), never dropped. */
export const HISTORY_QUARANTINE: readonly StoredItem[] = [
  vaultItem(historyQuarantineItem, { name: 'unreadable history entries and ledger answers', holds: 'paid', schema: z.array(z.unknown()), deleteAll: true }),
];

/**
 * Older releases' keys: moved into the record store at the worker's start (migrate.ts); until
 * then "delete all" deletes them with the history (clearHistory).
 */
export const OLD_HISTORY_KEYS: readonly StoredItem[] = [
  oldVaultKey(INDEX_KEY, { name: 'history index (layout 2)', holds: 'paid', schema: historyIndexSchema, deleteAll: true, clear: clearHistory }),
  { ...oldVaultKey(ENTRY_PREFIX, { name: 'history entries (layout 2)', holds: 'paid', schema: historyEntrySchema, deleteAll: true, clear: clearHistory }), family: true },
  { ...oldVaultKey(PAGE_PREFIX, { name: 'history pages (layout 2)', holds: 'paid', schema: z.array(z.string()), deleteAll: true, clear: clearHistory }), family: true },
  oldVaultKey(RECENT_KEY, { name: 'recent history (layout 2)', holds: 'paid', schema: z.array(historyEntrySchema).nullable(), deleteAll: true, clear: clearHistory }),
  oldVaultKey(LEGACY_KEY, { name: `history of release 0.1 (${LEGACY_KEY})`, holds: 'paid', schema: z.array(historyEntrySchema), deleteAll: true, clear: clearHistory }),
];
