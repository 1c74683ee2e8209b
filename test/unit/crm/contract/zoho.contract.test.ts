import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ZohoConnection } from '@/lib/crm/connection';
import { createZohoAdapter, PROFILE_FIELD } from '@/lib/crm/worker/zoho/adapter';
import { startZohoEmulator } from '@/test/emulators/zoho';
import { connectZoho } from '@/test/unit/crm/zoho-connect';
import { crmContractSuite } from '@/test/unit/crm/contract/suite';
import { pushLikeTheOutbox } from '@/test/unit/crm/contract/harness';
import { contact, mayaEnrichment } from '@/test/unit/crm/fixtures';

let zoho: Awaited<ReturnType<typeof startZohoEmulator>>;
let connection: ZohoConnection;
let learnt: Record<string, unknown> = {};

const people = () => [...zoho.state.records.Leads.values(), ...zoho.state.records.Contacts.values()];

crmContractSuite({
  name: 'Zoho CRM',
  searches: true,
  refreshesTokens: true,
  start: async () => void (zoho = await startZohoEmulator()),
  stop: () => zoho.server.close(),
  async reset() {
    zoho.state.reset();
    zoho.control.reset();
    zoho.state.addCustomField('Leads', PROFILE_FIELD, 'LinkedIn URL', 'website', true);
    connection = await connectZoho(zoho.origin, 'lead');
    learnt = {};
  },
  async adapter({ retry, token = 'valid' } = {}) {
    const connect = (c: ZohoConnection) => createZohoAdapter({ ...c, ...learnt } as ZohoConnection, { learn: async (p) => void Object.assign(learnt, p), now: () => 0, retry });
    await connect(connection).test();
    // A refused connection: the access token and the refresh token both revoked or wrong.
    return token === 'valid' ? connect(connection) : connect({ ...connection, ...learnt, token: '1000.wrongaccesstoken.0000', refreshToken: '1000.wrongrefreshtoken.0000' });
  },
  people: async () => people().length,
  async personValues() {
    const [record] = people();
    return record ? { email: record.Email as string | undefined, jobTitle: (record.Designation ?? record.Title) as string | undefined } : null;
  },
  fault: (fault) => zoho.control.faults.push(fault),
  // Zoho documents no Retry-After and no window: a minute, the safe reading.
  rateLimitWaitMs: 60_000,
  createRequest: { path: '/Leads/upsert', method: 'POST' },
  notes: { count: async () => zoho.state.notes.size, createRequest: { path: '/Notes', method: 'POST' } },
  expireToken: () => zoho.state.expireAccessTokens(),
  // Zoho's search index has not seen a Lead yet; the upsert's duplicate check on Email does.
  async seedUnsearchableDuplicate(who) {
    const record = zoho.state.seed('Leads', { Last_Name: 'Chen', Company: 'Northwind Analytics', Email: who.emails[0]!.address });
    zoho.state.unsearchable.add(record.id);
  },
});

/** Maya as a freelancer: no company anywhere in what Dossier found. */
function withoutCompany() {
  const enrichment = mayaEnrichment();
  delete enrichment.company;
  delete enrichment.person!.companyName;
  return contact(enrichment);
}

/** Every upsert body the adapter sends, as Zoho receives it. */
function recordingFetch(bodies: Record<string, unknown>[]): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/upsert') && typeof init?.body === 'string') bodies.push(JSON.parse(init.body) as Record<string, unknown>);
    return fetch(input, init);
  };
}

