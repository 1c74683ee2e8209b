import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCrmService } from '@/lib/crm/worker/presence-check';
import type { CrmAdapter } from '@/lib/crm/worker/adapter';
import { createAttioAdapter } from '@/lib/crm/worker/attio/adapter';
import type { AttioConnection } from '@/lib/crm/connection';
import { appendHistory, readHistory, readHistoryEntries } from '@/lib/history/worker/store';
import { ATTIO_MEMBERS, ATTIO_TOKEN, firstValue, startAttioEmulator } from '@/test/emulators/attio';
import { pushLikeTheOutbox } from '@/test/unit/crm/contract/harness';
import { AT, contact } from '@/test/unit/crm/fixtures';

let at: Awaited<ReturnType<typeof startAttioEmulator>>;
let learnt: Record<string, unknown> = {};
const [ADMIN, BEN, OLGA] = ATTIO_MEMBERS.map((m) => m.id) as [string, string, string];

/** What a team adds to Attio's people: a text attribute for the title Dossier finds, a phone attribute for mobiles, an owner. */
function addTeamAttributes() {
  at.state.addAttribute('people', 'found_title', 'Title (found by Dossier)', 'text');
  at.state.addAttribute('people', 'mobile', 'Mobile', 'phone-number');
  at.state.addAttribute('people', 'owner', 'Owner', 'actor-reference');
}

async function adapter(change: Partial<AttioConnection> = {}): Promise<CrmAdapter> {
  const connection = (): AttioConnection => ({ kind: 'attio', token: ATTIO_TOKEN, apiBase: at.origin, ...learnt, ...change });
  const deps = { learn: async (p: Record<string, unknown>) => void Object.assign(learnt, p), now: () => AT };
  await createAttioAdapter(connection(), deps).test();
  return createAttioAdapter(connection(), deps);
}

const people = () => at.state.list('people');
const entryAsserts = () => at.control.log.filter((r) => r.method === 'PUT' && r.path.includes('/entries'));

beforeAll(async () => {
  at = await startAttioEmulator();
});
afterAll(() => at.server.close());
beforeEach(() => {
  fakeBrowser.reset();
  at.state.reset();
  at.control.reset();
  learnt = {};
});

describe('the Attio emulator, as Attio documents it', () => {
  const api = (method: string, path: string, data?: object) =>
    fetch(`${at.origin}${path}`, { method, headers: { authorization: `Bearer ${ATTIO_TOKEN}`, 'content-type': 'application/json' }, body: data ? JSON.stringify({ data }) : undefined }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));

  it('refuses a read-only attribute and an unknown member; writes an owner by member id or email', async () => {
    addTeamAttributes();
    expect(await api('POST', '/v2/objects/people/records', { values: { created_by: [{ referenced_actor_type: 'workspace-member', referenced_actor_id: BEN }] } })).toMatchObject({ status: 400, body: { code: 'validation_type' } });
    expect(await api('POST', '/v2/objects/people/records', { values: { owner: ['nobody@acme-emulated.example'] } })).toMatchObject({ status: 400, body: { code: 'value_not_found' } });
    const made = await api('POST', '/v2/objects/people/records', { values: { owner: ['ben@acme-emulated.example'] } });
    expect((made.body.data as { values: { owner: object[] } }).values.owner).toEqual([expect.objectContaining({ referenced_actor_type: 'workspace-member', referenced_actor_id: BEN, attribute_type: 'actor-reference' })]);
  });

  it('asserts a list entry by parent record: twice is one entry; a company cannot go in a people list', async () => {
    const list = at.state.addList('Prospects from Dossier');
    const person = at.state.seed('people', { email_addresses: ['a@b.example'] });
    const company = at.state.seed('companies', { domains: ['b.example'] });
    const entry = { parent_record_id: person.id, parent_object: 'people', entry_values: {} };
    const first = await api('PUT', `/v2/lists/${list.id}/entries`, entry);
    const again = await api('PUT', `/v2/lists/${list.api_slug}/entries`, entry);
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(at.state.entries).toHaveLength(1);
    expect(await api('PUT', `/v2/lists/${list.id}/entries`, { parent_record_id: company.id, parent_object: 'companies', entry_values: {} })).toMatchObject({ status: 400 });
    expect(await api('PUT', '/v2/lists/no-such-list/entries', entry)).toMatchObject({ status: 404, body: { code: 'not_found' } });
  });
});

