import { historyToCsv, historyToJson } from '@/lib/history/worker/export';
import { DOSSIER_ERRORS } from '@/lib/contracts/error-catalog';
import type { CardContacts } from '@/lib/card/contract';
import type { AnsweredCard, LookupResponse } from '@/lib/lookup/contract';
import type { HistoryEntry } from '@/lib/history/entry';
import type { LookupService } from '@/lib/lookup/worker/service';
import { storedPageUrl } from '@/lib/platform/ui/page-url';
import { aboutOnPage, type PageAbout } from '@/lib/panel/worker/page-about';
import { embeddingTabOf, topFrameTabOf, type SenderInfo } from '@/lib/platform/messaging/sender';
import type { Preferences } from '@/lib/settings/preferences';
import { preferencesInputSchema } from '@/lib/settings/preferences-input';
import { connectionStatus, dismissDifference, fetchBalance, saveConnection, testConnection, type ConnectionDeps } from '@/lib/settings/worker/connection';
import type { Handlers, RouterIdentity } from '@/lib/worker/router';
import type { Outcome } from '@/lib/contracts/protocol';
import type { CrmService } from '@/lib/crm/worker/presence-check';
import { createCrmHandlers } from '@/lib/crm/worker/handlers';
import { createBookHandlers, type BookHandlerDeps } from '@/lib/book/worker/handlers';
import type { JobChanges } from '@/lib/book/worker/job-changes';
import { createBulkHandlers, type BulkHandlerDeps } from '@/lib/bulk/worker/handlers';
import { createBulkPageHandlers } from '@/lib/bulk/worker/open-page-handlers';
import type { PanelService } from '@/lib/panel/worker/service';
import { webmailHostOf } from '@/lib/webmail/hosts';
import { t } from '@/lib/platform/i18n';
import { languageItem } from '@/lib/settings/language';
import { themeItem } from '@/lib/settings/theme';
import { createClipboardHandlers } from '@/lib/clipboard/worker/clipboard';
import { createNetworkSafetyHandlers } from '@/lib/network-safety/worker/handlers';
import type { ProfileViewCounter } from '@/lib/network-safety/worker/counter';

export interface HandlerDeps {
  identity: RouterIdentity;
  connection: ConnectionDeps;
  lookups: LookupService;
  history: {
    read(): Promise<HistoryEntry[]>;
    /** Resolves with how many entries remain. */
    remove(ids: readonly string[]): Promise<number>;
    clear(): Promise<void>;
    /** The newest entries without reading the whole history (the popup's list). */
    recent(limit: number): Promise<HistoryEntry[]>;
    byIds(ids: readonly string[]): Promise<HistoryEntry[]>;
  };
  preferences: {
    read(): Promise<Preferences>;
    write(prefs: Preferences): Promise<void>;
  };
  openSettings(): Promise<void>;
  /** Opens the welcome page (connect the account, choose the panel) in a tab. */
  openWelcome(): Promise<void>;
  /** Opens Dossier's toolbar menu; false when the browser would not (lib/worker/toolbar-menu.ts). */
  openMenu(): Promise<boolean>;
  /** Opens the bulk enrichment page in a tab (lib/bulk/worker/open-page-handlers.ts). */
  openBulkPage(): Promise<void>;
  /** Per-tab detections, the in-page frame and the panel mode (lib/panel/worker/service.ts). */
  panel: PanelService;
  /** What settings › Privacy exports or erases in one go. */
  userData: {
    exportAll(now: number): Promise<{ filename: string; mimeType: string; content: string }>;
    deleteAll(): Promise<void>;
  };
  now(): number;
  /** CRM connections, outbox and pushes (lib/crm/worker/presence-check.ts). */
  crm: CrmService;
  /** The contact book, read for the panel's frame (lib/card/book.ts). */
  contacts: {
    card(keys: readonly string[]): Promise<CardContacts>;
    /** A reply's card of whoever it answered about, as the book holds them now (lib/card/from-answer.ts). */
    ofResponse(response: LookupResponse, input: Record<string, unknown>): Promise<AnsweredCard | undefined>;
  };
  /** Job changes seen on the pages content scripts report (lib/book/worker/job-changes.ts). */
  jobChanges: Pick<JobChanges, 'seen'>;
  /** The contact book's store and how to open its page (lib/book/worker/handlers.ts). */
  book: Pick<BookHandlerDeps, 'contacts' | 'openBook' | 'now'>;
  /** Bulk runs: the store, the runner, the quote's reads (lib/bulk/worker/wiring.ts). */
  bulk: BulkHandlerDeps;
  /** Copy for a Dossier page that may not write the clipboard itself (lib/clipboard/worker/clipboard.ts). */
  clipboard: { write(text: string): Promise<boolean> };
  /** The LinkedIn profiles opened, counted from the content script's reports (lib/network-safety/worker/counter.ts). */
  profileViews: ProfileViewCounter;
}

