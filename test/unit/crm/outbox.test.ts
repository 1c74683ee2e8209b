import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { vault } from '@/lib/platform/storage/vault';
import type { CrmAdapter } from '@/lib/crm/worker/adapter';
import { adapterFor } from '@/lib/crm/worker/adapters';
import type { HubspotConnection } from '@/lib/crm/connection';
import { createOutboxRunner, type OutboxDeps } from '@/lib/crm/worker/outbox/runner';
import type { OutboxItem } from '@/lib/crm/outbox/schema';
import { outboxItem, readOutbox, updateOutbox } from '@/lib/crm/outbox/store';
import { HUBSPOT_PORTAL_ID, HUBSPOT_TOKEN, startHubspotEmulator } from '@/test/emulators/hubspot';
import { contact, instantRetry } from '@/test/unit/crm/fixtures';

type Emulator = Awaited<ReturnType<typeof startHubspotEmulator>>;
let hs: Emulator;
let clock = 1_000_000;
let ids = 0;

interface Harness {
  runner: ReturnType<typeof createOutboxRunner>;
  scheduled: (number | null)[];
  reported: OutboxItem[];
  remembered: Map<string, string>;
}

function connection(token = HUBSPOT_TOKEN): HubspotConnection {
  return { kind: 'hubspot', token, apiBase: hs.origin, portalId: HUBSPOT_PORTAL_ID };
}

/** One "worker": its own runner (and in-memory state) over the shared extension storage. */
function worker(options: { token?: string; wrap?: (adapter: CrmAdapter) => CrmAdapter; remembered?: Map<string, string> } = {}): Harness {
  const scheduled: (number | null)[] = [];
  const reported: OutboxItem[] = [];
  const remembered = options.remembered ?? new Map<string, string>();
  const deps: OutboxDeps = {
    read: readOutbox,
    update: (change) => updateOutbox(change, clock),
    adapterFor: async () => {
      const adapter = adapterFor(connection(options.token), { learn: async () => {}, now: () => clock, retry: instantRetry() });
      return options.wrap ? options.wrap(adapter) : adapter;
    },
    remembered: async (target, who) => remembered.get(`${target}|${who}`) ?? null,
    remember: async (target, who, result) => void remembered.set(`${target}|${who}`, result.recordId),
    report: async (item) => void reported.push(item),
    schedule: (at) => void scheduled.push(at),
    now: () => clock,
    newId: () => `item-${++ids}`,
    random: () => 0.5,
  };
  return { runner: createOutboxRunner(deps), scheduled, reported, remembered };
}

beforeAll(async () => {
  hs = await startHubspotEmulator();
});
afterAll(() => hs.server.close());
beforeEach(async () => {
  fakeBrowser.reset();
  hs.state.reset();
  hs.control.reset();
  clock = 1_000_000;
  // The property Dossier creates on connect.
  hs.state.contactProperties.set('dossier_profile_url', { name: 'dossier_profile_url', label: 'Profile URL', type: 'string', fieldType: 'text', groupName: 'contactinformation', hasUniqueValue: true });
});

