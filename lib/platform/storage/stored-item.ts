import { browser } from 'wxt/browser';
import type { z } from 'zod';
import { vault, withRecords, type RecordStore } from '@/lib/platform/storage/vault';
import { metaKey, type Migration, type VaultItem } from '@/lib/platform/storage/vault-item';

/**
 * What a stored item is, for the worker's move out of `storage.local`, "delete all data" and
 * "export all data": each feature declares its own items (lib/<feature>/worker/stored-items.ts)
 * with these, and the worker's composition root (lib/worker/stored-items.ts) lists them all.
 * This layer knows no feature.
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

/** An item of the vault, with its own key, version and migrations. */
export function vaultItem(item: VaultItem<unknown>, facts: ItemFacts): StoredItem {
  return { key: item.key, area: 'vault', version: item.version, migrations: item.migrations, ...facts };
}

/** A record store: `schema` is one record's. */
export function recordStore(store: RecordStore, facts: ItemFacts): StoredItem {
  return { key: `records:${store}`, records: store, area: 'vault', version: 1, migrations: {}, ...facts };
}

/** A key of an older release's layout: the worker moves it into a record store, then deletes it. */
export function oldVaultKey(key: string, facts: ItemFacts): StoredItem {
  return { key, area: 'vault', version: 1, migrations: {}, ...facts };
}

/** A key (or, with `family`, a prefix) of `storage.session`: gone with the browser session. */
export function sessionKey(key: string, facts: ItemFacts & { family?: boolean }): StoredItem {
  return { key, area: 'session', version: 1, migrations: {}, ...facts };
}

/** The item a stored key belongs to (its `$` version metadata included), if any. */
export function itemAmong(key: string, items: readonly StoredItem[]): StoredItem | undefined {
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
    const keys = item.family ? Object.keys((await area?.get(null)) ?? {}).filter((k) => itemAmong(k, [item])) : [item.key, metaKey(item.key)];
    await area?.remove(keys);
    return;
  }
  const keys = item.family ? (await vault.getKeys()).filter((k) => itemAmong(k, [item])) : [item.key, metaKey(item.key)];
  await vault.remove(keys);
}

/** Clears, in the list's order, every item "delete all data" clears; each store's own way once. */
export async function clearItems(items: readonly StoredItem[]): Promise<void> {
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
export async function exportItems(items: readonly StoredItem[]): Promise<Record<string, unknown>> {
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
