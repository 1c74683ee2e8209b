import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAttioAdapter } from '@/lib/crm/worker/attio/adapter';
import { ATTIO_TOKEN, firstValue, startAttioEmulator } from '@/test/emulators/attio';
import { crmContractSuite } from '@/test/unit/crm/contract/suite';
import { pushLikeTheOutbox, pushUntilSettled } from '@/test/unit/crm/contract/harness';
import { contact, instantRetry } from '@/test/unit/crm/fixtures';

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

describe('Attio: a write that conflicts with another', () => {
  let own: Awaited<ReturnType<typeof startAttioEmulator>>;
  const kept: Record<string, unknown> = {};
  const ASSERT_PERSON = { path: '/v2/objects/people/records?matching_attribute=email_addresses', method: 'PUT' };
  const asserts = () => own.control.log.filter((r) => r.method === 'PUT' && r.path.startsWith(ASSERT_PERSON.path));
  async function adapter(waits: number[] = []) {
    const connect = () => createAttioAdapter({ kind: 'attio', token: ATTIO_TOKEN, apiBase: own.origin, ...kept }, { learn: async (p) => void Object.assign(kept, p), now: () => 0, retry: instantRetry(waits) });
    await connect().test();
    return connect();
  }
  beforeAll(async () => void (own = await startAttioEmulator()));
  afterAll(() => own.server.close());
  beforeEach(() => {
    own.state.reset();
    own.control.reset();
  });

  it("Attio's conflict retried once to success", async () => {
    own.state.conflicts.push({ code: 'concurrent_write_conflict', ...ASSERT_PERSON });
    const { result } = await pushLikeTheOutbox(await adapter(), contact());
    expect(result).toMatchObject({ ok: true, value: { action: 'created' } });
    expect(asserts().map((r) => r.status)).toEqual([409, 200]);
    expect(own.state.list('people')).toHaveLength(1);
  });

  it('a conflict that comes back on the spot is left to the outbox, as retryable, and its retry makes one record', async () => {
    own.state.conflicts.push({ code: 'concurrent_write_conflict', ...ASSERT_PERSON }, { code: 'concurrent_write_conflict', ...ASSERT_PERSON });
    const { result, errors } = await pushUntilSettled(await adapter(), contact());
    expect(errors).toEqual([expect.objectContaining({ kind: 'conflict', retryable: true, status: 409 })]);
    expect(result.ok).toBe(true);
    expect(own.state.list('people')).toHaveLength(1);
  });

  it('a conflict on the note (a create) is not resent on the spot: the outbox retries it after looking for the note; one note', async () => {
    own.state.conflicts.push({ code: 'concurrent_write_conflict', path: '/v2/notes', method: 'POST' });
    const { result, errors } = await pushUntilSettled(await adapter(), contact());
    expect(errors).toEqual([expect.objectContaining({ kind: 'conflict', retryable: true })]);
    expect(result.ok).toBe(true);
    expect(own.control.log.filter((r) => r.method === 'POST' && r.path === '/v2/notes').map((r) => r.status)).toEqual([409, 200]);
    expect(own.state.notes.size).toBe(1);
  });

  it('any other 409 stays a refusal: not sent again, not retried by the outbox', async () => {
    own.state.conflicts.push({ code: 'slug_conflict', ...ASSERT_PERSON });
    const { result } = await pushLikeTheOutbox(await adapter(), contact());
    expect(result).toMatchObject({ ok: false, error: { kind: 'conflict', retryable: false, status: 409 } });
    expect(asserts()).toHaveLength(1);
  });
});
