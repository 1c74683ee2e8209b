import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CrmAdapter } from '@/lib/crm/worker/adapter';
import type { PipedriveConnection } from '@/lib/crm/connection';
import { htmlNoteText } from '@/lib/crm/worker/note-once';
import { createPipedriveAdapter, PROFILE_FIELD_NAME } from '@/lib/crm/worker/pipedrive/adapter';
import { summaryHtml } from '@/lib/crm/summary';
import { PIPEDRIVE_DOMAIN, PIPEDRIVE_TOKEN, startPipedriveEmulator } from '@/test/emulators/pipedrive';
import { pushLikeTheOutbox, pushUntilSettled } from '@/test/unit/crm/contract/harness';
import { contact, emilieEnrichment, instantRetry, matched, memoryProgress } from '@/test/unit/crm/fixtures';

type Emulator = Awaited<ReturnType<typeof startPipedriveEmulator>>;
let pd: Emulator;
let learnt: Record<string, unknown> = {};

function adapter(token = PIPEDRIVE_TOKEN, waits: number[] = [], now = () => 0): CrmAdapter {
  const connection: PipedriveConnection = { kind: 'pipedrive', token, domain: PIPEDRIVE_DOMAIN, apiBase: pd.origin, ...(learnt as object) };
  return createPipedriveAdapter(connection, { learn: async (p) => void Object.assign(learnt, p), now, retry: instantRetry(waits) });
}

/** Pipedrive's `add_time` form: UTC, `YYYY-MM-DD HH:MM:SS`. */
const addTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
const noteLists = () => pd.control.log.filter((r) => r.method === 'GET' && r.path.startsWith('/api/v1/notes'));
/** The emulators stamp notes with the real time: a push's `noteAt` is taken from the same clock. */
const NOW = Date.now();

async function push(crm: CrmAdapter, who = contact(), overwrite: string[] = []) {
  const match = await crm.find(who, null);
  if (!match.ok) return match;
  const plan = crm.plan(who, match.value, { overwrite: overwrite as never[] });
  return crm.apply(plan, who, memoryProgress().context({}, overwrite));
}

beforeAll(async () => {
  pd = await startPipedriveEmulator();
});
afterAll(() => pd.server.close());
beforeEach(() => {
  pd.state.reset();
  pd.control.reset();
  learnt = {};
});

