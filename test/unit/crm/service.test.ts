import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CRM_OUTBOX_ALARM, CrmRefusal, createCrmService, deleteCrmData } from '@/lib/crm/worker/presence-check';
import type { Enrichment } from '@/lib/enrichment/model';
import type { HistoryEntry, LookupEntry } from '@/lib/history/entry';
import { appendHistory, readHistory, readHistoryEntries } from '@/lib/history/worker/store';
import { CONTENT_SCRIPT_MESSAGES } from '@/lib/contracts/protocol';
import { crmMessageSchemas } from '@/lib/crm/contract';
import { readOutbox } from '@/lib/crm/outbox/store';
import { crmConnectionsItem, rememberedRecord } from '@/lib/crm/worker/storage';
import { HUBSPOT_PORTAL_ID, HUBSPOT_TOKEN, startHubspotEmulator } from '@/test/emulators/hubspot';
import { startWebhookEmulator, WEBHOOK_SECRET } from '@/test/emulators/webhook';
import { AT, emilieEnrichment, mayaEnrichment } from '@/test/unit/crm/fixtures';

type Hs = Awaited<ReturnType<typeof startHubspotEmulator>>;
type Hook = Awaited<ReturnType<typeof startWebhookEmulator>>;
let hs: Hs;
let hook: Hook;
let clock = AT;
let ids = 0;

function lookup(id: string, result: Enrichment | undefined, outcome: HistoryEntry['outcome'] = 'paid'): LookupEntry<'enrichPerson'> {
  return { id, op: 'enrichPerson', subject: 'https://www.linkedin.com/in/maya-chen/', input: {}, identity: 'person:maya-chen', outcome, cost: 2, fromLedger: false, paidAt: null, at: clock, pageUrl: null, result, error: null };
}

function service(wakes: (number | null)[] = []) {
  return createCrmService({ readHistory, readHistoryEntries, appendHistory: (e) => appendHistory(e, 10_000), now: () => clock, newId: () => `id-${++ids}`, wake: (at) => void wakes.push(at) });
}

beforeAll(async () => {
  [hs, hook] = await Promise.all([startHubspotEmulator(), startWebhookEmulator()]);
});
afterAll(async () => {
  await hs.server.close();
  await hook.server.close();
});
beforeEach(() => {
  fakeBrowser.reset();
  hs.state.reset();
  hs.control.reset();
  hook.deliveries.splice(0);
  hook.control.reset();
  clock = AT;
});

