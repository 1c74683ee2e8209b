import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCrmService } from '@/lib/crm/worker/presence-check';
import type { CrmAdapter } from '@/lib/crm/worker/adapter';
import type { SalesforceConnection } from '@/lib/crm/connection';
import { createSalesforceAdapter, PROFILE_FIELD } from '@/lib/crm/worker/salesforce/adapter';
import { setWebAuthFlow } from '@/lib/crm/worker/salesforce/oauth';
import { appendHistory, readHistory, readHistoryEntries } from '@/lib/history/worker/store';
import { SALESFORCE_CAMPAIGNS, SALESFORCE_CLIENT_ID, SALESFORCE_CONSUMER_SECRET, SALESFORCE_USER_ID, SALESFORCE_USERS, startSalesforceEmulator } from '@/test/emulators/salesforce';
import { pushLikeTheOutbox } from '@/test/unit/crm/contract/harness';
import { AT, contact } from '@/test/unit/crm/fixtures';
import { connectSalesforce, followRedirect, REDIRECT_URI } from '@/test/unit/crm/salesforce-connect';

let sf: Awaited<ReturnType<typeof startSalesforceEmulator>>;
const BEN = SALESFORCE_USERS[1].Id;
const OLGA = SALESFORCE_USERS[2].Id;
const TITLE_FIELD = 'Dossier_Title__c';

/** A custom text field the team added in Setup for the title Dossier finds. */
function addTitleField(...types: ('Lead' | 'Contact')[]) {
  for (const type of types) sf.state.addCustomField(type, TITLE_FIELD, 'Title (found by Dossier)', 'string');
}

async function adapter(recordType: 'lead' | 'contact', change: Partial<SalesforceConnection> = {}): Promise<CrmAdapter> {
  const learnt: Record<string, unknown> = {};
  const connection = { ...(await connectSalesforce(sf.origin, recordType)), ...change };
  const crm = createSalesforceAdapter(connection, { learn: async (p) => void Object.assign(learnt, p), now: () => AT });
  await crm.test();
  return createSalesforceAdapter({ ...connection, ...learnt } as SalesforceConnection, { learn: async () => {}, now: () => AT });
}

const leads = () => [...sf.state.records.Lead.values()];
const contacts = () => [...sf.state.records.Contact.values()];

beforeAll(async () => {
  sf = await startSalesforceEmulator();
});
afterAll(() => sf.server.close());
beforeEach(() => {
  fakeBrowser.reset();
  sf.state.reset();
  sf.control.reset();
  sf.state.addCustomField('Lead', PROFILE_FIELD, 'LinkedIn URL');
  sf.state.addCustomField('Contact', PROFILE_FIELD, 'LinkedIn URL');
});
afterEach(() => setWebAuthFlow(null));

describe('Salesforce schema for the field mapping', () => {
  it('lists the writable text fields of the chosen object (custom ones marked), never the key fields, and the active users', async () => {
    addTitleField('Lead');
    const schema = await (await adapter('lead')).schema!();
    if (!schema.ok) throw new Error(schema.error.message);
    const names = schema.value.properties.map((p) => p.name);
    expect(schema.value.properties).toContainEqual({ name: TITLE_FIELD, label: 'Title (found by Dossier)', custom: true });
    expect(schema.value.properties).toContainEqual({ name: 'Title', label: 'Title', custom: false });
    expect(names).toContain('Company');
    // Read-only, references, picklists and the keys people are matched by are not offered.
    for (const name of ['Id', 'Name', 'OwnerId', 'LeadSource', 'Email', PROFILE_FIELD]) expect(names).not.toContain(name);
    expect(schema.value.owners).toEqual([
      { id: SALESFORCE_USER_ID, name: 'Emulator Admin' },
      { id: BEN, name: 'Ben Seller' },
    ]);
    expect(schema.value.defaults).toMatchObject({ jobTitle: 'Title', companyName: 'Company' });
    expect(schema.value.defaults).not.toHaveProperty('email');
  });

  it('a Contact connection reads the Contact object', async () => {
    addTitleField('Contact');
    const schema = await (await adapter('contact')).schema!();
    if (!schema.ok) throw new Error(schema.error.message);
    expect(schema.value.properties.map((p) => p.name)).toContain(TITLE_FIELD);
    expect(schema.value.properties.map((p) => p.name)).not.toContain('Company');
    expect(schema.value.defaults).not.toHaveProperty('companyName');
  });
});

