import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCrmService } from '@/lib/crm/worker/presence-check';
import type { CrmAdapter } from '@/lib/crm/worker/adapter';
import type { PipedriveConnection } from '@/lib/crm/connection';
import { checkMapping, type CrmSchema } from '@/lib/crm/mapping';
import { createPipedriveAdapter, PROFILE_FIELD_NAME } from '@/lib/crm/worker/pipedrive/adapter';
import { appendHistory, readHistory, readHistoryEntries } from '@/lib/history/worker/store';
import { PIPEDRIVE_DOMAIN, PIPEDRIVE_TOKEN, startPipedriveEmulator } from '@/test/emulators/pipedrive';
import { pushLikeTheOutbox } from '@/test/unit/crm/contract/harness';
import { AT, contact } from '@/test/unit/crm/fixtures';

let pd: Awaited<ReturnType<typeof startPipedriveEmulator>>;
let learnt: Record<string, unknown> = {};
const HOT_LEAD = '6';
const CUSTOMER = 5;
const BEN = '2';

/** A person field the team added in Pipedrive for the title Dossier finds. */
const addTitleField = () => pd.state.addCustomField('Title (found by Dossier)', 'varchar').key;

async function adapter(change: Partial<PipedriveConnection> = {}): Promise<CrmAdapter> {
  const connection = (): PipedriveConnection => ({ kind: 'pipedrive', token: PIPEDRIVE_TOKEN, domain: PIPEDRIVE_DOMAIN, apiBase: pd.origin, ...learnt, ...change });
  const deps = { learn: async (p: Record<string, unknown>) => void Object.assign(learnt, p), now: () => AT };
  await createPipedriveAdapter(connection(), deps).test();
  return createPipedriveAdapter(connection(), deps);
}

const persons = () => [...pd.state.persons.values()];
const labelWrites = () => pd.control.log.filter((r) => r.method !== 'GET' && r.path.startsWith('/api/v2/persons') && 'label_ids' in (JSON.parse(r.body || '{}') as object));

beforeAll(async () => {
  pd = await startPipedriveEmulator();
});
afterAll(() => pd.server.close());
beforeEach(() => {
  fakeBrowser.reset();
  pd.state.reset();
  pd.control.reset();
  learnt = {};
});

describe('a list property in the mapping (pure)', () => {
  it('lets two fields share a property that holds a list (the phones), never a single-valued one', () => {
    const schema: CrmSchema = {
      defaults: { phone: 'phone', mobilePhone: 'phone', jobTitle: 'job_title' },
      properties: [
        { name: 'phone', label: 'Phone', custom: false, list: true },
        { name: 'job_title', label: 'Job title', custom: false },
      ],
      owners: [],
    };
    expect(checkMapping({}, schema)).toEqual({ ok: true });
    expect(checkMapping({ jobTitle: 'phone' }, schema)).toEqual({ ok: true });
    expect(checkMapping({ phone: 'job_title' }, schema)).toMatchObject({ ok: false, problem: 'shared' });
  });
});

describe('the Pipedrive emulator, as Pipedrive documents it', () => {
  const api = (method: string, path: string, body?: object) =>
    fetch(`${pd.origin}${path}`, { method, headers: { 'x-api-token': PIPEDRIVE_TOKEN, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined }).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as { success: boolean; error?: string; data?: Record<string, unknown> },
    }));

  it('lists users with their active flag; a person’s owner must be active and its labels options of the label field, which a write replaces', async () => {
    expect((await api('GET', '/api/v1/users')).body.data).toEqual(expect.arrayContaining([expect.objectContaining({ id: 3, active_flag: false })]));
    expect(await api('POST', '/api/v2/persons', { name: 'Ada', owner_id: 3 })).toMatchObject({ status: 400, body: { success: false } });
    expect(await api('POST', '/api/v2/persons', { name: 'Ada', label_ids: [99] })).toMatchObject({ status: 400, body: { success: false } });
    const made = await api('POST', '/api/v2/persons', { name: 'Ada', owner_id: 2, label_ids: [5] });
    expect(made.body.data).toMatchObject({ owner_id: 2, label_ids: [5] });
    expect((await api('PATCH', `/api/v2/persons/${String(made.body.data!.id)}`, { label_ids: [6] })).body.data).toMatchObject({ label_ids: [6] });
  });
});

describe('Pipedrive schema for the field mapping', () => {
  it('offers the job title, the phones and the writable custom text fields (custom marked), the active users and the person labels', async () => {
    const title = addTitleField();
    pd.state.addCustomField('Deal size', 'monetary');
    pd.state.addCustomField('Old notes', 'text', { active_flag: false });
    const schema = await (await adapter()).schema!();
    if (!schema.ok) throw new Error(schema.error.message);
    expect(schema.value.properties).toEqual([
      { name: 'phone', label: 'Phone', custom: false, list: true },
      { name: 'job_title', label: 'Job title', custom: false },
      { name: title, label: 'Title (found by Dossier)', custom: true },
    ]);
    // The key people are found by (Dossier's own profile URL field) is never offered.
    expect(schema.value.properties.map((p) => p.label)).not.toContain(PROFILE_FIELD_NAME);
    expect(schema.value.defaults).toEqual({ jobTitle: 'job_title', phone: 'phone', mobilePhone: 'phone' });
    expect(schema.value.owners).toEqual([
      { id: '1', name: 'Emulator Admin' },
      { id: BEN, name: 'Ben Seller' },
    ]);
    expect(schema.value.lists).toEqual([
      { id: '5', name: 'Customer' },
      { id: HOT_LEAD, name: 'Hot lead' },
      { id: '7', name: 'Warm lead' },
      { id: '8', name: 'Cold lead' },
    ]);
  });
});

