import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCrmService } from '@/lib/crm/worker/presence-check';
import { createCrmConnections } from '@/lib/crm/worker/connections';
import { appendHistory, readHistory, readHistoryEntries } from '@/lib/history/worker/store';
import { crmConnectionsItem } from '@/lib/crm/worker/storage';
import { setWebAuthFlow } from '@/lib/crm/worker/salesforce/oauth';
import { SALESFORCE_CLIENT_ID, SALESFORCE_CONSUMER_SECRET, startSalesforceEmulator } from '@/test/emulators/salesforce';
import type { LookupEntry } from '@/lib/history/entry';
import { AT, mayaEnrichment } from '@/test/unit/crm/fixtures';
import { followRedirect, REDIRECT_URI } from '@/test/unit/crm/salesforce-connect';

let sf: Awaited<ReturnType<typeof startSalesforceEmulator>>;
let ids = 0;

const service = () => createCrmService({ readHistory, readHistoryEntries, appendHistory: (e) => appendHistory(e, 10_000), now: () => AT, newId: () => `id-${++ids}`, wake: () => undefined });
const input = () => ({ kind: 'salesforce' as const, clientId: SALESFORCE_CLIENT_ID, clientSecret: SALESFORCE_CONSUMER_SECRET, loginHost: 'production' as const, recordType: 'contact' as const, apiBase: sf.origin });

beforeAll(async () => {
  sf = await startSalesforceEmulator();
});
afterAll(() => sf.server.close());
beforeEach(() => {
  fakeBrowser.reset();
  sf.state.reset();
  vi.spyOn(fakeBrowser.identity, 'getRedirectURL').mockReturnValue(REDIRECT_URI);
});
afterEach(() => setWebAuthFlow(null));

describe('Salesforce in the background', () => {
  it('connect runs the web-auth flow, keeps the tokens and instance in the stored connection, never in the answer', async () => {
    const windows: string[] = [];
    setWebAuthFlow(async (details) => {
      windows.push(details.url);
      return followRedirect(details);
    });
    const connected = await service().connect(input());
    expect(windows).toHaveLength(1);
    expect(connected.message).toContain('Connected to Salesforce');
    const stored = (await crmConnectionsItem.getValue())?.salesforce as Record<string, string>;
    // The consumer secret is kept in the background's own item with the tokens, and never answered.
    expect(stored).toMatchObject({ kind: 'salesforce', recordType: 'contact', instanceUrl: sf.origin, token: expect.any(String), refreshToken: expect.any(String), clientSecret: SALESFORCE_CONSUMER_SECRET });
    for (const secret of [stored.token, stored.refreshToken, SALESFORCE_CONSUMER_SECRET]) {
      expect(JSON.stringify(connected)).not.toContain(secret);
      expect(JSON.stringify(await service().connections())).not.toContain(secret);
    }
    expect(connected.connections).toEqual([expect.objectContaining({ target: 'salesforce', host: new URL(sf.origin).host })]);
  });

  it('a closed auth window connects nothing', async () => {
    setWebAuthFlow(async () => Promise.reject(new Error('The user did not approve access.')));
    await expect(service().connect(input())).rejects.toThrow(/did not approve/);
    expect((await crmConnectionsItem.getValue())?.salesforce).toBeUndefined();
  });

  it('disconnect revokes the grant in Salesforce and forgets the tokens', async () => {
    setWebAuthFlow(followRedirect);
    const crm = service();
    await crm.connect(input());
    expect(sf.state.sessions).toHaveLength(1);
    await crm.disconnect('salesforce');
    expect(sf.state.sessions).toHaveLength(0);
    expect((await crmConnectionsItem.getValue())?.salesforce).toBeUndefined();
  });

  it('a refresh Salesforce refuses for want of the secret: the push fails saying which setting to change (not parked as an expired session), and once the admin turns it off a retry delivers', async () => {
    // An app whose admin turned off "Require secret for Web Server Flow" only: connecting without the secret works.
    sf.state.requireSecret = { webServerFlow: false, refreshTokenFlow: true };
    setWebAuthFlow(followRedirect);
    const crm = service();
    await crm.connect({ ...input(), clientSecret: undefined, recordType: 'lead' });
    const lookup: LookupEntry<'enrichPerson'> = { id: 'look-1', op: 'enrichPerson', subject: 'https://www.linkedin.com/in/maya-chen/', input: {}, identity: 'person:maya-chen', outcome: 'paid', cost: 2, fromLedger: false, paidAt: null, at: AT, pageUrl: null, result: mayaEnrichment(), error: null };
    await appendHistory(lookup, 100);
    sf.state.expireSessions();

    const queued = await crm.push('look-1', 'salesforce', []);
    await crm.drain();
    const [failed] = await crm.pushStatus('look-1');
    expect(failed).toMatchObject({ state: 'failed', error: { kind: 'auth', message: expect.stringContaining('Turn off “Require secret for Refresh Token Flow” in the app and retry') } });
    expect(sf.state.records.Lead.size).toBe(0);

    sf.state.requireSecret.refreshTokenFlow = false;
    await crm.retry(queued.id);
    await crm.drain();
    expect((await crm.pushStatus('look-1'))[0]).toMatchObject({ state: 'delivered', result: { action: 'created' } });
    expect(sf.state.records.Lead.size).toBe(1);
  });

  it('refresh token rotation on: every refresh token Salesforce rotates in is kept, also the second one a single adapter gets, so a retired one is never sent again (which would revoke the grant)', async () => {
    sf.state.rotateRefreshTokens = true;
    setWebAuthFlow(followRedirect);
    await service().connect(input());
    const stored = async () => (await crmConnectionsItem.getValue())?.salesforce as Record<string, string>;
    const first = (await stored()).refreshToken;
    const connections = createCrmConnections({ now: () => AT });

    const crm = (await connections.adapter('salesforce'))!;
    for (let expiry = 0; expiry < 2; expiry += 1) {
      sf.state.expireSessions();
      expect(await crm.test()).toMatchObject({ ok: true });
    }
    const kept = (await stored()).refreshToken;
    expect(kept).not.toBe(first);
    expect(sf.state.sessions.every((s) => s.refreshToken === kept)).toBe(true);

    // The next adapter starts from what was kept: its refresh works and the grant stays.
    sf.state.expireSessions();
    expect(await (await connections.adapter('salesforce'))!.test()).toMatchObject({ ok: true });
    expect(sf.state.sessions.length).toBeGreaterThan(0);
  });

  it('refresh token rotation on: two adapters whose session expired together (a push and a check) share one refresh, so the grant is not revoked', async () => {
    sf.state.rotateRefreshTokens = true;
    setWebAuthFlow(followRedirect);
    await service().connect(input());
    const connections = createCrmConnections({ now: () => AT });
    const [push, check] = [(await connections.adapter('salesforce'))!, (await connections.adapter('salesforce'))!];
    sf.state.expireSessions();
    const answers = await Promise.all([push.test(), check.test()]);
    expect(answers).toMatchObject([{ ok: true }, { ok: true }]);
    expect(sf.state.sessions.length).toBeGreaterThan(0);
    // And the grant still works for the next adapter.
    sf.state.expireSessions();
    expect(await (await connections.adapter('salesforce'))!.test()).toMatchObject({ ok: true });
  });
});
