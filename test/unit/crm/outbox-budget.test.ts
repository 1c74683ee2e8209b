import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { PipedriveConnection } from '@/lib/crm/connection';
import { createPipedriveAdapter } from '@/lib/crm/worker/pipedrive/adapter';
import { createOutboxRunner, type OutboxDeps } from '@/lib/crm/worker/outbox/runner';
import { DEFAULT_BACKOFF } from '@/lib/crm/worker/outbox/backoff';
import { readOutbox, updateOutbox } from '@/lib/crm/outbox/store';
import { PIPEDRIVE_DOMAIN, PIPEDRIVE_TOKEN, startPipedriveEmulator } from '@/test/emulators/pipedrive';
import { contact, instantRetry } from '@/test/unit/crm/fixtures';

let pd: Awaited<ReturnType<typeof startPipedriveEmulator>>;
let clock = 0;
let learnt: Record<string, unknown> = {};

const HOUR = 3_600_000;
/** A Sunday afternoon, UTC: the budget is spent at 14:00, Pipedrive's day turns at midnight UTC. */
const SPENT_AT = Date.UTC(2026, 10, 29, 14, 0, 0);
const NEXT_DAY = Date.UTC(2026, 10, 30, 0, 0, 0);

function connection(): PipedriveConnection {
  return { kind: 'pipedrive', token: PIPEDRIVE_TOKEN, domain: PIPEDRIVE_DOMAIN, apiBase: pd.origin, ...learnt } as PipedriveConnection;
}

function runner() {
  let ids = 0;
  const deps: OutboxDeps = {
    read: readOutbox,
    update: (change) => updateOutbox(change, clock),
    adapterFor: async () => createPipedriveAdapter(connection(), { learn: async (p) => void Object.assign(learnt, p), now: () => clock, retry: instantRetry() }),
    remembered: async () => null,
    remember: async () => {},
    report: async () => {},
    schedule: () => {},
    now: () => clock,
    newId: () => `item-${++ids}`,
    random: () => 0.5,
  };
  return createOutboxRunner(deps);
}

beforeAll(async () => {
  pd = await startPipedriveEmulator();
});
afterAll(() => pd.server.close());
beforeEach(async () => {
  fakeBrowser.reset();
  pd.state.reset();
  pd.control.reset();
  learnt = {};
  clock = SPENT_AT;
  await createPipedriveAdapter(connection(), { learn: async (p) => void Object.assign(learnt, p), now: () => clock }).test();
  pd.control.reset();
});

describe('CRM outbox: a spent daily allowance', () => {
  it('holds every other push to that CRM until the allowance renews: one request learns it is spent, not one per push each hour', async () => {
    for (let i = 0; i < 5; i += 1) pd.control.faults.push({ kind: '429', retryAfter: null, daily: true });
    const outbox = runner();
    const people = [contact(), contact(), contact()];
    people.forEach((person, n) => {
      person.emails = [{ ...person.emails[0]!, address: `person${n}@northwind-analytics.example` }];
      person.identity = `email:person${n}@northwind-analytics.example`;
      person.profileUrl = `https://www.linkedin.com/in/person-${n}/`;
    });
    for (const person of people) await outbox.enqueue({ target: 'pipedrive', contact: person, overwrite: [] });
    await outbox.drain();
    expect(pd.control.log.filter((r) => r.status === 429)).toHaveLength(1);
    const waiting = await readOutbox();
    expect(waiting.map((item) => item.state)).toEqual(['retrying', 'retrying', 'retrying']);
    expect(waiting.every((item) => item.nextAttemptAt === NEXT_DAY && item.lastError?.budget === 'daily' && item.attempts === 0)).toBe(true);

    // Midnight UTC, still spent: again one request, not three.
    clock = NEXT_DAY;
    await outbox.drain();
    expect(pd.control.log.filter((r) => r.status === 429)).toHaveLength(2);
    expect((await readOutbox()).every((item) => item.nextAttemptAt === NEXT_DAY + HOUR)).toBe(true);
  });

  it('gives up after a week of waiting for allowances, and says so', async () => {
    for (let i = 0; i < 400; i += 1) pd.control.faults.push({ kind: '429', retryAfter: null, daily: true });
    const outbox = runner();
    await outbox.enqueue({ target: 'pipedrive', contact: contact(), overwrite: [] });
    await outbox.drain();
    for (let hops = 0; hops < 200 && (await readOutbox())[0]!.state === 'retrying'; hops += 1) {
      clock = (await readOutbox())[0]!.nextAttemptAt;
      await outbox.drain();
    }
    const [item] = await readOutbox();
    expect(item).toMatchObject({ state: 'failed' });
    expect(clock - SPENT_AT).toBeGreaterThanOrEqual(7 * 24 * HOUR);
    expect(clock - SPENT_AT).toBeLessThan(8 * 24 * HOUR);
  });

  it('Pipedrive’s daily budget spent: the push waits for the next day (midnight UTC), then hourly, never counting an attempt nor giving up; delivered once the budget is back', async () => {
    // More refusals than the outbox's attempts: a push that counted them would fail for good.
    const refusals = DEFAULT_BACKOFF.maxAttempts + 2;
    for (let i = 0; i < refusals; i += 1) pd.control.faults.push({ kind: '429', retryAfter: null, daily: true });
    const outbox = runner();
    await outbox.enqueue({ target: 'pipedrive', contact: contact(), overwrite: [] });
    await outbox.drain();

    const [waiting] = await readOutbox();
    expect(waiting).toMatchObject({ state: 'retrying', attempts: 0, nextAttemptAt: NEXT_DAY, lastError: { kind: 'rate_limited', status: 429, budget: 'daily' } });
    expect(waiting!.lastError!.message).toMatch(/^Pipedrive’s API allowance is used up: this push waits until it renews, trying again in 10 h/);

    for (let refused = 1; refused < refusals; refused += 1) {
      clock = (await readOutbox())[0]!.nextAttemptAt;
      await outbox.drain();
      // Still spent after midnight UTC (the company's day turns later): looked at again each hour.
      expect((await readOutbox())[0]).toMatchObject({ state: 'retrying', attempts: 0, nextAttemptAt: clock + HOUR });
    }

    clock = (await readOutbox())[0]!.nextAttemptAt;
    await outbox.drain();
    expect((await readOutbox())[0]).toMatchObject({ state: 'delivered', attempts: 1, lastError: null });
    expect([...pd.state.persons.values()].filter((p) => !p.is_deleted)).toHaveLength(1);
  });

  it('a 429 within the day’s allowance is still a counted attempt, said as a slow-down with its wait', async () => {
    pd.control.faults.push({ kind: '429', retryAfter: null, path: '/api/v2/persons', method: 'POST' });
    const outbox = runner();
    await outbox.enqueue({ target: 'pipedrive', contact: contact(), overwrite: [] });
    await outbox.drain();
    const [item] = await readOutbox();
    expect(item).toMatchObject({ state: 'retrying', attempts: 1, nextAttemptAt: clock + 2_000 });
    expect(item!.lastError!.message).toMatch(/^Pipedrive asked Dossier to slow down; retrying in 2 s\. /);
    expect(item!.lastError!.budget).toBeUndefined();
  });
});