describe('Salesforce writes by the mapping', () => {
  it('puts the title in the mapped custom field, leaves out an unmapped field, keeps Email where it is, and gives the new Lead its owner', async () => {
    addTitleField('Lead');
    const crm = await adapter('lead', { fieldMap: { jobTitle: TITLE_FIELD, mobilePhone: null, email: 'Title' }, ownerId: BEN });
    const { result } = await pushLikeTheOutbox(crm, contact());
    expect(result).toMatchObject({ ok: true, value: { action: 'created' } });
    const [lead] = leads();
    expect(lead).toMatchObject({ [TITLE_FIELD]: 'VP of Engineering', Email: 'maya.chen@northwind-analytics.example', OwnerId: BEN, LastName: 'Chen' });
    expect(lead).not.toHaveProperty('Title');
    expect(lead).not.toHaveProperty('MobilePhone');
  });

  it('without a chosen owner the record is the connected user’s, as Salesforce does', async () => {
    const crm = await adapter('lead');
    await pushLikeTheOutbox(crm, contact());
    expect(leads()[0]).toMatchObject({ OwnerId: SALESFORCE_USER_ID });
    const creates = sf.control.log.filter((r) => r.method === 'POST' && r.path.endsWith('/sobjects/Lead/')).map((r) => JSON.parse(r.body) as Record<string, unknown>);
    expect(creates).toHaveLength(1);
    expect(creates[0]).not.toHaveProperty('OwnerId');
  });

  it('reads the record back through the mapping: pushing again finds the title already there and writes nothing', async () => {
    addTitleField('Contact');
    const crm = await adapter('contact', { fieldMap: { jobTitle: TITLE_FIELD } });
    await pushLikeTheOutbox(crm, contact());
    const again = await crm.find(contact(), null);
    if (!again.ok || !again.value) throw new Error('not found');
    expect(again.value.values).toMatchObject({ jobTitle: 'VP of Engineering' });
    expect(crm.plan(contact(), again.value, { overwrite: [] }).action).toBe('skip');
    expect(contacts()).toHaveLength(1);
    expect(contacts()[0]).toMatchObject({ [TITLE_FIELD]: 'VP of Engineering', AccountId: expect.stringMatching(/^001/) });
  });

  it('a Lead a duplicate rule finds while pushing Contacts is written by the default fields (the mapped one is the Contact’s)', async () => {
    addTitleField('Contact');
    sf.state.seed('Lead', { LastName: 'Chen', Company: 'Northwind Analytics', Email: 'maya.chen@northwind-analytics.example' });
    const crm = await adapter('contact', { fieldMap: { jobTitle: TITLE_FIELD } });
    const { result } = await pushLikeTheOutbox(crm, contact());
    expect(result).toMatchObject({ ok: true, value: { action: 'updated' } });
    expect(contacts()).toHaveLength(0);
    expect(leads()[0]).toMatchObject({ Title: 'VP of Engineering' });
  });
});

describe('Salesforce campaigns (the lists of the mapping screen)', () => {
  const CAMPAIGN = SALESFORCE_CAMPAIGNS[0].Id;
  const members = () => [...sf.state.records.CampaignMember.values()];

  it('offers the active campaigns only', async () => {
    const schema = await (await adapter('lead')).schema!();
    if (!schema.ok) throw new Error(schema.error.message);
    expect(schema.value.lists).toEqual([{ id: CAMPAIGN, name: 'Dossier prospects Q4' }]);
  });

  it('adds the new Lead to the chosen campaign once, even when the answer is lost and the push retried', async () => {
    const crm = await adapter('lead', { listId: CAMPAIGN });
    sf.control.faults.push({ kind: 'lost', path: '/sobjects/CampaignMember', method: 'POST' });
    const first = await pushLikeTheOutbox(crm, contact());
    expect(first.result.ok).toBe(false);
    expect(first.progress.listed).toBeUndefined();
    const second = await pushLikeTheOutbox(crm, contact(), { progress: first.progress });
    expect(second.result).toMatchObject({ ok: true, value: { action: 'created' } });
    expect(second.progress).toMatchObject({ listed: true, noteDone: true });
    expect(members()).toEqual([expect.objectContaining({ CampaignId: CAMPAIGN, LeadId: leads()[0]!.Id })]);
  });

  it('a person already up to date (nothing to write) still joins the campaign chosen since, when pushed', async () => {
    await pushLikeTheOutbox(await adapter('lead'), contact());
    expect(members()).toHaveLength(0);
    const { result } = await pushLikeTheOutbox(await adapter('lead', { listId: CAMPAIGN }), contact());
    expect(result).toMatchObject({ ok: true, value: { action: 'skipped' } });
    expect(members()).toEqual([expect.objectContaining({ CampaignId: CAMPAIGN, LeadId: leads()[0]!.Id })]);
  });

  it('a Contact joins as a Contact', async () => {
    const crm = await adapter('contact', { listId: CAMPAIGN });
    await pushLikeTheOutbox(crm, contact());
    expect(members()).toEqual([expect.objectContaining({ CampaignId: CAMPAIGN, ContactId: contacts()[0]!.Id })]);
  });
});

