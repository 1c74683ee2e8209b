import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CrmAdapter } from '@/lib/crm/worker/adapter';
import type { HubspotConnection } from '@/lib/crm/connection';
import { createHubspotAdapter, PROFILE_PROPERTY } from '@/lib/crm/worker/hubspot/adapter';
import { HUBSPOT_PORTAL_ID, HUBSPOT_TOKEN, startHubspotEmulator } from '@/test/emulators/hubspot';
import { contact, emilieEnrichment, instantRetry, matched, memoryProgress } from '@/test/unit/crm/fixtures';

type Emulator = Awaited<ReturnType<typeof startHubspotEmulator>>;
let hs: Emulator;
const learnt: Record<string, unknown>[] = [];

function adapter(token = HUBSPOT_TOKEN, waits: number[] = [], extra: Partial<HubspotConnection> = {}): CrmAdapter {
  const connection: HubspotConnection = { kind: 'hubspot', token, apiBase: hs.origin, portalId: HUBSPOT_PORTAL_ID, ...extra };
  return createHubspotAdapter(connection, { learn: async (p) => void learnt.push(p), now: () => Date.UTC(2026, 0, 15), retry: instantRetry(waits) });
}

async function push(crm: CrmAdapter, who = contact(), overwrite: string[] = [], remembered: string | null = null) {
  const match = await crm.find(who, remembered);
  if (!match.ok) return match;
  const plan = crm.plan(who, match.value, { overwrite: overwrite as never[] });
  return crm.apply(plan, who, memoryProgress().context({}, overwrite));
}

beforeAll(async () => {
  hs = await startHubspotEmulator();
});
afterAll(() => hs.server.close());
beforeEach(async () => {
  hs.state.reset();
  hs.control.reset();
  learnt.length = 0;
  expect((await adapter().test()).ok).toBe(true);
});

