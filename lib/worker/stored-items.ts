import { browser } from 'wxt/browser';
import { z } from 'zod';
import { storedConnectionSchema } from '@/lib/crm/connection';
import { outboxItemSchema } from '@/lib/crm/outbox/schema';
import { clearOutbox, outboxItem, outboxQuarantineItem } from '@/lib/crm/outbox/store';
import { crmSettingsSchema } from '@/lib/crm/contract';
import { crmConnectionsItem, crmRecordIdsItem, crmSettingsItem, rememberedSchema } from '@/lib/crm/worker/storage';
import { historyEntrySchema } from '@/lib/history/entry';
import { ENTRY_PREFIX, historyIndexSchema, historyQuarantineItem, INDEX_KEY, LEGACY_KEY, PAGE_PREFIX, RECENT_KEY } from '@/lib/history/layout';
import { readHistory } from '@/lib/history/read';
import { clearHistory } from '@/lib/history/worker/store';
import { journalItem, pendingLookupSchema } from '@/lib/lookup/worker/journal';
import { clearLedger, ledgerEntrySchema, readLedger } from '@/lib/lookup/worker/ledger';
import { OLD_LEDGER_KEY } from '@/lib/lookup/worker/ledger-move';
import { gatewaySchema } from '@/lib/settings/gateway';
import { preferencesSchema } from '@/lib/settings/preferences';
import { languageItem, readLanguage } from '@/lib/settings/language';
import { readTheme, themeItem } from '@/lib/settings/theme';
import { isThemeChoice, type ThemeChoice } from '@/lib/settings/theme-choice';
import { isLanguageChoice, type LanguageChoice } from '@/lib/platform/i18n/locales';
import { apiKeyItem, balanceBaselineItem, balanceBaselineSchema, balanceItem, gatewayItem, loadPreferences, preferencesItem, readGateway, storedBalanceSchema } from '@/lib/settings/stored';
import { panelLayoutItem } from '@/lib/panel/worker/layout-item';
import { layoutSchema } from '@/lib/panel/tab-state';
import { vault, withRecords, type RecordStore } from '@/lib/platform/storage/vault';
import { contactSchema } from '@/lib/book/model';
import { clearContacts, readAllContacts } from '@/lib/book/store';
import { bulkRowSchema, bulkRunSchema } from '@/lib/bulk/model';
import { clearBulk, readAllBulk } from '@/lib/bulk/store';
import { bulkCollectionItem, clearCollection, collectionSchema, readCollection } from '@/lib/bulk/worker/collection';
import { metaKey, type Migration, type VaultItem } from '@/lib/platform/storage/vault-item';

/**
 * Every stored item of the extension, in one place: its key (or the prefix of a family of keys,
 * like the history's one key per entry), where it lives, what a valid value looks like, its
 * version and migrations, and what "delete all data" and "export all data" do with it. The
 * worker's move out of `storage.local` (migrate.ts), "delete all" and "export all" (data.ts) are
 * driven by this list, and a unit test holds it to the rule that anything secret, paid for or
 * personal lives in the vault, where no content script can read it.
 */

/**
 * vault: the extension's IndexedDB (worker and extension pages only). local: `storage.local`,
 * readable by every content script. session: `storage.session`, worker and extension pages only
 * as long as nobody calls setAccessLevel (a test checks that nobody does).
 */
export type StorageArea = 'vault' | 'local' | 'session';

/** What an item holds; anything but `layout` must live in the vault. */
export type Holds = 'secret' | 'paid' | 'personal' | 'settings' | 'layout';

export interface StoredItem {
  /** A short name for logs and tests. */
  name: string;
  /** The exact key, or, with `family`, the prefix every key of the family starts with. */
  key: string;
  family?: boolean;
  /**
   * A record store of the vault (one record per entry, see vault.ts) rather than keys; its
   * `key` then only names it here (`records:<store>`), no stored key matches it.
   */
  records?: RecordStore;
  area: StorageArea;
  holds: Holds;
  /** A valid stored value (one member's, for a family). Readers fall back on anything else. */
  schema: z.ZodType;
  version: number;
  migrations: Readonly<Record<number, Migration>>;
  /** Whether "delete all data" clears it (everything does today; the field keeps it a decision). */
  deleteAll: boolean;
  /** Clears it through its own store's write queue, so no queued write brings it back. */
  clear?: () => Promise<void>;
  /** Where the export file puts it, and how to read it for that; secrets are never exported. */
  exportAs?: { path: readonly [string, ...string[]]; read: () => Promise<unknown> };
}

type ItemFacts = Pick<StoredItem, 'name' | 'holds' | 'schema' | 'deleteAll' | 'clear' | 'exportAs'>;

function vaultItem(item: VaultItem<unknown>, facts: ItemFacts): StoredItem {
  return { key: item.key, area: 'vault', version: item.version, migrations: item.migrations, ...facts };
}