describe('Pipedrive adapter against the emulator', () => {
  it('test() says who is connected and adds Dossier’s profile URL field once', async () => {
    const result = await adapter().test();
    expect(result).toMatchObject({ ok: true, value: 'Connected to Pipedrive as Emulator Admin (Acme Emulated).' });
    expect(pd.state.personFields.filter((f) => f.name === PROFILE_FIELD_NAME)).toHaveLength(1);
    expect(learnt.profileFieldKey).toMatch(/^[0-9a-f]{40}$/);
    await adapter().test();
    expect(pd.state.personFields.filter((f) => f.name === PROFILE_FIELD_NAME)).toHaveLength(1);
  });

  it('a bad token is refused with Pipedrive’s message; the token travels in a header, never the URL', async () => {
    const result = await adapter('wrong-token-0000000000').test();
    expect(result).toMatchObject({ ok: false, error: { kind: 'auth', message: 'unauthorized access', status: 401 } });
    await adapter().test();
    expect(pd.control.log.every((r) => !r.path.includes(PIPEDRIVE_TOKEN))).toBe(true);
    expect(pd.control.log.at(-1)!.headers['x-api-token']).toBe(PIPEDRIVE_TOKEN);
  });

  it('creates the organization, the person with emails/phones arrays and a note; a second push creates nothing', async () => {
    await adapter().test();
    const crm = adapter();
    expect(await push(crm)).toMatchObject({ ok: true, value: { action: 'created' } });
    const [person] = [...pd.state.persons.values()];
    const [org] = [...pd.state.organizations.values()];
    expect(org).toMatchObject({ name: 'Northwind Analytics', website: 'https://www.northwind-analytics.example/' });
    expect(person).toMatchObject({ name: 'Maya Chen', job_title: 'VP of Engineering', org_id: org!.id });
    expect(person!.emails).toEqual([{ value: 'maya.chen@northwind-analytics.example', primary: true, label: 'work' }]);
    expect(person!.phones).toEqual([
      { value: '+14155550110', primary: true, label: 'mobile' },
      { value: '+14155550111', primary: false, label: 'work' },
    ]);
    expect(person!.custom_fields[learnt.profileFieldKey as string]).toBe('https://www.linkedin.com/in/maya-chen/');
    expect([...pd.state.notes.values()]).toHaveLength(1);

    expect(await push(crm)).toMatchObject({ ok: true, value: { action: 'skipped', recordId: String(person!.id) } });
    expect(pd.state.persons.size).toBe(1);
    expect(pd.state.organizations.size).toBe(1);
    expect(pd.state.notes.size).toBe(1);
  });

  it('exact_match search ignores case, so an address typed in capitals is matched', async () => {
    const existing = pd.state.seedPerson({ name: 'Maya Chen', emails: [{ value: 'MAYA.CHEN@Northwind-Analytics.example', primary: true, label: 'work' }] });
    expect(await adapter().find(contact(), null)).toMatchObject({ ok: true, value: { id: String(existing.id), by: 'email' } });
    // …and only whole values match: a longer address holding this one is someone else.
    pd.state.reset();
    pd.state.seedPerson({ name: 'Other', emails: [{ value: 'xmaya.chen@northwind-analytics.example', primary: true, label: 'work' }] });
    expect(await adapter().find(contact(), null)).toMatchObject({ ok: true, value: null });
  });

  it('matches by Dossier’s profile field, then by name at the same organization', async () => {
    await adapter().test();
    const key = learnt.profileFieldKey as string;
    pd.state.organizations.set(900, { id: 900, name: 'Northwind Analytics', website: null, add_time: '' });
    const byName = pd.state.seedPerson({ name: 'Maya Chen', org_id: 900 });
    pd.state.seedPerson({ name: 'Maya Chen', org_id: null });
    expect(await adapter().find(contact(), null)).toMatchObject({ ok: true, value: { id: String(byName.id), by: 'nameCompany' } });
    const byUrl = pd.state.seedPerson({ name: 'M. Chen', custom_fields: { [key]: 'https://www.linkedin.com/in/maya-chen/' } });
    expect(await adapter().find(contact(), null)).toMatchObject({ ok: true, value: { id: String(byUrl.id), by: 'profileUrl' } });
    expect(await adapter().check({ emails: [], profileUrl: 'https://www.linkedin.com/in/maya-chen/' }, null)).toMatchObject({
      ok: true,
      value: { state: 'in_crm', recordUrl: `https://${PIPEDRIVE_DOMAIN}.pipedrive.com/person/${byUrl.id}` },
    });
  });

  it('keeps the CRM’s primary email unless allowed, and never loses an address it had', async () => {
    await adapter().test();
    const existing = pd.state.seedPerson({ name: 'Maya Chen', job_title: 'Engineer', emails: [{ value: 'maya@old.example', primary: true, label: 'work' }] });
    await adapter().test();
    const crm = adapter();
    const found = await crm.find(contact(), String(existing.id));
    const plan = crm.plan(contact(), matched(found), { overwrite: [] });
    expect(plan.changes.find((c) => c.field === 'email')).toMatchObject({ status: 'keep', current: 'maya@old.example' });
    await crm.apply(plan, contact(), memoryProgress().context());
    expect(existing.emails).toEqual([{ value: 'maya@old.example', primary: true, label: 'work' }]);
    expect(existing.job_title).toBe('Engineer');

    const allowed = crm.plan(contact(), matched(await crm.find(contact(), String(existing.id))), { overwrite: ['email'] });
    await crm.apply(allowed, contact(), memoryProgress().context({}, ['email']));
    expect(existing.emails).toEqual([
      { value: 'maya@old.example', primary: false, label: 'work' },
      { value: 'maya.chen@northwind-analytics.example', primary: true, label: 'work' },
    ]);
  });

  it("a 'Most Probable' email is not put on the person: it is in the note, labelled unverified", async () => {
    await adapter().test();
    expect((await push(adapter(), contact(emilieEnrichment()))).ok).toBe(true);
    const [person] = [...pd.state.persons.values()];
    expect(person!.emails).toEqual([]);
    expect([...pd.state.notes.values()][0]!.content).toContain('Unverified email (likely, not verified): emilie@brightwater-labs.example');
  });

  it('429 honours Retry-After on reads; 5xx is retryable; a rejected field is final with Pipedrive’s message', async () => {
    const waits: number[] = [];
    pd.control.faults.push({ kind: '429', retryAfter: 3 });
    expect((await adapter(PIPEDRIVE_TOKEN, waits).find(contact(), null)).ok).toBe(true);
    expect(waits).toEqual([3_000]);

    await adapter().test();
    pd.control.faults.push({ kind: '503', method: 'POST' });
    const down = await push(adapter());
    expect(down).toMatchObject({ ok: false, error: { kind: 'unavailable', retryable: true } });

    const bad = await adapter().apply(
      { target: 'pipedrive', action: 'create', reason: '', match: null, company: null, note: true, changes: [{ field: 'fullName', label: 'Name', current: null, proposed: ' ', status: 'add' }] },
      { ...contact(), company: undefined },
      memoryProgress().context(),
    );
    expect(bad).toMatchObject({ ok: false, error: { kind: 'rejected', retryable: false, message: 'Name must be given.' } });
  });

  it('a note whose answer is lost is found on the retry although Pipedrive cleaned its HTML: one note', async () => {
    await adapter().test();
    const crm = adapter(PIPEDRIVE_TOKEN, [], () => NOW);
    pd.control.faults.push({ kind: 'lost', path: '/api/v1/notes', method: 'POST' });
    const first = await pushLikeTheOutbox(crm, contact());
    expect(first.result).toMatchObject({ ok: false, error: { kind: 'network', retryable: true } });
    expect(first.progress).toMatchObject({ noteAt: NOW });
    expect(first.progress.noteDone).toBeUndefined();
    // Pipedrive keeps the note as its editor cleans it: wrapped, void tags closed, entities and line breaks its own.
    const [note] = [...pd.state.notes.values()];
    note!.content = `<div>${note!.content.replaceAll('<br>', '<br />\n').replaceAll('&#39;', '&#039;').replaceAll(' ', '&nbsp;')}</div>`;
    expect(note!.content).not.toBe(summaryHtml(contact()));

    const retried = await pushLikeTheOutbox(crm, contact(), { progress: first.progress });
    expect(retried.result).toMatchObject({ ok: true, value: { action: 'created' } });
    expect(pd.state.notes.size).toBe(1);
    expect(noteLists().at(-1)!.path).toMatch(/person_id=\d+.*sort=add_time\+DESC/);
  });

  it('a retry makes the note when the first create never landed; an identical note older than a day is an earlier push’s', async () => {
    await adapter().test();
    const crm = adapter(PIPEDRIVE_TOKEN, [], () => NOW);
    pd.control.faults.push({ kind: '503', path: '/api/v1/notes', method: 'POST' });
    const first = await pushLikeTheOutbox(crm, contact());
    expect(first.result).toMatchObject({ ok: false, error: { kind: 'unavailable' } });
    expect(pd.state.notes.size).toBe(0);
    const personId = Number(first.progress.recordId);
    const old = { user_id: 1, content: summaryHtml(contact()), person_id: personId, org_id: null, deal_id: null, lead_id: null, active_flag: true };
    pd.state.notes.set(9001, { ...old, id: 9001, add_time: addTime(NOW - 25 * 3_600_000), update_time: addTime(NOW - 25 * 3_600_000) });

    const retried = await pushLikeTheOutbox(crm, contact(), { progress: first.progress });
    expect(retried.result.ok).toBe(true);
    expect(pd.state.notes.size).toBe(2);
  });

  it('looks past the first page of the person’s notes', async () => {
    await adapter().test();
    const crm = adapter(PIPEDRIVE_TOKEN, [], () => NOW);
    pd.control.faults.push({ kind: 'lost', path: '/api/v1/notes', method: 'POST' });
    const first = await pushLikeTheOutbox(crm, contact());
    const personId = Number(first.progress.recordId);
    const made = Date.parse(`${[...pd.state.notes.values()][0]!.add_time.replace(' ', 'T')}Z`);
    // 120 notes colleagues added after Dossier's: newest first, Dossier's is on the second page.
    for (let i = 0; i < 120; i += 1) {
      const at = addTime(made + (i + 1) * 60_000);
      pd.state.notes.set(10_000 + i, { id: 10_000 + i, user_id: 2, content: `Call ${i}`, person_id: personId, org_id: null, deal_id: null, lead_id: null, add_time: at, update_time: at, active_flag: true });
    }
    const retried = await pushLikeTheOutbox(crm, contact(), { progress: first.progress });
    expect(retried.result.ok).toBe(true);
    expect([...pd.state.notes.values()].filter((n) => n.user_id === 1)).toHaveLength(1);
    expect(noteLists().map((r) => new URL(r.path, pd.origin).searchParams.get('start'))).toEqual(['0', '100']);
  });

  it('a later push of the same person (a new outbox item) adds its own note, without looking for the first', async () => {
    await adapter().test();
    expect((await pushUntilSettled(adapter(), contact())).result.ok).toBe(true);
    // Someone cleared the title in Pipedrive: the same enrichment pushed again has something to write.
    const [person] = [...pd.state.persons.values()];
    person!.job_title = null;
    const again = await pushLikeTheOutbox(adapter(), contact());
    expect(again.result).toMatchObject({ ok: true, value: { action: 'updated' } });
    const notes = [...pd.state.notes.values()];
    expect(notes).toHaveLength(2);
    expect(notes[1]!.content).toBe(notes[0]!.content);
    expect(noteLists()).toHaveLength(0);
  });

  it('compares note text without tags, entities or whitespace', () => {
    expect(htmlNoteText('<p>Maya&nbsp;Chen &amp; co</p>\n<p>It&#039;s&#x20;her</p>')).toBe(htmlNoteText('Maya Chen &amp; co<br>It&#39;s her'));
    expect(htmlNoteText('Maya Chen<br>VP')).not.toBe(htmlNoteText('Maya Chen<br>CTO'));
  });
});

