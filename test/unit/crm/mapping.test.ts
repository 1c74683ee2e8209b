import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCrmService } from '@/lib/crm/worker/presence-check';
import { createHubspotAdapter } from '@/lib/crm/worker/hubspot/adapter';
import { checkMapping, propertiesOf, type CrmSchema } from '@/lib/crm/mapping';
import { appendHistory, readHistory, readHistoryEntries } from '@/lib/history/worker/store';
import { HUBSPOT_TOKEN, startHubspotEmulator } from '@/test/emulators/hubspot';
import { pushLikeTheOutbox, pushUntilSettled } from '@/test/unit/crm/contract/harness';
import { AT, contact } from '@/test/unit/crm/fixtures';

let hs: Awaited<ReturnType<typeof startHubspotEmulator>>;

/** A custom property the team made in HubSpot for the title Dossier finds. */
function addCustomProperty(name = 'dossier_found_title') {
  hs.state.contactProperties.set(name, { name, label: 'Title (found by Dossier)', type: 'string', fieldType: 'text', groupName: 'contactinformation', hasUniqueValue: false });
}

const service = () => createCrmService({ readHistory, readHistoryEntries, appendHistory: (e) => appendHistory(e, 10_000), now: () => AT, newId: () => crypto.randomUUID(), wake: () => {} });

beforeAll(async () => {
  hs = await startHubspotEmulator();
});
afterAll(() => hs.server.close());
beforeEach(() => {
  fakeBrowser.reset();
  hs.state.reset();
  hs.control.reset();
});

describe('field mapping (pure)', () => {
  const defaults = { jobTitle: 'jobtitle', phone: 'phone', email: 'email' };
  const schema: CrmSchema = { defaults, properties: [{ name: 'jobtitle', label: 'Job title', custom: false }, { name: 'phone', label: 'Phone', custom: false }, { name: 'lead_role', label: 'Lead role', custom: true }], owners: [] };

  it('moves a field to another property, leaves one out, and never moves a key field', () => {
    expect(propertiesOf(defaults, { jobTitle: 'lead_role', phone: null, email: 'other' }, ['email'])).toEqual({ jobTitle: 'lead_role', email: 'email' });
  });

  it('refuses a property the CRM does not have, and two fields in one property', () => {
    expect(checkMapping({ jobTitle: 'lead_role' }, schema)).toEqual({ ok: true });
    expect(checkMapping({ jobTitle: 'no_such_property' }, schema)).toEqual({ ok: false, field: 'jobTitle', problem: 'unknown' });
    expect(checkMapping({ jobTitle: 'phone' }, schema)).toMatchObject({ ok: false, problem: 'shared' });
  });
});

describe('HubSpot with a field mapping and an owner', () => {
  it('its schema lists the writable properties (custom ones marked) and the owners', async () => {
    addCustomProperty();
    const crm = createHubspotAdapter({ kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hs.origin }, { learn: async () => {}, now: () => 0 });
    const schema = await crm.schema!();
    if (!schema.ok) throw new Error(schema.error.message);
    expect(schema.value.properties).toContainEqual({ name: 'dossier_found_title', label: 'Title (found by Dossier)', custom: true });
    expect(schema.value.properties).toContainEqual({ name: 'jobtitle', label: 'jobtitle', custom: false });
    expect(schema.value.owners).toEqual([
      { id: '7001', name: 'Ada Owner' },
      { id: '7002', name: 'Ben Seller' },
    ]);
    expect(schema.value.defaults).not.toHaveProperty('email');
  });

  it('writes the title into the mapped custom property, leaves out an unmapped field, and gives the new record its owner', async () => {
    addCustomProperty();
    const crm = createHubspotAdapter(
      { kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hs.origin, fieldMap: { jobTitle: 'dossier_found_title', phone: null }, ownerId: '7002' },
      { learn: async () => {}, now: () => 0 },
    );
    await crm.test();
    const { result } = await pushLikeTheOutbox(crm, contact());
    expect(result).toMatchObject({ ok: true, value: { action: 'created' } });
    const [record] = [...hs.state.contacts.values()];
    expect(record!.properties).toMatchObject({ dossier_found_title: 'VP of Engineering', hubspot_owner_id: '7002', email: 'maya.chen@northwind-analytics.example' });
    expect(record!.properties.jobtitle ?? '').toBe('');
    expect(record!.properties.phone ?? '').toBe('');
  });
});

