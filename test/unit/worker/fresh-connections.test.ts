import { describe, expect, it, vi } from 'vitest';
import type { EnrichmentClient, EnrichmentClientConfig } from '@/lib/api';
import { FRESH_CONNECTION_RULE_ID, freshConnectionRule, installFreshConnectionRule, type SessionRules } from '@/lib/worker/fresh-connections';
import { createGatewayClients } from '@/lib/worker/gateway-client';

describe('fresh gateway connections (Chromium re-sends a GET that failed on a reused connection)', () => {
  it('the rule sets Connection: close, and only that, on the worker’s own requests that carry a key', () => {
    const rule = freshConnectionRule('dossier-id');
    expect(rule.action).toEqual({ type: 'modifyHeaders', requestHeaders: [{ header: 'connection', operation: 'set', value: 'close' }] });
    // Every gateway request carries apiId in its query (lib/api/transport.ts buildUrl); -1 is "no tab": the worker.
    // Started by this extension: a site's own service worker has no tab either.
    expect(rule.condition).toEqual({ urlFilter: 'apiId=', tabIds: [-1], initiatorDomains: ['dossier-id'], resourceTypes: ['xmlhttprequest'] });
  });

  it('installs it as a session rule, replacing the one a previous worker left', async () => {
    const updateSessionRules = vi.fn(async () => {});
    expect(await installFreshConnectionRule({ updateSessionRules } as unknown as SessionRules, 'dossier-id')).toBe(true);
    expect(updateSessionRules).toHaveBeenCalledWith({ removeRuleIds: [FRESH_CONNECTION_RULE_ID], addRules: [freshConnectionRule('dossier-id')] });
  });

  it('a browser that refuses the rule, or lacks the API, still looks up', async () => {
    const refusing = { updateSessionRules: vi.fn(async () => Promise.reject(new Error('no permission'))) } as unknown as SessionRules;
    expect(await installFreshConnectionRule(refusing)).toBe(false);
    expect(await installFreshConnectionRule(undefined)).toBe(false);
  });

  it('no gateway request leaves before the rule is in place', async () => {
    let release!: () => void;
    const ready = new Promise<void>((resolve) => (release = resolve));
    let config: EnrichmentClientConfig | undefined;
    const limiter = { acquire: vi.fn(async () => {}), reserve: vi.fn(async () => ({ leaving() {}, unused() {} })), pauseFor: vi.fn(), windowMs: () => 1_000 };
    const clients = createGatewayClients(limiter, (c) => ((config = c), {} as EnrichmentClient), ready);
    clients.clientFor('http://127.0.0.1:8787/api/ingress/', 'key');
    let sent = false;
    const before = config!.beforeRequest!().then(() => (sent = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(sent).toBe(false);
    expect(limiter.reserve).not.toHaveBeenCalled();
    release();
    await before;
    expect(sent).toBe(true);
    expect(limiter.reserve).toHaveBeenCalledTimes(1);
  });
});
