import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SalesforceConnection } from '@/lib/crm/connection';
import { createSalesforceAdapter } from '@/lib/crm/worker/salesforce/adapter';
import { startSalesforceEmulator } from '@/test/emulators/salesforce';
import { connectSalesforce } from '@/test/unit/crm/salesforce-connect';
import { contact, instantRetry } from '@/test/unit/crm/fixtures';
import { pushUntilSettled } from '@/test/unit/crm/contract/harness';
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

/**
 * The app's consumer secret, as Salesforce asks for it: an External Client App is made with
 * "Require secret for Web Server Flow" and "Require secret for Refresh Token Flow" on, and the
 * admin may turn either off. The suite above connects with the secret, as a new org's app needs.
 */
describe('Salesforce: the app’s consumer secret on the code exchange and the refresh', () => {
  let org: Awaited<ReturnType<typeof startSalesforceEmulator>>;
  const adapterFor = (connection: SalesforceConnection) => createSalesforceAdapter(connection, { learn: async () => undefined, now: () => 0, retry: instantRetry() });

  beforeAll(async () => void (org = await startSalesforceEmulator()));
  afterAll(() => org.server.close());
  beforeEach(() => {
    org.state.reset();
    org.control.reset();
  });

  it('connect with the secret the app requires, push, and an expired session renewed with it: one record', async () => {
    const crm = adapterFor(await connectSalesforce(org.origin));
    org.state.expireSessions();
    const { result } = await pushUntilSettled(crm, contact());
    expect(result).toMatchObject({ ok: true, value: { action: 'created' } });
    expect(org.state.records.Lead.size).toBe(1);
    // The first grant, then the refresh: both answered only because the secret went with them.
    expect(org.state.sessions).toHaveLength(2);
  });

  it('connect without the secret the app requires: invalid_client, said as the settings to change', async () => {
    await expect(connectSalesforce(org.origin, 'lead', { withSecret: false })).rejects.toThrow(
      'Salesforce asks for the app’s consumer secret. Paste its Consumer Secret in Dossier, or turn off both “Require secret for Web Server Flow” and “Require secret for Refresh Token Flow” in the app, then connect again.',
    );
    expect(org.state.sessions).toHaveLength(0);
  });

  it('the secret required for the refresh only: connect works without it, then the push is refused naming the setting, not retried as an expired session, no record made', async () => {
    org.state.requireSecret = { webServerFlow: false, refreshTokenFlow: true };
    const crm = adapterFor(await connectSalesforce(org.origin, 'lead', { withSecret: false }));
    org.state.expireSessions();
    const { result, errors } = await pushUntilSettled(crm, contact());
    expect(result).toMatchObject({ ok: false, error: { kind: 'auth', retryable: false, code: 'invalid_client', message: expect.stringContaining('Turn off “Require secret for Refresh Token Flow” in the app') } });
    expect(errors).toHaveLength(1);
    expect(org.state.records.Lead.size).toBe(0);
  });
});
