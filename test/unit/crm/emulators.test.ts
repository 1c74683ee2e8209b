import { describe, expect, it } from 'vitest';
import { ATTIO_TOKEN, createAttioEmulator } from '@/test/emulators/attio';
import { createHubspotEmulator, HUBSPOT_TOKEN } from '@/test/emulators/hubspot';
import { createPipedriveEmulator, PIPEDRIVE_TOKEN } from '@/test/emulators/pipedrive';

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

  it('a 429 as HubSpot sends it: no Retry-After, its X-HubSpot-RateLimit-* headers and the policy hit (the daily one too)', async () => {
    await app.fetch(new Request('http://hubspot/__admin/faults', json({ kind: '429', retryAfter: null })));
    const limited = await api('/account-info/v3/details');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeNull();
    expect(Object.fromEntries([...limited.headers].filter(([name]) => name.startsWith('x-hubspot-ratelimit')))).toEqual({
      'x-hubspot-ratelimit-interval-milliseconds': '10000',
      'x-hubspot-ratelimit-max': '100',
      'x-hubspot-ratelimit-remaining': '0',
      'x-hubspot-ratelimit-daily': '250000',
      'x-hubspot-ratelimit-daily-remaining': '182340',
    });
    expect(await limited.json()).toMatchObject({ errorType: 'RATE_LIMIT', policyName: 'TEN_SECONDLY_ROLLING' });
    await app.fetch(new Request('http://hubspot/__admin/faults', json({ kind: '429', retryAfter: null, daily: true })));
    const spent = await api('/account-info/v3/details');
    expect(spent.headers.get('x-hubspot-ratelimit-daily-remaining')).toBe('0');
    expect(await spent.json()).toMatchObject({ errorType: 'RATE_LIMIT', policyName: 'DAILY' });
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

  it('a 429 as Pipedrive sends it: no Retry-After, its x-ratelimit-* headers of the 2-second window and the day’s requests left', async () => {
    await app.fetch(new Request('http://pipedrive/__admin/faults', json({ kind: '429', retryAfter: null })));
    const limited = await api('/api/v1/users/me');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeNull();
    expect([limited.headers.get('x-ratelimit-remaining'), limited.headers.get('x-ratelimit-reset'), limited.headers.get('x-daily-requests-left')]).toEqual(['0', '2', '9876']);
    await app.fetch(new Request('http://pipedrive/__admin/faults', json({ kind: '429', retryAfter: null, daily: true })));
    expect((await api('/api/v1/users/me')).headers.get('x-daily-requests-left')).toBe('0');
  });

  it('refuses a person without a name and a note attached to nothing', async () => {
    expect(await (await api('/api/v2/persons', json({ emails: [] }))).json()).toMatchObject({ success: false, error: 'Name must be given.' });
    expect((await api('/api/v1/notes', json({ content: 'x' }))).status).toBe(400);
  });
});

