import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CrmAdapter } from '@/lib/crm/worker/adapter';
import { createAttioAdapter } from '@/lib/crm/worker/attio/adapter';
import type { AttioConnection } from '@/lib/crm/connection';
import { summaryLines } from '@/lib/crm/summary';
import { ATTIO_TOKEN, ATTIO_WORKSPACE, firstValue, startAttioEmulator, type AttioNote } from '@/test/emulators/attio';
import { pushLikeTheOutbox, pushUntilSettled } from '@/test/unit/crm/contract/harness';
import { contact, emilieEnrichment, instantRetry, matched, memoryProgress } from '@/test/unit/crm/fixtures';

type Emulator = Awaited<ReturnType<typeof startAttioEmulator>>;
let at: Emulator;
let learnt: Record<string, unknown> = {};

function adapter(token = ATTIO_TOKEN, waits: number[] = [], now = () => 0): CrmAdapter {
  const connection: AttioConnection = { kind: 'attio', token, apiBase: at.origin, ...(learnt as object) };
  return createAttioAdapter(connection, { learn: async (p) => void Object.assign(learnt, p), now, retry: instantRetry(waits) });
}

const noteLists = () => at.control.log.filter((r) => r.method === 'GET' && r.path.startsWith('/v2/notes'));
/** The emulators stamp notes with the real time: a push's `noteAt` is taken from the same clock. */
const NOW = Date.now();
/** A note as someone (or an earlier push) left it on the person. */
function seedNote(parent: string, fields: Partial<AttioNote>): void {
  const note: AttioNote = { id: crypto.randomUUID(), parent_object: 'people', parent_record_id: parent, title: 'Call', format: 'plaintext', content: 'Spoke briefly.', created_at: new Date().toISOString(), ...fields };
  at.state.notes.set(note.id, note);
}

async function push(crm: CrmAdapter, who = contact(), overwrite: string[] = [], remembered: string | null = null) {
  const match = await crm.find(who, remembered);
  if (!match.ok) return match;
  const plan = crm.plan(who, match.value, { overwrite: overwrite as never[] });
  return crm.apply(plan, who, memoryProgress().context({}, overwrite));
}

const people = () => at.state.list('people');
const companies = () => at.state.list('companies');
const emails = (id: string) => (at.state.records.get(id)?.values.email_addresses ?? []).map((e) => e.email_address);
const personUrl = (id: string) => `https://app.attio.com/${ATTIO_WORKSPACE.slug}/person/${id}`;

beforeAll(async () => {
  at = await startAttioEmulator();
});
afterAll(() => at.server.close());
beforeEach(() => {
  at.state.reset();
  at.control.reset();
  learnt = {};
});