describe('Zoho CRM: a layout with a mandatory Company', () => {
  let org: Awaited<ReturnType<typeof startZohoEmulator>>;
  let connected: ZohoConnection;
  const sent: Record<string, unknown>[] = [];

  async function crm(change: Partial<ZohoConnection> = {}) {
    const known: Record<string, unknown> = {};
    const deps = { learn: async (p: Record<string, unknown>) => void Object.assign(known, p), now: () => 0, fetch: recordingFetch(sent) };
    await createZohoAdapter({ ...connected, ...change }, deps).test();
    return createZohoAdapter({ ...connected, ...change, ...known } as ZohoConnection, deps);
  }
  const leads = () => [...org.state.records.Leads.values()];

  beforeAll(async () => void (org = await startZohoEmulator()));
  afterAll(() => org.server.close());
  beforeEach(async () => {
    org.state.reset();
    org.control.reset();
    org.state.makeMandatory('Leads', 'Company');
    sent.length = 0;
    connected = await connectZoho(org.origin, 'lead');
  });

  it('the emulator refuses a Lead without Company, as Zoho does: MANDATORY_NOT_FOUND naming the field', async () => {
    const answer = await fetch(`${org.origin}/crm/v6/Leads/upsert`, {
      method: 'POST',
      headers: { authorization: `Zoho-oauthtoken ${connected.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data: [{ Last_Name: 'Chen', Email: 'maya@example.com' }], duplicate_check_fields: ['Email'] }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ data: [{ code: 'MANDATORY_NOT_FOUND', details: { api_name: 'Company', json_path: '$.data[0].Company' }, message: 'required field not found', status: 'error' }] });
  });

  it('pushes with Company filled from the contact’s company: one Lead', async () => {
    const { result } = await pushLikeTheOutbox(await crm(), contact());
    expect(result).toMatchObject({ ok: true, value: { action: 'created' } });
    expect(leads()).toHaveLength(1);
    expect(leads()[0]).toMatchObject({ Company: 'Northwind Analytics', Last_Name: 'Chen' });
  });

  it('Company comes from the contact even when the mapping writes the company’s name elsewhere', async () => {
    org.state.addCustomField('Leads', 'Employer', 'Employer', 'text');
    const { result } = await pushLikeTheOutbox(await crm({ fieldMap: { companyName: 'Employer' } }), contact());
    expect(result.ok).toBe(true);
    expect(leads()[0]).toMatchObject({ Company: 'Northwind Analytics', Employer: 'Northwind Analytics' });
  });

  it('a contact without a company: Company gets the value the user typed on the mapping screen', async () => {
    const { result } = await pushLikeTheOutbox(await crm({ fieldDefaults: { Company: 'Independent' } }), withoutCompany());
    expect(result).toMatchObject({ ok: true, value: { action: 'created' } });
    expect(leads()).toHaveLength(1);
    expect(leads()[0]).toMatchObject({ Company: 'Independent', Email: 'maya.chen@northwind-analytics.example' });
  });

  it('with no value anywhere, the push says which field is missing, and the record is never sent', async () => {
    const { result } = await pushLikeTheOutbox(await crm(), withoutCompany());
    expect(result).toMatchObject({ ok: false, error: { kind: 'rejected', retryable: false, code: 'MANDATORY_NOT_FOUND' } });
    expect(!result.ok && result.error.message).toContain('“Company”');
    expect(!result.ok && result.error.message).toContain('Field mapping');
    expect(leads()).toHaveLength(0);
    // Only the key-alone probe went out (it finds no Lead); the whole record never did.
    expect(sent).toEqual([{ data: [{ Email: 'maya.chen@northwind-analytics.example' }], duplicate_check_fields: ['Email'] }]);
  });

  it('a layout changed after Dossier read it: Zoho’s refusal makes it read the layout again, and the new field is filled or named', async () => {
    const adapter = await crm({ fieldDefaults: { Lead_Status: 'Not Contacted' } });
    expect((await pushLikeTheOutbox(adapter, contact())).result.ok).toBe(true);
    org.state.makeMandatory('Leads', 'Lead_Status');
    const priya = mayaEnrichment();
    priya.person = { ...priya.person!, fullName: 'Priya Raman', firstName: 'Priya', lastName: 'Raman', networkUrl: 'https://www.linkedin.com/in/priya-raman', emails: [{ address: 'priya@northwind-analytics.example', status: 'verified', verified: true }] };
    const { result } = await pushLikeTheOutbox(adapter, contact(priya, 'h-2'));
    expect(result).toMatchObject({ ok: true, value: { action: 'created' } });
    expect(leads().find((lead) => lead.Last_Name === 'Raman')).toMatchObject({ Lead_Status: 'Not Contacted', Company: 'Northwind Analytics' });
  });

  it('a mandatory field no typed value can fill (an Account lookup, for a person without a company) is named with what to ask the admin', async () => {
    org.state.makeMandatory('Contacts', 'Account_Name');
    connected = await connectZoho(org.origin, 'contact');
    const { result } = await pushLikeTheOutbox(await crm(), withoutCompany());
    expect(result).toMatchObject({ ok: false, error: { kind: 'rejected', code: 'MANDATORY_NOT_FOUND' } });
    expect(!result.ok && result.error.message).toBe(
      'Zoho CRM needs “Account Name” to create this person and Dossier has no value for it, nor can it take one typed in advance: ask your Zoho CRM admin to make it optional in the layout.',
    );
    expect(org.state.records.Contacts.size).toBe(0);
  });

  it('a Lead already holding the key is updated without asking for Company', async () => {
    org.state.seed('Leads', { Last_Name: 'Chen', Company: 'Northwind Analytics', Email: 'maya.chen@northwind-analytics.example' });
    org.state.unsearchable.add(leads()[0]!.id);
    const { result } = await pushLikeTheOutbox(await crm(), withoutCompany());
    expect(result.ok).toBe(true);
    expect(leads()).toHaveLength(1);
  });
});

describe('Zoho CRM: no empty duplicate check', () => {
  let org: Awaited<ReturnType<typeof startZohoEmulator>>;
  beforeAll(async () => void (org = await startZohoEmulator()));
  afterAll(() => org.server.close());

  it('the emulator refuses an empty duplicate_check_fields (undocumented: the safe reading)', async () => {
    org.state.reset();
    const session = org.state.openSession(['ZohoCRM.modules.leads.ALL']);
    const answer = await fetch(`${org.origin}/crm/v6/Leads/upsert`, {
      method: 'POST',
      headers: { authorization: `Zoho-oauthtoken ${session.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data: [{ Last_Name: 'Chen' }], duplicate_check_fields: [] }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ code: 'INVALID_DATA', details: { api_name: 'duplicate_check_fields' } });
    expect(org.state.records.Leads.size).toBe(0);
  });

  it('a person without a verified email or a unique profile field is created without the key: one Lead', async () => {
    org.state.reset();
    const connected = await connectZoho(org.origin, 'lead');
    const sent: Record<string, unknown>[] = [];
    const deps = { learn: async () => {}, now: () => 0, fetch: recordingFetch(sent) };
    const enrichment = mayaEnrichment();
    enrichment.person!.emails = [];
    const { result } = await pushLikeTheOutbox(createZohoAdapter(connected, deps), contact(enrichment));
    expect(result).toMatchObject({ ok: true, value: { action: 'created' } });
    expect(org.state.records.Leads.size).toBe(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toHaveProperty('duplicate_check_fields');
  });
});
