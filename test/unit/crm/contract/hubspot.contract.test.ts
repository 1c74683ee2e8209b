import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHubspotAdapter } from '@/lib/crm/worker/hubspot/adapter';
import { HUBSPOT_TOKEN, startHubspotEmulator } from '@/test/emulators/hubspot';
import { crmContractSuite } from '@/test/unit/crm/contract/suite';
import { pushUntilSettled } from '@/test/unit/crm/contract/harness';
import { contact, instantRetry } from '@/test/unit/crm/fixtures';

let hs: Awaited<ReturnType<typeof startHubspotEmulator>>;
let learnt: Record<string, unknown> = {};

crmContractSuite({
  name: 'HubSpot',
  searches: true,
  refreshesTokens: false,
  start: async () => void (hs = await startHubspotEmulator()),
  stop: () => hs.server.close(),
  async reset() {
    hs.state.reset();
    hs.control.reset();
    learnt = {};
  },
  async adapter({ retry, token = 'valid' } = {}) {
    const connect = (t: string) => createHubspotAdapter({ kind: 'hubspot', token: t, apiBase: hs.origin, ...learnt }, { learn: async (p) => void Object.assign(learnt, p), now: () => 0, retry });
    await connect(HUBSPOT_TOKEN).test();
    return connect(token === 'valid' ? HUBSPOT_TOKEN : 'pat-na1-wrong-token-0000');
  },
  people: async () => hs.state.contacts.size,
  async personValues() {
    const [record] = [...hs.state.contacts.values()];
    return record ? { email: record.properties.email, jobTitle: record.properties.jobtitle } : null;
  },
  fault: (fault) => hs.control.faults.push(fault),
  // HubSpot sends no Retry-After: X-HubSpot-RateLimit-Interval-Milliseconds says its 10-second interval. Its daily allowance renews at midnight (the account's time zone, unknown: midnight UTC first).
  rateLimitWaitMs: 10_000,
  dailyAllowance: { status: 429, waitMs: 86_400_000 },
  createRequest: { path: '/contacts/batch/upsert', method: 'POST' },
  notes: { count: async () => hs.state.notes.size, createRequest: { path: '/crm/v3/objects/notes', method: 'POST' } },
  expireToken: () => hs.state.tokens.clear(),
  // The record has the email, but the search (an index that lags in HubSpot) does not see it yet:
  // the upsert keyed by email writes to it.
  async seedUnsearchableDuplicate(who) {
    const record = hs.state.seed('contacts', { email: who.emails[0]!.address, firstname: 'M.' });
    hs.state.unsearchable.add(record.id);
  },
});

describe('HubSpot: the contract as HubSpot’s own search reads it', () => {
  let own: Awaited<ReturnType<typeof startHubspotEmulator>>;
  beforeAll(async () => void (own = await startHubspotEmulator()));
  afterAll(() => own.server.close());
  beforeEach(() => {
    own.state.reset();
    own.control.reset();
  });

  it("HubSpot's note retry finding the note by its timestamp", async () => {
    // A real clock, milliseconds included: the retry must find the note by this very instant.
    const now = 1_780_000_000_123;
    const kept: Record<string, unknown> = {};
    const connect = () => createHubspotAdapter({ kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: own.origin, ...kept }, { learn: async (p) => void Object.assign(kept, p), now: () => now, retry: instantRetry() });
    await connect().test();
    own.control.faults.push({ kind: 'lost', path: '/crm/v3/objects/notes', method: 'POST' });
    const { result, errors } = await pushUntilSettled(connect(), contact());
    expect(result.ok).toBe(true);
    expect(errors.length).toBeGreaterThan(0);
    expect(own.state.notes.size).toBe(1);
    expect([...own.state.notes.values()][0]!.properties.hs_timestamp).toBe(new Date(now).toISOString());
    const searched = own.control.log.filter((r) => r.path === '/crm/v3/objects/notes/search').map((r) => JSON.parse(r.body) as { filterGroups: { filters: { propertyName: string; value: string }[] }[] });
    expect(searched.flatMap((b) => b.filterGroups.flatMap((g) => g.filters)).find((f) => f.propertyName === 'hs_timestamp')?.value).toBe(String(now));
  });
});
