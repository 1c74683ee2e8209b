import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CrmAdapter } from '@/lib/crm/worker/adapter';
import type { ZohoConnection } from '@/lib/crm/connection';
import { createZohoAdapter, NOTE_TITLE, PROFILE_FIELD } from '@/lib/crm/worker/zoho/adapter';
import { startZohoEmulator, ZOHO_ORG, ZOHO_USERS } from '@/test/emulators/zoho';
import { pushLikeTheOutbox, pushUntilSettled } from '@/test/unit/crm/contract/harness';
import { AT, contact, emilieEnrichment, instantRetry } from '@/test/unit/crm/fixtures';
import { connectZoho } from '@/test/unit/crm/zoho-connect';

let zoho: Awaited<ReturnType<typeof startZohoEmulator>>;
const MAYA_EMAIL = 'maya.chen@northwind-analytics.example';
const MAYA_PROFILE = 'https://www.linkedin.com/in/maya-chen/';

/** An adapter connected as the worker connects one: OAuth, then test() and what it learnt kept. */
async function connected(recordType: 'lead' | 'contact' = 'lead', change: Partial<ZohoConnection> = {}, learnt: Record<string, unknown> = {}): Promise<{ crm: CrmAdapter; connection: ZohoConnection; learnt: Record<string, unknown> }> {
  const connection = { ...(await connectZoho(zoho.origin, recordType)), ...change };
  const learn = async (patch: Record<string, unknown>) => void Object.assign(learnt, patch);
  const first = await createZohoAdapter(connection, { learn, now: () => AT }).test();
  if (!first.ok) throw new Error(first.error.message);
  return { crm: createZohoAdapter({ ...connection, ...learnt } as ZohoConnection, { learn, now: () => AT, retry: instantRetry() }), connection, learnt };
}

const leads = () => [...zoho.state.records.Leads.values()];
const contactsOf = () => [...zoho.state.records.Contacts.values()];
const accounts = () => [...zoho.state.records.Accounts.values()];
const notes = () => [...zoho.state.notes.values()];
const apiRequests = () => zoho.control.log;
const bodyOf = (request: { body: string }) => JSON.parse(request.body) as Record<string, unknown>;

beforeAll(async () => {
  zoho = await startZohoEmulator();
});
afterAll(() => zoho.server.close());
beforeEach(() => {
  zoho.state.reset();
  zoho.control.reset();
  zoho.state.addCustomField('Leads', PROFILE_FIELD, 'LinkedIn URL', 'website', true);
  zoho.state.addCustomField('Contacts', PROFILE_FIELD, 'LinkedIn URL', 'website', true);
});

