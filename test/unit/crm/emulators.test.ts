import { describe, expect, it } from 'vitest';
import { createHubspotEmulator, HUBSPOT_TOKEN } from '../../emulators/hubspot';
import { createPipedriveEmulator, PIPEDRIVE_TOKEN } from '../../emulators/pipedrive';

/** The emulators' own contract, over their HTTP interface (in process, no network). */
const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('HubSpot emulator', () => {
  const { app } = createHubspotEmulator();
  const api = (path: string, init: RequestInit = {}, token = HUBSPOT_TOKEN) =>
    app.fetch(new Request(`http://hubspot${path}`, { ...init, headers: { ...(init.headers as object), authorization: `Bearer ${token}` } }));

  it('answers a bad token with 401 INVALID_AUTHENTICATION in HubSpot’s error shape', async () => {
    const res = await api('/crm/v3/objects/contacts/search', json({ filterGroups: [] }), 'nope');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ status: 'error', category: 'INVALID_AUTHENTICATION', message: expect.any(String), correlationId: expect.any(String) });
  });

  it('409 names the existing contact; batch upsert answers 207 with per-item errors', async () => {
    expect((await api('/crm/v3/objects/contacts', json({ properties: { email: 'a@b.example' } }))).status).toBe(201);
    const conflict = await api('/crm/v3/objects/contacts', json({ properties: { email: 'A@B.example' } }));
    expect(conflict.status).toBe(409);
    expect((await conflict.json()).message).toMatch(/^Contact already exists\. Existing ID: \d+$/);
    const batch = await api('/crm/v3/objects/contacts/batch/upsert', json({ inputs: [{ id: 'c@d.example', idProperty: 'email', properties: {} }, { id: 'x', idProperty: 'email', properties: { nope: '1' } }] }));
    expect(batch.status).toBe(207);
    expect(await batch.json()).toMatchObject({ status: 'COMPLETE', numErrors: 1, results: [{ new: true }], errors: [{ category: 'VALIDATION_ERROR', message: expect.stringContaining('PROPERTY_DOESNT_EXIST') }] });
  });

  it('search: EQ ignores case, groups are ORed, and too many filters are refused', async () => {
    const found = await (await api('/crm/v3/objects/contacts/search', json({ filterGroups: [{ filters: [{ propertyName: 'email', operator: 'EQ', value: 'C@D.EXAMPLE' }] }] }))).json();
    expect(found.total).toBe(1);
    const tooMany = { filterGroups: Array.from({ length: 6 }, () => ({ filters: [{ propertyName: 'email', operator: 'EQ', value: 'x' }] })) };
    expect((await api('/crm/v3/objects/contacts/search', json(tooMany))).status).toBe(400);
  });

  it('admin: faults (429 with Retry-After), a 503 mode and the records', async () => {
    await app.fetch(new Request('http://hubspot/__admin/faults', json({ kind: '429', retryAfter: 7 })));
    const limited = await api('/account-info/v3/details');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    await app.fetch(new Request('http://hubspot/__admin/mode', json({ mode: '503' })));
    expect((await api('/account-info/v3/details')).status).toBe(503);
    await app.fetch(new Request('http://hubspot/__admin/mode', json({ mode: 'up' })));
    expect((await api('/account-info/v3/details')).status).toBe(200);
    const records = await (await app.fetch(new Request('http://hubspot/__admin/records'))).json();
    expect(records.contacts).toHaveLength(2);
  });
});

describe('Pipedrive emulator', () => {
  const { app } = createPipedriveEmulator();
  const api = (path: string, init: RequestInit = {}) => app.fetch(new Request(`http://pipedrive${path}`, { ...init, headers: { ...(init.headers as object), 'x-api-token': PIPEDRIVE_TOKEN } }));

  it('answers a bad token with Pipedrive’s error body', async () => {
    const res = await app.fetch(new Request('http://pipedrive/api/v1/users/me?api_token=nope'));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, error: 'unauthorized access', errorCode: 401 });
  });

  it('exact_match is whole-value and case-insensitive; without it the term is a substring of at least 2 characters', async () => {
    await api('/api/v2/persons', json({ name: 'Maya Chen', emails: [{ value: 'maya@acme.example', primary: true, label: 'work' }] }));
    const search = async (query: string) => (await (await api(`/api/v2/persons/search?${query}`)).json()).data?.items?.length;
    expect(await search('term=MAYA@ACME.EXAMPLE&fields=email&exact_match=true')).toBe(1);
    expect(await search('term=maya@acme&fields=email&exact_match=true')).toBe(0);
    expect(await search('term=maya@acme&fields=email')).toBe(1);
    expect((await api('/api/v2/persons/search?term=m&fields=name')).status).toBe(400);
  });

  it('refuses a person without a name and a note attached to nothing', async () => {
    expect(await (await api('/api/v2/persons', json({ emails: [] }))).json()).toMatchObject({ success: false, error: 'Name must be given.' });
    expect((await api('/api/v1/notes', json({ content: 'x' }))).status).toBe(400);
  });
});
