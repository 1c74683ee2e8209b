import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CrmAdapter, Progress } from '@/lib/crm/worker/adapter';
import type { SalesforceConnection } from '@/lib/crm/connection';
import { createSalesforceAdapter, PROFILE_FIELD, soqlString, TASK_SUBJECT } from '@/lib/crm/worker/salesforce/adapter';
import { startSalesforceEmulator } from '@/test/emulators/salesforce';
import { contact, emilieEnrichment, instantRetry, matched, mayaEnrichment } from '@/test/unit/crm/fixtures';
import { connectSalesforce } from '@/test/unit/crm/salesforce-connect';

type Emulator = Awaited<ReturnType<typeof startSalesforceEmulator>>;
let sf: Emulator;
let learnt: Record<string, unknown> = {};

async function adapter(recordType: 'lead' | 'contact' = 'lead', change: Partial<SalesforceConnection> = {}): Promise<CrmAdapter> {
  const connection = { ...(await connectSalesforce(sf.origin, recordType)), ...change };
  const make = () => createSalesforceAdapter({ ...connection, ...learnt } as SalesforceConnection, { learn: async (p) => void Object.assign(learnt, p), now: () => Date.UTC(2026, 1, 3), retry: instantRetry() });
  await make().test();
  return make();
}

async function push(crm: CrmAdapter, who = contact(), { progress = {} as Progress, remembered = null as string | null, overwrite = [] as string[] } = {}) {
  const saved: Progress = { ...progress };
  const match = await crm.find(who, saved.recordId ?? remembered);
  if (!match.ok) return { result: match, saved };
  const plan = crm.plan(who, match.value, { overwrite: overwrite as never[] });
  const result = await crm.apply(plan, who, { policy: { overwrite: overwrite as never[] }, progress: saved, save: async (p) => void Object.assign(saved, p) });
  return { result, saved };
}

const leads = () => [...sf.state.records.Lead.values()];
const contacts = () => [...sf.state.records.Contact.values()];
const accounts = () => [...sf.state.records.Account.values()];
const tasks = () => [...sf.state.records.Task.values()];

beforeAll(async () => {
  sf = await startSalesforceEmulator();
});
afterAll(() => sf.server.close());
beforeEach(() => {
  sf.state.reset();
  sf.control.reset();
  sf.state.addCustomField('Lead', PROFILE_FIELD, 'LinkedIn URL');
  sf.state.addCustomField('Contact', PROFILE_FIELD, 'LinkedIn URL');
  learnt = {};
});