/** A record store: `schema` is one record's. */
function recordStore(store: RecordStore, facts: ItemFacts): StoredItem {
  return { key: `records:${store}`, records: store, area: 'vault', version: 1, migrations: {}, ...facts };
}

/** A key of an older release's layout: the worker moves it into a record store, then deletes it. */
function oldVaultKey(key: string, facts: ItemFacts): StoredItem {
  return { key, area: 'vault', version: 1, migrations: {}, ...facts };
}

const list = <T extends z.ZodType>(schema: T) => z.array(schema);

export const STORED_ITEMS: readonly StoredItem[] = [
  vaultItem(apiKeyItem, { name: 'API key', holds: 'secret', schema: z.string(), deleteAll: true }),
  vaultItem(gatewayItem, {
    name: 'gateway',
    holds: 'settings',
    schema: gatewaySchema,
    deleteAll: true,
    exportAs: { path: ['settings', 'gateway'], read: readGateway },
  }),
  vaultItem(balanceItem, { name: 'balance', holds: 'personal', schema: storedBalanceSchema.nullable(), deleteAll: true }),
  vaultItem(balanceBaselineItem, { name: 'balance baseline', holds: 'personal', schema: balanceBaselineSchema.nullable(), deleteAll: true }),
  vaultItem(preferencesItem, {
    // The suppression list is personal data.
    name: 'preferences',
    holds: 'personal',
    schema: preferencesSchema,
    deleteAll: true,
    exportAs: { path: ['settings', 'preferences'], read: loadPreferences },
  }),
  vaultItem(languageItem, {
    name: 'language',
    holds: 'settings',
    schema: z.custom<LanguageChoice>(isLanguageChoice),
    deleteAll: true,
    exportAs: { path: ['settings', 'language'], read: readLanguage },
  }),
  vaultItem(themeItem, {
    name: 'theme',
    holds: 'settings',
    schema: z.custom<ThemeChoice>(isThemeChoice),
    deleteAll: true,
    exportAs: { path: ['settings', 'theme'], read: readTheme },
  }),
  // The history and the ledger: record stores, cleared and exported whole.
  recordStore('history', {
    name: 'history entries',
    holds: 'paid',
    schema: historyEntrySchema,
    deleteAll: true,
    clear: clearHistory,
    exportAs: { path: ['history'], read: readHistory },
  }),
  recordStore('ledger', { name: 'ledger', holds: 'paid', schema: ledgerEntrySchema, deleteAll: true, clear: clearLedger, exportAs: { path: ['ledger'], read: readLedger } }),
  vaultItem(historyQuarantineItem, { name: 'unreadable history entries and ledger answers', holds: 'paid', schema: z.array(z.unknown()), deleteAll: true }),
  // Older releases' keys: moved into the record stores at the worker's start (history/migrate.ts,
  // lookup/ledger-move.ts); until then "delete all" deletes them with the history (clearHistory).
  oldVaultKey(INDEX_KEY, { name: 'history index (layout 2)', holds: 'paid', schema: historyIndexSchema, deleteAll: true, clear: clearHistory }),
  { ...oldVaultKey(ENTRY_PREFIX, { name: 'history entries (layout 2)', holds: 'paid', schema: historyEntrySchema, deleteAll: true, clear: clearHistory }), family: true },
  { ...oldVaultKey(PAGE_PREFIX, { name: 'history pages (layout 2)', holds: 'paid', schema: z.array(z.string()), deleteAll: true, clear: clearHistory }), family: true },
  oldVaultKey(RECENT_KEY, { name: 'recent history (layout 2)', holds: 'paid', schema: list(historyEntrySchema).nullable(), deleteAll: true, clear: clearHistory }),
  oldVaultKey(LEGACY_KEY, { name: `history of release 0.1 (${LEGACY_KEY})`, holds: 'paid', schema: list(historyEntrySchema), deleteAll: true, clear: clearHistory }),
  oldVaultKey(OLD_LEDGER_KEY, { name: 'ledger (array of older releases)', holds: 'paid', schema: list(ledgerEntrySchema), deleteAll: true, clear: clearLedger }),
  // The contact book: one merged person or company per record (lib/book/store.ts).
  recordStore('contacts', { name: 'contact book', holds: 'paid', schema: contactSchema, deleteAll: true, clear: clearContacts, exportAs: { path: ['contacts'], read: readAllContacts } }),
  // Bulk runs and their rows (lib/bulk/store.ts): exported together, as one list of runs with rows.
  recordStore('bulkRuns', { name: 'bulk runs', holds: 'paid', schema: bulkRunSchema, deleteAll: true, clear: clearBulk, exportAs: { path: ['bulk'], read: readAllBulk } }),
  recordStore('bulkRows', { name: 'bulk rows', holds: 'paid', schema: bulkRowSchema, deleteAll: true, clear: clearBulk }),
  // People collected on search pages for a bulk run (lib/bulk/worker/collection.ts).
  vaultItem(bulkCollectionItem, {
    name: 'bulk collecting list',
    holds: 'personal',
    schema: collectionSchema,
    deleteAll: true,
    clear: clearCollection,
    exportAs: { path: ['bulkCollection'], read: readCollection },
  }),
  vaultItem(journalItem, { name: 'lookups in flight', holds: 'paid', schema: list(pendingLookupSchema), deleteAll: true }),
  vaultItem(crmConnectionsItem, { name: 'CRM connections', holds: 'secret', schema: z.record(z.string(), storedConnectionSchema), deleteAll: true }),
  vaultItem(crmSettingsItem, { name: 'CRM settings', holds: 'settings', schema: crmSettingsSchema, deleteAll: true }),
  vaultItem(crmRecordIdsItem, { name: 'CRM record ids', holds: 'personal', schema: z.record(z.string(), rememberedSchema), deleteAll: true }),
  vaultItem(outboxItem, { name: 'CRM outbox', holds: 'paid', schema: list(outboxItemSchema), deleteAll: true, clear: clearOutbox }),
  vaultItem(outboxQuarantineItem, { name: 'unreadable CRM pushes', holds: 'paid', schema: z.array(z.unknown()), deleteAll: true, clear: clearOutbox }),
  vaultItem(panelLayoutItem, {
    name: 'panel layout',
    holds: 'layout',
    schema: layoutSchema,
    deleteAll: true,
  }),
  {
    // The worker's copy of the language choice, for the panel's frame (lib/settings/language.ts).
    name: 'language (for the panel frame)',
    key: 'languageMirror',
    area: 'session',
    holds: 'settings',
    schema: z.custom<LanguageChoice>(isLanguageChoice),
    version: 1,
    migrations: {},
    deleteAll: true,
  },
  {
    // The worker's copy of the theme, for the panel's frame (lib/settings/theme-mirror.ts).
    name: 'theme (for the panel frame)',
    key: 'themeMirror',
    area: 'session',
    holds: 'settings',
    schema: z.custom<ThemeChoice>(isThemeChoice),
    version: 1,
    migrations: {},
    deleteAll: true,
  },
  {
    // Each tab's detection, found items and right-click notice, for its frame and the side
    // panel. storage.session: gone with the browser session, and readable by trusted contexts
    // only (its default access level, which nothing changes), never by a content script.
    name: 'per-tab panel state',
    key: 'tab:',
    family: true,
    area: 'session',
    holds: 'paid',
    schema: z.unknown(),
    version: 1,
    migrations: {},
    deleteAll: true,
  },
];

