import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCrmService } from '@/lib/crm/worker/presence-check';
import { createCrmConnections } from '@/lib/crm/worker/connections';
import { crmConnectionsItem } from '@/lib/crm/worker/storage';
import { setWebAuthFlow } from '@/lib/crm/web-auth/flow';
import { PROFILE_FIELD } from '@/lib/crm/worker/zoho/adapter';
import { appendHistory, readHistory, readHistoryEntries } from '@/lib/history/worker/store';
import { startZohoEmulator, ZOHO_ORG, ZOHO_USERS } from '@/test/emulators/zoho';
import { AT } from '@/test/unit/crm/fixtures';
import { followRedirect, REDIRECT_URI, zohoInput } from '@/test/unit/crm/zoho-connect';

let zoho: Awaited<ReturnType<typeof startZohoEmulator>>;
let ids = 0;

const service = (fetch?: typeof globalThis.fetch) =>
  createCrmService({ readHistory, readHistoryEntries, appendHistory: (e) => appendHistory(e, 10_000), now: () => AT, newId: () => `id-${++ids}`, wake: () => undefined, fetch });

beforeAll(async () => {
  zoho = await startZohoEmulator();
});
afterAll(() => zoho.server.close());
beforeEach(() => {
  fakeBrowser.reset();
  zoho.state.reset();
  zoho.control.reset();
  zoho.state.addCustomField('Leads', PROFILE_FIELD, 'LinkedIn URL', 'website', true);
  vi.spyOn(fakeBrowser.identity, 'getRedirectURL').mockReturnValue(REDIRECT_URI);
  setWebAuthFlow(followRedirect);
});
afterEach(() => setWebAuthFlow(null));

