import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCrmService } from '@/lib/crm/worker/presence-check';
import type { CrmAdapter } from '@/lib/crm/worker/adapter';
import { createCloseAdapter } from '@/lib/crm/worker/close/adapter';
import type { CloseConnection } from '@/lib/crm/connection';
import { appendHistory, readHistory, readHistoryEntries } from '@/lib/history/worker/store';
import { CLOSE_API_KEY, CLOSE_USERS, startCloseEmulator } from '@/test/emulators/close';
import { pushLikeTheOutbox } from '@/test/unit/crm/contract/harness';
import { AT, contact } from '@/test/unit/crm/fixtures';

let close: Awaited<ReturnType<typeof startCloseEmulator>>;
const [ADMIN, BEN] = CLOSE_USERS.map((u) => u.id) as [string, string];

/** What a team adds in Close: a contact text field for the title Dossier finds, and a "Lead Owner" user field on leads. */
function addTeamFields() {
  const title = close.state.addField('contact', 'Title (found by Dossier)', 'text');
  const owner = close.state.addField('lead', 'Lead Owner', 'user');
  return { title: `custom.${title.id}`, owner: owner.id };
}

async function adapter(change: Partial<CloseConnection> = {}): Promise<CrmAdapter> {
  const connection: CloseConnection = { kind: 'close', token: CLOSE_API_KEY, apiBase: close.origin, ...change };
  await createCloseAdapter(connection, { learn: async () => {}, now: () => AT }).test();
  return createCloseAdapter(connection, { learn: async () => {}, now: () => AT });
}

const contacts = () => [...close.state.contacts.values()];
const leads = () => [...close.state.leads.values()];
const basic = `Basic ${Buffer.from(`${CLOSE_API_KEY}:`).toString('base64')}`;
const api = (method: string, path: string, body?: object) =>
  fetch(`${close.origin}/api/v1${path}`, { method, headers: { authorization: basic, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as Record<string, unknown>,
  }));

beforeAll(async () => {
  close = await startCloseEmulator();
});
afterAll(() => close.server.close());
beforeEach(() => {
  fakeBrowser.reset();
  close.state.reset();
  close.control.reset();
});

describe('the Close emulator, as Close documents it', () => {
  it('takes custom values as custom.cf_… keys and shows them so; refuses an unknown field, a user not in the organization, a field the role may not edit', async () => {
    const { title, owner } = addTeamFields();
    const restricted = close.state.addField('contact', 'Managers only', 'text', { editable_with_roles: ['role_manager'] });
    const lead = await api('POST', '/lead/', { name: 'Acme', [`custom.${owner}`]: BEN });
    expect(lead).toMatchObject({ status: 200, body: { [`custom.${owner}`]: BEN } });
    const made = await api('POST', '/contact/', { lead_id: lead.body.id, name: 'Ada', [title]: 'CTO' });
    expect(made.body[title]).toBe('CTO');
    expect((await api('GET', `/contact/${String(made.body.id)}/`)).body[title]).toBe('CTO');
    expect(await api('POST', '/contact/', { name: 'Ada', 'custom.cf_nope': 'x' })).toMatchObject({ status: 400, body: { 'field-errors': { 'custom.cf_nope': 'Unknown custom field.' } } });
    expect(await api('POST', '/lead/', { name: 'Acme', [`custom.${owner}`]: 'user_nobody' })).toMatchObject({ status: 400 });
    expect(await api('PUT', `/contact/${String(made.body.id)}/`, { [`custom.${restricted.id}`]: 'x' })).toMatchObject({ status: 400 });
  });
});

describe('Close schema for the field mapping', () => {
  it('offers the title, the phones and the contact text fields the key may edit (custom marked); no lists, since Close has none for contacts', async () => {
    const { title } = addTeamFields();
    close.state.addField('contact', 'Role', 'choices', { choices: ['CEO'] });
    close.state.addField('contact', 'Tags', 'text', { accepts_multiple_values: true });
    close.state.addField('contact', 'Managers only', 'text', { editable_with_roles: ['role_manager'] });
    close.state.addField('contact', 'Admins only', 'text', { editable_with_roles: ['admin'] });
    const schema = await (await adapter()).schema!();
    if (!schema.ok) throw new Error(schema.error.message);
    expect(schema.value.properties).toEqual([
      { name: 'title', label: 'Title', custom: false },
      { name: 'phones', label: 'Phones', custom: false, list: true },
      { name: title, label: 'Title (found by Dossier)', custom: true },
      { name: `custom.${close.state.contactFields[4]!.id}`, label: 'Admins only', custom: true },
    ]);
    expect(schema.value.defaults).toEqual({ jobTitle: 'title', phone: 'phones', mobilePhone: 'phones' });
    expect(schema.value).not.toHaveProperty('lists');
  });

  it('offers owners only when leads have a “Lead Owner” user field (Close has no owner on leads or contacts)', async () => {
    const without = await (await adapter()).schema!();
    if (!without.ok) throw new Error(without.error.message);
    expect(without.value.owners).toEqual([]);
    close.state.addField('lead', 'Account manager', 'user');
    close.state.addField('lead', 'Lead Owner', 'user');
    const withOwner = await (await adapter()).schema!();
    if (!withOwner.ok) throw new Error(withOwner.error.message);
    expect(withOwner.value.owners).toEqual([
      { id: ADMIN, name: 'Emulator Admin' },
      { id: BEN, name: 'Ben Seller' },
    ]);
  });
});