describe('Attio adapter against the emulator', () => {
  it('test() names the workspace and learns its slug; the key travels as a Bearer header only', async () => {
    expect(await adapter().test()).toEqual({ ok: true, value: 'Connected to Attio (workspace Acme Emulated).' });
    expect(learnt).toEqual({ workspaceSlug: ATTIO_WORKSPACE.slug });
    expect(at.control.log.at(-1)).toMatchObject({ method: 'GET', path: '/v2/self', headers: { authorization: `Bearer ${ATTIO_TOKEN}` } });
    expect(at.control.log.every((r) => !r.path.includes(ATTIO_TOKEN))).toBe(true);
  });

  it('a refused key is an auth error with Attio’s own message', async () => {
    const result = await adapter('attio-wrong-key-000000000000').test();
    expect(result).toMatchObject({ ok: false, error: { kind: 'auth', retryable: false, status: 401, message: expect.stringContaining('access token is invalid') } });
  });

  it('creates the company (asserted by domain), the person (asserted by email) and a note; a second push creates nothing', async () => {
    await adapter().test();
    const crm = adapter();
    const result = await push(crm);
    const [person] = people();
    const [company] = companies();
    expect(result).toEqual({ ok: true, value: { action: 'created', recordId: person!.id, recordUrl: personUrl(person!.id) } });
    expect(at.control.log.filter((r) => r.method === 'PUT').map((r) => r.path)).toEqual([
      '/v2/objects/companies/records?matching_attribute=domains',
      '/v2/objects/people/records?matching_attribute=email_addresses',
    ]);
    expect(company!.values.domains).toEqual([{ domain: 'northwind-analytics.example', root_domain: 'northwind-analytics.example' }]);
    expect(firstValue(company, 'name', 'value')).toBe('Northwind Analytics');
    expect(person!.values.name).toEqual([{ first_name: 'Maya', last_name: 'Chen', full_name: 'Maya Chen' }]);
    expect(emails(person!.id)).toEqual(['maya.chen@northwind-analytics.example']);
    expect(person!.values.phone_numbers!.map((p) => p.phone_number)).toEqual(['+14155550110', '+14155550111']);
    expect(firstValue(person, 'job_title', 'value')).toBe('VP of Engineering');
    expect(firstValue(person, 'linkedin', 'value')).toBe('https://www.linkedin.com/in/maya-chen/');
    expect(person!.values.company).toEqual([{ target_object: 'companies', target_record_id: company!.id }]);
    const [note] = [...at.state.notes.values()];
    expect(note).toMatchObject({ parent_object: 'people', parent_record_id: person!.id, format: 'plaintext', title: 'Enriched by Dossier on 2026-01-15.' });
    expect(note!.content).toContain('Verified email: maya.chen@northwind-analytics.example');

    expect(await push(crm)).toMatchObject({ ok: true, value: { action: 'skipped', recordId: person!.id, recordUrl: personUrl(person!.id) } });
    expect([people().length, companies().length, at.state.notes.size]).toEqual([1, 1, 1]);
  });

  it('links the company Attio already has by domain, keeping its name', async () => {
    const existing = at.state.seed('companies', { domains: ['northwind-analytics.example'], name: 'Northwind (HQ)' });
    expect((await push(adapter())).ok).toBe(true);
    expect(companies()).toHaveLength(1);
    expect(firstValue(existing, 'name', 'value')).toBe('Northwind (HQ)');
    expect(people()[0]!.values.company).toEqual([{ target_object: 'companies', target_record_id: existing.id }]);
  });

  it('never replaces a value without permission; allowed, the email becomes the primary and the old one stays', async () => {
    await adapter().test();
    const existing = at.state.seed('people', {
      name: [{ first_name: 'Maya', last_name: 'Chen', full_name: 'Maya Chen' }],
      email_addresses: ['maya@old.example'],
      job_title: 'Engineer',
    });
    const crm = adapter();
    const plan = crm.plan(contact(), matched(await crm.find(contact(), existing.id)), { overwrite: [] });
    expect(plan.changes.find((c) => c.field === 'email')).toMatchObject({ status: 'keep', current: 'maya@old.example' });
    expect(plan.changes.find((c) => c.field === 'jobTitle')).toMatchObject({ status: 'keep', current: 'Engineer' });
    expect(await crm.apply(plan, contact(), memoryProgress().context())).toMatchObject({ ok: true, value: { action: 'updated', recordId: existing.id } });
    expect(emails(existing.id)).toEqual(['maya@old.example']);
    expect(firstValue(existing, 'job_title', 'value')).toBe('Engineer');
    // Added where empty: the phones, the profile URL.
    expect(existing.values.phone_numbers).toHaveLength(2);

    const allowed = crm.plan(contact(), matched(await crm.find(contact(), existing.id)), { overwrite: ['email'] });
    await crm.apply(allowed, contact(), memoryProgress().context({}, ['email']));
    expect(emails(existing.id)).toEqual(['maya.chen@northwind-analytics.example', 'maya@old.example']);
    expect(existing.values.phone_numbers).toHaveLength(2);
    expect(firstValue(existing, 'job_title', 'value')).toBe('Engineer');
  });

  it("a 'Most Probable' email is never put on the person: created by profile URL, the guess is in the note, labelled", async () => {
    await adapter().test();
    const crm = adapter();
    expect(await push(crm, contact(emilieEnrichment()))).toMatchObject({ ok: true, value: { action: 'created' } });
    const [person] = people();
    expect(emails(person!.id)).toEqual([]);
    expect([...at.state.notes.values()][0]!.content).toContain('Unverified email (likely, not verified): emilie@brightwater-labs.example');
    // Found again by the profile URL: nothing new.
    expect(await push(crm, contact(emilieEnrichment()))).toMatchObject({ ok: true, value: { action: 'skipped', recordId: person!.id } });
    expect(people()).toHaveLength(1);
  });

  it('without a verified email, a person filed meanwhile with the profile URL is written to, not duplicated', async () => {
    const who = contact(emilieEnrichment());
    const crm = adapter();
    const plan = crm.plan(who, matched(await crm.find(who, null)), { overwrite: [] });
    expect(plan.action).toBe('create');
    const meanwhile = at.state.seed('people', { name: [{ first_name: 'Émilie', last_name: 'Lefèvre', full_name: 'Émilie Lefèvre' }], linkedin: 'http://uk.linkedin.com/in/Emilie-Lefevre' });
    expect(await crm.apply(plan, who, memoryProgress().context())).toMatchObject({ ok: true, value: { action: 'updated', recordId: meanwhile.id } });
    expect(people()).toHaveLength(1);
    expect(firstValue(meanwhile, 'job_title', 'value')).toBe('Head of Research');
  });

  it('finds by email whatever its case, by profile URL in another form, then by name at the company; check says so for free', async () => {
    const company = at.state.seed('companies', { domains: ['northwind-analytics.example'], name: 'Northwind Analytics' });
    // A namesake elsewhere, filed first: the company decides.
    at.state.seed('people', { name: [{ first_name: 'Maya', last_name: 'Chen', full_name: 'Maya Chen' }] });
    const byName = at.state.seed('people', { name: [{ first_name: 'Maya', last_name: 'Chen', full_name: 'Maya Chen' }], company: { target_object: 'companies', target_record_id: company.id } });
    await adapter().test();
    expect(await adapter().find(contact(), null)).toMatchObject({ ok: true, value: { id: byName.id, by: 'nameCompany' } });
    const byUrl = at.state.seed('people', { name: [{ first_name: 'M.', last_name: 'Chen', full_name: 'M. Chen' }], linkedin: 'linkedin.com/in/maya-chen' });
    at.state.seed('people', { name: [{ first_name: 'Other', last_name: 'Chen', full_name: 'Other Chen' }], linkedin: 'https://www.linkedin.com/in/maya-chen-42/' });
    expect(await adapter().find(contact(), null)).toMatchObject({ ok: true, value: { id: byUrl.id, by: 'profileUrl' } });
    const byEmail = at.state.seed('people', { email_addresses: ['MAYA.CHEN@Northwind-Analytics.example'] });
    expect(await adapter().find(contact(), null)).toMatchObject({ ok: true, value: { id: byEmail.id, by: 'email' } });

    expect(await adapter().check({ emails: [], profileUrl: 'https://www.linkedin.com/in/maya-chen/' }, null)).toEqual({
      ok: true,
      value: { state: 'in_crm', recordId: byUrl.id, recordUrl: personUrl(byUrl.id), by: 'profileUrl' },
    });
    expect(await adapter().check({ emails: [], fullName: 'Maya Chen', companyName: 'Northwind Analytics' }, null)).toMatchObject({ ok: true, value: { state: 'in_crm', recordId: byName.id } });
    expect(await adapter().check({ emails: ['nobody@nowhere.example'], fullName: 'Nobody' }, null)).toMatchObject({ ok: true, value: { state: 'not_in_crm' } });
    // A remembered record deleted since is not a match: the search goes on.
    expect(await adapter().find(contact(), '00000000-0000-4000-8000-000000000000')).toMatchObject({ ok: true, value: { id: byEmail.id, by: 'email' } });
  });

  it('429 honours Retry-After on reads; 5xx is retryable; a refused value is final with Attio’s message', async () => {
    const waits: number[] = [];
    at.control.faults.push({ kind: '429', retryAfter: 3 });
    expect((await adapter(ATTIO_TOKEN, waits).find(contact(), null)).ok).toBe(true);
    expect(waits).toEqual([3_000]);

    at.control.faults.push({ kind: '503', method: 'POST', path: '/v2/notes' });
    expect(await push(adapter())).toMatchObject({ ok: false, error: { kind: 'unavailable', retryable: true } });

    at.state.reset();
    const bad = await push(adapter(), { ...contact(), company: { name: 'Nowhere', domain: 'not-a-domain' } });
    expect(bad).toMatchObject({ ok: false, error: { kind: 'rejected', retryable: false, status: 400, message: expect.stringContaining('"not-a-domain" is not a valid domain') } });
  });

  it('a note whose answer is lost is found on the retry, past the first page of the person’s notes: one note', async () => {
    await adapter().test();
    const person = at.state.seed('people', { email_addresses: ['maya.chen@northwind-analytics.example'] }).id;
    // Colleagues' notes on the person, made before Dossier's: Attio promises no order, so Dossier's may be on any page.
    for (let i = 0; i < 60; i += 1) seedNote(person, { title: `Call ${i}` });
    const crm = adapter(ATTIO_TOKEN, [], () => NOW);
    at.control.faults.push({ kind: 'lost', path: '/v2/notes', method: 'POST' });
    const first = await pushLikeTheOutbox(crm, contact());
    expect(first.result).toMatchObject({ ok: false, error: { kind: 'network', retryable: true } });
    expect(first.progress).toMatchObject({ recordId: person, noteAt: NOW });

    const retried = await pushLikeTheOutbox(crm, contact(), { progress: first.progress });
    expect(retried.result).toMatchObject({ ok: true, value: { action: 'updated', recordId: person } });
    expect([...at.state.notes.values()].filter((n) => n.title.startsWith('Enriched by Dossier'))).toHaveLength(1);
    expect(noteLists().map((r) => r.path)).toEqual([
      `/v2/notes?parent_object=people&parent_record_id=${person}&limit=50&offset=0`,
      `/v2/notes?parent_object=people&parent_record_id=${person}&limit=50&offset=50`,
    ]);
  });

  it('a retry makes the note when the first create never landed; the same note older than a day is an earlier push’s', async () => {
    await adapter().test();
    const crm = adapter(ATTIO_TOKEN, [], () => NOW);
    at.control.faults.push({ kind: '503', path: '/v2/notes', method: 'POST' });
    const first = await pushLikeTheOutbox(crm, contact());
    expect(first.result).toMatchObject({ ok: false, error: { kind: 'unavailable' } });
    expect(at.state.notes.size).toBe(0);
    const [title, ...lines] = summaryLines(contact());
    seedNote(first.progress.recordId!, { title, content: lines.join('\n'), created_at: new Date(NOW - 25 * 3_600_000).toISOString() });

    expect((await pushLikeTheOutbox(crm, contact(), { progress: first.progress })).result.ok).toBe(true);
    expect(at.state.notes.size).toBe(2);
  });

  it('a later push of the same person (a new outbox item) adds its own note, without looking for the first', async () => {
    await adapter().test();
    expect((await pushUntilSettled(adapter(), contact())).result.ok).toBe(true);
    // Someone cleared the title in Attio: the same enrichment pushed again has something to write.
    delete people()[0]!.values.job_title;
    const again = await pushLikeTheOutbox(adapter(), contact());
    expect(again.result).toMatchObject({ ok: true, value: { action: 'updated' } });
    const notes = [...at.state.notes.values()];
    expect(notes).toHaveLength(2);
    expect(notes[1]).toMatchObject({ title: notes[0]!.title, content: notes[0]!.content });
    expect(noteLists()).toHaveLength(0);
  });
});

