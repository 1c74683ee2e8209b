import { describe, expect, it, vi } from 'vitest';
import { createRouter, type Handlers } from '@/lib/worker/router';
import { isExtensionPageSender } from '@/lib/platform/messaging/sender';
import { DEFAULT_GATEWAY } from '@/lib/settings/gateway';
import { DEFAULT_PREFERENCES } from '@/lib/settings/preferences';
import { crmHandlerStubs } from '@/test/unit/crm/handler-stubs';
import { bookHandlerStubs } from '@/test/unit/book/book-handler-stubs';
import { bulkHandlerStubs } from '@/test/unit/bulk/bulk-handler-stubs';

const identity = { extensionId: 'ext-id', extensionOrigin: 'chrome-extension://ext-id/' };
const extensionPage = { id: 'ext-id', url: 'chrome-extension://ext-id/popup.html' };
const contentScript = { id: 'ext-id', url: 'https://www.linkedin.com/in/someone/', tab: { id: 4 }, frameId: 0 };

function handlers(overrides: Partial<Handlers> = {}): Handlers {
  const status = { hasKey: true, maskedKey: '••••-key', gateway: DEFAULT_GATEWAY, isSandbox: true, balance: null };
  return {
    getStatus: vi.fn(async () => ({ ok: true as const, value: status })),
    getCredits: vi.fn(async () => ({ ok: true as const, value: { credits: 5, at: 1 } })),
    saveConnection: vi.fn(async () => ({ ok: true as const, value: status })),
    testConnection: vi.fn(async () => ({ ok: true as const, value: { status: 'ok' as const, credits: 5 } })),
    dismissBalanceDifference: vi.fn(async () => ({ ok: true as const, value: null })),
    lookup: vi.fn(async () => ({ ok: false as const, error: { kind: 'x', message: 'unused' } })),
    preview: vi.fn(async () => ({ ok: true as const, value: { op: 'enrichPerson' as const, cost: 2, price: 2, inLedger: null } })),
    lookupOutcome: vi.fn(async () => ({ ok: true as const, value: null })),
    getHistory: vi.fn(async () => ({ ok: true as const, value: [] })),
    exportHistory: vi.fn(async () => ({ ok: true as const, value: { filename: 'h.csv', mimeType: 'text/csv', content: '' } })),
    deleteHistory: vi.fn(async () => ({ ok: true as const, value: { remaining: 0 } })),
    clearHistory: vi.fn(async () => ({ ok: true as const, value: { remaining: 0 } })),
    getPreferences: vi.fn(async () => ({ ok: true as const, value: DEFAULT_PREFERENCES })),
    savePreferences: vi.fn(async () => ({ ok: true as const, value: DEFAULT_PREFERENCES })),
    saveLanguage: vi.fn(async () => ({ ok: true as const, value: { language: 'fr' as const } })),
    saveTheme: vi.fn(async () => ({ ok: true as const, value: { theme: 'dark' as const } })),
    panelStatus: vi.fn(async () => ({ ok: true as const, value: { hasKey: true, isSandbox: true, credits: 5 } })),
    openSettings: vi.fn(async () => ({ ok: true as const, value: true as const })),
    openWelcome: vi.fn(async () => ({ ok: true as const, value: true as const })),
    openMenu: vi.fn(async () => ({ ok: true as const, value: true })),
    openBulk: vi.fn(async () => ({ ok: true as const, value: true as const })),
    bulkWake: vi.fn(async () => ({ ok: true as const, value: true as const })),
    copyText: vi.fn(async () => ({ ok: true as const, value: true })),
    reportDetection: vi.fn(async () => ({ ok: true as const, value: { frame: null } })),
    reportFound: vi.fn(async () => ({ ok: true as const, value: true as const })),
    reportParticipants: vi.fn(async () => ({ ok: true as const, value: { launcher: false, launcherLabel: 'Open' } })),
    openMailPanel: vi.fn(async () => ({ ok: true as const, value: true as const })),
    panelState: vi.fn(async () => ({ ok: true as const, value: { tabId: 4, detection: null, found: [], notice: null, layout: { collapsed: false, side: 'right' as const } } })),
    setPanelLayout: vi.fn(async () => ({ ok: true as const, value: true as const })),
    closePanel: vi.fn(async () => ({ ok: true as const, value: true as const })),
    choosePanelMode: vi.fn(async () => ({ ok: true as const, value: DEFAULT_PREFERENCES })),
    contactCard: vi.fn(async () => ({ ok: true as const, value: { person: null, company: null } })),
    exportAllData: vi.fn(async () => ({ ok: true as const, value: { filename: 'x.json', mimeType: 'application/json', content: '{}' } })),
    deleteAllData: vi.fn(async () => ({ ok: true as const, value: { deleted: true as const } })),
    profileViews: vi.fn(async () => ({ ok: true as const, value: { today: 3, week: 9 } })),
    ...crmHandlerStubs(),
    ...bookHandlerStubs(),
    ...bulkHandlerStubs(),
    ...overrides,
  };
}

