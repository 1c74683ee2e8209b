// @vitest-environment happy-dom
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { historyEntrySchema } from '@/lib/history/entry';
import { appendHistory } from '@/lib/history/worker/store';
import { earlyRead, startFirstPaint, type FirstPaintDrawing } from '@/lib/popup/page/early-read';
import { takeFirstPaint } from '@/lib/popup/page/first-paint-outcome';
import { POPUP_HISTORY_SIZE, readFirstPaint } from '@/lib/popup/page/first-read';
import { themeItem } from '@/lib/settings/theme';
import { balanceItem, preferencesItem } from '@/lib/settings/stored';
import { pageOpenedWithin, resetVaultConnection, vault } from '@/lib/platform/storage/vault';
import { VAULT_CHANNEL, VAULT_DB_NAME, VAULT_DB_VERSION } from '@/lib/platform/storage/vault-names';
import { writeKeyHint } from '@/lib/platform/ui/key-hint';
import { freshVault, markVaultReadyForTests } from '@/test/setup/vault-helpers';
import { installGetAllRecords } from '@/test/unit/platform/storage/get-all-records';

const NOW = Date.UTC(2026, 10, 28, 12);
const entry = (id: string, at: number) =>
  historyEntrySchema.parse({ id, op: 'searchPhone', subject: `+1415555${id}`, input: { phone: `+1415555${id}` }, identity: `phone:${id}`, outcome: 'miss', cost: 0, fromLedger: false, paidAt: null, at, pageUrl: null, error: null });

async function seed(): Promise<void> {
  await balanceItem.setValue({ credits: 120, at: NOW });
  await themeItem.setValue('dark');
  await preferencesItem.setValue({ pageAccess: { scanAllSites: false, panelMode: 'stealth' } } as never);
  for (let i = 1; i <= 4; i++) await appendHistory(entry(`h${i}`, NOW - (5 - i) * 1000), 1000);
}

/** The database's version, or null when there is none; without creating it. */
async function storedVersion(): Promise<number | null> {
  const found = (await indexedDB.databases()).find((db) => db.name === VAULT_DB_NAME);
  return found?.version ?? null;
}

afterEach(async () => {
  await takeFirstPaint();
  localStorage.clear();
});