describe('the Attio emulator’s note list', () => {
  const list = async (query: string) => {
    const res = await fetch(`${at.origin}/v2/notes?${query}`, { headers: { authorization: `Bearer ${ATTIO_TOKEN}` } });
    return { status: res.status, body: await res.json() };
  };

  it('lists a record’s notes by limit and offset, with no paging fields; refuses a limit over 50 and a parent half given', async () => {
    const person = at.state.seed('people', { email_addresses: ['maya.chen@northwind-analytics.example'] }).id;
    for (let i = 0; i < 3; i += 1) seedNote(person, { title: `n${i}` });
    seedNote(crypto.randomUUID(), { title: 'someone else' });

    const page = await list(`parent_object=people&parent_record_id=${person}&limit=2&offset=1`);
    expect(page.status).toBe(200);
    expect(Object.keys(page.body)).toEqual(['data']);
    expect(page.body.data.map((n: { title: string }) => n.title)).toEqual(['n1', 'n2']);
    expect(page.body.data[0]).toMatchObject({ id: { workspace_id: ATTIO_WORKSPACE.id, note_id: expect.any(String) }, parent_object: 'people', parent_record_id: person, content_plaintext: 'Spoke briefly.', created_at: expect.stringMatching(/\.\d{9}Z$/) });
    expect((await list('')).body.data).toHaveLength(4);
    expect(await list('limit=51')).toMatchObject({ status: 400, body: { type: 'invalid_request_error', code: 'validation_type' } });
    expect(await list('parent_object=people')).toMatchObject({ status: 400, body: { code: 'validation_type' } });
    expect(await list(`parent_object=deals&parent_record_id=${person}`)).toMatchObject({ status: 404, body: { code: 'not_found' } });
  });
});

