import { createCloseAdapter } from '@/lib/crm/worker/close/adapter';
import { CLOSE_API_KEY, PERIOD_RESET, startCloseEmulator } from '@/test/emulators/close';
import { crmContractSuite } from '@/test/unit/crm/contract/suite';

let close: Awaited<ReturnType<typeof startCloseEmulator>>;

crmContractSuite({
  name: 'Close',
  searches: true,
  refreshesTokens: false,
  start: async () => void (close = await startCloseEmulator()),
  stop: () => close.server.close(),
  async reset() {
    close.state.reset();
    close.control.reset();
  },
  async adapter({ retry, token = 'valid' } = {}) {
    const connect = (key: string) => createCloseAdapter({ kind: 'close', token: key, apiBase: close.origin }, { learn: async () => {}, now: () => 0, retry });
    await connect(CLOSE_API_KEY).test();
    return connect(token === 'valid' ? CLOSE_API_KEY : 'api_wrong0000000000000000.key');
  },
  people: async () => close.state.contacts.size,
  async personValues() {
    const [contact] = [...close.state.contacts.values()];
    return contact ? { email: contact.emails[0]?.email, jobTitle: contact.title || undefined } : null;
  },
  fault: (fault) => close.control.faults.push(fault),
  // Close's `ratelimit` header says when its period resets.
  rateLimitWaitMs: PERIOD_RESET * 1_000,
  createRequest: { path: '/api/v1/contact/', method: 'POST' },
  notes: { count: async () => close.state.notes.size, createRequest: { path: '/api/v1/activity/note/', method: 'POST' } },
  // Close API keys do not expire; a revoked key is what this CRM's "expired" looks like.
  expireToken: () => close.state.keys.clear(),
  // Close has no duplicate rule on contacts; what stands in for it is the lead's own contact list,
  // read before any create: a contact on the company's lead that search has not indexed yet.
  async seedUnsearchableDuplicate(who) {
    const lead = close.state.seedLead({ name: who.company!.name! });
    close.state.indexLag = true;
    close.state.seedContact({ lead_id: lead.id, name: 'M. Chen', emails: [{ email: who.emails[0]!.address, type: 'office' }] });
    close.state.indexLag = false;
  },
});