describe('HubSpot adapter against the emulator', () => {
  it('test() learns the account, creates the profile URL property and links records by portal', async () => {
    expect(learnt).toContainEqual({ portalId: HUBSPOT_PORTAL_ID, uiDomain: 'app.hubspot.com' });
    expect(hs.state.contactProperties.get(PROFILE_PROPERTY)?.hasUniqueValue).toBe(true);
  });

  it('a bad token is refused with HubSpot’s own message, never echoing the token', async () => {
    const result = await adapter('pat-na1-wrong-token-123').test();
    expect(result).toMatchObject({ ok: false, error: { kind: 'auth', retryable: false, status: 401 } });
    if (!result.ok) {
      expect(result.error.message).toMatch(/Authentication credentials not found/);
      expect(result.error.message).not.toContain('pat-na1-wrong-token-123');
    }
  });

  it('creates the contact keyed by email, links the company and adds a note; pushing again creates nothing', async () => {
    const crm = adapter();
    const first = await push(crm);
    expect(first).toMatchObject({ ok: true, value: { action: 'created' } });
    const contacts = [...hs.state.contacts.values()];
    expect(contacts).toHaveLength(1);
    expect(contacts[0]!.properties).toMatchObject({
      email: 'maya.chen@northwind-analytics.example',
      firstname: 'Maya',
      lastname: 'Chen',
      jobtitle: 'VP of Engineering',
      mobilephone: '+14155550110',
      phone: '+14155550111',
      company: 'Northwind Analytics',
      [PROFILE_PROPERTY]: 'https://www.linkedin.com/in/maya-chen/',
    });
    expect([...hs.state.companies.values()].map((c) => c.properties.domain)).toEqual(['northwind-analytics.example']);
    expect(hs.state.associations).toContainEqual(expect.objectContaining({ fromType: 'contacts', fromId: contacts[0]!.id, toType: 'companies', typeId: 279 }));
    expect(hs.state.notes.size).toBe(1);
    if (first.ok) expect(first.value.recordUrl).toBe(`https://app.hubspot.com/contacts/${HUBSPOT_PORTAL_ID}/record/0-1/${contacts[0]!.id}`);

    const again = await push(crm);
    expect(again).toMatchObject({ ok: true, value: { action: 'skipped', recordId: contacts[0]!.id } });
    expect(hs.state.contacts.size).toBe(1);
    expect(hs.state.companies.size).toBe(1);
    expect(hs.state.notes.size).toBe(1);
  });

  it('search EQ on email ignores case: a contact typed in HubSpot in capitals is found, not duplicated', async () => {
    const existing = hs.state.seed('contacts', { email: 'MAYA.CHEN@NORTHWIND-ANALYTICS.EXAMPLE', firstname: 'Maya' });
    const crm = adapter();
    const match = await crm.find(contact(), null);
    expect(match).toMatchObject({ ok: true, value: { id: existing.id, by: 'email' } });
    await push(crm);
    expect(hs.state.contacts.size).toBe(1);
  });

  it('never overwrites a non-empty field unless allowed per field', async () => {
    const existing = hs.state.seed('contacts', { email: 'maya.chen@northwind-analytics.example', jobtitle: 'Engineering lead', firstname: 'Maya' });
    const crm = adapter();
    const match = await crm.find(contact(), null);
    expect(match).toMatchObject({ ok: true, value: { id: existing.id, by: 'email' } });
    const plan = crm.plan(contact(), matched(match), { overwrite: [] });
    expect(plan.action).toBe('update');
    expect(plan.changes.find((c) => c.field === 'jobTitle')).toMatchObject({ status: 'keep', current: 'Engineering lead', proposed: 'VP of Engineering' });
    expect(plan.changes.find((c) => c.field === 'lastName')).toMatchObject({ status: 'add' });

    await push(crm);
    expect(existing.properties.jobtitle).toBe('Engineering lead');
    expect(existing.properties.lastname).toBe('Chen');

    await push(crm, contact(), ['jobTitle']);
    expect(existing.properties.jobtitle).toBe('VP of Engineering');
  });

  it("a 'Most Probable' email never becomes the primary email: it is in the note, labelled unverified", async () => {
    const emilie = contact(emilieEnrichment());
    const result = await push(adapter(), emilie);
    expect(result.ok).toBe(true);
    const [record] = [...hs.state.contacts.values()];
    expect(record!.properties.email ?? '').toBe('');
    expect(record!.properties[PROFILE_PROPERTY]).toBe('https://www.linkedin.com/in/emilie-lefevre/');
    const [note] = [...hs.state.notes.values()];
    expect(note!.properties.hs_note_body).toContain('Unverified email (likely, not verified): emilie@brightwater-labs.example');
    // Keyed by the unique profile URL property: pushing again is still one record.
    await push(adapter(), emilie);
    expect(hs.state.contacts.size).toBe(1);
  });

  it('finds by the remembered id first, then by profile URL, then by name at the company', async () => {
    const crm = adapter();
    const byName = hs.state.seed('contacts', { firstname: 'Maya', lastname: 'Chen', company: 'Northwind Analytics' });
    expect(await crm.find(contact(), null)).toMatchObject({ ok: true, value: { id: byName.id, by: 'nameCompany' } });
    const byUrl = hs.state.seed('contacts', { [PROFILE_PROPERTY]: 'https://www.linkedin.com/in/maya-chen/' });
    expect(await crm.find(contact(), null)).toMatchObject({ ok: true, value: { id: byUrl.id, by: 'profileUrl' } });
    expect(await crm.find(contact(), byName.id)).toMatchObject({ ok: true, value: { id: byName.id, by: 'remembered' } });
    // A remembered record deleted in HubSpot since: matching carries on.
    expect(await crm.find(contact(), '999999')).toMatchObject({ ok: true, value: { id: byUrl.id, by: 'profileUrl' } });
  });

  it('check() answers "already in your CRM" from a profile URL or name and company alone', async () => {
    const crm = adapter();
    expect(await crm.check({ emails: [], profileUrl: 'https://www.linkedin.com/in/maya-chen/' }, null)).toMatchObject({ ok: true, value: { state: 'not_in_crm' } });
    await push(crm);
    const check = await crm.check({ emails: [], profileUrl: 'https://www.linkedin.com/in/maya-chen/', fullName: 'Maya Chen', companyName: 'Northwind Analytics' }, null);
    expect(check).toMatchObject({ ok: true, value: { state: 'in_crm', by: 'profileUrl' } });
    expect(await crm.check({ emails: [], fullName: 'Maya Chen', companyName: 'northwind analytics' }, null)).toMatchObject({ ok: true, value: { state: 'in_crm', by: 'nameCompany' } });
  });

  it('a 409 names the record that already has the email: Dossier writes there instead of failing', async () => {
    // Dossier pushed Maya before (no email then); meanwhile someone typed her email on another record.
    const remembered = hs.state.seed('contacts', { firstname: 'Maya', lastname: 'Chen' });
    const holder = hs.state.seed('contacts', { email: 'maya.chen@northwind-analytics.example' });
    const crm = adapter();
    const who = contact();
    const match = await crm.find(who, remembered.id);
    expect(match).toMatchObject({ ok: true, value: { id: remembered.id, by: 'remembered' } });
    const plan = crm.plan(who, matched(match), { overwrite: [] });
    expect(plan.changes.find((c) => c.field === 'email')?.status).toBe('add');
    const result = await crm.apply(plan, who, memoryProgress().context());
    expect(result).toMatchObject({ ok: true, value: { recordId: holder.id } });
    expect(holder.properties).toMatchObject({ firstname: 'Maya', jobtitle: 'VP of Engineering' });
    expect(remembered.properties.email).toBeUndefined();
    expect(hs.control.log.some((r) => r.status === 409)).toBe(true);
  });

  it('a 207 multi-status with a per-item error is reported with HubSpot’s message', async () => {
    hs.state.contactProperties.delete(PROFILE_PROPERTY);
    const emilie = contact(emilieEnrichment());
    const result = await push(adapter(), emilie);
    expect(result).toMatchObject({ ok: false, error: { kind: 'rejected', retryable: false } });
    if (!result.ok) expect(result.error.message).toMatch(/dossier_profile_url is not a unique property|does not exist/);
    expect(hs.state.contacts.size).toBe(0);
  });

  it('a 429 is waited out for its Retry-After on idempotent calls; 5xx and a refused connection are retryable errors', async () => {
    const waits: number[] = [];
    hs.control.faults.push({ kind: '429', retryAfter: 2, path: '/search' });
    const crm = adapter(HUBSPOT_TOKEN, waits);
    expect((await crm.find(contact(), null)).ok).toBe(true);
    expect(waits).toEqual([2_000]);

    hs.control.mode = '503';
    const down = await crm.find(contact(), null);
    expect(down).toMatchObject({ ok: false, error: { kind: 'unavailable', retryable: true, status: 503 } });
    hs.control.mode = 'up';

    await hs.server.refuse();
    try {
      expect(await crm.find(contact(), null)).toMatchObject({ ok: false, error: { kind: 'network', retryable: true } });
    } finally {
      await hs.server.resume();
    }
    expect((await crm.find(contact(), null)).ok).toBe(true);
  });

  it('a create is not retried on the spot: a lost answer is left to the outbox, which matches again', async () => {
    hs.control.faults.push({ kind: '500', path: '/crm/v3/objects/notes' });
    const crm = adapter();
    const progress = memoryProgress();
    const who = contact();
    const plan = crm.plan(who, null, { overwrite: [] });
    const first = await crm.apply(plan, who, progress.context());
    expect(first).toMatchObject({ ok: false, error: { kind: 'unavailable' } });
    expect(hs.state.notes.size).toBe(0);
    // Resuming from the saved progress finishes the note without touching the contact again.
    const last = progress.saved.at(-1)!;
    const resumed = await crm.apply(plan, who, progress.context(last));
    expect(resumed).toMatchObject({ ok: true, value: { action: 'created' } });
    expect(hs.state.contacts.size).toBe(1);
    expect(hs.state.notes.size).toBe(1);
  });
});
