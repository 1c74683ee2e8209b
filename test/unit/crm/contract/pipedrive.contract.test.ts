import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPipedriveAdapter, PROFILE_FIELD_NAME } from '@/lib/crm/worker/pipedrive/adapter';
import { PIPEDRIVE_DOMAIN, PIPEDRIVE_TOKEN, startPipedriveEmulator } from '@/test/emulators/pipedrive';
import { crmContractSuite } from '@/test/unit/crm/contract/suite';
import { pushLikeTheOutbox } from '@/test/unit/crm/contract/harness';
import { contact } from '@/test/unit/crm/fixtures';

let pd: Awaited<ReturnType<typeof startPipedriveEmulator>>;
let learnt: Record<string, unknown> = {};

crmContractSuite({
  name: 'Pipedrive',
  searches: true,
  refreshesTokens: false,
  start: async () => void (pd = await startPipedriveEmulator()),
  stop: () => pd.server.close(),
  async reset() {
    pd.state.reset();
    pd.control.reset();
    learnt = {};
  },
  async adapter({ retry, token = 'valid' } = {}) {
    const connect = (t: string) =>
      createPipedriveAdapter({ kind: 'pipedrive', token: t, domain: PIPEDRIVE_DOMAIN, apiBase: pd.origin, ...learnt }, { learn: async (p) => void Object.assign(learnt, p), now: () => 0, retry });
    await connect(PIPEDRIVE_TOKEN).test();
    return connect(token === 'valid' ? PIPEDRIVE_TOKEN : 'pd-wrong-token-00000000000000');
  },
  people: async () => [...pd.state.persons.values()].filter((p) => !p.is_deleted).length,
  async personValues() {
    const [person] = [...pd.state.persons.values()].filter((p) => !p.is_deleted);
    return person ? { email: person.emails.find((e) => e.primary)?.value, jobTitle: person.job_title ?? undefined } : null;
  },
  fault: (fault) => pd.control.faults.push(fault),
  // Pipedrive's burst window is 2 seconds (x-ratelimit-reset); x-daily-requests-left 0 waits for the next day, counted in UTC.
  rateLimitWaitMs: 2_000,
  dailyAllowance: { status: 429, waitMs: 86_400_000 },
  createRequest: { path: '/api/v2/persons', method: 'POST' },
  notes: { count: async () => pd.state.notes.size, createRequest: { path: '/api/v1/notes', method: 'POST' } },
  expireToken: () => pd.state.tokens.clear(),
});

describe('Pipedrive connect without field rights', () => {
  let org: Awaited<ReturnType<typeof startPipedriveEmulator>>;
  let known: Record<string, unknown>;
  const connection = () => ({ kind: 'pipedrive' as const, token: PIPEDRIVE_TOKEN, domain: PIPEDRIVE_DOMAIN, apiBase: org.origin, ...known });
  const crm = () => createPipedriveAdapter(connection(), { learn: async (p) => void Object.assign(known, p), now: () => 0 });
  const persons = () => [...org.state.persons.values()].filter((p) => !p.is_deleted);

  beforeAll(async () => void (org = await startPipedriveEmulator()));
  afterAll(() => org.server.close());
  beforeEach(() => {
    org.state.reset();
    org.control.reset();
    org.state.fieldRights = false;
    known = {};
  });

  it('the emulator answers a user without the right as Pipedrive does: 403 with its error body', async () => {
    const answer = await fetch(`${org.origin}/api/v1/personFields`, {
      method: 'POST',
      headers: { 'x-api-token': PIPEDRIVE_TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify({ name: PROFILE_FIELD_NAME, field_type: 'varchar' }),
    });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ success: false, error: expect.stringContaining('permission'), data: null });
    expect(org.state.personFields.some((f) => f.name === PROFILE_FIELD_NAME)).toBe(false);
  });

  it('connects, says what is lost, and keeps that on the connection', async () => {
    const tested = await crm().test();
    expect(tested).toMatchObject({ ok: true });
    expect(tested.ok && tested.value).toContain('profile links go into the note, and matching by profile link is off until an admin adds the “Dossier profile URL” person field');
    expect(known).toEqual({ profileFieldDenied: true });
  });

  it('pushes: one person, the profile URL in the note, matched again by email; no field is asked for on the push', async () => {
    await crm().test();
    org.control.log = [];
    const adapter = crm();
    expect(adapter.fields).not.toContain('profileUrl');
    const first = await pushLikeTheOutbox(adapter, contact());
    expect(first.result).toMatchObject({ ok: true, value: { action: 'created' } });
    expect(persons()).toHaveLength(1);
    const [note] = [...org.state.notes.values()];
    expect(note?.content).toContain('https://www.linkedin.com/in/maya-chen');
    expect(org.state.personFields.some((f) => f.name === PROFILE_FIELD_NAME)).toBe(false);

    expect(await adapter.find(contact(), null)).toMatchObject({ ok: true, value: { by: 'email', id: first.result.ok ? first.result.value.recordId : '' } });
    expect(await adapter.check({ emails: ['maya.chen@northwind-analytics.example'] }, null)).toMatchObject({ ok: true, value: { state: 'in_crm' } });
    // The free check from a profile page: by name at the company, never by the link.
    expect(await adapter.check({ emails: [], profileUrl: contact().profileUrl, fullName: 'Maya Chen', companyName: 'Northwind Analytics' }, null)).toMatchObject({ ok: true, value: { state: 'in_crm' } });
    expect(await adapter.check({ emails: [], profileUrl: contact().profileUrl }, null)).toMatchObject({ ok: true, value: { state: 'not_in_crm' } });
    const again = await pushLikeTheOutbox(adapter, contact());
    expect(again.result).toMatchObject({ ok: true });
    expect(persons()).toHaveLength(1);
    // Known from the connect: neither the pushes nor the checks asked for the field again.
    expect(org.control.log.filter((r) => r.path.startsWith('/api/v1/personFields'))).toEqual([]);
  });

  it('"Test connection" after an admin gives the right: the field is made and matching by profile link is back', async () => {
    await crm().test();
    org.state.fieldRights = true;
    const tested = await crm().test();
    expect(tested.ok && tested.value).not.toContain('matching by profile link is off');
    expect(known).toMatchObject({ profileFieldDenied: false, profileFieldKey: expect.stringMatching(/^[0-9a-f]{40}$/) });
    expect(crm().fields).toContain('profileUrl');
  });
});
