import { browser } from 'wxt/browser';
import { itemOfKey, STORED_ITEMS, type StoredItem } from '@/lib/worker/stored-items';
import { copyIntoVault, holdVaultUntil } from '@/lib/platform/storage/vault';

/**
 * Moves what releases up to 0.1 kept in `storage.local` (readable by every content script) into
 * the vault: every registry item that lives in the vault, the history's keys one per entry and
 * its older single array included, with their `$` version metadata. Only the worker runs it, at
 * every start, before anything else touches the vault:
 *
 *   1. copy, in one IndexedDB transaction that also writes the "migrated" marker;
 *   2. only then remove the keys from `storage.local`.
 *
 * Death between the two leaves both copies; the next start repeats both steps to the same end.
 * It never overwrites the vault with what `storage.local` holds: a key the vault has keeps the
 * vault's value, and a key the marker says was already moved with this very value (the vault
 * may have changed or deleted it since) is only removed from `storage.local`. A key written
 * to `storage.local` since (an older release put back) is moved as new; the history store then
 * merges a returning 0.1 array with what it holds.
 *
 * Extension pages wait for the marker before they read the vault (vault.ts), so a page opened
 * before the worker did this never sees an empty history; the worker's own stores wait for the
 * whole run.
 */

export interface MoveReport {
  /** Keys copied into the vault. */
  copied: string[];
  /** Keys removed from `storage.local` (copied now, or by an earlier run). */
  removed: string[];
}

/** What the move needs of `storage.local` (tests pass fakeBrowser's). */
export interface LocalArea {
  get(keys: null): Promise<Record<string, unknown>>;
  remove(keys: string[]): Promise<void>;
}

/** A short fingerprint of a value (FNV-1a over its JSON), to know a leftover from a new write. */
export function fingerprint(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${text.length}:${(hash >>> 0).toString(16)}`;
}

export async function moveLocalIntoVault(
  local: LocalArea = browser.storage.local as unknown as LocalArea,
  now = Date.now(),
  items: readonly StoredItem[] = STORED_ITEMS,
): Promise<MoveReport> {
  const vaultItems = items.filter((item) => item.area === 'vault');
  const everything: Record<string, unknown> = await local.get(null);
  const keys = Object.keys(everything).filter((key) => itemOfKey(key, vaultItems));
  const prints = Object.fromEntries(keys.map((key) => [key, fingerprint(everything[key])]));
  const { copied } = await copyIntoVault(
    (marker, present) => {
      const copy: Record<string, unknown> = {};
      for (const key of keys) {
        const alreadyMoved = marker?.moved[key] === prints[key];
        if (!alreadyMoved && !present.has(key)) copy[key] = everything[key];
      }
      return { copy, moved: prints };
    },
    keys,
    now,
  );
  if (keys.length) await local.remove(keys);
  return { copied, removed: keys };
}

/**
 * Starts the move at the worker's start, in the first turn of main(): every use of the vault
 * in the worker waits for it to end. A failed run is logged and tried again at the next start.
 */
export function startVaultMigration(): Promise<MoveReport | null> {
  const run = moveLocalIntoVault().catch((err: unknown) => {
    console.error('Moving stored data into the vault failed; it will be tried again at the next start.', err);
    return null;
  });
  holdVaultUntil(run);
  return run;
}
