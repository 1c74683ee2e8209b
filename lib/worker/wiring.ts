import { browser } from 'wxt/browser';
import {
  appendHistory,
  clearHistory,
  deleteHistoryEntries,
  readHistory,
  readHistoryEntries,
  readHistorySince,
  readRecentHistory,
  replaceHistoryEntry,
} from '@/lib/history/worker/store';
import { type HistoryEntry } from '@/lib/history/entry';
import { isBalanceDifference, isLookupEntry } from '@/lib/history/entry-kind';
import { markDone, markPending, readInterrupted } from '@/lib/lookup/worker/journal';
import { createSpendActivity } from '@/lib/lookup/worker/spend-activity';
import { accountOf, createBalanceReconciler } from '@/lib/balance/worker/reconcile';
import { findInLedger, ledgerEntryById, recordInLedger } from '@/lib/lookup/worker/ledger';
import { OPERATIONS } from '@/lib/lookup/worker/operations';
import { createRateLimiter } from '@/lib/lookup/worker/rate-limiter';
import { GATEWAY_RATE } from '@/lib/worker/gateway-rate';
import { createLookupService } from '@/lib/lookup/worker/service';
import { createSpendingCap } from '@/lib/lookup/worker/spending-cap';
import type { RetryPolicy } from '@/lib/lookup/worker/retry';
import { createGatewayClients } from '@/lib/worker/gateway-client';
import { installFreshConnectionRule } from '@/lib/worker/fresh-connections';
import {
  apiKeyItem,
  balanceBaselineItem,
  balanceItem,
  gatewayItem,
  loadPreferences,
  preferencesItem,
  readApiKey,
  readBalance,
  readBalanceBaseline,
  readGateway,
} from '@/lib/settings/stored';
import { showBalanceOnBadge, showBulkProgress } from '@/lib/worker/toolbar-badge';
import { createBulk } from '@/lib/bulk/worker/wiring';
import { throttle } from '@/lib/worker/throttle';
import { createSpentToday } from '@/lib/lookup/worker/spent-today';
import { onRecordsChanged } from '@/lib/platform/storage/vault';
import { createCrmService, deleteCrmData } from '@/lib/crm/worker/presence-check';
import { createContactBook } from '@/lib/book/worker/contact-book';
import { readCardContacts } from '@/lib/card/book';
import { cardOfResponse } from '@/lib/card/from-answer';
import { crmNotices } from '@/lib/book/worker/crm-notices';
import { forgetContacts, getContacts, observePeople, recordAnswers, setContactNotice, tagContacts } from '@/lib/book/store';
import { createJobChanges } from '@/lib/book/worker/job-changes';
import { deleteAllData, exportAllData, forgetTheRest } from '@/lib/worker/data';
import { createPanelService } from '@/lib/panel/worker/service';
import { applyPanelMode } from '@/lib/panel/worker/tabs';
import type { ConnectionDeps } from '@/lib/settings/worker/connection';
import { fetchBalance } from '@/lib/settings/worker/connection';
import type { HandlerDeps } from '@/lib/worker/handlers';
import type { RouterIdentity } from '@/lib/worker/router';
import type { Preferences } from '@/lib/settings/preferences';
import { createClipboardWriter, type ClipboardDeps } from '@/lib/clipboard/worker/clipboard';
import { openExtensionPage } from '@/lib/platform/extension-pages';
import { openToolbarMenu } from '@/lib/worker/toolbar-menu';
import { copyBySelection } from '@/lib/clipboard/copy-by-selection';
import { OFFSCREEN_PATH, offscreenMessenger } from '@/lib/clipboard/offscreen-contract';
import { normaliseApiKey } from '@/lib/enrichment/api-key';
import { createProfileViewCounter } from '@/lib/network-safety/worker/counter';
import { profileViewsItem } from '@/lib/network-safety/worker/stored-items';

// The balance badge gives way to a bulk run's progress while one runs (toolbar-badge.ts).
export { showBalanceOnBadge };

const BALANCE_TIMEOUT_MS = 10_000;
const BALANCE_GAP_MS = 10_000;
const REREAD_AFTER_LOSS: RetryPolicy = { maxAttempts: 2, baseDelayMs: 300, maxDelayMs: 1_000, maxRetryAfterMs: 3_000 };

