import { browser } from 'wxt/browser';
import { createEnrichmentClient } from '../api';
import { appendHistory, clearHistory, deleteHistoryEntries, readHistory, readHistoryEntries, readHistorySince, readRecentHistory } from '../history/store';
import { markDone, markPending } from '../lookup/journal';
import { findInLedger, recordInLedger } from '../lookup/ledger';
import { OPERATIONS } from '../lookup/operations';
import { createRateLimiter } from '../lookup/rate-limiter';
import { createLookupService } from '../lookup/service';
import type { StoredBalance } from '../messaging/protocol';
import {
  apiKeyItem,
  balanceItem,
  gatewayItem,
  loadPreferences,
  preferencesItem,
  readApiKey,
  readBalance,
  readGateway,
} from '../storage/items';
import { badgeFor } from './badge';
import { createCrmService, deleteCrmData } from './crm';
import { deleteAllData, exportAllData, forgetTheRest } from './data';
import { createPanelService } from './panel-service';
import { applyPanelMode } from './panel-tabs';
import type { ConnectionDeps } from './connection';
import { fetchBalance } from './connection';
import type { HandlerDeps } from './handlers';
import type { RouterIdentity } from './router';
import type { Preferences } from '../settings/preferences';

export async function showBalanceOnBadge(balance: StoredBalance | null): Promise<void> {
  const prefs = await loadPreferences();
  const badge = badgeFor(balance?.credits ?? null, prefs.spending.lowBalanceThreshold);
  await browser.action.setBadgeText({ text: badge?.text ?? '' });
  if (badge) await browser.action.setBadgeBackgroundColor({ color: badge.color });
}

/** The real collaborators of the background logic: extension storage, the API client, the toolbar. */
export function createBackground(identity: RouterIdentity) {
  const connection: ConnectionDeps = {
    readGateway,
    readApiKey,
    readBalance,
    async writeConnection(gateway, apiKey) {
      await gatewayItem.setValue(gateway);
      if (apiKey !== undefined) await apiKeyItem.setValue(apiKey.trim());
    },
    async writeBalance(balance) {
      await balanceItem.setValue(balance);
      await showBalanceOnBadge(balance);
    },
    clientFor: (gateway, apiKey) => createEnrichmentClient({ baseUrl: gateway.url, apiKey }),
    now: () => Date.now(),
  };

  const crm = createCrmService({
    readHistory,
    readHistoryEntries,
    appendHistory: async (entry) => appendHistory(entry, (await loadPreferences()).history.maxEntries),
    now: () => Date.now(),
    newId: () => crypto.randomUUID(),
  });

  async function lookupClient() {
    const [gateway, apiKey, prefs] = await Promise.all([readGateway(), readApiKey(), loadPreferences()]);
    return apiKey ? createEnrichmentClient({ baseUrl: gateway.url, apiKey, timeoutMs: prefs.network.timeoutMs }) : null;
  }

  const lookups = createLookupService({
    operations: OPERATIONS,
    preferences: loadPreferences,
    client: lookupClient,
    ledger: {
      find: (op, keys, windowMs, now) => findInLedger(op, keys, { windowFor: () => windowMs }, now),
      record: recordInLedger,
    },
    history: {
      // Every recorded enrichment may go to a CRM at once, when the user turned that on.
      append: (entry, maxEntries) => appendHistory(entry, maxEntries).finally(() => void crm.afterLookupRecorded(entry).catch(() => {})),
      async spentSince(since) {
        return (await readHistorySince(since)).reduce((sum, e) => sum + e.cost, 0);
      },
    },
    journal: { markPending, markDone },
    acquireRateSlot: createRateLimiter({ limit: 10, windowMs: 1000 }),
    afterPaidLookup: () => void fetchBalance(connection),
    now: () => Date.now(),
    newId: () => crypto.randomUUID(),
  });

  const preferences = { read: loadPreferences, write: (prefs: Preferences) => preferencesItem.setValue(prefs) };
  const panel = createPanelService(preferences);
  const handlerDeps: HandlerDeps = {
    identity,
    connection,
    lookups,
    history: { read: readHistory, remove: deleteHistoryEntries, clear: clearHistory, recent: readRecentHistory },
    preferences,
    openSettings: () => browser.runtime.openOptionsPage(),
    panel,
    // Frames go first: an open frame would otherwise write its layout back after the erase.
    userData: { exportAll: exportAllData, deleteAll: () => applyPanelMode(null).then(deleteAllData).then(deleteCrmData).then(forgetTheRest) },
    now: () => Date.now(),
    crm,
  };
  return { connection, lookups, handlerDeps, crm, panel };
}