describe('the Pipedrive emulator’s note list', () => {
  const list = async (query: string) => {
    const res = await fetch(`${pd.origin}/api/v1/notes?${query}`, { headers: { 'x-api-token': PIPEDRIVE_TOKEN } });
    return { status: res.status, body: await res.json() };
  };

  it('filters by person, sorts by add_time and pages with start/limit and more_items_in_collection; an empty page is data: null', async () => {
    const person = pd.state.seedPerson({ name: 'Maya Chen' });
    for (let i = 0; i < 3; i += 1) {
      const at = addTime(Date.UTC(2026, 0, 10 + i));
      pd.state.notes.set(100 + i, { id: 100 + i, user_id: 1, content: `n${i}`, person_id: person.id, org_id: null, deal_id: null, lead_id: null, add_time: at, update_time: at, active_flag: true });
    }
    pd.state.notes.set(200, { id: 200, user_id: 1, content: 'someone else', person_id: null, org_id: null, deal_id: null, lead_id: null, add_time: addTime(0), update_time: addTime(0), active_flag: true });

    const first = await list(`person_id=${person.id}&sort=add_time%20DESC&start=0&limit=2`);
    expect(first.body.data.map((n: { content: string }) => n.content)).toEqual(['n2', 'n1']);
    expect(first.body.data[0]).toMatchObject({ person_id: person.id, add_time: '2026-01-12 00:00:00', person: { name: 'Maya Chen' } });
    expect(first.body.additional_data.pagination).toEqual({ start: 0, limit: 2, more_items_in_collection: true, next_start: 2 });
    const second = await list(`person_id=${person.id}&sort=add_time%20DESC&start=2&limit=2`);
    expect(second.body.data.map((n: { content: string }) => n.content)).toEqual(['n0']);
    expect(second.body.additional_data.pagination).toEqual({ start: 2, limit: 2, more_items_in_collection: false });
    expect((await list(`person_id=${person.id}&start_date=2026-01-11`)).body.data.map((n: { content: string }) => n.content)).toEqual(['n1', 'n2']);
    expect((await list('person_id=999999')).body).toMatchObject({ success: true, data: null });
    expect(await list('sort=colour%20DESC')).toMatchObject({ status: 400, body: { success: false, error: expect.stringContaining('colour') } });
  });
});