/** The registry item a stored key belongs to (its `$` version metadata included), if any. */
export function itemOfKey(key: string, items: readonly StoredItem[] = STORED_ITEMS): StoredItem | undefined {
  const bare = key.endsWith('$') ? key.slice(0, -1) : key;
  return items.find((item) => !item.records && (item.family ? bare.startsWith(item.key) : bare === item.key));
}

/** Removes an item's keys (each member's, for a family) and their version metadata; empties a record store. */
async function removeItem(item: StoredItem): Promise<void> {
  if (item.records) {
    const store = item.records;
    await withRecords((db) => db.clear(store));
    return;
  }
  if (item.area !== 'vault') {
    const area = item.area === 'local' ? browser.storage.local : browser.storage.session;
    const keys = item.family ? Object.keys((await area?.get(null)) ?? {}).filter((k) => itemOfKey(k, [item])) : [item.key, metaKey(item.key)];
    await area?.remove(keys);
    return;
  }
  const keys = item.family ? (await vault.getKeys()).filter((k) => itemOfKey(k, [item])) : [item.key, metaKey(item.key)];
  await vault.remove(keys);
}

/** Clears, in registry order, every item "delete all data" clears; each store's own way once. */
export async function clearRegisteredItems(items: readonly StoredItem[] = STORED_ITEMS): Promise<void> {
  const done = new Set<() => Promise<void>>();
  for (const item of items) {
    if (!item.deleteAll) continue;
    if (item.clear && !done.has(item.clear)) {
      done.add(item.clear);
      await item.clear();
    }
    await removeItem(item);
  }
}

/** The export file's data part: every item that says where it goes, read its own way. */
export async function exportRegisteredItems(items: readonly StoredItem[] = STORED_ITEMS): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const values = await Promise.all(items.map((item) => item.exportAs?.read()));
  items.forEach((item, i) => {
    if (!item.exportAs) return;
    const path = item.exportAs.path;
    let node = out;
    for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[path[path.length - 1]!] = values[i];
  });
  return out;
}
