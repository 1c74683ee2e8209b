import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CrmAdapter, Progress } from '@/lib/crm/worker/adapter';
import type { ZohoConnection } from '@/lib/crm/connection';
import { checkMapping, MAPPABLE_TARGETS } from '@/lib/crm/mapping';
import { createZohoAdapter, PROFILE_FIELD } from '@/lib/crm/worker/zoho/adapter';
import { startZohoEmulator, ZOHO_USERS } from '@/test/emulators/zoho';
import { pushLikeTheOutbox } from '@/test/unit/crm/contract/harness';
import { AT, contact } from '@/test/unit/crm/fixtures';
import { connectZoho } from '@/test/unit/crm/zoho-connect';

let zoho: Awaited<ReturnType<typeof startZohoEmulator>>;
const ADMIN = ZOHO_USERS[0].id;
const BEN = ZOHO_USERS[1].id;
const TITLE_FIELD = 'Found_Title';

async function adapter(recordType: 'lead' | 'contact', change: Partial<ZohoConnection> = {}): Promise<CrmAdapter> {
  const learnt: Record<string, unknown> = {};
  const connection = { ...(await connectZoho(zoho.origin, recordType)), ...change };
  await createZohoAdapter(connection, { learn: async (p) => void Object.assign(learnt, p), now: () => AT }).test();
  return createZohoAdapter({ ...connection, ...learnt } as ZohoConnection, { learn: async () => {}, now: () => AT });
}

async function schemaOf(recordType: 'lead' | 'contact') {
  const schema = await (await adapter(recordType)).schema!();
  if (!schema.ok) throw new Error(schema.error.message);
  return schema.value;
}

const leads = () => [...zoho.state.records.Leads.values()];

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

describe('Zoho CRM schema for the field mapping', () => {
  it('is mappable', () => {
    expect(MAPPABLE_TARGETS.has('zoho')).toBe(true);
  });

  it('lists the module’s writable text fields from /settings/fields (custom ones marked), never the keys; the active users; the module’s tags', async () => {
    zoho.state.addCustomField('Leads', TITLE_FIELD, 'Title (found by Dossier)', 'text');
    const tag = zoho.state.addTag('Leads', 'Dossier');
    zoho.state.addTag('Contacts', 'Contacts only');
    const schema = await schemaOf('lead');
    const names = schema.properties.map((p) => p.name);
    expect(schema.properties).toContainEqual({ name: TITLE_FIELD, label: 'Title (found by Dossier)', custom: true });
    expect(schema.properties).toContainEqual({ name: 'Designation', label: 'Title', custom: false });
    expect(names).toEqual(expect.arrayContaining(['Company', 'Website', 'Description', 'Secondary_Email']));
    // Read-only, lookups, picklists and the keys people are matched by are not offered.
    for (const name of ['Full_Name', 'Owner', 'Lead_Source', 'Created_Time', 'Email', PROFILE_FIELD]) expect(names).not.toContain(name);
    expect(schema.defaults).toEqual({ firstName: 'First_Name', lastName: 'Last_Name', jobTitle: 'Designation', phone: 'Phone', mobilePhone: 'Mobile', companyName: 'Company', website: 'Website' });
    expect(schema.owners).toEqual([
      { id: ADMIN, name: 'Emulator Admin' },
      { id: BEN, name: 'Ben Seller' },
    ]);
    expect(schema.lists).toEqual([{ id: tag.id, name: 'Dossier' }]);
  });

  it('for Contacts: their own fields (Title, Department), not the Account lookup', async () => {
    const schema = await schemaOf('contact');
    const names = schema.properties.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Title', 'Department']));
    expect(names).not.toContain('Account_Name');
    expect(schema.defaults).toEqual({ firstName: 'First_Name', lastName: 'Last_Name', jobTitle: 'Title', phone: 'Phone', mobilePhone: 'Mobile' });
    expect(schema.lists).toEqual([]);
  });

  it('a mapping to a field the module lacks is refused by the check', async () => {
    const schema = await schemaOf('lead');
    expect(checkMapping({ jobTitle: 'No_Such_Field' }, schema)).toEqual({ ok: false, field: 'jobTitle', problem: 'unknown' });
    expect(checkMapping({ jobTitle: 'Company' }, schema)).toMatchObject({ ok: false, problem: 'shared' });
  });
});