describe('sender check', () => {
  it.each([
    [extensionPage, true],
    [{ id: 'ext-id', url: 'chrome-extension://ext-id/options.html', tab: { id: 2 } }, true],
    [contentScript, false],
    [{ id: 'other-ext', url: 'chrome-extension://other-ext/popup.html' }, false],
    [{ id: 'ext-id', url: 'chrome-extension://ext-id.evil.example/' }, false],
    [{ id: 'ext-id' }, false],
    [{ id: 'ext-id', url: 'not a url' }, false],
  ])('%j is an extension page: %s', (sender, expected) => {
    expect(isExtensionPageSender(sender, identity.extensionId, identity.extensionOrigin)).toBe(expected);
  });
});

/** One valid request per message a content script must never get through. */
const privileged = {
  lookup: { op: 'enrichPerson', input: { profileUrl: 'https://www.linkedin.com/in/x' } },
  preview: { op: 'enrichPerson', input: {} },
  getCredits: {},
  getStatus: undefined,
  saveConnection: { gateway: DEFAULT_GATEWAY, apiKey: 'x' },
  testConnection: { gateway: DEFAULT_GATEWAY },
  getHistory: {},
  exportHistory: { format: 'csv' },
  deleteHistory: { ids: ['a'] },
  clearHistory: undefined,
  getPreferences: undefined,
  savePreferences: {},
  // A page must not change the language the worker and every Dossier page speak.
  saveLanguage: { language: 'fr' },
  // Nor the theme of every Dossier page.
  saveTheme: { theme: 'dark' },
  panelStatus: undefined,
  openSettings: undefined,
  // Nor pop Dossier's menu open over itself.
  openMenu: undefined,
  exportAllData: undefined,
  deleteAllData: undefined,
  panelState: { tabId: 9 },
  setPanelLayout: { collapsed: false, side: 'left' },
  closePanel: undefined,
  choosePanelMode: { mode: 'frame' },
  // Paid data: a content script (or the page behind it) must never read the contact book.
  contactCard: { keys: ['person:maya-chen'] },
  crmPush: { historyId: 'h1', target: 'hubspot' },
  crmExport: { historyIds: ['h1'], format: 'csv' },
  crmCheck: { fullName: 'Maya Chen' },
  crmPlan: { historyId: 'h1', target: 'hubspot' },
  crmStatus: undefined,
  crmConnect: { connection: { target: 'webhook', url: 'https://hooks.example/x' } },
  openContactBook: undefined,
  openBulk: undefined,
  bulkWake: undefined,
  // A web page must not write the user's clipboard through Dossier.
  copyText: { text: 'maya@halcyon.example' },
  bookTag: { ids: ['person:maya'], add: ['Paris event'] },
  bookForget: { ids: ['person:maya'], suppress: true },
  bookCrmPlan: { id: 'person:maya', target: 'hubspot' },
  bookCrmPush: { ids: ['person:maya'], target: 'hubspot' },
  // Bulk runs spend on the user's confirmed total: only Dossier's own pages may start or feed one.
  bulkStart: { runId: 'run-1', quoteId: 'quote-1' },
  bulkCollect: { people: [{ profileUrl: 'https://www.linkedin.com/in/maya-chen/' }] },
  bulkCreate: { name: 'List', source: 'paste', headers: ['Profile'], rows: [['https://www.linkedin.com/in/maya-chen/']], mapping: ['profileUrl'] },
  bulkRetry: { runId: 'run-1', which: 'unknown', price: 2 },
  bulkCrmPush: { runId: 'run-1', target: 'hubspot' },
  // What the user opened on LinkedIn is theirs: the page they opened it on never reads the counter.
  profileViews: undefined,
} as const;
type Privileged = keyof typeof privileged;