describe('CRM outbox', () => {
  it('delivers a push and remembers the record; the outbox is kept in extension storage', async () => {
    const w = worker();
    const queued = await w.runner.enqueue({ target: 'hubspot', contact: contact(), overwrite: [] });
    expect((await outboxItem.getValue())?.length).toBe(1);
    await w.runner.drain();
    const [item] = await readOutbox();
    expect(item).toMatchObject({ id: queued.id, state: 'delivered', attempts: 1, result: { action: 'created' } });
    expect(w.remembered.get('hubspot|person:maya-chen')).toBe(item!.result!.recordId);
    expect(w.reported.map((r) => r.state)).toEqual(['delivered']);
    expect(w.scheduled.at(-1)).toBeNull();
  });

  it('5xx and a refused connection are retried with growing delays, then delivered exactly once', async () => {
    const w = worker();
    hs.control.mode = '503';
    await w.runner.enqueue({ target: 'hubspot', contact: contact(), overwrite: [] });
    await w.runner.drain();
    let [item] = await readOutbox();
    expect(item).toMatchObject({ state: 'retrying', attempts: 1, lastError: { kind: 'unavailable', status: 503 } });
    // 3 s base, half-jittered with random() = 0.5: 2.25 s.
    expect(item!.nextAttemptAt - clock).toBe(2_250);
    expect(w.scheduled.at(-1)).toBe(item!.nextAttemptAt);

    await w.runner.drain();
    expect((await readOutbox())[0]!.attempts).toBe(1);

    hs.control.mode = 'up';
    await hs.server.refuse();
    clock = item!.nextAttemptAt;
    await w.runner.drain();
    [item] = await readOutbox();
    expect(item).toMatchObject({ state: 'retrying', attempts: 2, lastError: { kind: 'network' } });
    expect(item!.nextAttemptAt - clock).toBe(4_500);

    await hs.server.resume();
    clock = item!.nextAttemptAt;
    await w.runner.drain();
    expect((await readOutbox())[0]).toMatchObject({ state: 'delivered', attempts: 3 });
    expect(hs.state.contacts.size).toBe(1);
    expect(hs.state.notes.size).toBe(1);
  });

  it('a 429 longer than a quick retry is honoured by the schedule: next attempt exactly at Retry-After', async () => {
    const w = worker();
    hs.control.faults.push({ kind: '429', retryAfter: 120 });
    await w.runner.enqueue({ target: 'hubspot', contact: contact(), overwrite: [] });
    await w.runner.drain();
    const [item] = await readOutbox();
    expect(item).toMatchObject({ state: 'retrying', lastError: { kind: 'rate_limited', status: 429 } });
    expect(item!.nextAttemptAt).toBe(clock + 120_000);
  });

  it('a permanent error is kept with the CRM’s own message until the user fixes it and retries', async () => {
    const bad = worker({ token: 'pat-na1-revoked-token' });
    await bad.runner.enqueue({ target: 'hubspot', contact: contact(), overwrite: [] });
    await bad.runner.drain();
    const [failed] = await readOutbox();
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, lastError: { kind: 'auth', status: 401 } });
    expect(failed!.lastError!.message).toMatch(/^Authentication credentials not found/);
    expect(bad.reported.map((r) => r.state)).toEqual(['failed']);
    clock += 3_600_000;
    await bad.runner.drain();
    expect((await readOutbox())[0]!.state).toBe('failed');

    const fixed = worker();
    await fixed.runner.retry(failed!.id);
    await fixed.runner.drain();
    expect((await readOutbox())[0]).toMatchObject({ state: 'delivered', lastError: null });
    expect(hs.state.contacts.size).toBe(1);
  });

  it('retries that run out are kept as failed, saying so, rather than dropped', async () => {
    const w = worker();
    hs.control.mode = '503';
    await w.runner.enqueue({ target: 'hubspot', contact: contact(), overwrite: [] });
    for (let i = 0; i < 10; i++) {
      await w.runner.drain();
      clock = (await readOutbox())[0]!.nextAttemptAt;
    }
    const [item] = await readOutbox();
    expect(item).toMatchObject({ state: 'failed', attempts: 10 });
    expect(item!.lastError!.message).toMatch(/tried 10 times and stopped/);
  });

  it('a worker stopped mid-push: the next worker resumes from the saved progress, with no second record or note', async () => {
    // The first worker is stopped right after HubSpot created the contact: the rest never runs.
    const first = worker({
      wrap: (adapter) => ({
        ...adapter,
        apply: (plan, who, context) =>
          adapter.apply(plan, who, { ...context, save: async (progress) => (await context.save(progress), progress.contactDone ? new Promise<never>(() => {}) : undefined) }),
      }),
    });
    await first.runner.enqueue({ target: 'hubspot', contact: contact(), overwrite: [] });
    void first.runner.drain();
    await expect.poll(async () => (await readOutbox())[0]?.progress.contactDone).toBe(true);
    expect((await readOutbox())[0]!.state).toBe('sending');
    expect(hs.state.notes.size).toBe(0);

    const second = worker();
    await second.runner.drain();
    expect((await readOutbox())[0]).toMatchObject({ state: 'delivered', attempts: 2, result: { action: 'created' } });
    expect(hs.state.contacts.size).toBe(1);
    expect(hs.state.companies.size).toBe(1);
    expect(hs.state.notes.size).toBe(1);
  });

  it('a worker stopped after the create was sent but before its answer was saved: the retry matches again, no duplicate', async () => {
    const first = worker();
    await first.runner.enqueue({ target: 'hubspot', contact: contact(), overwrite: [] });
    // What that worker achieved before it stopped: the contact exists, the outbox knows nothing.
    hs.state.seed('contacts', { email: 'maya.chen@northwind-analytics.example', firstname: 'Maya' });
    await updateOutbox((items) => ({ items: items.map((i) => ({ ...i, state: 'sending' as const, attempts: 1 })), result: null }), clock);

    await worker().runner.drain();
    expect((await readOutbox())[0]).toMatchObject({ state: 'delivered', result: { action: 'updated' } });
    expect(hs.state.contacts.size).toBe(1);
  });

  it('one pending push per person and CRM; a failed one can be dropped', async () => {
    const w = worker({ token: 'pat-na1-revoked-token' });
    await w.runner.enqueue({ target: 'hubspot', contact: contact(), overwrite: [] });
    await w.runner.drain();
    await w.runner.enqueue({ target: 'hubspot', contact: { ...contact(), jobTitle: 'CTO' }, overwrite: ['jobTitle'] });
    const items = await readOutbox();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ state: 'queued', attempts: 0, overwrite: ['jobTitle'], contact: { jobTitle: 'CTO' } });
    expect(await w.runner.drop(items[0]!.id)).toBe(true);
    expect(await readOutbox()).toEqual([]);
  });

  it('entries that no longer parse are set aside, not lost', async () => {
    await outboxItem.setValue([{ id: 'broken' }]);
    await worker().runner.enqueue({ target: 'hubspot', contact: contact(), overwrite: [] });
    expect(await readOutbox()).toHaveLength(1);
    expect(await vault.get('crmOutboxQuarantine')).toEqual({ crmOutboxQuarantine: [{ id: 'broken' }] });
  });
});