describe('Zoho CRM in the background', () => {
  it('connect runs the web-auth flow, keeps the tokens and API domain in the stored connection, never in the answer', async () => {
    const windows: string[] = [];
    setWebAuthFlow(async (details) => {
      windows.push(details.url);
      return followRedirect(details);
    });
    const connected = await service().connect(zohoInput(zoho.origin, 'contact'));
    expect(windows).toEqual([expect.stringContaining(`${zoho.origin}/oauth/v2/auth?`)]);
    expect(connected.message).toContain('Connected to Zoho CRM');
    const stored = (await crmConnectionsItem.getValue())?.zoho as Record<string, string>;
    expect(stored).toMatchObject({ kind: 'zoho', recordType: 'contact', dataCentre: 'com', apiDomain: zoho.origin, orgDomain: ZOHO_ORG.domain_name, token: expect.any(String), refreshToken: expect.any(String) });
    for (const secret of [stored.token, stored.refreshToken, stored.clientSecret]) expect(JSON.stringify(connected)).not.toContain(secret);
    expect(connected.connections).toEqual([expect.objectContaining({ target: 'zoho', label: 'Zoho CRM', host: new URL(zoho.origin).host })]);
  });

  it('"already in your CRM" works for Zoho from the page alone, before anything is spent, with an http(s) link', async () => {
    const crm = service();
    await crm.connect(zohoInput(zoho.origin));
    const page = { profileUrl: 'https://www.linkedin.com/in/maya-chen/', fullName: 'Maya Chen', company: 'Northwind Analytics' };
    expect(await crm.check(page)).toEqual([{ target: 'zoho', label: 'Zoho CRM', state: 'not_in_crm', recordUrl: null, message: null }]);
    const byName = zoho.state.seed('Leads', { First_Name: 'Maya', Last_Name: 'Chen', Company: 'Northwind Analytics' });
    expect((await crm.check(page))[0]).toMatchObject({ state: 'in_crm', recordUrl: `${zoho.origin}/crm/${ZOHO_ORG.domain_name}/tab/Leads/${byName.id}` });
    // An address seen in a mail header finds the record too.
    zoho.state.records.Leads.clear();
    const byEmail = zoho.state.seed('Leads', { Last_Name: 'Chen', Email: 'maya.chen@northwind-analytics.example' });
    expect((await crm.check({ email: 'Maya.Chen@northwind-analytics.example' }))[0]).toMatchObject({ state: 'in_crm', recordUrl: expect.stringContaining(byEmail.id) });
  });

  it('a grant revoked in Zoho shows as "unknown" with Zoho’s words, not as "not in your CRM"', async () => {
    const crm = service();
    await crm.connect(zohoInput(zoho.origin));
    zoho.state.sessions = [];
    const [result] = await crm.check({ profileUrl: 'https://www.linkedin.com/in/maya-chen/' });
    expect(result).toMatchObject({ target: 'zoho', state: 'unknown', message: expect.stringContaining('invalid_code') });
  });

  it('the field mapping, owner and tag are checked against Zoho and kept on the connection', async () => {
    zoho.state.addCustomField('Leads', 'Found_Title', 'Title (found by Dossier)', 'text');
    const tag = zoho.state.addTag('Leads', 'Dossier');
    const crm = service();
    await crm.connect(zohoInput(zoho.origin));
    const mapping = await crm.mapping('zoho');
    expect(mapping).toMatchObject({ fieldMap: {}, ownerId: null, listId: null, schema: { lists: [{ id: tag.id, name: 'Dossier' }] } });
    await crm.saveMapping('zoho', { jobTitle: 'Found_Title' }, ZOHO_USERS[1].id, tag.id);
    expect((await crmConnectionsItem.getValue())?.zoho).toMatchObject({ fieldMap: { jobTitle: 'Found_Title' }, ownerId: ZOHO_USERS[1].id, listId: tag.id });
    await expect(crm.saveMapping('zoho', {}, null, '4150868000000999999')).rejects.toThrow(/list|tag/i);
    await expect(crm.saveMapping('zoho', {}, ZOHO_USERS[2].id, null)).rejects.toThrow();
  });

  it('a layout that makes Company and Lead Status mandatory: the mapping screen asks a value for them, kept with the mapping', async () => {
    zoho.state.makeMandatory('Leads', 'Company');
    zoho.state.makeMandatory('Leads', 'Lead_Status');
    const crm = service();
    await crm.connect(zohoInput(zoho.origin));
    const mapping = await crm.mapping('zoho');
    // Last_Name is always filled from the name: never asked for.
    expect(mapping.schema.required).toEqual([
      { name: 'Company', label: 'Company', from: 'companyName' },
      { name: 'Lead_Status', label: 'Lead Status' },
    ]);
    expect(mapping.fieldDefaults).toEqual({});
    const saved = await crm.saveMapping('zoho', {}, null, null, { Company: 'Independent', Lead_Status: 'Not Contacted' });
    expect(saved.fieldDefaults).toEqual({ Company: 'Independent', Lead_Status: 'Not Contacted' });
    expect((await crmConnectionsItem.getValue())?.zoho).toMatchObject({ fieldDefaults: { Company: 'Independent', Lead_Status: 'Not Contacted' } });
    await expect(crm.saveMapping('zoho', {}, null, null, { Website: 'https://example.com' })).rejects.toThrow('Zoho CRM does not ask for “Website” on new records');

    // Contacts do not require them: the values go with the switch, quietly, and the Contacts mapping saves.
    const switched = await crm.setRecordType('zoho', 'contact');
    expect(switched.fieldDefaults).toEqual({});
    expect(switched.message).not.toContain('Part of your field mapping');
    expect(await crm.saveMapping('zoho', {}, null, null, switched.fieldDefaults)).toMatchObject({ recordType: 'contact', fieldDefaults: {} });
  });

  it('switches between Leads and Contacts from the mapping screen, without a new login; a Leads tag does not follow', async () => {
    const tag = zoho.state.addTag('Leads', 'Dossier');
    zoho.state.addCustomField('Contacts', PROFILE_FIELD, 'LinkedIn URL', 'website', true);
    const crm = service();
    await crm.connect(zohoInput(zoho.origin));
    await crm.saveMapping('zoho', {}, ZOHO_USERS[1].id, tag.id);
    const logins = zoho.state.authorizeVisits.length;
    const switched = await crm.setRecordType('zoho', 'contact');
    expect(switched).toMatchObject({ recordType: 'contact', ownerId: ZOHO_USERS[1].id, listId: null, message: expect.stringContaining('People are pushed as Contacts, with their Account.') });
    expect(zoho.state.authorizeVisits).toHaveLength(logins);
    expect((await crmConnectionsItem.getValue())?.zoho).toMatchObject({ recordType: 'contact', ownerId: ZOHO_USERS[1].id });
    expect((await crmConnectionsItem.getValue())?.zoho).not.toHaveProperty('listId');
  });

  it('two adapters whose token expired together (a push and a check) share one new token: Zoho mints ten in ten minutes', async () => {
    await service().connect(zohoInput(zoho.origin));
    const connections = createCrmConnections({ now: () => AT });
    const [push, check] = [(await connections.adapter('zoho'))!, (await connections.adapter('zoho'))!];
    zoho.state.expireAccessTokens();
    const sessions = zoho.state.sessions.length;
    expect(await Promise.all([push.test(), check.test()])).toMatchObject([{ ok: true }, { ok: true }]);
    expect(zoho.state.sessions.length).toBe(sessions + 1);
  });

  it('disconnect revokes the grant in Zoho and forgets the tokens', async () => {
    const crm = service();
    await crm.connect(zohoInput(zoho.origin));
    expect(zoho.state.sessions).toHaveLength(1);
    await crm.disconnect('zoho');
    expect(zoho.state.sessions).toHaveLength(0);
    expect((await crmConnectionsItem.getValue())?.zoho).toBeUndefined();
  });

  it('disconnecting a real data centre revokes at its accounts server and gives back both of its hosts', async () => {
    const sent: string[] = [];
    const fetchStub: typeof fetch = async (input) => {
      sent.push(String(input));
      return new Response('{"status":"success"}', { status: 200, headers: { 'content-type': 'application/json' } });
    };
    await crmConnectionsItem.setValue({
      zoho: { kind: 'zoho', clientId: 'client-id-12345', dataCentre: 'eu', recordType: 'lead', token: '1000.access.token', refreshToken: '1000.refresh.token', apiDomain: 'https://www.zohoapis.eu' },
    });
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Dossier', version: '0', host_permissions: ['http://127.0.0.1/*'] });
    const removed: string[][] = [];
    vi.spyOn(fakeBrowser.permissions, 'remove').mockImplementation(async ({ origins }) => void removed.push(origins ?? []) as never);
    await service(fetchStub).disconnect('zoho');
    expect(sent).toEqual(['https://accounts.zoho.eu/oauth/v2/token/revoke']);
    expect(removed.flat()).toEqual(['https://accounts.zoho.eu/*', 'https://*.zohoapis.eu/*']);
  });
});
