import type { ZohoConnection } from '@/lib/crm/connection';
import { createZohoAdapter, PROFILE_FIELD } from '@/lib/crm/worker/zoho/adapter';
import { startZohoEmulator } from '@/test/emulators/zoho';
import { connectZoho } from '@/test/unit/crm/zoho-connect';
import { crmContractSuite } from '@/test/unit/crm/contract/suite';

let zoho: Awaited<ReturnType<typeof startZohoEmulator>>;
let connection: ZohoConnection;
let learnt: Record<string, unknown> = {};

const people = () => [...zoho.state.records.Leads.values(), ...zoho.state.records.Contacts.values()];

crmContractSuite({
  name: 'Zoho CRM',
  searches: true,
  refreshesTokens: true,
  start: async () => void (zoho = await startZohoEmulator()),
  stop: () => zoho.server.close(),
  async reset() {
    zoho.state.reset();
    zoho.control.reset();
    zoho.state.addCustomField('Leads', PROFILE_FIELD, 'LinkedIn URL', 'website', true);
    connection = await connectZoho(zoho.origin, 'lead');
    learnt = {};
  },
  async adapter({ retry, token = 'valid' } = {}) {
    const connect = (c: ZohoConnection) => createZohoAdapter({ ...c, ...learnt } as ZohoConnection, { learn: async (p) => void Object.assign(learnt, p), now: () => 0, retry });
    await connect(connection).test();
    // A refused connection: the access token and the refresh token both revoked or wrong.
    return token === 'valid' ? connect(connection) : connect({ ...connection, ...learnt, token: '1000.wrongaccesstoken.0000', refreshToken: '1000.wrongrefreshtoken.0000' });
  },
  people: async () => people().length,
  async personValues() {
    const [record] = people();
    return record ? { email: record.Email as string | undefined, jobTitle: (record.Designation ?? record.Title) as string | undefined } : null;
  },
  fault: (fault) => zoho.control.faults.push(fault),
  // Zoho documents no Retry-After and no window: a minute, the safe reading.
  rateLimitWaitMs: 60_000,
  createRequest: { path: '/Leads/upsert', method: 'POST' },
  notes: { count: async () => zoho.state.notes.size, createRequest: { path: '/Notes', method: 'POST' } },
  expireToken: () => zoho.state.expireAccessTokens(),
  // Zoho's search index has not seen a Lead yet; the upsert's duplicate check on Email does.
  async seedUnsearchableDuplicate(who) {
    const record = zoho.state.seed('Leads', { Last_Name: 'Chen', Company: 'Northwind Analytics', Email: who.emails[0]!.address });
    zoho.state.unsearchable.add(record.id);
  },
});