describe('Close writes by the mapping', () => {
  it('puts the title in the mapped custom field, leaves out an unmapped field, and gives the lead it creates the chosen owner', async () => {
    const { title, owner } = addTeamFields();
    const crm = await adapter({ fieldMap: { jobTitle: title, mobilePhone: null, email: 'title' }, ownerId: BEN });
    const { result } = await pushLikeTheOutbox(crm, contact());
    expect(result).toMatchObject({ ok: true, value: { action: 'created' } });
    const [person] = contacts();
    expect(person!.custom).toEqual({ [close.state.contactFields[0]!.id]: 'VP of Engineering' });
    expect(person!.title).toBe('');
    expect(person!.phones.map((p) => p.type)).toEqual(['office']);
    expect(person!.emails[0]!.email).toBe('maya.chen@northwind-analytics.example');
    expect(leads()[0]!.custom).toEqual({ [owner]: BEN });

    // Read back through the mapping, search included: nothing new to write.
    const again = await crm.find(contact(), null);
    if (!again.ok || !again.value) throw new Error('not found');
    expect(again.value.values).toMatchObject({ jobTitle: 'VP of Engineering', phone: '+14155550111' });
    expect(crm.plan(contact(), again.value, { overwrite: [] }).action).toBe('skip');
  });

  it('a contact added to a lead Close already has leaves the lead’s owner alone', async () => {
    const { owner } = addTeamFields();
    const lead = close.state.seedLead({ name: 'Northwind Analytics', custom: { [owner]: ADMIN } });
    await pushLikeTheOutbox(await adapter({ ownerId: BEN }), contact());
    expect(contacts()[0]!.lead_id).toBe(lead.id);
    expect(lead.custom).toEqual({ [owner]: ADMIN });
  });

  it('an owner chosen when leads had a “Lead Owner” field, now gone, is refused with a message saying what to do', async () => {
    const { result } = await pushLikeTheOutbox(await adapter({ ownerId: BEN }), contact());
    expect(result).toMatchObject({ ok: false, error: { kind: 'rejected', retryable: false, message: expect.stringContaining('“Lead Owner”') } });
    expect(leads()).toHaveLength(0);
  });
});

describe('the worker keeps a Close mapping and owner', () => {
  const service = () => createCrmService({ readHistory, readHistoryEntries, appendHistory: (e) => appendHistory(e, 10_000), now: () => AT, newId: () => crypto.randomUUID(), wake: () => {} });

  it('checks them against the organization, refuses a list (Close has none), and the next push follows the saved ones', async () => {
    const { title, owner } = addTeamFields();
    const crm = service();
    await crm.connect({ kind: 'close', token: CLOSE_API_KEY, apiBase: close.origin });
    expect(await crm.mapping('close')).toMatchObject({ fieldMap: {}, ownerId: null, listId: null });
    await expect(crm.saveMapping('close', { jobTitle: 'custom.cf_nope' }, null)).rejects.toThrow('Close has no writable property for “Job title”');
    await expect(crm.saveMapping('close', { jobTitle: title }, 'user_nobody')).rejects.toThrow('That owner is not a user of this Close account.');
    await expect(crm.saveMapping('close', { jobTitle: title }, BEN, 'list_1')).rejects.toThrow('That list is not in this Close account any more');
    expect(await crm.saveMapping('close', { jobTitle: title }, BEN)).toMatchObject({ fieldMap: { jobTitle: title }, ownerId: BEN, listId: null });

    await crm.pushContacts([contact()], 'close', []);
    await crm.drain();
    expect(contacts()).toHaveLength(1);
    expect(contacts()[0]!.custom).toEqual({ [close.state.contactFields[0]!.id]: 'VP of Engineering' });
    expect(leads()[0]!.custom).toEqual({ [owner]: BEN });
  });
});