describe('Pipedrive writes by the mapping', () => {
  it('puts the title in the mapped custom field, leaves out an unmapped field, and gives the new person its owner and label', async () => {
    const title = addTitleField();
    const crm = await adapter({ fieldMap: { jobTitle: title, phone: null, email: 'job_title' }, ownerId: BEN, listId: HOT_LEAD });
    const { result, progress } = await pushLikeTheOutbox(crm, contact());
    expect(result).toMatchObject({ ok: true, value: { action: 'created' } });
    const [person] = persons();
    expect(person!.custom_fields[title]).toBe('VP of Engineering');
    expect(person!.job_title).toBeNull();
    expect(person!.phones).toEqual([{ value: '+14155550110', primary: true, label: 'mobile' }]);
    expect(person!.emails[0]!.value).toBe('maya.chen@northwind-analytics.example');
    expect(person).toMatchObject({ owner_id: 2, label_ids: [6] });
    expect(progress).toMatchObject({ listed: true, noteDone: true });
  });

  it('without a chosen owner or label the person is the token user’s and unlabelled, as Pipedrive does', async () => {
    await pushLikeTheOutbox(await adapter(), contact());
    expect(persons()[0]).toMatchObject({ owner_id: 1, label_ids: [] });
    const create = pd.control.log.find((r) => r.method === 'POST' && r.path === '/api/v2/persons')!;
    expect(JSON.parse(create.body)).not.toHaveProperty('owner_id');
    expect(JSON.parse(create.body)).not.toHaveProperty('label_ids');
  });

  it('reads the person back through the mapping: pushing again finds the title in the mapped field and writes nothing', async () => {
    const title = addTitleField();
    const crm = await adapter({ fieldMap: { jobTitle: title } });
    await pushLikeTheOutbox(crm, contact());
    // Someone edits Pipedrive's own job title: the mapped field is what Dossier reads.
    persons()[0]!.job_title = 'Engineer';
    const again = await crm.find(contact(), null);
    if (!again.ok || !again.value) throw new Error('not found');
    expect(again.value.values).toMatchObject({ jobTitle: 'VP of Engineering', mobilePhone: '+14155550110', phone: '+14155550111' });
    expect(crm.plan(contact(), again.value, { overwrite: [] }).action).toBe('skip');
  });

  it('labels a person it finds once, keeping the labels it has, even when the push is retried after a failure', async () => {
    pd.state.seedPerson({ name: 'Maya Chen', emails: [{ value: 'maya.chen@northwind-analytics.example', primary: true, label: 'work' }], label_ids: [CUSTOMER] });
    const crm = await adapter({ listId: HOT_LEAD });
    pd.control.faults.push({ kind: '500', path: '/api/v1/notes' });
    const first = await pushLikeTheOutbox(crm, contact());
    expect(first.result).toMatchObject({ ok: false, error: { retryable: true } });
    expect(first.progress).toMatchObject({ contactDone: true, listed: true });
    const second = await pushLikeTheOutbox(crm, contact(), { progress: first.progress });
    expect(second.result).toMatchObject({ ok: true, value: { action: 'updated' } });
    expect(persons()).toHaveLength(1);
    expect(persons()[0]!.label_ids).toEqual([CUSTOMER, 6]);
    expect(labelWrites()).toHaveLength(1);
    // And again later: the person has the label, nothing is written for it.
    await pushLikeTheOutbox(crm, contact());
    expect(labelWrites()).toHaveLength(1);
  });

  it('labels a person whose fields an earlier attempt wrote before the label was chosen, as a step of its own', async () => {
    const person = pd.state.seedPerson({ name: 'Maya Chen', label_ids: [CUSTOMER] });
    const crm = await adapter({ listId: HOT_LEAD });
    const { result, progress } = await pushLikeTheOutbox(crm, contact(), { progress: { recordId: String(person.id), contactDone: true, companyLinked: true } });
    expect(result).toMatchObject({ ok: true });
    expect(progress).toMatchObject({ listed: true });
    expect(person.label_ids).toEqual([CUSTOMER, 6]);
  });
});

describe('the worker keeps a Pipedrive mapping, owner and label', () => {
  const service = () => createCrmService({ readHistory, readHistoryEntries, appendHistory: (e) => appendHistory(e, 10_000), now: () => AT, newId: () => crypto.randomUUID(), wake: () => {} });

  it('checks them against the account, refuses an inactive user or an unknown label, and the next push follows the saved ones', async () => {
    const title = addTitleField();
    const crm = service();
    await crm.connect({ kind: 'pipedrive', token: PIPEDRIVE_TOKEN, domain: PIPEDRIVE_DOMAIN, apiBase: pd.origin });
    expect(await crm.mapping('pipedrive')).toMatchObject({ fieldMap: {}, ownerId: null, listId: null });
    await expect(crm.saveMapping('pipedrive', { jobTitle: 'no_such_field' }, null)).rejects.toThrow('Pipedrive has no writable property for “Job title”');
    await expect(crm.saveMapping('pipedrive', { jobTitle: title }, '3')).rejects.toThrow('That owner is not a user of this Pipedrive account.');
    await expect(crm.saveMapping('pipedrive', { jobTitle: title }, BEN, '99')).rejects.toThrow('That list is not in this Pipedrive account any more');
    expect(await crm.saveMapping('pipedrive', { jobTitle: title }, BEN, HOT_LEAD)).toMatchObject({ fieldMap: { jobTitle: title }, ownerId: BEN, listId: HOT_LEAD });

    await crm.pushContacts([contact()], 'pipedrive', []);
    await crm.drain();
    expect(persons()).toHaveLength(1);
    expect(persons()[0]).toMatchObject({ owner_id: 2, label_ids: [6], custom_fields: { [title]: 'VP of Engineering' } });
  });
});