describe('Salesforce adapter against the emulator', () => {
  it('test() names the instance and the user from the identity URL, and learns the profile URL field', async () => {
    const connection = await connectSalesforce(sf.origin);
    const result = await createSalesforceAdapter(connection, { learn: async (p) => void Object.assign(learnt, p), now: () => 0 }).test();
    expect(result).toMatchObject({ ok: true, value: expect.stringContaining(`Connected to Salesforce (instance ${new URL(sf.origin).host}) as Emulator Admin.`) });
    expect(learnt.profileField).toBe(PROFILE_FIELD);
    // The token travels in the Authorization header only.
    expect(sf.control.log.every((r) => !r.path.includes(connection.token))).toBe(true);
  });

  it('pushes a Lead with its fields, the profile URL in LinkedIn_URL__c, and a Task with the summary', async () => {
    const { result } = await push(await adapter());
    const [lead] = leads();
    expect(result).toEqual({ ok: true, value: { action: 'created', recordId: lead!.Id, recordUrl: `${sf.origin}/${lead!.Id}` } });
    expect(lead).toMatchObject({
      FirstName: 'Maya',
      LastName: 'Chen',
      Title: 'VP of Engineering',
      Email: 'maya.chen@northwind-analytics.example',
      MobilePhone: '+14155550110',
      Company: 'Northwind Analytics',
      [PROFILE_FIELD]: 'https://www.linkedin.com/in/maya-chen/',
    });
    expect(tasks()).toHaveLength(1);
    expect(tasks()[0]).toMatchObject({ Subject: TASK_SUBJECT, WhoId: lead!.Id, Status: 'Completed', ActivityDate: '2026-02-03' });
    expect(String(tasks()[0]!.Description)).toContain('maya.chen@northwind-analytics.example');
    expect(String(tasks()[0]!.Description)).not.toContain('<br>');
  });

  it('pushing the same person again finds the Lead by email and updates it: one record', async () => {
    const crm = await adapter();
    await push(crm);
    const promoted = mayaEnrichment();
    promoted.person!.jobTitle = 'CTO';
    const found = matched(await crm.find(contact(promoted), null));
    expect(found).toMatchObject({ by: 'email', url: `${sf.origin}/${leads()[0]!.Id}` });
    const { result } = await push(crm, contact(promoted), { overwrite: ['jobTitle'] });
    expect(result).toMatchObject({ ok: true, value: { action: 'updated' } });
    expect(leads()).toHaveLength(1);
    expect(leads()[0]!.Title).toBe('CTO');
  });

  it('matches by the profile URL field, then by name at the company', async () => {
    const crm = await adapter();
    sf.state.seed('Lead', { LastName: 'Chen', FirstName: 'Maya', Company: 'Elsewhere', [PROFILE_FIELD]: 'https://www.linkedin.com/in/maya-chen' });
    expect(matched(await crm.find(contact(), null))).toMatchObject({ by: 'profileUrl' });
    sf.state.reset();
    sf.state.addCustomField('Lead', PROFILE_FIELD, 'LinkedIn URL');
    sf.state.seed('Lead', { LastName: 'Chen', FirstName: 'Maya', Company: 'Northwind Analytics' });
    const crm2 = await adapter();
    expect(matched(await crm2.find(contact(), null))).toMatchObject({ by: 'nameCompany' });
  });

  it('an org without the profile URL field: no profile query, and nothing written to a field it lacks', async () => {
    sf.state.reset();
    const crm = await adapter();
    expect(learnt.profileField).toBe('');
    const who = contact();
    who.emails = [];
    const { result } = await push(crm, who);
    expect(result).toMatchObject({ ok: true, value: { action: 'created' } });
    expect(leads()[0]).not.toHaveProperty(PROFILE_FIELD);
    expect(sf.control.log.some((r) => decodeURIComponent(r.path).includes(PROFILE_FIELD))).toBe(false);
  });

  it('as Contacts: the Contact is linked to its Account, created once and then found by website', async () => {
    const crm = await adapter('contact');
    const { result } = await push(crm);
    expect(result).toMatchObject({ ok: true, value: { action: 'created' } });
    expect(leads()).toHaveLength(0);
    expect(accounts()).toHaveLength(1);
    expect(accounts()[0]).toMatchObject({ Name: 'Northwind Analytics', Website: 'https://www.northwind-analytics.example/' });
    expect(contacts()[0]).toMatchObject({ LastName: 'Chen', Email: 'maya.chen@northwind-analytics.example', AccountId: accounts()[0]!.Id });
    expect(contacts()[0]).not.toHaveProperty('Company');
    // A colleague at the same company: the same Account.
    const colleague = mayaEnrichment();
    colleague.person = { ...colleague.person!, fullName: 'Ravi Patel', firstName: 'Ravi', lastName: 'Patel', networkUrl: 'https://www.linkedin.com/in/ravi-patel', emails: [{ address: 'ravi.patel@northwind-analytics.example', status: 'verified', verified: true }], phones: [] };
    await push(crm, contact(colleague));
    expect(accounts()).toHaveLength(1);
    expect(contacts().map((c) => c.AccountId)).toEqual([accounts()[0]!.Id, accounts()[0]!.Id]);
    // Matched by name at the Account's name too.
    expect(await crm.check({ emails: [], fullName: 'Ravi Patel', companyName: 'Northwind Analytics' }, null)).toMatchObject({ ok: true, value: { state: 'in_crm', by: 'nameCompany' } });
  });

  it('as Contacts: an existing Account with the same website (written differently) is used, not duplicated', async () => {
    const existing = sf.state.seed('Account', { Name: 'Northwind', Website: 'http://northwind-analytics.example' });
    sf.state.seed('Account', { Name: 'Not them', Website: 'https://northwind-analytics.example.org' });
    await push(await adapter('contact'));
    expect(accounts()).toHaveLength(2);
    expect(contacts()[0]!.AccountId).toBe(existing.Id);
  });

  it('a Lead remembered from before the switch to Contacts is not the record: a Contact is made', async () => {
    const { result } = await push(await adapter('lead'));
    const leadId = result.ok ? result.value.recordId : '';
    sf.state.duplicateRules = false; // the org's rules would send the Contact to the Lead
    const { result: second } = await push(await adapter('contact'), contact(), { remembered: leadId });
    expect(second).toMatchObject({ ok: true, value: { action: 'created', recordId: expect.stringMatching(/^003/) } });
    expect(contacts()).toHaveLength(1);
  });

  it('DUPLICATES_DETECTED: the push lands on the record the rule matched, never a second one', async () => {
    const hidden = sf.state.seed('Lead', { LastName: 'Chen', Company: 'Northwind Analytics', Email: 'MAYA.CHEN@northwind-analytics.example' });
    sf.state.unsearchable.add(hidden.Id);
    const { result, saved } = await push(await adapter());
    expect(result).toEqual({ ok: true, value: { action: 'updated', recordId: hidden.Id, recordUrl: `${sf.origin}/${hidden.Id}` } });
    expect(leads()).toHaveLength(1);
    expect(hidden).toMatchObject({ FirstName: 'Maya', Title: 'VP of Engineering', LastName: 'Chen' });
    expect(saved).toMatchObject({ recordId: hidden.Id, created: false, noteDone: true });
    const refused = sf.control.log.find((r) => r.method === 'POST' && r.path.endsWith('/sobjects/Lead/'));
    expect(refused?.status).toBe(400);
  });

  it('an expired session is refreshed once, the new token kept through learn, and the push goes on', async () => {
    const crm = await adapter();
    const before = learnt.token;
    sf.state.expireSessions();
    const { result } = await push(crm);
    expect(result).toMatchObject({ ok: true, value: { action: 'created' } });
    expect(typeof learnt.token).toBe('string');
    expect(learnt.token).not.toBe(before);
    expect(sf.control.log.filter((r) => r.status === 401)).toHaveLength(1);
    expect(leads()).toHaveLength(1);
  });

  it('a refresh token Salesforce refuses is an auth error, not retried', async () => {
    const crm = await adapter('lead', { refreshToken: '5Aep8revoked-refresh-token' });
    sf.state.expireSessions();
    const { result } = await push(crm);
    expect(result).toMatchObject({ ok: false, error: { kind: 'auth', retryable: false, message: 'expired access/refresh token' } });
    expect(leads()).toHaveLength(0);
  });

  it('the API request limit: Sforce-Limit-Info counts calls, REQUEST_LIMIT_EXCEEDED is an hour’s wait for the outbox, said to the user', async () => {
    const crm = await adapter();
    sf.state.apiLimit = sf.state.apiUsage;
    const { result } = await push(crm);
    expect(result).toMatchObject({ ok: false, error: { kind: 'rate_limited', retryable: true, retryAfterMs: 60 * 60_000, dailyBudget: true, status: 403 } });
    expect(!result.ok && result.error.message).toBe('Salesforce counts your org’s API requests over the last 24 hours, and the limit is reached: TotalRequests Limit exceeded.');
    expect(leads()).toHaveLength(0);
    const answered = await fetch(`${sf.origin}/services/data/v60.0/`, { headers: { authorization: `Bearer ${learnt.token ?? (await connectSalesforce(sf.origin)).token}` } });
    expect(answered.headers.get('sforce-limit-info')).toMatch(/^api-usage=\d+\/\d+$/);
  });

  it('the Task is added once: a push stopped after the record resumes with the Task only', async () => {
    const crm = await adapter();
    sf.control.faults.push({ kind: '503', path: '/sobjects/Task', method: 'POST' });
    const first = await push(crm);
    expect(first.result).toMatchObject({ ok: false, error: { kind: 'unavailable', retryable: true } });
    expect(first.saved).toMatchObject({ contactDone: true, created: true });
    expect(first.saved.noteDone).toBeFalsy();
    const second = await push(crm, contact(), { progress: first.saved });
    expect(second.result).toMatchObject({ ok: true, value: { action: 'created' } });
    await push(crm, contact(), { progress: second.saved });
    expect(leads()).toHaveLength(1);
    expect(tasks()).toHaveLength(1);
  });

  it('a one-word name and no company still make a valid Lead (LastName and Company are required)', async () => {
    const who = contact(emilieEnrichment());
    who.fullName = 'Émilie';
    delete who.firstName;
    delete who.lastName;
    delete who.company;
    const { result } = await push(await adapter(), who);
    expect(result).toMatchObject({ ok: true });
    expect(leads()[0]).toMatchObject({ LastName: 'Émilie', Company: '[not provided]' });
    expect(leads()[0]).not.toHaveProperty('FirstName');
  });

  it('SOQL literals escape quotes and backslashes', () => {
    expect(soqlString("O'Brien \\ Co")).toBe("'O\\'Brien \\\\ Co'");
  });
});