describe('Zoho CRM adapter against the emulator', () => {
  it('test() says who is connected, where, in which organization; the token goes in Zoho’s own header, never in a URL', async () => {
    const { connection, learnt } = await connected();
    const message = await createZohoAdapter({ ...connection, ...learnt } as ZohoConnection, { learn: async () => {}, now: () => AT }).test();
    expect(message).toEqual({
      ok: true,
      value: `Connected to Zoho CRM (${new URL(zoho.origin).host}) as Emulator Admin, organization Acme Emulated. People are pushed as Leads. Profile URLs go into the field LinkedIn_URL, which also keeps a person from being created twice.`,
    });
    expect(learnt).toMatchObject({ orgDomain: ZOHO_ORG.domain_name, profileField: PROFILE_FIELD, profileUnique: true });
    expect(apiRequests().length).toBeGreaterThan(0);
    for (const request of apiRequests()) {
      expect(request.headers.authorization).toBe(`Zoho-oauthtoken ${connection.token}`);
      expect(request.path).not.toContain(connection.token);
      expect(request.path.startsWith('/crm/v6/')).toBe(true);
    }
  });

  it('without the profile field, or with one that allows duplicates, says what to do in Zoho', async () => {
    zoho.state.reset();
    expect(await (await connected()).crm.test()).toMatchObject({ ok: true, value: expect.stringContaining('Add a URL field labelled “LinkedIn URL” (API name LinkedIn_URL)') });
    zoho.state.addCustomField('Leads', PROFILE_FIELD, 'LinkedIn URL', 'website', false);
    expect(await (await connected()).crm.test()).toMatchObject({ ok: true, value: expect.stringContaining('turn on “Do not allow duplicate values”') });
  });

  it('pushes a Lead with its fields and the summary as a Note; a second push finds it and writes nothing more', async () => {
    const { crm } = await connected();
    const first = await pushLikeTheOutbox(crm, contact());
    const [lead] = leads();
    expect(first.result).toEqual({ ok: true, value: { action: 'created', recordId: lead!.id, recordUrl: `${zoho.origin}/crm/${ZOHO_ORG.domain_name}/tab/Leads/${lead!.id}` } });
    expect(lead).toMatchObject({
      First_Name: 'Maya',
      Last_Name: 'Chen',
      Designation: 'VP of Engineering',
      Email: MAYA_EMAIL,
      Mobile: '+14155550110',
      Phone: '+14155550111',
      Company: 'Northwind Analytics',
      Website: 'https://www.northwind-analytics.example/',
      [PROFILE_FIELD]: MAYA_PROFILE,
      Owner: { id: ZOHO_USERS[0].id },
    });
    expect(notes()).toEqual([expect.objectContaining({ Note_Title: NOTE_TITLE, Note_Content: expect.stringContaining('Maya Chen'), Parent_Id: { module: { api_name: 'Leads' }, id: lead!.id } })]);

    const again = await pushLikeTheOutbox(crm, contact());
    expect(again.result).toMatchObject({ ok: true, value: { action: 'skipped', recordId: lead!.id } });
    expect(leads()).toHaveLength(1);
    expect(notes()).toHaveLength(1);
  });

  it('creates by upserts keyed on the email: first the key alone (nothing else written into a record that exists), then the whole record', async () => {
    const { crm } = await connected();
    zoho.control.reset();
    await pushLikeTheOutbox(crm, contact());
    const upserts = apiRequests().filter((r) => r.path === '/crm/v6/Leads/upsert');
    expect(upserts.map((r) => [bodyOf(r), r.status])).toEqual([
      [{ data: [{ Email: MAYA_EMAIL }], duplicate_check_fields: ['Email'] }, 400],
      [{ data: [expect.objectContaining({ Email: MAYA_EMAIL, Last_Name: 'Chen' })], duplicate_check_fields: ['Email', PROFILE_FIELD] }, 201],
    ]);
  });

  it('a Lead Zoho’s search has not indexed yet is found by the upsert’s duplicate check: the push lands on it and keeps its values', async () => {
    const existing = zoho.state.seed('Leads', { Last_Name: 'Chen', First_Name: 'Maya', Designation: 'Director', Email: MAYA_EMAIL, Company: 'Northwind' });
    zoho.state.unsearchable.add(existing.id);
    const { crm } = await connected();
    const { result } = await pushLikeTheOutbox(crm, contact());
    expect(result).toMatchObject({ ok: true, value: { action: 'updated', recordId: existing.id } });
    expect(leads()).toHaveLength(1);
    // What the record held stays (the user did not allow replacing it); what it lacked is added.
    expect(existing).toMatchObject({ Designation: 'Director', Company: 'Northwind', Mobile: '+14155550110', [PROFILE_FIELD]: MAYA_PROFILE });
  });

  it('a person without a verified email is keyed on the profile URL field when it is unique', async () => {
    const { crm } = await connected();
    zoho.control.reset();
    const emilie = contact(emilieEnrichment());
    expect((await pushLikeTheOutbox(crm, emilie)).result).toMatchObject({ ok: true, value: { action: 'created' } });
    const upserts = apiRequests().filter((r) => r.path === '/crm/v6/Leads/upsert').map(bodyOf);
    expect(upserts[0]).toEqual({ data: [{ [PROFILE_FIELD]: 'https://www.linkedin.com/in/emilie-lefevre/' }], duplicate_check_fields: [PROFILE_FIELD] });
    expect(leads()[0]).not.toHaveProperty('Email');
    // The guess is in the note, labelled, never in the email field.
    expect(notes()[0]!.Note_Content).toMatch(/emilie@brightwater-labs\.example/);
  });

  it('an insert whose answer is lost, retried as the outbox retries it: one Lead, one Note', async () => {
    zoho.state.loseNextInsert = true;
    const { crm } = await connected();
    const { result, errors } = await pushUntilSettled(crm, contact());
    expect(result.ok).toBe(true);
    expect(errors.every((e) => e.retryable)).toBe(true);
    expect(leads()).toHaveLength(1);
    expect(notes()).toHaveLength(1);
  });

  it('a Note whose answer is lost is not added again by the retry: the record’s notes are read first, and only then', async () => {
    const { crm } = await connected();
    zoho.control.faults.push({ kind: 'lost', path: '/Notes', method: 'POST' });
    const { result, errors } = await pushUntilSettled(crm, contact());
    expect(result).toMatchObject({ ok: true, value: { action: 'created' } });
    expect(errors).toEqual([expect.objectContaining({ kind: 'network', retryable: true })]);
    expect(notes()).toHaveLength(1);
    // A push whose note went through reads no notes: only a retry after a sent note does.
    zoho.control.reset();
    await pushLikeTheOutbox(crm, contact(), { progress: { recordId: leads()[0]!.id, contactDone: true } });
    expect(zoho.control.log.filter((r) => r.method === 'GET' && r.path.includes('/Notes'))).toHaveLength(0);
  });

  it('matches by the profile URL, stored with or without its trailing slash, and by name at company, escaping Zoho’s criteria', async () => {
    const { crm } = await connected();
    const byUrl = zoho.state.seed('Leads', { Last_Name: 'Chen', [PROFILE_FIELD]: MAYA_PROFILE.replace(/\/$/, '') });
    expect(await crm.check({ emails: [], profileUrl: MAYA_PROFILE }, null)).toMatchObject({ ok: true, value: { state: 'in_crm', recordId: byUrl.id, by: 'profileUrl' } });
    const ravi = zoho.state.seed('Leads', { First_Name: 'Ravi', Last_Name: 'Patel', Company: 'Acme (EU), Inc.' });
    zoho.control.reset();
    expect(await crm.check({ emails: [], fullName: 'Ravi Patel', companyName: 'Acme (EU), Inc.' }, null)).toMatchObject({ ok: true, value: { state: 'in_crm', recordId: ravi.id, by: 'nameCompany' } });
    expect(new URL(`http://x${apiRequests()[0]!.path}`).searchParams.get('criteria')).toBe('((First_Name:equals:Ravi)and(Last_Name:equals:Patel)and(Company:equals:Acme \\(EU\\)\\, Inc.))');
    expect(await crm.check({ emails: ['nobody@nowhere.example'], fullName: 'Ravi Patel', companyName: 'Other' }, null)).toMatchObject({ ok: true, value: { state: 'not_in_crm' } });
  });

  it('an expired token is refreshed once, the call repeated, and the new token kept', async () => {
    const { crm, learnt } = await connected();
    zoho.state.expireAccessTokens();
    expect(await crm.check({ emails: [MAYA_EMAIL] }, null)).toMatchObject({ ok: true, value: { state: 'not_in_crm' } });
    expect(zoho.state.session(learnt.token as string)).toBeTruthy();
    expect(learnt.apiDomain).toBe(zoho.origin);
  });

  it('Zoho’s refusals keep its words and field: an inactive owner is not retried', async () => {
    const { crm } = await connected('lead', { ownerId: ZOHO_USERS[2].id });
    const { result } = await pushLikeTheOutbox(crm, contact());
    expect(result).toMatchObject({ ok: false, error: { kind: 'rejected', retryable: false, code: 'INVALID_DATA', message: 'invalid data (Owner)' } });
    expect(leads()).toHaveLength(0);
  });

  it('429 TOO_MANY_REQUESTS is a wait with Zoho’s words, handed to the outbox when it lasts', async () => {
    const { crm } = await connected();
    for (let i = 0; i < 3; i += 1) zoho.control.faults.push({ kind: '429', retryAfter: 7, path: '/search' });
    expect(await crm.check({ emails: [MAYA_EMAIL] }, null)).toMatchObject({
      ok: false,
      error: { kind: 'rate_limited', retryable: true, retryAfterMs: 7_000, message: 'The number of concurrent requests has exceeded the threshold limit.' },
    });
  });
});

