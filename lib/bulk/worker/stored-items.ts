import { bulkRowSchema, bulkRunSchema } from '@/lib/bulk/model';
import { clearBulk, readAllBulk } from '@/lib/bulk/store';
import { bulkCollectionItem, clearCollection, collectionSchema, readCollection } from '@/lib/bulk/worker/collection';
import { recordStore, vaultItem, type StoredItem } from '@/lib/platform/storage/stored-item';

/**
 * Bulk runs and their rows (lib/bulk/store.ts), exported together as one list of runs with rows;
 * and the people collected on search pages for a run (collection.ts).
 */
export const BULK_ITEMS: readonly StoredItem[] = [
  recordStore('bulkRuns', { name: 'bulk runs', holds: 'paid', schema: bulkRunSchema, deleteAll: true, clear: clearBulk, exportAs: { path: ['bulk'], read: readAllBulk } }),
  recordStore('bulkRows', { name: 'bulk rows', holds: 'paid', schema: bulkRowSchema, deleteAll: true, clear: clearBulk }),
  vaultItem(bulkCollectionItem, { name: 'bulk collecting list', holds: 'personal', schema: collectionSchema, deleteAll: true, clear: clearCollection, exportAs: { path: ['bulkCollection'], read: readCollection } }),
];
