import type { IDBPIndex, IDBPTransaction } from 'idb';
import type { HistoryEntry } from '@/lib/history/entry';
import { FIRST_READ_KEYS, HISTORY_STORE_NAME, POPUP_HISTORY_SIZE, type FirstReadRaw } from '@/lib/popup/first-read-keys';
import { DEFAULT_LOW_BALANCE_THRESHOLD, DEFAULT_SANDBOX_URL, PANEL_MODES } from '@/lib/settings/defaults';
import { readIndexRecords } from '@/lib/storage/index-records';
import { ITEMS_STORE, withRecords } from '@/lib/storage/vault';

/**
 * What the popup draws before React, its stores and the schemas are in (entrypoints/popup/
 * first-paint.ts): read in one transaction of the vault, the settings and balance beside the
 * newest history records. Nothing here is parsed by a schema: the first paint draws only what
 * reads plainly as what the worker writes, and leaves anything else (a setting to choose, a
 * balance difference to explain, a record that does not read) to the React page, which reads
 * everything through its schemas a moment later and draws it all.
 */

export { FIRST_READ_KEYS, POPUP_HISTORY_SIZE, type FirstReadRaw };

const HISTORY = HISTORY_STORE_NAME;

export interface PopupFirstState {
  balance: { credits: number; at: number } | null;
  lowThreshold: number;
  /** The sandbox's address when the sandbox is the gateway (the header's tag says so), else null. */
  sandboxUrl: string | null;
  recent: HistoryEntry[];
}

/** The `limit` newest records of the `at` index: one request where the browser can, else a cursor step each. */
async function newestRecords(index: IDBPIndex<unknown, string[], 'history', 'at', 'readonly'>, limit: number): Promise<unknown[]> {
  const batch = readIndexRecords(index, null, limit, 'prev');
  if (batch) return (await batch).map((entry) => entry.value);
  const records: unknown[] = [];
  let cursor = await index.openCursor(null, 'prev');
  while (cursor && records.length < limit) {
    records.push(cursor.value);
    cursor = await cursor.continue();
  }
  return records;
}

/** One transaction: the items and the `limit` newest history records (a cursor on the `at` index). */
export function readFirstPaint(limit: number): Promise<FirstReadRaw> {
  return withRecords((db) => readItemsAndNewest(db.transaction([ITEMS_STORE, HISTORY], 'readonly'), limit));
}

/**
 * The items and the `limit` newest history records, newest first, in `tx` (which holds at least
 * the items and the history): a page that reads more beside them (the history page's count)
 * does so in the same transaction.
 */
export async function readItemsAndNewest(tx: IDBPTransaction<unknown, string[], 'readonly'>, limit: number): Promise<FirstReadRaw> {
  const store = tx.objectStore(ITEMS_STORE);
  const names = Object.keys(FIRST_READ_KEYS) as (keyof typeof FIRST_READ_KEYS)[];
  const values = Promise.all(names.map((name) => store.get(FIRST_READ_KEYS[name])));
  const records = await newestRecords(tx.objectStore(HISTORY).index('at'), limit);
  const read = await values;
  return { items: Object.fromEntries(names.map((name, i) => [name, read[i]])), records };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A record with the fields every entry has, of the types the worker writes. */
export function isEntryLike(value: unknown): value is HistoryEntry {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.op === 'string' &&
    typeof value.subject === 'string' &&
    typeof value.outcome === 'string' &&
    isFiniteNumber(value.at) &&
    isFiniteNumber(value.cost) &&
    isObject(value.input) &&
    (value.result === undefined || isObject(value.result))
  );
}

/** The popup's first state, or null when it shows something only the React page draws. */
export function firstStateOf({ items, records }: FirstReadRaw): PopupFirstState | null {
  const balance = items.balance ?? null;
  if (balance !== null && !(isObject(balance) && isFiniteNumber(balance.credits) && isFiniteNumber(balance.at) && balance.difference === undefined)) return null;
  const prefs = items.preferences ?? {};
  if (!isObject(prefs)) return null;
  // No panel mode chosen yet (the popup asks), or stored by an older release (the worker migrates it).
  const panelMode = isObject(prefs.pageAccess) ? prefs.pageAccess.panelMode : undefined;
  if (!(PANEL_MODES as readonly unknown[]).includes(panelMode)) return null;
  const threshold = isObject(prefs.spending) ? prefs.spending.lowBalanceThreshold : undefined;
  const gateway = items.gateway ?? { kind: 'sandbox', url: DEFAULT_SANDBOX_URL };
  if (!isObject(gateway) || typeof gateway.kind !== 'string' || typeof gateway.url !== 'string') return null;
  if (!records.every(isEntryLike)) return null;
  return {
    balance: balance && { credits: balance.credits as number, at: balance.at as number },
    lowThreshold: isFiniteNumber(threshold) && threshold >= 0 ? threshold : DEFAULT_LOW_BALANCE_THRESHOLD,
    sandboxUrl: gateway.kind === 'sandbox' ? gateway.url : null,
    recent: records as HistoryEntry[],
  };
}
