import { BOOK_ITEMS } from '@/lib/book/worker/stored-items';
import { BULK_ITEMS } from '@/lib/bulk/worker/stored-items';
import { CRM_ITEMS } from '@/lib/crm/worker/stored-items';
import { HISTORY_ITEMS, HISTORY_QUARANTINE, OLD_HISTORY_KEYS } from '@/lib/history/worker/stored-items';
import { JOURNAL_ITEMS, LEDGER_ITEMS, OLD_LEDGER_KEYS } from '@/lib/lookup/worker/stored-items';
import { PANEL_LAYOUT_ITEMS, TAB_STATE_ITEMS } from '@/lib/panel/worker/stored-items';
import { SETTINGS_ITEMS, SETTINGS_MIRRORS } from '@/lib/settings/worker/stored-items';
import { NETWORK_SAFETY_ITEMS } from '@/lib/network-safety/worker/stored-items';
import { RETENTION_ITEMS } from '@/lib/retention/worker/stored-items';
import { clearItems, exportItems, itemAmong, type StoredItem } from '@/lib/platform/storage/stored-item';

export type { StoredItem } from '@/lib/platform/storage/stored-item';

/**
 * Every stored item of the extension, assembled from each feature's own declaration
 * (lib/<feature>/worker/stored-items.ts). The worker's move out of `storage.local`
 * (local-storage-move.ts), "delete all" and "export all" (data.ts) are driven by this list, and a
 * unit test holds it to the rule that anything secret, paid for or personal lives in the vault,
 * where no content script can read it. The order is the order "delete all" clears in.
 */
export const STORED_ITEMS: readonly StoredItem[] = [
  ...SETTINGS_ITEMS,
  ...HISTORY_ITEMS,
  ...LEDGER_ITEMS,
  ...HISTORY_QUARANTINE,
  ...OLD_HISTORY_KEYS,
  ...OLD_LEDGER_KEYS,
  ...BOOK_ITEMS,
  ...BULK_ITEMS,
  ...JOURNAL_ITEMS,
  ...CRM_ITEMS,
  ...PANEL_LAYOUT_ITEMS,
  ...NETWORK_SAFETY_ITEMS,
  ...RETENTION_ITEMS,
  ...SETTINGS_MIRRORS,
  ...TAB_STATE_ITEMS,
];

/** The item a stored key belongs to (its `$` version metadata included), if any. */
export const itemOfKey = (key: string, items: readonly StoredItem[] = STORED_ITEMS): StoredItem | undefined => itemAmong(key, items);

/** "Delete all data": every item that says so, in the list's order. */
export const clearRegisteredItems = (items: readonly StoredItem[] = STORED_ITEMS): Promise<void> => clearItems(items);

/** "Export all data": the data part of the export file. */
export const exportRegisteredItems = (items: readonly StoredItem[] = STORED_ITEMS): Promise<Record<string, unknown>> => exportItems(items);
