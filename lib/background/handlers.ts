import { historyToCsv, historyToJson } from '../history/export';
import { DOSSIER_ERRORS } from '../errors/catalog';
import type { HistoryEntry } from '../history/entry';
import type { LookupService } from '../lookup/service';
import { storedPageUrl } from '../ui/page-url';
import { isExtensionPageSender, type SenderInfo } from '../messaging/sender';
import type { Preferences } from '../settings/preferences';
import { preferencesInputSchema } from '../settings/preferences-input';
import { connectionStatus, fetchBalance, saveConnection, testConnection, type ConnectionDeps } from './connection';
import type { Handlers, RouterIdentity } from './router';
import type { CrmService } from './crm';
import { createCrmHandlers } from './crm-handlers';

export interface HandlerDeps {
  identity: RouterIdentity;
  connection: ConnectionDeps;
  lookups: LookupService;
  history: {
    read(): Promise<HistoryEntry[]>;
    remove(ids: readonly string[]): Promise<HistoryEntry[]>;
    clear(): Promise<HistoryEntry[]>;
    /** The newest entries without reading the whole history (the popup's list). */
    recent(limit: number): Promise<HistoryEntry[]>;
    byIds(ids: readonly string[]): Promise<HistoryEntry[]>;
  };
  preferences: {
    read(): Promise<Preferences>;
    write(prefs: Preferences): Promise<void>;
  };
  openSettings(): Promise<void>;
  /** Injects the panel into a tab's frame; false when the user chose quiet mode. */
  showPanel(tabId: number, frameId: number): Promise<boolean>;
  /** What settings › Privacy exports or erases in one go. */
  userData: {
    exportAll(now: number): Promise<{ filename: string; mimeType: string; content: string }>;
    deleteAll(): Promise<void>;
  };
  now(): number;
  /** CRM connections, outbox and pushes (lib/background/crm.ts). */
  crm: CrmService;
}

/**
 * The page a lookup came from is taken from the sender, never from the message: a page may
 * only act for itself. Lookups from Dossier's own pages have no page.
 */
function pageOf(sender: SenderInfo, identity: RouterIdentity): string | null {
  if (isExtensionPageSender(sender, identity.extensionId, identity.extensionOrigin)) return null;
  return storedPageUrl(sender.url);
}

export function createHandlers(deps: HandlerDeps): Handlers {
  const { connection } = deps;
  return {
    getStatus: async () => ({ ok: true, value: await connectionStatus(connection) }),
    getCredits: async () => fetchBalance(connection),
    saveConnection: async ({ gateway, apiKey }) => saveConnection(connection, gateway, apiKey),
    testConnection: async ({ gateway, apiKey }) => ({ ok: true, value: await testConnection(connection, gateway, apiKey) }),
    lookup: async (request, sender) => ({
      ok: true,
      value: await deps.lookups.lookup({ ...request, pageUrl: pageOf(sender, deps.identity) }),
    }),
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
    deleteHistory: async ({ ids }) => ({ ok: true, value: { remaining: (await deps.history.remove(ids)).length } }),
    clearHistory: async () => ({ ok: true, value: { remaining: (await deps.history.clear()).length } }),
    getPreferences: async () => ({ ok: true, value: await deps.preferences.read() }),
    panelStatus: async () => {
      const status = await connectionStatus(connection);
      return { ok: true, value: { hasKey: status.hasKey, isSandbox: status.isSandbox, credits: status.balance?.credits ?? null } };
    },
    showPanel: async (_data, sender) => {
      const tabId = sender.tab?.id;
      if (tabId === undefined || isExtensionPageSender(sender, deps.identity.extensionId, deps.identity.extensionOrigin)) return { ok: true, value: false };
      return { ok: true, value: await deps.showPanel(tabId, sender.frameId ?? 0) };
    },
    openSettings: async () => {
      await deps.openSettings();
      return { ok: true, value: true };
    },
    savePreferences: async (data) => {
      const parsed = preferencesInputSchema.safeParse(data);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? ` (${issue.path.join(' › ')})` : '';
        return { ok: false, error: { kind: 'invalid_input', message: DOSSIER_ERRORS.settings_not_saved(`${issue?.message ?? 'invalid settings'}${where}`) } };
      }
      await deps.preferences.write(parsed.data);
      return { ok: true, value: parsed.data };
    },
    exportAllData: async () => ({ ok: true, value: await deps.userData.exportAll(deps.now()) }),
    deleteAllData: async () => {
      await deps.userData.deleteAll();
      return { ok: true, value: { deleted: true } };
    },
    ...createCrmHandlers(deps.crm),
  };
}