describe('HubSpot lists', () => {
  it('offers the static contact lists only (a dynamic list or a company list cannot take a contact by API)', async () => {
    const crm = createHubspotAdapter({ kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hs.origin }, { learn: async () => {}, now: () => 0 });
    const schema = await crm.schema!();
    if (!schema.ok) throw new Error(schema.error.message);
    expect(schema.value.lists).toEqual([{ id: '31', name: 'Prospects from Dossier' }]);
  });

  it('puts the pushed record in the chosen list once, even when the answer to the list step is lost and the push retried', async () => {
    const crm = createHubspotAdapter({ kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hs.origin, listId: '31' }, { learn: async () => {}, now: () => 0, retry: { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 } });
    await crm.test();
    hs.control.faults.push({ kind: 'lost', path: '/memberships/add', method: 'PUT' });
    const { result, errors, progress } = await pushUntilSettled(crm, contact());
    expect(result).toMatchObject({ ok: true, value: { action: 'created' } });
    expect(errors.length).toBeGreaterThan(0);
    expect(progress).toMatchObject({ listed: true, noteDone: true });
    expect([...hs.state.memberships.get('31')!]).toEqual([progress.recordId]);
    expect(hs.state.notes.size).toBe(1);
  });

  it('without a chosen list, adds the record to none', async () => {
    const crm = createHubspotAdapter({ kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hs.origin }, { learn: async () => {}, now: () => 0 });
    await crm.test();
    const { progress } = await pushLikeTheOutbox(crm, contact());
    expect(progress.listed).toBeUndefined();
    expect(hs.state.memberships.size).toBe(0);
  });
});

describe('the worker keeps a mapping the CRM can take', () => {
  it('keeps a list only when the CRM offers it, and the next push puts the record there', async () => {
    const crm = service();
    await crm.connect({ kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hs.origin });
    await expect(crm.saveMapping('hubspot', {}, null, '32')).rejects.toThrow('That list is not in this HubSpot account any more');
    expect(await crm.saveMapping('hubspot', {}, null, '31')).toMatchObject({ listId: '31' });
    expect(await crm.mapping('hubspot')).toMatchObject({ listId: '31' });
    await crm.pushContacts([contact()], 'hubspot', []);
    await crm.drain();
    const [record] = [...hs.state.contacts.values()];
    expect([...hs.state.memberships.get('31')!]).toEqual([record!.id]);
    expect(await crm.saveMapping('hubspot', {}, null, null)).toMatchObject({ listId: null });
    expect(await crm.mapping('hubspot')).toMatchObject({ listId: null });
  });

  it('checks it against the CRM, refuses what the CRM lacks, and the next push follows the saved one', async () => {
    addCustomProperty();
    const crm = service();
    await crm.connect({ kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hs.origin });
    const before = await crm.mapping('hubspot');
    expect(before).toMatchObject({ fieldMap: {}, ownerId: null });
    await expect(crm.saveMapping('hubspot', { jobTitle: 'no_such_property' }, null)).rejects.toThrow('HubSpot has no writable property for “Job title”');
    await expect(crm.saveMapping('hubspot', { jobTitle: 'dossier_found_title' }, '9999')).rejects.toThrow('That owner is not a user of this HubSpot account.');
    expect(await crm.saveMapping('hubspot', { jobTitle: 'dossier_found_title' }, '7001')).toMatchObject({ fieldMap: { jobTitle: 'dossier_found_title' }, ownerId: '7001' });
    expect(await crm.mapping('hubspot')).toMatchObject({ fieldMap: { jobTitle: 'dossier_found_title' }, ownerId: '7001' });

    await crm.pushContacts([contact()], 'hubspot', []);
    await crm.drain();
    const [record] = [...hs.state.contacts.values()];
    expect(record!.properties).toMatchObject({ dossier_found_title: 'VP of Engineering', hubspot_owner_id: '7001' });
  });

  it('a reconnect keeps the mapping, owner and list where the CRM still has them, and says so', async () => {
    addCustomProperty();
    const crm = service();
    await crm.connect({ kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hs.origin });
    await crm.saveMapping('hubspot', { jobTitle: 'dossier_found_title' }, '7002', '31');
    const again = await crm.connect({ kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hs.origin });
    expect(again.message).toContain('Your field mapping, owner and list for HubSpot are kept.');
    expect(await crm.mapping('hubspot')).toMatchObject({ fieldMap: { jobTitle: 'dossier_found_title' }, ownerId: '7002', listId: '31' });

    // The custom property was deleted in HubSpot meanwhile: that part is reset, the rest stays.
    hs.state.contactProperties.delete('dossier_found_title');
    const third = await crm.connect({ kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hs.origin });
    expect(third.message).toContain('that part was reset');
    expect(await crm.mapping('hubspot')).toMatchObject({ fieldMap: {}, ownerId: '7002', listId: '31' });
  });

  it('HubSpot has no Lead or Contact choice to switch', async () => {
    const crm = service();
    await crm.connect({ kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hs.origin });
    expect(await crm.mapping('hubspot')).toMatchObject({ recordType: null });
    await expect(crm.setRecordType('hubspot', 'contact')).rejects.toThrow('HubSpot has one kind of record for people');
  });
});
