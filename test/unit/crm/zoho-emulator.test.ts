import { beforeEach, describe, expect, it } from 'vitest';
import { createZohoEmulator, parseCriteria, ZOHO_CLIENT_ID, ZOHO_CLIENT_SECRET } from '@/test/emulators/zoho';

/** The Zoho emulator's own contract, over its HTTP interface (in process, no network). */
let emulator: ReturnType<typeof createZohoEmulator>;
let token: string;
const json = (method: string, body: unknown) => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const api = (path: string, init: RequestInit = {}, header = `Zoho-oauthtoken ${token}`) =>
  emulator.app.fetch(new Request(`http://zoho/crm/v6${path}`, { ...init, headers: { ...(init.headers as object), authorization: header } }));

beforeEach(() => {
  emulator = createZohoEmulator();
  emulator.state.origin = 'http://zoho';
  token = emulator.state.openSession(['ZohoCRM.modules.leads.ALL', 'ZohoCRM.settings.fields.READ']).accessToken;
});

describe('Zoho emulator', () => {
  it('401s in Zoho’s shape: no Zoho-oauthtoken header, an unknown token, a scope the token lacks', async () => {
    const noHeader = await api('/Leads/search?email=a@b.example', {}, `Bearer ${token}`);
    expect([noHeader.status, await noHeader.json()]).toEqual([401, { code: 'AUTHENTICATION_FAILURE', details: {}, message: 'Authentication failed', status: 'error' }]);
    const unknown = await api('/Leads/search?email=a@b.example', {}, 'Zoho-oauthtoken 1000.nope');
    expect([unknown.status, await unknown.json()]).toEqual([401, { code: 'INVALID_TOKEN', details: {}, message: 'invalid oauth token', status: 'error' }]);
    const scope = await api('/Contacts/search?email=a@b.example');
    expect([scope.status, (await scope.json()).code]).toEqual([401, 'OAUTH_SCOPE_MISMATCH']);
  });

  it('upsert inserts (201) without a match, updates (200) the record its duplicate check finds, needs Last_Name only to insert', async () => {
    const missing = await api('/Leads/upsert', json('POST', { data: [{ Email: 'a@b.example' }], duplicate_check_fields: ['Email'] }));
    expect([missing.status, await missing.json()]).toEqual([400, { data: [{ code: 'MANDATORY_NOT_FOUND', details: { api_name: 'Last_Name', json_path: '$.data[0].Last_Name' }, message: 'required field not found', status: 'error' }] }]);
    const inserted = await api('/Leads/upsert', json('POST', { data: [{ Email: 'a@b.example', Last_Name: 'B' }], duplicate_check_fields: ['Email'] }));
    expect(inserted.status).toBe(201);
    expect((await inserted.json()).data[0]).toMatchObject({ code: 'SUCCESS', action: 'insert', duplicate_field: null, details: { id: expect.stringMatching(/^\d{19}$/) }, status: 'success' });
    const updated = await api('/Leads/upsert', json('POST', { data: [{ Email: 'A@B.example', Designation: 'CTO' }], duplicate_check_fields: ['Email'] }));
    expect(updated.status).toBe(200);
    expect((await updated.json()).data[0]).toMatchObject({ action: 'update', duplicate_field: 'Email' });
    expect([...emulator.state.records.Leads.values()]).toEqual([expect.objectContaining({ Last_Name: 'B', Designation: 'CTO' })]);
    // Only the system's duplicate check field and unique fields may key an upsert.
    expect((await api('/Leads/upsert', json('POST', { data: [{ Last_Name: 'C' }], duplicate_check_fields: ['Company'] }))).status).toBe(400);
  });

  it('search: 204 when nothing is found, criteria ignore case, starts_with, escapes, and refuse an unknown field', async () => {
    emulator.state.seed('Leads', { Last_Name: 'Patel', Company: 'Acme (EU), Inc.', Website: 'https://www.acme.example/' });
    expect((await api('/Leads/search?email=nobody@x.example')).status).toBe(204);
    const criteria = encodeURIComponent('((Last_Name:equals:patel)and(Company:equals:Acme \\(EU\\)\\, Inc.))');
    const found = await api(`/Leads/search?criteria=${criteria}&fields=Last_Name`);
    expect((await found.json()).data).toEqual([{ id: expect.any(String), Last_Name: 'Patel' }]);
    expect((await api(`/Leads/search?criteria=${encodeURIComponent('(Website:starts_with:https://www.acme)')}`)).status).toBe(200);
    const unknown = await api(`/Leads/search?criteria=${encodeURIComponent('(Nope:equals:x)')}`);
    expect([unknown.status, (await unknown.json()).code]).toEqual([400, 'INVALID_QUERY']);
    expect(parseCriteria('((a:equals:1)and(b:equals:2)or(c:equals:3))')).toMatch(/mixed/);
    expect(parseCriteria(`(${Array.from({ length: 11 }, (_, i) => `(a:equals:${i})`).join('or')})`)).toBe('more than 10 criteria');
  });

  it('a record that is not there reads as 204; its update is INVALID_DATA', async () => {
    expect((await api('/Leads/4150868000000999999')).status).toBe(204);
    const update = await api('/Leads/4150868000000999999', json('PUT', { data: [{ Designation: 'x' }] }));
    expect([update.status, (await update.json()).data[0].code]).toEqual([400, 'INVALID_DATA']);
  });

  it('the token endpoint refuses with HTTP 200 and an error, reads form bodies, and a code is single use', async () => {
    const token = (fields: Record<string, string>) => emulator.app.fetch(new Request('http://zoho/oauth/v2/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() }));
    const bad = await token({ grant_type: 'authorization_code', client_id: ZOHO_CLIENT_ID, client_secret: ZOHO_CLIENT_SECRET, code: 'nope', redirect_uri: 'https://x.chromiumapp.org/' });
    expect([bad.status, await bad.json()]).toEqual([200, { error: 'invalid_code' }]);
    expect(await (await token({ grant_type: 'refresh_token', client_id: 'other' })).json()).toEqual({ error: 'invalid_client' });
  });
});
