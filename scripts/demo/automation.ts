/**
 * What automation needs beyond clicks, shared by the demo tour, the e2e suite and the benches: a
 * message to the background sent as Dossier's own pages send it, a context-menu click (which
 * automation cannot open) delivered to the handler the automation build exposes, and reads and
 * writes of the vault (the extension's IndexedDB) from the worker.
 */
import type { Page, Worker } from 'playwright-core';
import type { MessageName, Outcome, Replies } from '@/lib/contracts/protocol';

/**
 * Sends one protocol message to the background from an extension page, in webext-core
 * messaging's wire format, and returns the background's Outcome. The data is left untyped on
 * purpose: tests also send what a page must not be able to (and read the refusal).
 */
export async function callBackground<N extends MessageName>(page: Page, type: N, data?: unknown): Promise<Outcome<Replies[N]>> {
  return page.evaluate(
    async ({ type, data }) => {
      const reply = await chrome.runtime.sendMessage({ id: Math.floor(Math.random() * 1e9), type, data, timestamp: Date.now() });
      if (reply?.err) throw new Error(`background threw: ${JSON.stringify(reply.err)}`);
      return reply?.res;
    },
    { type, data },
  );
}

/** The answer of a message that must succeed; the worker's refusal, if it refuses, as the error. */
export async function valueFromBackground<N extends MessageName>(page: Page, type: N, data?: unknown): Promise<Replies[N]> {
  // No reply at all is possible: no listener answered (a worker that failed to start).
  const outcome: Outcome<Replies[N]> | undefined = await callBackground(page, type, data);
  if (!outcome) throw new Error(`${type} got no answer from the worker.`);
  if (!outcome.ok) throw new Error(`${type} was refused: ${outcome.error.message}`);
  return outcome.value;
}

/** A click on one of Dossier's context-menu items, with what Chrome would pass: the item, the selection and the tab. */
export async function contextMenuClick(worker: Worker, pageUrl: string, click: { menuItemId: string; selectionText?: string; linkUrl?: string }): Promise<void> {
  await worker.evaluate(
    async ({ pageUrl, click }) => {
      const [tab] = await chrome.tabs.query({ url: pageUrl });
      const hook = (globalThis as unknown as { dossierAutomation?: { contextMenuClick(click: object, tab: object): Promise<void> } }).dossierAutomation;
      if (!hook) throw new Error('This build has no automation hook: build it with DOSSIER_E2E=1.');
      await hook.contextMenuClick(click, tab!);
    },
    { pageUrl, click },
  );
}

/**
 * Reads or writes the vault's key/value area in the worker, opening its database at whatever
 * version the worker left it (lib/platform/storage/vault.ts creates and upgrades it; a first open here
 * creates the key/value stores, and the worker's own open adds the rest), and announces writes
 * to open pages as the vault does.
 */
async function inVault(worker: Worker, write: Record<string, unknown> | null): Promise<Record<string, unknown>> {
  return worker.evaluate(async (write) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      // No version: whichever the extension has opened (the record stores came with 2); a
      // vault not created yet is created at 1, which the extension then upgrades.
      const request = indexedDB.open('dossier-vault');
      request.onupgradeneeded = () => {
        for (const name of ['items', 'meta']) if (!request.result.objectStoreNames.contains(name)) request.result.createObjectStore(name);
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const out = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const tx = db.transaction('items', write ? 'readwrite' : 'readonly');
      const store = tx.objectStore('items');
      for (const [key, value] of Object.entries(write ?? {})) {
        if (value === undefined) store.delete(key);
        else store.put(value, key);
      }
      const names = store.getAllKeys();
      const values = store.getAll();
      tx.oncomplete = () => resolve(Object.fromEntries(names.result.map((name, i) => [String(name), values.result[i]])));
      tx.onerror = () => reject(tx.error);
    });
    db.close();
    if (write) {
      const channel = new BroadcastChannel('dossier-vault');
      channel.postMessage({ kind: 'changes', changes: Object.fromEntries(Object.entries(write).map(([key, newValue]) => [key, { newValue }])) });
      channel.close();
    }
    return out;
  }, write);
}

/** Writes keys into the vault from the worker (undefined removes one) and tells open pages. */
export async function writeVault(worker: Worker, values: Record<string, unknown>): Promise<void> {
  await inVault(worker, values);
}

/** Everything the vault holds (all keys, or those asked for), read in the worker. */
export async function readVault(worker: Worker, keys?: string[]): Promise<Record<string, unknown>> {
  const all = await inVault(worker, null);
  return keys ? Object.fromEntries(Object.entries(all).filter(([key]) => keys.includes(key))) : all;
}

/**
 * Writes records into one of the vault's record stores (history, ledger, contacts) from the
 * worker, once the worker has created them, and tells open pages as the stores do. Writing the
 * history forgets its stored count, which the next append then takes again.
 */
export async function writeRecords(worker: Worker, store: string, records: readonly unknown[]): Promise<void> {
  await worker.evaluate(
    async ({ store, records }) => {
      for (let tries = 0; ; tries++) {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open('dossier-vault');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        if (!db.objectStoreNames.contains(store)) {
          db.close();
          if (tries > 50) throw new Error(`The vault has no ${store} store: did the worker start?`);
          await new Promise((resolve) => setTimeout(resolve, 100));
          continue;
        }
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction([store, 'meta'], 'readwrite');
          for (const record of records) tx.objectStore(store).put(record);
          if (store === 'history') tx.objectStore('meta').delete('historyCount');
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
        db.close();
        const key = store === 'ledger' ? 'historyId' : 'id';
        const channel = new BroadcastChannel('dossier-vault');
        channel.postMessage({ kind: 'records', change: { store, ids: records.map((r) => String((r as Record<string, unknown>)[key])) } });
        channel.close();
        return;
      }
    },
    { store, records },
  );
}

/** Every record of one of the vault's record stores, read in the worker. */
export async function readRecords(worker: Worker, store: string): Promise<unknown[]> {
  return worker.evaluate(async (store) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('dossier-vault');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    if (!db.objectStoreNames.contains(store)) return (db.close(), []);
    const all = await new Promise<unknown[]>((resolve, reject) => {
      const request = db.transaction(store).objectStore(store).getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return all;
  }, store);
}