describe('the popup’s early read (started by its first, classic script)', () => {
  it('reads what the vault’s first read gives: the items and the newest records, by cursor or in one request', async () => {
    await seed();
    const expected = await readFirstPaint(2);
    expect(expected.records.map((r) => (r as { id: string }).id)).toEqual(['h4', 'h3']);
    expect(await earlyRead(2)).toEqual(expected);
    const uninstall = installGetAllRecords();
    try {
      expect(await earlyRead(2)).toEqual(expected);
    } finally {
      uninstall();
    }
  });

  it('answers nothing while the worker has not moved an older release’s data in: the vault’s read waits for it', async () => {
    await freshVault({ migrated: false });
    await new Promise<void>((resolve, reject) => {
      // The vault's stores, written as the worker's first opening does, but no marker yet.
      const open = indexedDB.open(VAULT_DB_NAME, VAULT_DB_VERSION);
      open.onupgradeneeded = () => {
        for (const name of ['items', 'meta']) open.result.createObjectStore(name);
        open.result.createObjectStore('history', { keyPath: 'id' }).createIndex('at', 'at');
      };
      open.onsuccess = () => (open.result.close(), resolve());
      open.onerror = () => reject(open.error);
    });
    expect(await earlyRead(POPUP_HISTORY_SIZE)).toBeNull();
  });

  it('never creates nor upgrades the vault: that is the vault’s own opening, with its stores and indexes', async () => {
    resetVaultConnection();
    globalThis.indexedDB = new IDBFactory();
    expect(await earlyRead(POPUP_HISTORY_SIZE)).toBeNull();
    expect(await storedVersion()).toBeNull();

    await new Promise<void>((resolve) => {
      const open = indexedDB.open(VAULT_DB_NAME, VAULT_DB_VERSION - 1);
      open.onupgradeneeded = () => open.result.createObjectStore('items');
      open.onsuccess = () => (open.result.close(), resolve());
    });
    expect(await earlyRead(POPUP_HISTORY_SIZE)).toBeNull();
    expect(await storedVersion()).toBe(VAULT_DB_VERSION - 1);
    // The vault still opens and upgrades it as before.
    await markVaultReadyForTests();
    await vault.set({ k: 1 });
    expect(await storedVersion()).toBe(VAULT_DB_VERSION);
  });

  it('closes its connection once read, so a newer release’s upgrade is never held back', async () => {
    await seed();
    resetVaultConnection();
    await earlyRead(POPUP_HISTORY_SIZE);
    const blocked = vi.fn();
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open(VAULT_DB_NAME, VAULT_DB_VERSION + 1);
      open.onblocked = blocked;
      open.onsuccess = () => (open.result.close(), resolve());
      open.onerror = () => reject(open.error);
    });
    expect(blocked).not.toHaveBeenCalled();
  });

  it('says the page is opening once, whether its first script or the vault says it first, so the worker’s background work stands aside', async () => {
    resetVaultConnection();
    const heard = vi.fn();
    const worker = new BroadcastChannel(VAULT_CHANNEL);
    worker.onmessage = (event) => heard(event.data);
    try {
      await vi.waitFor(() => expect(pageOpenedWithin()).toBe(false));
      startFirstPaint(drawing());
      await vi.waitFor(() => expect(pageOpenedWithin()).toBe(true));
      await takeFirstPaint();
      await vault.get('theme');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard.mock.calls.filter(([m]) => m?.kind === 'opening')).toHaveLength(1);
    } finally {
      worker.close();
    }
  });
});

/** A drawing that records what it was given, as the first script's (entrypoints/popup-first.ts). */
function drawing(drawn = true): FirstPaintDrawing & { draw: ReturnType<typeof vi.fn> } {
  return { draw: vi.fn(() => drawn), windowId: async () => 7 };
}

describe('the popup’s first paint, drawn by its first script', () => {
  it('draws from the vault as stored, with the popup’s window, and tells the page’s module it did', async () => {
    await seed();
    writeKeyHint(true);
    const first = drawing();
    startFirstPaint(first);
    expect(await takeFirstPaint()).toBe(true);
    const [read, windowId] = first.draw.mock.calls[0]!;
    expect(read.items.theme).toBe('dark');
    expect(read.records.map((r: { id: string }) => r.id)).toEqual(['h4', 'h3', 'h2', 'h1']);
    expect(windowId).toBe(7);
  });

  it('leaves the drawing to React where no key is known, without reading', async () => {
    await seed();
    const first = drawing();
    const open = vi.spyOn(indexedDB, 'open');
    startFirstPaint(first);
    expect(await takeFirstPaint()).toBe(false);
    expect(first.draw).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
  });

  it('leaves it to React while the worker has not moved an older release’s data in, and where the drawing declines (a broken record)', async () => {
    await freshVault({ migrated: false });
    writeKeyHint(true);
    const first = drawing();
    startFirstPaint(first);
    expect(await takeFirstPaint()).toBe(false);
    expect(first.draw).not.toHaveBeenCalled();

    await freshVault({ migrated: true });
    await seed();
    startFirstPaint(drawing(false));
    expect(await takeFirstPaint()).toBe(false);
  });

  it('tells the page’s module nothing was drawn where the first script never ran, and tells it once', async () => {
    expect(await takeFirstPaint()).toBe(false);
    await seed();
    writeKeyHint(true);
    startFirstPaint(drawing());
    expect(await takeFirstPaint()).toBe(true);
    expect(await takeFirstPaint()).toBe(false);
  });
});