describe('Attio schema for the field mapping', () => {
  it('offers the writable text and phone attributes (custom marked, the phone list shared), never the keys, read-only or archived ones', async () => {
    addTeamAttributes();
    at.state.addAttribute('people', 'score', 'Score', 'text', { archived: true });
    const schema = await (await adapter()).schema!();
    if (!schema.ok) throw new Error(schema.error.message);
    expect(schema.value.properties).toEqual([
      { name: 'phone_numbers', label: 'Phone numbers', custom: false, list: true },
      { name: 'job_title', label: 'Job title', custom: false },
      { name: 'description', label: 'Description', custom: false },
      { name: 'found_title', label: 'Title (found by Dossier)', custom: true },
      { name: 'mobile', label: 'Mobile', custom: true },
    ]);
    expect(schema.value.defaults).toEqual({ jobTitle: 'job_title', phone: 'phone_numbers', mobilePhone: 'phone_numbers' });
  });

  it('offers owners only when people have an owner attribute (Attio’s have none built in), never a suspended member, and the people lists', async () => {
    at.state.addList('Prospects from Dossier');
    at.state.addList('Target accounts', 'companies');
    const without = await (await adapter()).schema!();
    if (!without.ok) throw new Error(without.error.message);
    expect(without.value.owners).toEqual([]);
    expect(at.control.log.some((r) => r.path === '/v2/workspace_members')).toBe(false);
    expect(without.value.lists).toEqual([{ id: at.state.lists[0]!.id, name: 'Prospects from Dossier' }]);

    addTeamAttributes();
    const withOwner = await (await adapter()).schema!();
    if (!withOwner.ok) throw new Error(withOwner.error.message);
    expect(withOwner.value.owners).toEqual([
      { id: ADMIN, name: 'Emulator Admin' },
      { id: BEN, name: 'Ben Seller' },
    ]);
  });
});

describe('an Attio key without every scope', () => {
  it('without the lists’ or the members’ scope (403), offers no list and no owner, and the fields still', async () => {
    addTeamAttributes();
    at.state.addList('Prospects from Dossier');
    const forbidden = (scope: string) => new Response(JSON.stringify({ status_code: 403, type: 'auth_error', code: 'forbidden', message: `Token is missing the ${scope} scope.` }), { status: 403, headers: { 'content-type': 'application/json' } });
    const fetch_: typeof fetch = async (input, init) => {
      const url = String(input);
      if (url.endsWith('/v2/lists')) return forbidden('list_configuration:read');
      if (url.endsWith('/v2/workspace_members')) return forbidden('user_management:read');
      return fetch(input, init);
    };
    const crm = createAttioAdapter({ kind: 'attio', token: ATTIO_TOKEN, apiBase: at.origin }, { learn: async () => {}, now: () => AT, fetch: fetch_ });
    const schema = await crm.schema!();
    if (!schema.ok) throw new Error(schema.error.message);
    expect(schema.value).not.toHaveProperty('lists');
    expect(schema.value.owners).toEqual([]);
    expect(schema.value.properties.map((p) => p.name)).toContain('found_title');
  });
});