describe('background router: privileges by sender', () => {
  it.each(Object.keys(privileged) as Privileged[])('refuses %s from a content script, and its handler never runs', async (name) => {
    const h = handlers();
    const reply = await createRouter(h, identity)(name, privileged[name], contentScript);
    expect(reply).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(h[name]).not.toHaveBeenCalled();
  });

  it.each(['lookup', 'preview', 'getCredits', 'getStatus', 'exportHistory', 'deleteAllData', 'savePreferences', 'saveLanguage', 'saveTheme', 'panelStatus', 'contactCard', 'crmPush', 'crmExport', 'bookTag', 'bookForget', 'bookCrmPush', 'openContactBook', 'bulkStart', 'bulkCollect', 'openBulk', 'copyText', 'profileViews'] as const)(
    'accepts %s from the extension’s own pages',
    async (name) => {
      const h = handlers();
      const reply = await createRouter(h, identity)(name, privileged[name], extensionPage);
      expect(reply).not.toMatchObject({ ok: false, error: { kind: 'forbidden' } });
      expect(h[name]).toHaveBeenCalledTimes(1);
    },
  );

  it('refuses everything from another extension, even a page of it or a report', async () => {
    const h = handlers();
    const dispatch = createRouter(h, identity);
    const otherPage = { id: 'other-ext', url: 'chrome-extension://other-ext/popup.html' };
    const otherScript = { id: 'other-ext', url: 'https://www.linkedin.com/in/someone/', tab: { id: 4 }, frameId: 0 };
    for (const name of ['lookup', 'getStatus', 'crmPush', 'exportAllData'] as const) {
      expect(await dispatch(name, privileged[name], otherPage)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    }
    expect(await dispatch('reportDetection', { detection: null }, otherScript)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(h.lookup).not.toHaveBeenCalled();
    expect(h.reportDetection).not.toHaveBeenCalled();
  });

  it('a flag in the message changes nothing: a "confirmed" lookup from a content script is still refused', async () => {
    const h = handlers();
    const reply = await createRouter(h, identity)('lookup', { ...privileged.lookup, confirmed: true }, { ...contentScript, origin: 'chrome-extension://ext-id' });
    expect(reply).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(h.lookup).not.toHaveBeenCalled();
  });

  it('lets a content script in a tab report what it detected, and nothing without a tab', async () => {
    const h = handlers();
    const dispatch = createRouter(h, identity);
    expect(await dispatch('reportDetection', { detection: null }, contentScript)).toMatchObject({ ok: true });
    expect(await dispatch('reportFound', { items: [{ kind: 'email', value: 'a@b.example', display: 'a@b.example' }] }, contentScript)).toMatchObject({ ok: true });
    const noTab = { id: 'ext-id', url: 'https://www.linkedin.com/in/someone/' };
    expect(await dispatch('reportDetection', { detection: null }, noTab)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(h.reportDetection).toHaveBeenCalledTimes(1);
  });

  it('a report naming another tab is refused as data: the schema has no tab, the sender’s tab is the one', async () => {
    const h = handlers();
    const reply = await createRouter(h, identity)('reportDetection', { detection: null, tabId: 99 }, contentScript);
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid_message' } });
    expect(h.reportDetection).not.toHaveBeenCalled();
  });

  it('a detection too big or of the wrong shape never reaches the handler', async () => {
    const h = handlers();
    const dispatch = createRouter(h, identity);
    const huge = { kind: 'person', url: 'https://www.linkedin.com/in/x/', confidence: 1, sources: [], person: { fullName: 'x'.repeat(5_000) } };
    expect(await dispatch('reportDetection', { detection: huge }, contentScript)).toMatchObject({ ok: false, error: { kind: 'invalid_message' } });
    expect(await dispatch('reportDetection', { detection: { kind: 'secret', url: 'x', confidence: 1, sources: [] } }, contentScript)).toMatchObject({ ok: false });
    expect(h.reportDetection).not.toHaveBeenCalled();
  });

  it('accepts them from the extension’s own pages', async () => {
    const dispatch = createRouter(handlers(), identity);
    expect(await dispatch('getStatus', undefined, extensionPage)).toMatchObject({ ok: true });
  });

  it('validates the data before any handler sees it', async () => {
    const h = handlers();
    const dispatch = createRouter(h, identity);
    const reply = await dispatch('saveConnection', { gateway: { kind: 'custom', url: 'http://evil.example/' } }, extensionPage);
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid_message' } });
    expect(h.saveConnection).not.toHaveBeenCalled();
    expect(await dispatch('getCredits', { refresh: 'yes' }, extensionPage)).toMatchObject({ ok: false, error: { kind: 'invalid_message' } });
    expect(await dispatch('nope' as 'getStatus', undefined, extensionPage)).toMatchObject({ ok: false, error: { kind: 'invalid_message' } });
  });

  it('a lookup or a preview names one of Dossier’s operations, or no handler sees it', async () => {
    const h = handlers();
    const dispatch = createRouter(h, identity);
    for (const name of ['lookup', 'preview'] as const) {
      const reply = await dispatch(name, { op: 'stealKey' as 'enrichPerson', input: {} }, extensionPage);
      expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid_message' } });
      expect(h[name]).not.toHaveBeenCalled();
    }
    expect(await dispatch('preview', { op: 'enrichPerson', input: {} }, extensionPage)).toMatchObject({ ok: true });
  });

  it('turns a thrown error into an outcome with the key redacted', async () => {
    const dispatch = createRouter(
      handlers({ getCredits: async () => { throw new Error('GET https://g.example/v1/getCredit?apiId=SECRET123 failed'); } }),
      identity,
    );
    const reply = await dispatch('getCredits', {}, extensionPage);
    expect(reply.ok).toBe(false);
    expect(JSON.stringify(reply)).not.toContain('SECRET123');
  });
});