describe('Zoho CRM Contacts with their Account', () => {
  it('files the Contact under the Account found by its website, not a lookalike domain', async () => {
    zoho.state.seed('Accounts', { Account_Name: 'Northwind (lookalike)', Website: 'https://northwind-analytics.example.org' });
    const account = zoho.state.seed('Accounts', { Account_Name: 'Northwind Analytics Inc', Website: 'https://www.northwind-analytics.example/' });
    const { crm } = await connected('contact');
    const { result } = await pushLikeTheOutbox(crm, contact());
    expect(result).toMatchObject({ ok: true, value: { action: 'created', recordUrl: expect.stringContaining('/tab/Contacts/') } });
    expect(contactsOf()).toEqual([expect.objectContaining({ Title: 'VP of Engineering', Email: MAYA_EMAIL, Account_Name: { id: account.id } })]);
    expect(leads()).toHaveLength(0);
    expect(accounts()).toHaveLength(2);
  });

  it('finds the Account by name when no website matches, else makes one (an upsert on the name) with the website', async () => {
    const byName = zoho.state.seed('Accounts', { Account_Name: 'Northwind Analytics' });
    const { crm } = await connected('contact');
    await pushLikeTheOutbox(crm, contact());
    expect(contactsOf()[0]).toMatchObject({ Account_Name: { id: byName.id } });

    zoho.state.records.Accounts.clear();
    zoho.state.records.Contacts.clear();
    zoho.control.reset();
    await pushLikeTheOutbox(crm, contact());
    expect(accounts()).toEqual([expect.objectContaining({ Account_Name: 'Northwind Analytics', Website: 'https://www.northwind-analytics.example/' })]);
    expect(contactsOf()[0]).toMatchObject({ Account_Name: { id: accounts()[0]!.id } });
    expect(bodyOf(apiRequests().find((r) => r.path === '/crm/v6/Accounts/upsert')!)).toMatchObject({ duplicate_check_fields: ['Account_Name'] });
  });

  it('a Lead pushed before the user chose Contacts is not this push’s record: a Contact is made', async () => {
    const lead = zoho.state.seed('Leads', { Last_Name: 'Chen', Email: MAYA_EMAIL });
    const { crm } = await connected('contact');
    const { result } = await pushLikeTheOutbox(crm, contact(), { remembered: lead.id });
    expect(result).toMatchObject({ ok: true, value: { action: 'created' } });
    expect(contactsOf()).toHaveLength(1);
    expect(lead).not.toHaveProperty('Title');
  });
});