/** The real collaborators of the background logic: extension storage, the API client, the toolbar. */
export function createBackground(identity: RouterIdentity) {
  // One limiter for every request the worker sends the gateway, through long-lived clients.
  // Chromium: no paid request on a reused connection, which it would send again by itself
  // (fresh-connections.ts). Firefox sends such a GET again on any connection: nothing to gain there.
  const gateway = createGatewayClients(
    createRateLimiter(GATEWAY_RATE),
    undefined,
    import.meta.env.FIREFOX ? Promise.resolve() : installFreshConnectionRule(),
  );
  // Paid lookups in flight: a balance read while one is, is not held against history.
  const spending = createSpendActivity();
  const reconciler = createBalanceReconciler({
    readBaseline: readBalanceBaseline,
    writeBaseline: (baseline) => balanceBaselineItem.setValue(baseline),
    recordDifference: (entry, suspects) => recordDifference(entry, suspects),
    newId: () => crypto.randomUUID(),
  });
  const connection: ConnectionDeps = {
    readGateway,
    readApiKey,
    readBalance,
    async writeConnection(gateway, apiKey) {
      await gatewayItem.setValue(gateway);
      if (apiKey !== undefined) await apiKeyItem.setValue(normaliseApiKey(apiKey));
    },
    async writeBalance(balance) {
      // A difference found on an earlier reading stays beside the balance until the user dismisses it.
      const { difference } = (await readBalance()) ?? {};
      await balanceItem.setValue(difference ? { ...balance, difference } : balance);
      await showBalanceOnBadge(balance);
    },
    async dismissDifference(historyId) {
      const stored = await readBalance();
      if (stored?.difference?.historyId !== historyId) return;
      const { difference: _seen, ...balance } = stored;
      await balanceItem.setValue(balance);
    },
    watchReading(asked, apiKey) {
      const mark = spending.mark();
      return async (credits) => {
        const [saved, savedKey, interrupted] = await Promise.all([readGateway(), readApiKey(), readInterrupted()]);
        // A key or gateway being tried before it is saved is not the account history speaks of.
        if (saved.url !== asked.url || savedKey !== normaliseApiKey(apiKey)) return;
        // A stopped worker's lookups are in flight until recovery has recorded them.
        const quiet = mark.quiet() && interrupted.length === 0;
        const at = Date.now();
        await reconciler.reading({ account: await accountOf(asked.url, apiKey), credits, at, quiet });
      };
    },
    // The balance is a small answer: a gateway that takes longer is not going to give it.
    clientFor: (settings, apiKey) => gateway.clientFor(settings.url, apiKey, BALANCE_TIMEOUT_MS),
    now: () => Date.now(),
  };

  const contactBook = createContactBook({ record: recordAnswers, now: () => Date.now() });
  const crmService = createCrmService({
    readHistory,
    readHistoryEntries,
    appendHistory: async (entry) => appendHistory(entry, (await loadPreferences()).history.maxEntries),
    now: () => Date.now(),
    newId: () => crypto.randomUUID(),
    notices: crmNotices,
    valueAges: async () => (await loadPreferences()).valueAge,
  });
  /** The CRM check's answer also marks the contact as in the CRM or not. */
  const crm: typeof crmService = {
    ...crmService,
    async check(query) {
      const results = await crmService.check(query);
      await contactBook.afterCrmCheck(query, results);
      return results;
    },
  };

  async function lookupClient() {
    const [settings, apiKey, prefs] = await Promise.all([readGateway(), readApiKey(), loadPreferences()]);
    return apiKey ? gateway.clientFor(settings.url, apiKey, prefs.network.timeoutMs) : null;
  }

  // The cap reads the day's spending before every paid lookup: kept up to date, not read whole each time.
  const spentToday = createSpentToday({ readSince: readHistorySince, readByIds: readHistoryEntries });
  onRecordsChanged.addListener((change) => change.store === 'history' && void spentToday.changed(change.ids).catch(() => {}));
  const spentSince = spentToday.spentSince;
  // One cap for every lookup, a bulk run's included; a run's price is held against what it leaves.
  const cap = createSpendingCap({ spentSince });

  // After a paid lookup, at once; while a bulk run runs (ten a second), once per gap and after the last.
  let bulkRunning = () => false;
  const readBalanceAfterPaid = throttle(() => fetchBalance(connection), () => (bulkRunning() ? BALANCE_GAP_MS : 0));

  const lookups = createLookupService({
    operations: OPERATIONS,
    preferences: loadPreferences,
    client: lookupClient,
    ledger: {
      find: (op, keys, windowMs, now) => findInLedger(op, keys, { windowFor: () => windowMs }, now),
      record: recordInLedger,
      byHistoryId: ledgerEntryById,
    },
    history: {
      // Every recorded enrichment may go to a CRM at once, when the user turned that on.
      // The contact book is written before the lookup answers, so the card that asked shows it at once.
      append: (entry, maxEntries) =>
        appendHistory(entry, maxEntries)
          .then(() => spentToday.recorded(entry))
          .then(() => reconciler.recorded(entry))
          .then(() => contactBook.afterLookupRecorded(entry))
          .finally(() => void crm.afterLookupRecorded(entry).catch(() => {})),
      spentSince,
      byId: async (id) => (await readHistoryEntries([id]))[0] ?? null,
    },
    journal: {
      markPending: (pending) => {
        spending.began(pending.historyId);
        return markPending(pending);
      },
      markDone: (historyId) => markDone(historyId).finally(() => spending.ended(historyId)),
    },
    cap,
    balance: {
      known: async () => (await readBalance())?.credits ?? null,
      reread: async () => {
        // The user is waiting to hear what became of a lost answer: two tries, not the full backoff.
        const read = await fetchBalance({ ...connection, retryPolicy: REREAD_AFTER_LOSS });
        return read.ok ? read.value.credits : null;
      },
    },
    afterPaidLookup: readBalanceAfterPaid,
    now: () => Date.now(),
    newId: () => crypto.randomUUID(),
  });

  /** In history, marked on the lookups it names, and beside the balance until dismissed. */
  async function recordDifference(entry: HistoryEntry, suspects: readonly string[]): Promise<void> {
    if (!isBalanceDifference(entry) || !entry.difference) return;
    const { difference } = entry;
    await appendHistory(entry, (await loadPreferences()).history.maxEntries);
    spentToday.recorded(entry);
    for (const id of suspects) {
      await replaceHistoryEntry(id, (lookup) =>
        isLookupEntry(lookup) ? { ...lookup, chargeQuestion: { differenceId: entry.id, cause: difference.cause, credits: difference.credits, at: difference.to } } : lookup,
      );
    }
    const notice = { historyId: entry.id, cause: difference.cause, credits: difference.credits, from: difference.from, to: difference.to };
    await balanceItem.setValue({ credits: difference.after, at: difference.to, difference: notice });
  }

  // The run's last balance read, owed at the end of the gap, is made at once when no run is left.
  const bulk = createBulk({ lookups, cap, crm, now: () => Date.now(), newId: () => crypto.randomUUID(), onAllRunsEnded: () => readBalanceAfterPaid.regap(), showProgress: showBulkProgress });
  bulkRunning = () => bulk.runner.running().length > 0;

  const preferences = { read: loadPreferences, write: (prefs: Preferences) => preferencesItem.setValue(prefs) };
  const panel = createPanelService(preferences);
  const handlerDeps: HandlerDeps = {
    identity,
    connection,
    lookups,
    history: { read: readHistory, remove: deleteHistoryEntries, clear: clearHistory, recent: readRecentHistory, byIds: readHistoryEntries },
    preferences,
    openSettings: () => openExtensionPage('settings'),
    openWelcome: () => openExtensionPage('welcome'),
    openMenu: () => openToolbarMenu(browser.action),
    openBulkPage: () => openExtensionPage('bulk'),
    panel,
    // Frames go first: an open frame would otherwise write its layout back after the erase.
    // Bulk runs stop first: a task in flight must not write its run back after the erase.
    userData: { exportAll: exportAllData, deleteAll: () => applyPanelMode(null).then(() => bulk.runner.stopAll()).then(deleteAllData).then(deleteCrmData).then(forgetTheRest) },
    now: () => Date.now(),
    crm,
    contacts: { card: readCardContacts, ofResponse: cardOfResponse },
    jobChanges: createJobChanges({ observe: observePeople, now: () => Date.now() }),
    book: {
      contacts: { get: getContacts, tag: (ids, tags) => tagContacts(ids, tags), forget: forgetContacts, setNotice: setContactNotice },
      now: () => Date.now(),
      openBook: () => openExtensionPage('book'),
    },
    bulk: bulk.handlerDeps,
    clipboard: { write: createClipboardWriter(browserClipboard()) },
    profileViews: createProfileViewCounter({ item: profileViewsItem, preferences, now: () => Date.now() }),
  };
  return { connection, lookups, handlerDeps, crm, panel, bulk, balanceReadsIdle: readBalanceAfterPaid.idle };
}

/** Chromium writes through an offscreen document made for the clipboard; Firefox's background page writes itself. */
function browserClipboard(): ClipboardDeps {
  if (import.meta.env.FIREFOX) return { writeInBackground: (text) => copyBySelection(document, text) };
  const url = browser.runtime.getURL(OFFSCREEN_PATH);
  return {
    offscreen: {
      exists: async () => (await browser.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT'], documentUrls: [url] })).length > 0,
      create: () => browser.offscreen.createDocument({ url, reasons: ['CLIPBOARD'], justification: 'Copy a contact card value the page it is shown in may not copy.' }),
      close: () => browser.offscreen.closeDocument(),
      write: (text) => offscreenMessenger.sendMessage('writeClipboard', text),
    },
  };
}
