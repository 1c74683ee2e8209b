import { createHubspotAdapter } from '@/lib/crm/worker/hubspot/adapter';
import { HUBSPOT_TOKEN, startHubspotEmulator } from '@/test/emulators/hubspot';
import { crmContractSuite } from '@/test/unit/crm/contract/suite';

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
