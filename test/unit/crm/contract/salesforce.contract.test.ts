import type { SalesforceConnection } from '@/lib/crm/connection';
import { createSalesforceAdapter } from '@/lib/crm/worker/salesforce/adapter';
import { startSalesforceEmulator } from '@/test/emulators/salesforce';
import { connectSalesforce } from '@/test/unit/crm/salesforce-connect';
import { crmContractSuite } from '@/test/unit/crm/contract/suite';

let sf: Awaited<ReturnType<typeof startSalesforceEmulator>>;
let connection: SalesforceConnection;
let learnt: Record<string, unknown> = {};

const people = () => [...sf.state.records.Lead.values(), ...sf.state.records.Contact.values()];

crmContractSuite({
  name: 'Salesforce',
  searches: true,
  refreshesTokens: true,
  start: async () => void (sf = await startSalesforceEmulator()),
  stop: () => sf.server.close(),
  async reset() {
    sf.state.reset();
    sf.control.reset();
    sf.state.addCustomField('Lead', 'LinkedIn_URL__c', 'LinkedIn URL');
    connection = await connectSalesforce(sf.origin, 'lead');
    learnt = {};
  },
  async adapter({ retry, token = 'valid' } = {}) {
    const connect = (c: SalesforceConnection) => createSalesforceAdapter({ ...c, ...learnt } as SalesforceConnection, { learn: async (p) => void Object.assign(learnt, p), now: () => 0, retry });
    await connect(connection).test();
    // A refused connection: the access token and the refresh token both revoked or wrong.
    return token === 'valid' ? connect(connection) : connect({ ...connection, ...learnt, token: '00Dwrong!AQwrongtoken', refreshToken: '5Aep8wrongrefreshtoken' });
  },
  people: async () => people().length,
  async personValues() {
    const [record] = people();
    return record ? { email: record.Email as string | undefined, jobTitle: record.Title as string | undefined } : null;
  },
  fault: (fault) => sf.control.faults.push(fault),
  // Salesforce's concurrent long-request limit: a minute, the safe reading. Its 24-hour allowance spent answers 403 TotalRequests: an hour at a time.
  rateLimitWaitMs: 60_000,
  dailyAllowance: { status: 403, waitMs: 3_600_000 },
  createRequest: { path: '/sobjects/Lead/', method: 'POST' },
  notes: { count: async () => sf.state.records.Task.size, createRequest: { path: '/sobjects/Task', method: 'POST' } },
  expireToken: () => sf.state.expireSessions(),
  // The rule sees a Lead the user's queries do not (a sharing rule hides it): DUPLICATES_DETECTED names it.
  async seedUnsearchableDuplicate(who) {
    const record = sf.state.seed('Lead', { LastName: 'Chen', Company: 'Northwind Analytics', Email: who.emails[0]!.address });
    sf.state.unsearchable.add(record.Id);
  },
});