describe('CRM service in the background', () => {
  it('connects only a connection that works, and never answers with the token', async () => {
    const crm = service();
    await expect(crm.connect({ kind: 'hubspot', token: 'pat-na1-bad-token-xx', apiBase: hs.origin })).rejects.toThrow(/Authentication credentials not found/);
    expect(await crm.connections()).toMatchObject({ connections: [] });
    const connected = await crm.connect({ kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hs.origin });
    expect(connected.message).toMatch(`Connected to HubSpot account ${HUBSPOT_PORTAL_ID}`);
    expect(JSON.stringify(connected)).not.toContain(HUBSPOT_TOKEN);
    expect(JSON.stringify(await crm.connections())).not.toContain(HUBSPOT_TOKEN);
    // What connecting learnt is kept with the token, in the background's own item.
    expect((await crmConnectionsItem.getValue())?.hubspot).toMatchObject({ token: HUBSPOT_TOKEN, portalId: HUBSPOT_PORTAL_ID });
  });

  it('pushes the person of a lookup, records the outcome in history at no cost, and a second push is a skip', async () => {
    const crm = service();
    await crm.connect({ kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hs.origin });
    await appendHistory(lookup('look-1', mayaEnrichment()), 100);
    const plan = await crm.plan('look-1', 'hubspot');
    expect(plan).toMatchObject({ action: 'create', target: 'hubspot' });
    const queued = await crm.push('look-1', 'hubspot', []);
    expect(queued).toMatchObject({ state: 'queued', name: 'Maya Chen', historyId: 'look-1' });
    await crm.drain();
    const [status] = await crm.pushStatus('look-1');
    expect(status).toMatchObject({ state: 'delivered', result: { action: 'created' } });
    const entry = (await readHistory()).find((e) => e.op === 'crmPush')!;
    expect(entry).toMatchObject({ outcome: 'free', cost: 0, subject: 'Maya Chen → HubSpot', identity: 'person:maya-chen', input: { target: 'hubspot', fromLookup: 'look-1' } });
    expect(await rememberedRecord('hubspot', 'person:maya-chen')).toMatchObject({ id: status!.result!.recordId });

    expect(await crm.plan('look-1', 'hubspot')).toMatchObject({ action: 'skip', match: { by: 'remembered' } });
    await crm.push('look-1', 'hubspot', []);
    await crm.drain();
    expect(hs.state.contacts.size).toBe(1);
    expect((await readHistory()).filter((e) => e.op === 'crmPush')).toHaveLength(2);
  });

  it('a lookup’s email gone stale: the plan names it, the push waits for the user’s confirmation, nothing reaches the CRM before', async () => {
    const crm = service();
    await crm.connect({ kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hs.origin });
    await appendHistory(lookup('look-old', mayaEnrichment()), 100);
    // The lookup was made 200 days ago: its work email is past the emails' 180 days.
    clock = AT + 200 * 86_400_000;
    const plan = await crm.plan('look-old', 'hubspot');
    expect(plan.stale).toEqual([{ address: 'maya.chen@northwind-analytics.example', at: AT }]);
    await expect(crm.push('look-old', 'hubspot', [])).rejects.toMatchObject({ kind: 'stale_email', message: expect.stringContaining('maya.chen@northwind-analytics.example, found 7 months ago') });
    await crm.drain();
    expect(await crm.pushStatus('look-old')).toEqual([]);
    expect(hs.state.contacts.size).toBe(0);
    await crm.push('look-old', 'hubspot', [], true);
    await crm.drain();
    expect(hs.state.contacts.size).toBe(1);
    // A fresh lookup plans and pushes as before.
    await appendHistory(lookup('look-new', mayaEnrichment()), 100);
    expect((await crm.plan('look-new', 'hubspot')).stale).toEqual([]);
  });

  it('"already in your CRM" is answered from the page alone, with an http(s) link', async () => {
    const crm = service();
    await crm.connect({ kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hs.origin });
    const before = await crm.check({ profileUrl: 'https://www.linkedin.com/in/maya-chen/', fullName: 'Maya Chen', company: 'Northwind Analytics' });
    expect(before).toEqual([{ target: 'hubspot', label: 'HubSpot', state: 'not_in_crm', recordUrl: null, message: null }]);
    const existing = hs.state.seed('contacts', { firstname: 'Maya', lastname: 'Chen', company: 'Northwind Analytics' });
    const after = await crm.check({ profileUrl: 'https://www.linkedin.com/in/maya-chen/?trk=x', fullName: 'Maya Chen', company: 'Northwind Analytics' });
    expect(after[0]).toMatchObject({ state: 'in_crm', recordUrl: `https://app.hubspot.com/contacts/${HUBSPOT_PORTAL_ID}/record/0-1/${existing.id}` });
  });

  it('a refused token shows as "unknown" with HubSpot’s message, not as "not in your CRM"', async () => {
    const crm = service();
    await crm.connect({ kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hs.origin });
    hs.state.tokens.clear();
    const [result] = await crm.check({ profileUrl: 'https://www.linkedin.com/in/maya-chen/' });
    expect(result).toMatchObject({ state: 'unknown', message: expect.stringMatching(/Authentication credentials not found/) });
  });

  it('pushes automatically after an enrichment when the user turned it on, and only then', async () => {
    const crm = service();
    await crm.connect({ kind: 'webhook', url: hook.url, secret: WEBHOOK_SECRET });
    hook.deliveries.splice(0);
    await crm.afterLookupRecorded(lookup('look-1', mayaEnrichment()));
    expect(hook.deliveries).toHaveLength(0);
    await crm.saveSettings(['webhook', 'pipedrive']);
    expect((await crm.connections()).settings).toEqual({ autoPush: ['webhook'] });
    await crm.afterLookupRecorded(lookup('look-2', mayaEnrichment(), 'cached'));
    expect(hook.accepted()).toHaveLength(1);
    expect((await readOutbox())[0]).toMatchObject({ auto: true, state: 'delivered' });
    // Misses and other operations are not people to push.
    await crm.afterLookupRecorded({ ...lookup('look-3', mayaEnrichment()), outcome: 'miss' });
    const { result: _enrichment, ...look4 } = lookup('look-4', mayaEnrichment());
    const email = { address: 'maya.chen@northwind-analytics.example', status: 'verified' as const, verified: true };
    await crm.afterLookupRecorded({ ...look4, op: 'findWorkEmail', result: { status: 'verified', email, candidates: [], patterns: [], extra: {} } });
    expect(hook.deliveries).toHaveLength(1);
  });

  it('a retry is scheduled on an alarm that survives the worker', async () => {
    const crm = createCrmService({ readHistory, readHistoryEntries, appendHistory: (e) => appendHistory(e, 10_000), now: () => clock, newId: () => `id-${++ids}` });
    await crm.connect({ kind: 'webhook', url: hook.url, secret: WEBHOOK_SECRET });
    await appendHistory(lookup('look-1', mayaEnrichment()), 100);
    hook.control.mode = '503';
    await crm.push('look-1', 'webhook', []);
    await crm.drain();
    const [item] = await readOutbox();
    expect(item!.state).toBe('retrying');
    expect(await fakeBrowser.alarms.get(CRM_OUTBOX_ALARM)).toMatchObject({ scheduledTime: item!.nextAttemptAt });
    hook.control.mode = 'up';
    clock = item!.nextAttemptAt;
    crm.onAlarm(CRM_OUTBOX_ALARM);
    await expect.poll(async () => (await readOutbox())[0]?.state).toBe('delivered');
    await deleteCrmData();
    expect(await readOutbox()).toEqual([]);
    expect(await crmConnectionsItem.getValue()).toEqual({});
  });

  it('exports the people of chosen lookups as vCard or CSV', async () => {
    const crm = service();
    await appendHistory(lookup('look-1', mayaEnrichment()), 100);
    await appendHistory(lookup('look-2', emilieEnrichment()), 100);
    const vcard = await crm.export(['look-1', 'look-2'], 'vcard');
    expect(vcard).toMatchObject({ mimeType: 'text/vcard', filename: 'dossier-contacts-2026-01-15.vcf' });
    expect(vcard.content.match(/BEGIN:VCARD/g)).toHaveLength(2);
    expect(await crm.export(['look-1'], 'csv')).toMatchObject({ filename: 'maya-chen.csv', mimeType: 'text/csv' });
    await expect(crm.export(['nope'], 'csv')).rejects.toBeInstanceOf(CrmRefusal);
    expect((await crm.enrichedPeople(10)).map((p) => p.name)).toEqual(['Émilie Lefèvre', 'Maya Chen']);
  });

  it('refuses to push what is not a person enrichment, or to a CRM that is not connected', async () => {
    const crm = service();
    await appendHistory({ ...lookup('look-1', mayaEnrichment()), outcome: 'miss' }, 100);
    await expect(crm.plan('look-1', 'hubspot')).rejects.toThrow(/Only a person enrichment/);
    await appendHistory(lookup('look-2', mayaEnrichment()), 100);
    await expect(crm.push('look-2', 'hubspot', [])).rejects.toThrow(/HubSpot is not connected/);
  });

  it('no CRM message is one a content script may send: only Dossier’s pages check, plan, push or export', () => {
    for (const name of Object.keys(crmMessageSchemas) as (keyof typeof crmMessageSchemas)[]) expect(CONTENT_SCRIPT_MESSAGES.has(name)).toBe(false);
  });
});
