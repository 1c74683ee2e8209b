import { createHandlers } from '@/lib/worker/handlers';
import { ensureMaintenanceAlarm, MAINTENANCE_ALARM, runMaintenance } from '@/lib/worker/maintenance';
import { createContextMenus, openNotificationDetails, runMenuClick, runProfileCommand } from '@/lib/worker/menus';
import { createRouter } from '@/lib/worker/router';
import { startWorkerLanguage } from '@/lib/settings/worker/language';
import { startWorkerTheme } from '@/lib/settings/worker/theme';
import { syncContentScripts } from '@/lib/worker/content-registration';
import { PROFILE_COMMAND, type MenuClick } from '@/lib/lookup/worker/selection';
import type { Browser } from 'wxt/browser';
import { createBackground } from '@/lib/worker/wiring';
import { forgetTab } from '@/lib/panel/worker/tabs';
import { setWebAuthFlow } from '@/lib/crm/web-auth/flow';
import { tabWebAuthFlow } from '@/lib/crm/worker/web-auth/tab-flow';
import { readInterrupted } from '@/lib/lookup/worker/journal';
import { preferencesItem } from '@/lib/settings/stored';
import { startVaultMigration } from '@/lib/worker/local-storage-move';
import { startRecordMigration } from '@/lib/history/worker/record-migration';
import { onMessage } from '@/lib/contracts/messenger';
import { keepAlive } from '@/lib/platform/worker/keep-alive';
import { openExtensionPage } from '@/lib/platform/extension-pages';
import { shouldWelcome } from '@/lib/worker/welcome';
import { messageSchemas, type MessageName } from '@/lib/contracts/protocol';

// main() stays synchronous and registers every listener in its first turn: Chrome only
// delivers the event that woke the worker to listeners that exist by then.
export default defineBackground(() => {
  // Data of older releases moves out of storage.local (readable by content scripts) into the
  // vault before anything below reads or writes the vault: every vault call waits for it.
  void startVaultMigration();
  // Then an older release's ledger and history move into their record stores: the ledger before
  // any check of it, the history in batches while the worker serves.
  startRecordMigration(() => browser.runtime.getPlatformInfo());
  // The user's language, before the worker says anything: no message is answered, no menu
  // made, no notification shown until its catalog is in. A new choice renames the menus.
  const language = startWorkerLanguage(() => createContextMenus());
  // The panel's frame reads the theme from the worker's copy.
  startWorkerTheme();
  const identity = { extensionId: browser.runtime.id, extensionOrigin: browser.runtime.getURL('/') };
  const background = createBackground(identity);
  const dispatch = createRouter(createHandlers(background.handlerDeps), identity);
  function listen<N extends MessageName>(name: N) {
    // TypeScript cannot resolve the messenger's conditional reply type for a generic N;
    // the router returns exactly Outcome<Replies[N]>, which is what the map declares.
    // Kept alive until it answers: Firefox would suspend its event page with the answer pending.
    onMessage(name, (message) =>
      keepAlive.during(async () => {
        await language.ready;
        return dispatch(name, message.data, message.sender);
      }) as never,
    );
  }
  for (const name of Object.keys(messageSchemas) as MessageName[]) listen(name);

  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (shouldWelcome(reason, __DOSSIER_AUTOMATION__)) void openExtensionPage('welcome');
    void language.ready.then(createContextMenus);
    syncOptInScripts();
  });
  // Chrome keeps the menus across restarts; the browser's language may have changed since ("auto").
  browser.runtime.onStartup.addListener(() => void language.ready.then(createContextMenus));
  browser.contextMenus.onClicked.addListener(
    (info, tab) => void keepAlive.during(() => language.ready.then(() => runMenuClick(background.lookups, info, tab))),
  );
  // Automation cannot open a native context menu: the e2e suite and the demo tour call the very
  // handler a menu click runs. Nor can headless Chromium show the web-auth window (Salesforce, Zoho): the
  // automation build opens the login in a tab instead (lib/crm/worker/web-auth/tab-flow.ts), still
  // through the login host's authorize page and the redirect. Headless Firefox does show it, so
  // its automation build keeps the browser's own (the Firefox suite signs in through it). Both are
  // compiled out of release builds (see wxt.config.ts; test/e2e/packages.e2e.ts checks the package).
  if (__DOSSIER_AUTOMATION__) {
    if (!import.meta.env.FIREFOX) setWebAuthFlow(tabWebAuthFlow());
    Object.assign(globalThis, {
      dossierAutomation: {
        contextMenuClick: (click: MenuClick, tab: Browser.tabs.Tab) => keepAlive.during(() => runMenuClick(background.lookups, click, tab)),
      },
    });
  }
  browser.commands.onCommand.addListener((command, tab) => {
    if (command === PROFILE_COMMAND) void keepAlive.during(() => language.ready.then(() => runProfileCommand(background.lookups, tab)));
  });
  browser.notifications.onClicked.addListener(openNotificationDetails);
  // A closed tab's detection, found items and notice go with it.
  browser.tabs.onRemoved.addListener((tabId) => void forgetTab(tabId));
  // The all-sites scanner and the web mail reader follow the preferences and the permissions.
  const syncOptInScripts = () => void syncContentScripts().catch(() => {});
  browser.permissions.onAdded.addListener(syncOptInScripts);
  browser.permissions.onRemoved.addListener(syncOptInScripts);
  preferencesItem.watch(syncOptInScripts);
  browser.runtime.onStartup.addListener(syncOptInScripts);
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === MAINTENANCE_ALARM) void keepAlive.during(() => runMaintenance(Date.now()));
  });
  // The retention purge's daily alarm, on every start: a browser restart may have cleared it.
  void ensureMaintenanceAlarm();

  // A worker stopped mid-lookup left it in the journal: its answer is lost, and it is recorded
  // as such (never sent again) before any new lookup may spend.
  void keepAlive.during(() => background.lookups.recover(readInterrupted()));

  // CRM outbox: retries are woken by an alarm (it outlives the worker), and pushes a stopped
  // worker left queued or half-sent are resumed now.
  browser.alarms.onAlarm.addListener((alarm) => background.crm.onAlarm(alarm.name));
  void background.crm.drain();

  // Bulk runs: the running ones go on, and tasks a stopped worker left in flight are read back
  // (after the journal's recovery above, which the runner's outcome reads wait for). The
  // browser's start, and the alarm that keeps a running run's worker awake, do the same.
  browser.alarms.onAlarm.addListener((alarm) => background.bulk.onAlarm(alarm.name));
  browser.runtime.onStartup.addListener(() => void background.bulk.runner.wake());
  void background.bulk.runner.wake();
});