/**
 * The page a lookup came from is taken from the sender, never from the message. Lookups from
 * the popup, the side panel or the history have no page.
 */
function pageOf(sender: SenderInfo, identity: RouterIdentity): string | null {
  // Only the in-page panel's frame is about a page: the tab it sits in, as the browser says.
  if (embeddingTabOf(sender, identity.extensionId, identity.extensionOrigin) === null) return null;
  return storedPageUrl(sender.tab?.url);
}

export function createHandlers(deps: HandlerDeps): Handlers {
  const { connection } = deps;

  /** Who the in-page panel's page showed, when the lookup is about them (see page-about.ts). */
  async function aboutOf(sender: SenderInfo, input: Record<string, unknown>): Promise<PageAbout | undefined> {
    const tabId = embeddingTabOf(sender, deps.identity.extensionId, deps.identity.extensionOrigin);
    if (tabId === null) return undefined;
    try {
      return aboutOnPage((await deps.panel.state(tabId)).detection, input);
    } catch {
      // The tab's state could not be read: the lookup goes on, listed by what it asked.
      return undefined;
    }
  }

  /**
   * The book was written before the lookup answered: its card goes with the reply, so the card
   * that asked updates in one trip. A failed read costs the reply nothing: the card reads later.
   */
  async function cardOf(response: LookupResponse, input: Record<string, unknown>): Promise<AnsweredCard | undefined> {
    try {
      return await deps.contacts.ofResponse(response, input);
    } catch (err) {
      console.error('lookup: the contact book could not be read for the reply', err);
      return undefined;
    }
  }

  /** Every write of the preferences: the settings page's, and the contact book's suppression. */
  async function savePreferences(data: unknown): Promise<Outcome<Preferences>> {
    const parsed = preferencesInputSchema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? ` (${issue.path.join(' › ')})` : '';
      return { ok: false, error: { kind: 'invalid_input', message: DOSSIER_ERRORS.settings_not_saved(`${issue?.message ?? 'invalid settings'}${where}`) } };
    }
    const before = await deps.preferences.read();
    await deps.preferences.write(parsed.data);
    await deps.panel.preferencesSaved(before, parsed.data);
    return { ok: true, value: parsed.data };
  }

  return {
    getStatus: async () => ({ ok: true, value: await connectionStatus(connection) }),
    getCredits: async () => fetchBalance(connection),
    saveConnection: async ({ gateway, apiKey }) => saveConnection(connection, gateway, apiKey),
    testConnection: async ({ gateway, apiKey }) => ({ ok: true, value: await testConnection(connection, gateway, apiKey) }),
    dismissBalanceDifference: async ({ historyId }) => ({ ok: true, value: await dismissDifference(connection, historyId) }),
    lookup: async (request, sender) => {
      const response = await deps.lookups.lookup({ ...request, pageUrl: pageOf(sender, deps.identity), about: await aboutOf(sender, request.input) });
      return { ok: true, value: { ...response, card: await cardOf(response, request.input) } };
    },
    preview: async (request) => ({ ok: true, value: await deps.lookups.preview(request) }),
    lookupOutcome: async ({ attemptId }) => ({
      ok: true,
      value: await deps.lookups.outcomeOf(attemptId, async (id) => (await deps.history.byIds([id]))[0] ?? null),
    }),
    getHistory: async ({ limit }) => {
      if (limit) return { ok: true, value: await deps.history.recent(limit) };
      const entries = await deps.history.read();
      return { ok: true, value: limit ? entries.slice(0, limit) : entries };
    },
    exportHistory: async ({ format }) => {
      const entries = await deps.history.read();
      const stamp = new Date(deps.now()).toISOString().slice(0, 10);
      return {
        ok: true,
        value:
          format === 'csv'
            ? { filename: `dossier-history-${stamp}.csv`, mimeType: 'text/csv', content: historyToCsv(entries) }
            : { filename: `dossier-history-${stamp}.json`, mimeType: 'application/json', content: historyToJson(entries) },
      };
    },
    deleteHistory: async ({ ids }) => ({ ok: true, value: { remaining: await deps.history.remove(ids) } }),
    clearHistory: async () => {
      await deps.history.clear();
      return { ok: true, value: { remaining: 0 } };
    },
    getPreferences: async () => ({ ok: true, value: await deps.preferences.read() }),
    contactCard: async ({ keys }) => ({ ok: true, value: await deps.contacts.card(keys) }),
    panelStatus: async () => {
      const status = await connectionStatus(connection);
      return { ok: true, value: { hasKey: status.hasKey, isSandbox: status.isSandbox, credits: status.balance?.credits ?? null } };
    },
    // A content script reports for its own tab and its top frame: the tab is the sender's,
    // and no field of the message can name another (the schema has none).
    reportDetection: async ({ detection }, sender) => {
      const tabId = topFrameTabOf(sender);
      if (tabId === null) return { ok: true, value: { frame: null } };
      // The two local checks never throw, and the frame does not wait for them: the card compares the
      // page with the book itself; the reply still waits, so the worker keeps running until they are written.
      const [frame] = await Promise.all([deps.panel.report(tabId, detection, sender.documentId), deps.profileViews.reported(detection, sender.url), deps.jobChanges.seen(detection)]);
      return { ok: true, value: { frame } };
    },
    reportFound: async ({ items }, sender) => {
      const tabId = topFrameTabOf(sender);
      if (tabId !== null) await deps.panel.reportFound(tabId, items, sender.documentId);
      return { ok: true, value: true };
    },
    // The web mail reader reports for its own tab, from a web mail client's page (the sender's URL
    // says which client; the message cannot claim another).
    reportParticipants: async ({ mail }, sender) => {
      const tabId = topFrameTabOf(sender);
      const client = webmailHostOf(sender.url ?? '');
      if (tabId === null || !client) return { ok: false, error: { kind: 'forbidden', message: DOSSIER_ERRORS.forbidden } };
      if (mail && mail.client !== client) return { ok: false, error: { kind: 'invalid_message', message: DOSSIER_ERRORS.invalid_message('another mail client') } };
      return { ok: true, value: { launcher: await deps.panel.reportMail(tabId, mail, sender.documentId), launcherLabel: t('webmail.launcher') } };
    },
    openMailPanel: async (_data, sender) => {
      const tabId = topFrameTabOf(sender);
      if (tabId === null || !webmailHostOf(sender.url ?? '')) return { ok: false, error: { kind: 'forbidden', message: DOSSIER_ERRORS.forbidden } };
      await deps.panel.openMail(tabId);
      return { ok: true, value: true };
    },
    // The frame shows its own tab (from the sender); a top-level extension page names the tab.
    panelState: async ({ tabId }, sender) => {
      const tab = embeddingTabOf(sender, deps.identity.extensionId, deps.identity.extensionOrigin) ?? tabId;
      if (tab === undefined) return { ok: false, error: { kind: 'invalid_message', message: DOSSIER_ERRORS.invalid_message('no tab') } };
      return { ok: true, value: await deps.panel.state(tab) };
    },
    setPanelLayout: async (placement, sender) => {
      const tab = embeddingTabOf(sender, deps.identity.extensionId, deps.identity.extensionOrigin);
      if (tab === null) return { ok: false, error: { kind: 'invalid_message', message: DOSSIER_ERRORS.invalid_message('not a panel frame') } };
      await deps.panel.arrange(tab, placement);
      return { ok: true, value: true };
    },
    closePanel: async (_data, sender) => {
      const tab = embeddingTabOf(sender, deps.identity.extensionId, deps.identity.extensionOrigin);
      if (tab === null) return { ok: false, error: { kind: 'invalid_message', message: DOSSIER_ERRORS.invalid_message('not a panel frame') } };
      await deps.panel.close(tab);
      return { ok: true, value: true };
    },
    choosePanelMode: async ({ mode, tabId }) => ({ ok: true, value: await deps.panel.chooseMode(mode, tabId) }),
    openSettings: async () => {
      await deps.openSettings();
      return { ok: true, value: true };
    },
    openWelcome: async () => {
      await deps.openWelcome();
      return { ok: true, value: true };
    },
    openMenu: async () => ({ ok: true, value: await deps.openMenu() }),
    ...createBulkPageHandlers({ open: deps.openBulkPage }),
    savePreferences: (data) => savePreferences(data),
    saveLanguage: async ({ language }) => {
      await languageItem.setValue(language);
      return { ok: true, value: { language } };
    },
    saveTheme: async ({ theme }) => {
      await themeItem.setValue(theme);
      return { ok: true, value: { theme } };
    },
    exportAllData: async () => ({ ok: true, value: await deps.userData.exportAll(deps.now()) }),
    deleteAllData: async () => {
      await deps.userData.deleteAll();
      return { ok: true, value: { deleted: true } };
    },
    ...createCrmHandlers(deps.crm),
    ...createBookHandlers({ ...deps.book, preferences: deps.preferences, savePreferences, crm: deps.crm }),
    ...createBulkHandlers(deps.bulk),
    ...createClipboardHandlers((text) => deps.clipboard.write(text)),
    ...createNetworkSafetyHandlers(deps.profileViews),
  };
}
