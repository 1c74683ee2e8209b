import { z } from 'zod';
import { journalItem, pendingLookupSchema } from '@/lib/lookup/worker/journal';
import { clearLedger, ledgerEntrySchema, readLedger } from '@/lib/lookup/worker/ledger';
import { OLD_LEDGER_KEY } from '@/lib/lookup/worker/ledger-move';
import { oldVaultKey, recordStore, vaultItem, type StoredItem } from '@/lib/platform/storage/stored-item';

/** The ledger: what was paid for, so that nothing is paid twice. A record store, exported whole. */
export const LEDGER_ITEMS: readonly StoredItem[] = [
  recordStore('ledger', { name: 'ledger', holds: 'paid', schema: ledgerEntrySchema, deleteAll: true, clear: clearLedger, exportAs: { path: ['ledger'], read: readLedger } }),
];

/** The ledger as an array, in older releases: moved into the record store at the worker's start (ledger-move.ts). */
export const OLD_LEDGER_KEYS: readonly StoredItem[] = [
  oldVaultKey(OLD_LEDGER_KEY, { name: 'ledger (array of older releases)', holds: 'paid', schema: z.array(ledgerEntrySchema), deleteAll: true, clear: clearLedger }),
];

/** Lookups sent and not yet answered: after a stopped worker, what to ask the user about instead of re-sending. */
export const JOURNAL_ITEMS: readonly StoredItem[] = [
  vaultItem(journalItem, { name: 'lookups in flight', holds: 'paid', schema: z.array(pendingLookupSchema), deleteAll: true }),
];