describe('the worker keeps a Salesforce mapping and owner', () => {
  const service = () => createCrmService({ readHistory, readHistoryEntries, appendHistory: (e) => appendHistory(e, 10_000), now: () => AT, newId: () => crypto.randomUUID(), wake: () => {} });

  it('checks it against the org, refuses an inactive owner, and the next push follows the saved one', async () => {
    vi.spyOn(fakeBrowser.identity, 'getRedirectURL').mockReturnValue(REDIRECT_URI);
    setWebAuthFlow(followRedirect);
    addTitleField('Lead');
    const crm = service();
    await crm.connect({ kind: 'salesforce', clientId: SALESFORCE_CLIENT_ID, clientSecret: SALESFORCE_CONSUMER_SECRET, loginHost: 'production', recordType: 'lead', apiBase: sf.origin });
    expect(await crm.mapping('salesforce')).toMatchObject({ fieldMap: {}, ownerId: null });
    await expect(crm.saveMapping('salesforce', { jobTitle: 'No_Such_Field__c' }, null)).rejects.toThrow('Salesforce has no writable property for “Job title”');
    await expect(crm.saveMapping('salesforce', { jobTitle: TITLE_FIELD }, OLGA)).rejects.toThrow('That owner is not a user of this Salesforce account.');
    expect(await crm.saveMapping('salesforce', { jobTitle: TITLE_FIELD }, BEN)).toMatchObject({ fieldMap: { jobTitle: TITLE_FIELD }, ownerId: BEN });
    expect(await crm.mapping('salesforce')).toMatchObject({ fieldMap: { jobTitle: TITLE_FIELD }, ownerId: BEN });

    await crm.pushContacts([contact()], 'salesforce', []);
    await crm.drain();
    expect(leads()).toHaveLength(1);
    expect(leads()[0]).toMatchObject({ [TITLE_FIELD]: 'VP of Engineering', OwnerId: BEN });
  });

  it('switches to Contacts without a reconnect: a mapping the Contact cannot take is reset, the owner and campaign stay, the profile field is learnt again', async () => {
    vi.spyOn(fakeBrowser.identity, 'getRedirectURL').mockReturnValue(REDIRECT_URI);
    setWebAuthFlow(followRedirect);
    addTitleField('Lead');
    const crm = service();
    await crm.connect({ kind: 'salesforce', clientId: SALESFORCE_CLIENT_ID, clientSecret: SALESFORCE_CONSUMER_SECRET, loginHost: 'production', recordType: 'lead', apiBase: sf.origin });
    await crm.saveMapping('salesforce', { jobTitle: TITLE_FIELD }, BEN, SALESFORCE_CAMPAIGNS[0].Id);
    const authorizations = sf.state.authorizeVisits.length;
    sf.state.customFields.Contact = [];

    const switched = await crm.setRecordType('salesforce', 'contact');
    expect(switched).toMatchObject({ recordType: 'contact', fieldMap: {}, ownerId: BEN, listId: SALESFORCE_CAMPAIGNS[0].Id });
    expect(switched.message).toContain('People are pushed as Contacts, with their Account.');
    expect(switched.message).toContain('that part was reset');
    expect(switched.schema.properties.map((p) => p.name)).not.toContain('Company');
    expect(sf.state.authorizeVisits).toHaveLength(authorizations);

    await crm.pushContacts([contact()], 'salesforce', []);
    await crm.drain();
    expect(leads()).toHaveLength(0);
    const [person] = contacts();
    expect(person).toMatchObject({ Title: 'VP of Engineering', OwnerId: BEN, AccountId: expect.stringMatching(/^001/) });
    // The Contact object has no profile URL field now: it was described again, not taken from the Lead's.
    expect(person).not.toHaveProperty(PROFILE_FIELD);
    expect([...sf.state.records.CampaignMember.values()]).toEqual([expect.objectContaining({ ContactId: person!.Id })]);
    expect(await crm.mapping('salesforce')).toMatchObject({ recordType: 'contact', ownerId: BEN });
  });
});
