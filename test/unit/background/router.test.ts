import { describe, expect, it, vi } from 'vitest';
import { createRouter, type Handlers } from '@/lib/background/router';
import { isExtensionPageSender } from '@/lib/messaging/sender';
import { DEFAULT_GATEWAY } from '@/lib/settings/gateway';
import { DEFAULT_PREFERENCES } from '@/lib/settings/preferences';
import { crmHandlerStubs } from '../crm/handler-stubs';

const identity = { extensionId: 'ext-id', extensionOrigin: 'chrome-extension://ext-id/' };
const extensionPage = { id: 'ext-id', url: 'chrome-extension://ext-id/popup.html' };
const contentScript = { id: 'ext-id', url: 'https://www.linkedin.com/in/someone/', tab: { id: 4 } };

function handlers(overrides: Partial<Handlers> = {}): Handlers {
  const status = { hasKey: true, maskedKey: '••••-key', gateway: DEFAULT_GATEWAY, isSandbox: true, balance: null };
  return {
    getStatus: vi.fn(async () => ({ ok: true as const, value: status })),
    getCredits: vi.fn(async () => ({ ok: true as const, value: { credits: 5, at: 1 } })),
    saveConnection: vi.fn(async () => ({ ok: true as const, value: status })),
    testConnection: vi.fn(async () => ({ ok: true as const, value: { status: 'ok' as const, credits: 5 } })),
    lookup: vi.fn(async () => ({ ok: false as const, error: { kind: 'x', message: 'unused' } })),
    preview: vi.fn(async () => ({ ok: true as const, value: { op: 'enrichPerson', cost: 2, price: 2, inLedger: null } })),
    lookupOutcome: vi.fn(async () => ({ ok: true as const, value: null })),
    getHistory: vi.fn(async () => ({ ok: true as const, value: [] })),
    exportHistory: vi.fn(async () => ({ ok: true as const, value: { filename: 'h.csv', mimeType: 'text/csv', content: '' } })),
    deleteHistory: vi.fn(async () => ({ ok: true as const, value: { remaining: 0 } })),
    clearHistory: vi.fn(async () => ({ ok: true as const, value: { remaining: 0 } })),
    getPreferences: vi.fn(async () => ({ ok: true as const, value: DEFAULT_PREFERENCES })),
    savePreferences: vi.fn(async () => ({ ok: true as const, value: DEFAULT_PREFERENCES })),
    panelStatus: vi.fn(async () => ({ ok: true as const, value: { hasKey: true, isSandbox: true, credits: 5 } })),
    openSettings: vi.fn(async () => ({ ok: true as const, value: true as const })),
    showPanel: vi.fn(async () => ({ ok: true as const, value: true })),
    exportAllData: vi.fn(async () => ({ ok: true as const, value: { filename: 'x.json', mimeType: 'application/json', content: '{}' } })),
    deleteAllData: vi.fn(async () => ({ ok: true as const, value: { deleted: true as const } })),
    ...crmHandlerStubs(),
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

describe('background router', () => {
  it('refuses settings and key messages from a web page', async () => {
    const h = handlers();
    const dispatch = createRouter(h, identity);
    const attempts = {
      getStatus: undefined,
      saveConnection: { gateway: DEFAULT_GATEWAY, apiKey: 'x' },
      testConnection: { gateway: DEFAULT_GATEWAY },
      getHistory: {},
      exportHistory: { format: 'csv' },
      deleteHistory: { ids: ['a'] },
      clearHistory: undefined,
      getPreferences: undefined,
      savePreferences: {},
    } as const;
    for (const [name, data] of Object.entries(attempts)) {
      const reply = await dispatch(name as keyof typeof attempts, data, contentScript);
      expect(reply).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
      expect(h[name as keyof typeof attempts]).not.toHaveBeenCalled();
    }
  });

  it('lets a web page ask for lookups, previews and the balance', async () => {
    const h = handlers();
    const dispatch = createRouter(h, identity);
    await dispatch('lookup', { op: 'enrichPerson', input: { profileUrl: 'https://www.linkedin.com/in/x' } }, contentScript);
    await dispatch('preview', { op: 'enrichPerson', input: {} }, contentScript);
    await dispatch('getCredits', {}, contentScript);
    expect(h.lookup).toHaveBeenCalledTimes(1);
    expect(h.preview).toHaveBeenCalledTimes(1);
    expect(h.getCredits).toHaveBeenCalledTimes(1);
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
    expect(await dispatch('getCredits', { refresh: 'yes' }, contentScript)).toMatchObject({ ok: false });
    expect(await dispatch('nope' as 'getStatus', undefined, extensionPage)).toMatchObject({ ok: false, error: { kind: 'invalid_message' } });
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
