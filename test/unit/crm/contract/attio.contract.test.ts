import { createAttioAdapter } from '@/lib/crm/worker/attio/adapter';
import { ATTIO_TOKEN, firstValue, startAttioEmulator } from '@/test/emulators/attio';
import { crmContractSuite } from '@/test/unit/crm/contract/suite';

let at: Awaited<ReturnType<typeof startAttioEmulator>>;
let learnt: Record<string, unknown> = {};

const people = () => at.state.list('people');

crmContractSuite({
  name: 'Attio',
  searches: true,
  refreshesTokens: false,
  start: async () => void (at = await startAttioEmulator()),
  stop: () => at.server.close(),
  async reset() {
    at.state.reset();
    at.control.reset();
    learnt = {};
  },
  async adapter({ retry, token = 'valid' } = {}) {
    const connect = (t: string) => createAttioAdapter({ kind: 'attio', token: t, apiBase: at.origin, ...learnt }, { learn: async (p) => void Object.assign(learnt, p), now: () => 0, retry });
    await connect(ATTIO_TOKEN).test();
    return connect(token === 'valid' ? ATTIO_TOKEN : 'attio-wrong-key-0000000000000000');
  },
  people: async () => people().length,
  async personValues() {
    const [record] = people();
    return record ? { email: firstValue(record, 'email_addresses', 'email_address'), jobTitle: firstValue(record, 'job_title', 'value') } : null;
  },
  fault: (fault) => at.control.faults.push(fault),
  // The assert of a person keyed by email: a fault on it plays "created, answer lost".
  // Attio's limits are per second (its Retry-After is "usually the following second").
  rateLimitWaitMs: 1_000,
  createRequest: { path: '/v2/objects/people/records?matching_attribute=', method: 'PUT' },
  notes: { count: async () => at.state.notes.size, createRequest: { path: '/v2/notes', method: 'POST' } },
  expireToken: () => at.state.tokens.clear(),
  // Someone filed the person between Dossier's match and its push (the query did not return it):
  // the assert keyed by email lands on that record.
  async seedUnsearchableDuplicate(who) {
    const record = at.state.seed('people', { email_addresses: [who.emails[0]!.address], name: [{ first_name: 'M.', last_name: 'Chen', full_name: 'M. Chen' }] });
    at.state.unsearchable.add(record.id);
  },
});
