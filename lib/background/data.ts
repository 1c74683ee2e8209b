import { browser } from 'wxt/browser';
import { releaseHostAccess } from '../settings/permissions';
import { clearHistory, readHistory } from '../history/store';
import { journalItem } from '../lookup/journal';
import { clearLedger, ledgerEntrySchema, ledgerItem } from '../lookup/ledger';
import { apiKeyItem, balanceItem, loadPreferences, preferencesItem, readGateway } from '../storage/items';
import { storage } from 'wxt/utils/storage';

/** Everything Dossier keeps about the user, as one file; the API key is never part of it. */
export async function exportAllData(now: number): Promise<{ filename: string; mimeType: string; content: string }> {
  const [gateway, preferences, history, ledger] = await Promise.all([readGateway(), loadPreferences(), readHistory(), ledgerItem.getValue()]);
  const entries = (Array.isArray(ledger) ? ledger : []).flatMap((item) => {
    const parsed = ledgerEntrySchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  const content = JSON.stringify(
    { format: 'dossier-data', version: 1, exportedAt: new Date(now).toISOString(), settings: { gateway, preferences }, history, ledger: entries },
    null,
    2,
  );
  return { filename: `dossier-data-${new Date(now).toISOString().slice(0, 10)}.json`, mimeType: 'application/json', content };
}

/**
 * Forgets the user's lookups and settings: history (and entries set aside as unreadable), paid
 * answers, lookups in flight, balance, preferences and the key, each through its own store so
 * that no queued write brings it back. See also forgetTheRest.
 */
export async function deleteAllData(): Promise<void> {
  await clearHistory();
  await clearLedger();
  await Promise.all([
    journalItem.setValue([]),
    storage.removeItem('local:historyQuarantine'),
    balanceItem.setValue(null),
    preferencesItem.removeValue(),
    apiKeyItem.removeValue(),
  ]);
  await browser.action.setBadgeText({ text: '' });
}

/**
 * The last step of "delete all data", after each feature forgot its own: whatever else is in
 * extension storage goes too (the gateway address, the panel's layout, version markers, keys a
 * later release adds), and host access granted at a prompt (a gateway, a CRM, all sites) is
 * given back. Only the permissions the manifest requires remain.
 */
export async function forgetTheRest(): Promise<void> {
  await browser.storage.local.clear();
  await browser.storage.session?.clear();
  await releaseHostAccess();
}
