import type { HistoryEntry } from '@/lib/history/entry';
import { isEntryLike, isFiniteNumber, isObject } from '@/lib/history/entry-like';
import type { FirstReadRaw } from '@/lib/history/page/first-read-keys';
import { DEFAULT_LOW_BALANCE_THRESHOLD, DEFAULT_SANDBOX_URL, PANEL_MODES } from '@/lib/settings/defaults';

/**
 * What the popup draws first, from its first read, in plain checks (no schema): the first paint
 * draws only what reads plainly as what the worker writes, and leaves anything else (a setting
 * to choose, a balance difference to explain, a record that does not read) to the React page.
 * Apart from the reading (first-read.ts), so that the popup's first script takes it without the
 * vault's machinery.
 */

export interface PopupFirstState {
  balance: { credits: number; at: number } | null;
  lowThreshold: number;
  /** The sandbox's address when the sandbox is the gateway (the header's tag says so), else null. */
  sandboxUrl: string | null;
  recent: HistoryEntry[];
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
