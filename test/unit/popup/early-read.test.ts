import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { historyEntrySchema } from '@/lib/history/entry';
import { appendHistory } from '@/lib/history/store';
import { earlyRead, startEarlyRead, takeEarlyRead } from '@/lib/popup/early-read';
import { POPUP_HISTORY_SIZE, readFirstPaint, type FirstReadRaw } from '@/lib/popup/first-read';
import { themeItem } from '@/lib/settings/theme';
import { balanceItem, preferencesItem } from '@/lib/storage/items';
import { pageOpenedWithin, resetVaultConnection, vault } from '@/lib/storage/vault';
import { VAULT_DB_NAME, VAULT_DB_VERSION } from '@/lib/storage/vault-names';
import { freshVault, markVaultReadyForTests } from '@/test/setup/vault-helpers';
import { installGetAllRecords } from '@/test/unit/storage/get-all-records';

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

const holder = globalThis as { __dossierPopupFirstRead?: unknown };
afterEach(() => {
  delete holder.__dossierPopupFirstRead;
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

  it('says the page is opening, so the worker’s background work stands aside', async () => {
    await vi.waitFor(() => expect(pageOpenedWithin()).toBe(false));
    startEarlyRead();
    await vi.waitFor(() => expect(pageOpenedWithin()).toBe(true));
    await takeEarlyRead(async () => ({ items: {}, records: [] }));
  });
});

describe('the popup’s first read, taken by its module', () => {
  const viaVault: FirstReadRaw = { items: { theme: 'light' }, records: [] };

  it('is the early read when it was started and answered, and the vault is not read again', async () => {
    await seed();
    startEarlyRead();
    const fallback = vi.fn(async () => viaVault);
    const read = await takeEarlyRead(fallback);
    expect(fallback).not.toHaveBeenCalled();
    expect(read.items.theme).toBe('dark');
    expect(read.records).toHaveLength(4);
  });

  it('is the vault’s read when the early one answered nothing, or was never started, and the early answer is taken once', async () => {
    resetVaultConnection();
    globalThis.indexedDB = new IDBFactory();
    startEarlyRead();
    expect(await takeEarlyRead(async () => viaVault)).toBe(viaVault);
    await freshVault({ migrated: true });
    await seed();
    startEarlyRead();
    expect((await takeEarlyRead(async () => viaVault)).items.theme).toBe('dark');
    expect(await takeEarlyRead(async () => viaVault)).toBe(viaVault);
  });
});