describe('Attio writes by the mapping', () => {
  it('puts the title and the mobile in the mapped custom attributes, leaves out an unmapped field, and gives the new person its owner', async () => {
    addTeamAttributes();
    const crm = await adapter({ fieldMap: { jobTitle: 'found_title', mobilePhone: 'mobile', phone: null, email: 'description' }, ownerId: BEN });
    const { result } = await pushLikeTheOutbox(crm, contact());
    expect(result).toMatchObject({ ok: true, value: { action: 'created' } });
    const [person] = people();
    expect(firstValue(person, 'found_title', 'value')).toBe('VP of Engineering');
    expect(firstValue(person, 'mobile', 'phone_number')).toBe('+14155550110');
    expect(person!.values.job_title ?? []).toEqual([]);
    expect(person!.values.phone_numbers ?? []).toEqual([]);
    expect(firstValue(person, 'email_addresses', 'email_address')).toBe('maya.chen@northwind-analytics.example');
    expect(person!.values.owner).toEqual([{ referenced_actor_type: 'workspace-member', referenced_actor_id: BEN }]);

    // Read back through the mapping: nothing new to write.
    const again = await crm.find(contact(), null);
    if (!again.ok || !again.value) throw new Error('not found');
    expect(again.value.values).toMatchObject({ jobTitle: 'VP of Engineering', mobilePhone: '+14155550110' });
    expect(crm.plan(contact(), again.value, { overwrite: [] }).action).toBe('skip');
  });

  it('an owner on a person Dossier found is left as it is', async () => {
    addTeamAttributes();
    const existing = at.state.seed('people', { email_addresses: ['maya.chen@northwind-analytics.example'], name: [{ first_name: 'Maya', last_name: 'Chen', full_name: 'Maya Chen' }], owner: [{ referenced_actor_type: 'workspace-member', referenced_actor_id: ADMIN }] });
    await pushLikeTheOutbox(await adapter({ ownerId: BEN }), contact());
    expect(existing.values.owner).toEqual([{ referenced_actor_type: 'workspace-member', referenced_actor_id: ADMIN }]);
  });

  it('an owner chosen when people had an owner attribute, now gone, is refused with a message saying what to do', async () => {
    const { result } = await pushLikeTheOutbox(await adapter({ ownerId: BEN }), contact());
    expect(result).toMatchObject({ ok: false, error: { kind: 'rejected', retryable: false, message: expect.stringContaining('no owner attribute') } });
  });

  it('puts the person in the chosen list once, even when the push is retried after a failure or the list’s answer is lost', async () => {
    const list = at.state.addList('Prospects from Dossier');
    const crm = await adapter({ listId: list.id });
    at.control.faults.push({ kind: 'lost', path: '/entries' }, { kind: '500', path: '/v2/notes' });
    const first = await pushLikeTheOutbox(crm, contact());
    // The entry's answer was lost: asserted again on the spot (idempotent), then the note failed.
    expect(first.result).toMatchObject({ ok: false, error: { retryable: true } });
    expect(first.progress).toMatchObject({ listed: true });
    expect(entryAsserts()).toHaveLength(2);
    const second = await pushLikeTheOutbox(crm, contact(), { progress: first.progress });
    expect(second.result).toMatchObject({ ok: true, value: { action: 'created' } });
    // The retry resumed after the list step: not asserted a third time, and one entry all along.
    expect(entryAsserts()).toHaveLength(2);
    expect(at.state.entries).toEqual([expect.objectContaining({ list_id: list.id, parent_record_id: people()[0]!.id })]);
    expect(at.state.notes.size).toBe(1);
  });
});

describe('the worker keeps an Attio mapping, owner and list', () => {
  const service = () => createCrmService({ readHistory, readHistoryEntries, appendHistory: (e) => appendHistory(e, 10_000), now: () => AT, newId: () => crypto.randomUUID(), wake: () => {} });

  it('checks them against the workspace, refuses a suspended member, and the next push follows the saved ones', async () => {
    addTeamAttributes();
    const list = at.state.addList('Prospects from Dossier');
    const crm = service();
    await crm.connect({ kind: 'attio', token: ATTIO_TOKEN, apiBase: at.origin });
    expect(await crm.mapping('attio')).toMatchObject({ fieldMap: {}, ownerId: null, listId: null });
    await expect(crm.saveMapping('attio', { jobTitle: 'linkedin' }, null)).rejects.toThrow('Attio has no writable property for “Job title”');
    await expect(crm.saveMapping('attio', { jobTitle: 'found_title' }, OLGA)).rejects.toThrow('That owner is not a user of this Attio account.');
    expect(await crm.saveMapping('attio', { jobTitle: 'found_title' }, BEN, list.id)).toMatchObject({ fieldMap: { jobTitle: 'found_title' }, ownerId: BEN, listId: list.id });

    await crm.pushContacts([contact()], 'attio', []);
    await crm.drain();
    const [person] = people();
    expect(firstValue(person, 'found_title', 'value')).toBe('VP of Engineering');
    expect(person!.values.owner).toEqual([{ referenced_actor_type: 'workspace-member', referenced_actor_id: BEN }]);
    expect(at.state.entries).toHaveLength(1);
  });
});
