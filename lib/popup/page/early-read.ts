import { HISTORY_STORE_NAME, POPUP_HISTORY_SIZE, type FirstReadRaw } from '@/lib/history/page/first-read-keys';
import { leaveFirstPaint } from '@/lib/popup/page/first-paint-outcome';
import { readItemsAndNewest } from '@/lib/history/page/read-newest';
import { within } from '@/lib/platform/ui/first-paint-start';
import { readKeyHint } from '@/lib/platform/ui/key-hint';
import { isCurrentMarker, ITEMS_STORE, META_STORE, MIGRATION_MARKER_KEY, sayOpening, VAULT_DB_NAME, VAULT_DB_VERSION } from '@/lib/platform/storage/vault-names';

/**
 * The popup's first paint, whole, from one small classic script in the page's head
 * (entrypoints/popup-first.ts): it opens the vault and reads it while the browser parses the
 * page, and draws the popup as soon as the vault answers, with no module to fetch or run before;
 * the page's module (entrypoints/popup/main.ts) only waits for its outcome, then loads React.
 * Plain IndexedDB (the `idb` library is not loaded), with the one reader the vault's own read
 * uses (read-newest.ts) and the vault's migration marker in the same transaction. It only reads:
 * a vault that does not exist yet, needs an upgrade, or is not migrated yet answers null, and
 * the React page reads through the vault (vault.ts), which creates, upgrades and waits. The
 * connection is closed once read. What is read stays in this page's memory.
 */

/** Past this, the vault is waiting for something (the worker's first start after an update): React draws. */
export const FIRST_READ_LIMIT_MS = 500;

/** The popup's first read straight from IndexedDB, or null when only the vault's own opening can give it (see above). */
export function earlyRead(limit: number, factory: IDBFactory = indexedDB): Promise<FirstReadRaw | null> {
  return new Promise<FirstReadRaw | null>((resolve) => {
    const request = factory.open(VAULT_DB_NAME, VAULT_DB_VERSION);
    // Not ours to create or upgrade: the vault does it, with its stores and indexes.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
    request.onsuccess = () => {
      const db = request.result;
      // Never hold back a newer release's upgrade.
      db.onversionchange = () => db.close();
      try {
        const tx = db.transaction([ITEMS_STORE, META_STORE, HISTORY_STORE_NAME], 'readonly');
        const marker = new Promise<unknown>((answered, failed) => {
          const get = tx.objectStore(META_STORE).get(MIGRATION_MARKER_KEY);
          get.onsuccess = () => answered(get.result);
          get.onerror = () => failed(get.error);
        });
        Promise.all([marker, readItemsAndNewest(tx, limit)])
          .then(([stored, read]) => resolve(isCurrentMarker(stored) ? read : null), () => resolve(null))
          .finally(() => db.close());
      } catch {
        // A store missing (a vault this release does not know): the vault's own opening sorts it out.
        db.close();
        resolve(null);
      }
    };
  }).catch(() => null);
}

export interface FirstPaintDrawing {
  /** Draws the popup from `read`; says whether it did (it does not for anything unusual). */
  draw: (read: FirstReadRaw, windowId: number | undefined) => boolean;
  /** The popup's window, for its side panel button. */
  windowId: () => Promise<number | undefined>;
}

/** Resolves once the page is parsed (its root is there), before its module scripts run. */
function parsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => document.addEventListener('readystatechange', () => resolve(), { once: true }));
}

async function firstPaint({ draw, windowId }: FirstPaintDrawing): Promise<boolean> {
  // No key saved, as far as this page knows: the React page says what to do.
  if (!readKeyHint()) return false;
  const id = within(FIRST_READ_LIMIT_MS, windowId());
  const read = await within(FIRST_READ_LIMIT_MS, earlyRead(POPUP_HISTORY_SIZE));
  if (!read) return false;
  await parsed();
  return draw(read, (await id) ?? undefined);
}

/** The first script's one call: says the page is opening, reads and draws; whether it drew waits for the page's module (first-paint-outcome.ts). */
export function startFirstPaint(drawing: FirstPaintDrawing): void {
  sayOpening();
  leaveFirstPaint(firstPaint(drawing).catch(() => false));
}