describe('Zoho CRM pushes by the mapping, to the owner and tag chosen', () => {
  it('writes a field into the custom field chosen, leaves out a field mapped to nothing, never moves the email', async () => {
    zoho.state.addCustomField('Leads', TITLE_FIELD, 'Title (found by Dossier)', 'text');
    const crm = await adapter('lead', { fieldMap: { jobTitle: TITLE_FIELD, website: null, email: 'Secondary_Email' } });
    expect((await pushLikeTheOutbox(crm, contact())).result).toMatchObject({ ok: true, value: { action: 'created' } });
    const [lead] = leads();
    expect(lead).toMatchObject({ [TITLE_FIELD]: 'VP of Engineering', Email: 'maya.chen@northwind-analytics.example' });
    expect(lead).not.toHaveProperty('Designation');
    expect(lead).not.toHaveProperty('Website');
    expect(lead).not.toHaveProperty('Secondary_Email');
  });

  it('a record Dossier makes goes to the owner chosen; one it finds keeps its owner', async () => {
    const crm = await adapter('lead', { ownerId: BEN });
    await pushLikeTheOutbox(crm, contact());
    expect(leads()[0]).toMatchObject({ Owner: { id: BEN } });
    const theirs = zoho.state.seed('Leads', { Last_Name: 'Patel', Email: 'ravi@northwind-analytics.example' });
    zoho.state.unsearchable.add(theirs.id);
    const ravi = contact();
    ravi.emails = [{ address: 'ravi@northwind-analytics.example', status: 'verified' }];
    ravi.profileUrl = undefined;
    await pushLikeTheOutbox(crm, ravi);
    expect(theirs).toMatchObject({ Owner: { id: ADMIN } });
  });

  it('tags every pushed record with the tag chosen, as its own step, once however often it is repeated', async () => {
    const tag = zoho.state.addTag('Leads', 'Dossier');
    const crm = await adapter('lead', { listId: tag.id });
    const first = await pushLikeTheOutbox(crm, contact());
    expect(first.progress).toMatchObject({ listed: true, noteDone: true });
    const [lead] = leads();
    expect(lead!.Tag).toEqual([{ name: 'Dossier', id: tag.id }]);
    // A retry that had already tagged does not ask again; one that had not, asks harmlessly.
    zoho.control.reset();
    await crm.apply(crm.plan(contact(), null, { overwrite: [] }), contact(), { policy: { overwrite: [] }, progress: { ...(first.progress as Progress) }, save: async () => {} });
    expect(zoho.control.log.filter((r) => r.path.includes('add_tags'))).toHaveLength(0);
    await crm.apply(crm.plan(contact(), null, { overwrite: [] }), contact(), { policy: { overwrite: [] }, progress: { ...(first.progress as Progress), listed: false }, save: async () => {} });
    expect(lead!.Tag).toEqual([{ name: 'Dossier', id: tag.id }]);
  });

  it('a record already complete still gets the tag when pushed again', async () => {
    const existing = zoho.state.seed('Leads', {
      First_Name: 'Maya',
      Last_Name: 'Chen',
      Designation: 'VP of Engineering',
      Email: 'maya.chen@northwind-analytics.example',
      Phone: '+14155550111',
      Mobile: '+14155550110',
      Company: 'Northwind Analytics',
      Website: 'https://www.northwind-analytics.example/',
      [PROFILE_FIELD]: 'https://www.linkedin.com/in/maya-chen/',
    });
    const tag = zoho.state.addTag('Leads', 'Dossier');
    const { result } = await pushLikeTheOutbox(await adapter('lead', { listId: tag.id }), contact());
    expect(result).toMatchObject({ ok: true, value: { action: 'skipped', recordId: existing.id } });
    expect(existing.Tag).toEqual([{ name: 'Dossier', id: tag.id }]);
    expect(zoho.state.notes.size).toBe(0);
  });

  it('a tag deleted in Zoho since it was chosen: the push says so, the record and note made stay made', async () => {
    const tag = zoho.state.addTag('Leads', 'Dossier');
    const crm = await adapter('lead', { listId: tag.id });
    zoho.state.tags.Leads = [];
    const { result, progress } = await pushLikeTheOutbox(crm, contact());
    expect(result).toMatchObject({ ok: false, error: { kind: 'rejected', retryable: false, message: expect.stringContaining('tag chosen for pushed people no longer exists') } });
    expect(progress).toMatchObject({ contactDone: true, noteDone: true });
    expect(progress.listed).toBeUndefined();
    expect(leads()).toHaveLength(1);
  });
});

describe('Zoho CRM mandatory fields, for a connection made before Dossier asked for the layouts scope', () => {
  it('reads Zoho’s own mandatory fields from /settings/fields instead, and still pushes', async () => {
    const connection = await connectZoho(zoho.origin, 'lead');
    const session = zoho.state.sessions.find((s) => s.accessToken === connection.token)!;
    session.scopes = session.scopes.filter((scope) => scope !== 'ZohoCRM.settings.layouts.READ');
    const crm = createZohoAdapter(connection, { learn: async () => {}, now: () => AT });
    const schema = await crm.schema!();
    expect(schema).toMatchObject({ ok: true });
    expect(schema.ok && schema.value.required).toBeUndefined();
    const { result } = await pushLikeTheOutbox(crm, contact());
    expect(result).toMatchObject({ ok: true, value: { action: 'created' } });
    expect(leads()).toHaveLength(1);
  });

  it('takes Zoho’s 401 for the missing scope as such, not as an expired token: no new token per push (Zoho mints ten in ten minutes)', async () => {
    const connection = await connectZoho(zoho.origin, 'lead');
    const session = zoho.state.sessions.find((s) => s.accessToken === connection.token)!;
    session.scopes = session.scopes.filter((scope) => scope !== 'ZohoCRM.settings.layouts.READ');
    const sessions = zoho.state.sessions.length;
    for (const n of [1, 2, 3]) {
      const person = contact();
      person.emails = [{ address: `person${n}@northwind-analytics.example`, status: 'verified' } as never];
      const crm = createZohoAdapter(connection, { learn: async () => {}, now: () => AT });
      expect((await pushLikeTheOutbox(crm, person)).result).toMatchObject({ ok: true });
    }
    expect(zoho.state.sessions.length).toBe(sessions);
  });

  it('a field only the layout requires, which such a connection cannot read: the push says to connect again', async () => {
    const connection = await connectZoho(zoho.origin, 'lead');
    const session = zoho.state.sessions.find((s) => s.accessToken === connection.token)!;
    session.scopes = session.scopes.filter((scope) => scope !== 'ZohoCRM.settings.layouts.READ');
    zoho.state.makeMandatory('Leads', 'Lead_Status');
    const crm = createZohoAdapter(connection, { learn: async () => {}, now: () => AT });
    const { result } = await pushLikeTheOutbox(crm, contact());
    expect(result).toMatchObject({ ok: false, error: { code: 'MANDATORY_NOT_FOUND', retryable: false, message: expect.stringContaining('Connect Zoho CRM again') } });
    expect(leads()).toHaveLength(0);
  });
});