describe('Attio emulator', () => {
  const { app } = createAttioEmulator();
  const api = (path: string, init: RequestInit = {}, token = ATTIO_TOKEN) =>
    app.fetch(new Request(`http://attio${path}`, { ...init, headers: { ...(init.headers as object), 'content-type': 'application/json', authorization: `Bearer ${token}` } }));
  const send = (method: string, path: string, body: unknown) => api(path, { method, body: JSON.stringify(body) });
  const values = (v: object) => ({ data: { values: v } });

  it('answers a bad key with 401 in Attio’s error shape; /v2/self names the workspace', async () => {
    const res = await api('/v2/self', {}, 'nope');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ status_code: 401, type: 'auth_error', code: 'unauthorized', message: expect.any(String) });
    expect(await (await api('/v2/self')).json()).toMatchObject({ active: true, workspace_name: 'Acme Emulated', workspace_slug: 'acme-emulated' });
  });

  it('assert creates once, then updates the record holding the value, adding to its list; a unique value held elsewhere is refused', async () => {
    const first = await (await send('PUT', '/v2/objects/people/records?matching_attribute=email_addresses', values({ email_addresses: ['a@b.example'] }))).json();
    const again = await (await send('PUT', '/v2/objects/people/records?matching_attribute=email_addresses', values({ email_addresses: ['A@B.example', 'c@b.example'], job_title: 'CTO' }))).json();
    expect(again.data.id.record_id).toBe(first.data.id.record_id);
    expect(again.data.values.email_addresses.map((e: { email_address: string }) => e.email_address)).toEqual(['a@b.example', 'c@b.example']);
    expect(again.data.values.job_title).toMatchObject([{ value: 'CTO', attribute_type: 'text' }]);
    expect(again.data.web_url).toBe(`https://app.attio.com/acme-emulated/person/${first.data.id.record_id}`);
    const other = await (await send('POST', '/v2/objects/people/records', values({ email_addresses: ['d@b.example'] }))).json();
    const conflict = await send('PATCH', `/v2/objects/people/records/${other.data.id.record_id}`, values({ email_addresses: ['c@b.example'] }));
    expect(conflict.status).toBe(400);
    expect(await conflict.json()).toMatchObject({ status_code: 400, type: 'invalid_request_error', code: 'uniqueness_conflict' });
    const twoMatches = await send('PUT', '/v2/objects/people/records?matching_attribute=email_addresses', values({ email_addresses: ['a@b.example', 'd@b.example'] }));
    expect(await twoMatches.json()).toMatchObject({ code: 'multiple_match_results' });
    expect(await (await send('PUT', '/v2/objects/people/records?matching_attribute=job_title', values({ job_title: 'x' }))).json()).toMatchObject({ code: 'validation_type' });
  });

  it('PATCH appends to a list, PUT replaces it; an unknown record is 404', async () => {
    const made = await (await send('POST', '/v2/objects/people/records', values({ phone_numbers: [{ original_phone_number: '+33 6 12 34 56 78', country_code: 'FR' }] }))).json();
    const path = `/v2/objects/people/records/${made.data.id.record_id}`;
    const patched = await (await send('PATCH', path, values({ phone_numbers: ['+14155550110'] }))).json();
    expect(patched.data.values.phone_numbers.map((p: { phone_number: string }) => p.phone_number)).toEqual(['+33612345678', '+14155550110']);
    const put = await (await send('PUT', path, values({ phone_numbers: ['+14155550110'] }))).json();
    expect(put.data.values.phone_numbers.map((p: { phone_number: string }) => p.phone_number)).toEqual(['+14155550110']);
    const missing = await api('/v2/objects/people/records/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'not_found' });
  });

  it('query: shorthand and verbose filters, $contains, $and/$or; an unknown attribute is refused', async () => {
    await send('POST', '/v2/objects/people/records', values({ name: [{ first_name: 'Ada', last_name: 'Lovelace', full_name: 'Ada Lovelace' }], linkedin: 'https://www.linkedin.com/in/ada/' }));
    const count = async (filter: object) => (await (await send('POST', '/v2/objects/people/records/query', { filter })).json()).data?.length;
    expect(await count({ email_addresses: 'C@B.EXAMPLE' })).toBe(1);
    expect(await count({ email_addresses: { email_address: { $eq: 'c@b.example' } } })).toBe(1);
    expect(await count({ linkedin: { value: { $contains: 'linkedin.com/in/ada' } } })).toBe(1);
    expect(await count({ $and: [{ name: { full_name: { $eq: 'Ada Lovelace' } } }, { $or: [{ job_title: 'CTO' }, { linkedin: { $contains: '/in/ada' } }] }] })).toBe(1);
    expect(await count({ name: { first_name: 'Grace' } })).toBe(0);
    expect((await send('POST', '/v2/objects/people/records/query', { filter: { nope: 'x' } })).status).toBe(400);
  });

  it('refuses a note without its parent record or format', async () => {
    expect((await send('POST', '/v2/notes', { data: { parent_object: 'people', parent_record_id: 'none', title: 't', format: 'plaintext', content: 'c' } })).status).toBe(404);
    const [person] = (await (await send('POST', '/v2/objects/people/records/query', {})).json()).data;
    expect((await send('POST', '/v2/notes', { data: { parent_object: 'people', parent_record_id: person.id.record_id, title: 't', format: 'html', content: 'c' } })).status).toBe(400);
  });
});
