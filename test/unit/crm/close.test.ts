import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CrmAdapter } from '@/lib/crm/worker/adapter';
import { createCloseAdapter } from '@/lib/crm/worker/close/adapter';
import { connectionInputSchema, connectionOrigin, summarise, type StoredConnection } from '@/lib/crm/connection';
import { CLOSE_API_KEY, startCloseEmulator } from '@/test/emulators/close';
import { summaryLines } from '@/lib/crm/summary';
import { pushLikeTheOutbox, pushUntilSettled } from '@/test/unit/crm/contract/harness';
import { contact, emilieEnrichment, instantRetry, matched, mayaEnrichment, memoryProgress } from '@/test/unit/crm/fixtures';

type Emulator = Awaited<ReturnType<typeof startCloseEmulator>>;
let close: Emulator;

const MAYA_EMAIL = 'maya.chen@northwind-analytics.example';

function adapter(key = CLOSE_API_KEY, waits: number[] = [], now = () => 0): CrmAdapter {
  return createCloseAdapter({ kind: 'close', token: key, apiBase: close.origin }, { learn: async () => {}, now, retry: instantRetry(waits) });
}

const noteLists = () => close.control.log.filter((r) => r.method === 'GET' && r.path.startsWith('/api/v1/activity/note/'));
/** The emulators stamp notes with the real time: a push's `noteAt` is taken from the same clock. */
const NOW = Date.now();

async function push(crm: CrmAdapter, who = contact(), overwrite: string[] = []) {
  const match = await crm.find(who, null);
  if (!match.ok) return match;
  const plan = crm.plan(who, match.value, { overwrite: overwrite as never[] });
  return crm.apply(plan, who, memoryProgress().context({}, overwrite));
}

const contacts = () => [...close.state.contacts.values()];
const leads = () => [...close.state.leads.values()];
const notes = () => [...close.state.notes.values()];

beforeAll(async () => {
  close = await startCloseEmulator();
});
afterAll(() => close.server.close());
beforeEach(() => {
  close.state.reset();
  close.control.reset();
});

describe('Close adapter against the emulator', () => {
  it('test() says who is connected, in which organization; the key is the Basic user name, never in a URL', async () => {
    expect(await adapter().test()).toEqual({ ok: true, value: 'Connected to Close as Emulator Admin (organization Acme Emulated).' });
    const request = close.control.log.at(-1)!;
    expect(request.path).toBe('/api/v1/me/');
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${CLOSE_API_KEY}:`).toString('base64')}`);
    expect(close.control.log.every((r) => !r.path.includes(CLOSE_API_KEY))).toBe(true);
  });

  it('a refused key is an auth error with Close’s words, not retried', async () => {
    const result = await adapter('api_revoked000000000000.key').test();
    expect(result).toMatchObject({ ok: false, error: { kind: 'auth', retryable: false, status: 401, message: 'The API key is invalid or has been revoked.' } });
    expect(close.control.log).toHaveLength(1);
  });

  it('creates the company’s lead, the contact on it with emails/phones/urls, and a note; a second push creates nothing', async () => {
    const crm = adapter();
    const first = await push(crm);
    const [lead] = leads();
    const [person] = contacts();
    expect(first).toEqual({ ok: true, value: { action: 'created', recordId: person!.id, recordUrl: `https://app.close.com/lead/${lead!.id}/` } });
    expect(lead).toMatchObject({ name: 'Northwind Analytics', url: 'https://www.northwind-analytics.example/' });
    expect(person).toMatchObject({ lead_id: lead!.id, name: 'Maya Chen', title: 'VP of Engineering' });
    expect(person!.emails).toEqual([{ email: MAYA_EMAIL, type: 'office' }]);
    expect(person!.phones.map((p) => [p.phone, p.type])).toEqual([
      ['+14155550110', 'mobile'],
      ['+14155550111', 'office'],
    ]);
    expect(person!.urls).toEqual([{ url: 'https://www.linkedin.com/in/maya-chen/', type: 'url' }]);
    expect(notes()).toHaveLength(1);
    expect(notes()[0]).toMatchObject({ lead_id: lead!.id, contact_id: person!.id });
    expect(notes()[0]!.note).toContain(`Verified email: ${MAYA_EMAIL}`);

    expect(await push(crm)).toMatchObject({ ok: true, value: { action: 'skipped', recordId: person!.id } });
    expect([contacts().length, leads().length, notes().length]).toEqual([1, 1, 1]);
  });

  it('puts the contact on the company’s existing lead, found by name or else by website', async () => {
    const byName = close.state.seedLead({ name: 'NORTHWIND analytics' });
    await push(adapter());
    expect(leads()).toHaveLength(1);
    expect(contacts()[0]!.lead_id).toBe(byName.id);

    close.state.reset();
    const byWebsite = close.state.seedLead({ name: 'Northwind (HQ)', url: 'http://northwind-analytics.example/about' });
    await push(adapter());
    expect(leads()).toHaveLength(1);
    expect(contacts()[0]!.lead_id).toBe(byWebsite.id);
  });

  it('a company known only by its domain: the lead is named and addressed by it, and found by it again', async () => {
    const who = { ...contact(), company: { domain: 'northwind-analytics.example' } };
    await push(adapter(), who);
    expect(leads()).toEqual([expect.objectContaining({ name: 'northwind-analytics.example', url: 'https://northwind-analytics.example/' })]);
    const other = { ...who, fullName: 'Sam Lee', emails: [], phones: [], profileUrl: undefined, identity: 'name:sam' };
    await push(adapter(), other);
    expect(leads()).toHaveLength(1);
    expect(contacts()).toHaveLength(2);
  });

  it('a person without a company gets a lead of their own, as Close makes one', async () => {
    const who = { ...contact(), company: undefined };
    expect(await push(adapter(), who)).toMatchObject({ ok: true, value: { action: 'created' } });
    expect(leads().map((l) => l.name)).toEqual(['Maya Chen']);
  });

  it('matches by email (whole address, any case), then the profile URL in the contact’s URLs, then the name at the company’s lead', async () => {
    const lead = close.state.seedLead({ name: 'Northwind Analytics' });
    // Search matches words: a longer address holding Maya's is someone else.
    close.state.seedContact({ lead_id: lead.id, name: 'Other', emails: [{ email: `other.${MAYA_EMAIL}`, type: 'office' }] });
    const byName = close.state.seedContact({ lead_id: lead.id, name: 'maya chen' });
    expect(await adapter().find(contact(), null)).toMatchObject({ ok: true, value: { id: byName.id, by: 'nameCompany' } });

    const byUrl = close.state.seedContact({ lead_id: lead.id, name: 'M. Chen', urls: [{ url: 'http://linkedin.com/in/maya-chen', type: 'url' }] });
    expect(await adapter().find(contact(), null)).toMatchObject({ ok: true, value: { id: byUrl.id, by: 'profileUrl', values: { profileUrl: 'http://linkedin.com/in/maya-chen' } } });

    const byEmail = close.state.seedContact({ lead_id: lead.id, name: 'M.C.', emails: [{ email: MAYA_EMAIL.toUpperCase(), type: 'office' }] });
    expect(await adapter().find(contact(), null)).toMatchObject({ ok: true, value: { id: byEmail.id, by: 'email' } });
    expect(await adapter().check({ emails: [MAYA_EMAIL] }, null)).toEqual({
      ok: true,
      value: { state: 'in_crm', recordId: byEmail.id, recordUrl: `https://app.close.com/lead/${lead.id}/`, by: 'email' },
    });
    expect(await adapter().find(contact(), byName.id)).toMatchObject({ ok: true, value: { id: byName.id, by: 'remembered' } });
    expect(await adapter().find(contact(), 'cont_deleted')).toMatchObject({ ok: true, value: { id: byEmail.id, by: 'email' } });
  });

  it('never replaces what the contact holds without permission, and never loses an address it had', async () => {
    const lead = close.state.seedLead({ name: 'Northwind Analytics' });
    const existing = close.state.seedContact({ lead_id: lead.id, name: 'Maya Chen', title: 'Engineer', emails: [{ email: 'maya@old.example', type: 'home' }] });
    const crm = adapter();
    const plan = crm.plan(contact(), matched(await crm.find(contact(), existing.id)), { overwrite: [] });
    expect(plan.changes.find((c) => c.field === 'email')).toMatchObject({ status: 'keep', current: 'maya@old.example' });
    expect((await crm.apply(plan, contact(), memoryProgress().context())).ok).toBe(true);
    expect(existing.emails).toEqual([{ email: 'maya@old.example', type: 'home' }]);
    expect(existing.title).toBe('Engineer');
    // What it lacked is added.
    expect(existing.urls).toEqual([{ url: 'https://www.linkedin.com/in/maya-chen/', type: 'url' }]);

    const allowed = crm.plan(contact(), matched(await crm.find(contact(), existing.id)), { overwrite: ['email', 'jobTitle'] });
    expect((await crm.apply(allowed, contact(), memoryProgress().context({}, ['email', 'jobTitle']))).ok).toBe(true);
    // The new address goes first, where Close reads the primary one; the old one stays.
    expect(existing.emails).toEqual([
      { email: MAYA_EMAIL, type: 'office' },
      { email: 'maya@old.example', type: 'home' },
    ]);
    expect(existing.title).toBe('VP of Engineering');
    expect(contacts()).toHaveLength(1);
  });

  it("a 'Most Probable' email is never put on the contact: it is in the note, labelled unverified", async () => {
    expect((await push(adapter(), contact(emilieEnrichment()))).ok).toBe(true);
    expect(contacts()[0]!.emails).toEqual([]);
    expect(notes()[0]!.note).toContain('Unverified email (likely, not verified): emilie@brightwater-labs.example');
  });

  it('a contact create whose answer is lost, retried while search has not indexed it yet: still one contact, one note', async () => {
    close.state.indexLag = true;
    close.control.faults.push({ kind: 'lost', path: '/api/v1/contact/', method: 'POST' });
    const { result, errors } = await pushUntilSettled(adapter(), contact());
    expect(errors).toEqual([expect.objectContaining({ kind: 'network', retryable: true })]);
    expect(result.ok).toBe(true);
    expect(contacts()).toHaveLength(1);
    expect(leads()).toHaveLength(1);
    expect(notes()).toHaveLength(1);
    expect(notes()[0]!.contact_id).toBe(contacts()[0]!.id);
  });

  it('429 waits for Retry-After on a search (Close also sends its ratelimit header); a refused field is final, with Close’s field error', async () => {
    const waits: number[] = [];
    close.control.faults.push({ kind: '429', retryAfter: 3, path: '/data/search/' });
    expect((await adapter(CLOSE_API_KEY, waits).find(contact(), null)).ok).toBe(true);
    expect(waits).toEqual([3_000]);
    expect(close.control.log[0]!.status).toBe(429);

    const response = await fetch(`${close.origin}/api/v1/me/`, { headers: { authorization: `Basic ${Buffer.from(`${CLOSE_API_KEY}:`).toString('base64')}` } });
    expect(response.headers.get('ratelimit')).toMatch(/^limit=\d+, remaining=\d+, reset=\d+$/);

    const lead = close.state.seedLead({ name: 'Northwind Analytics' });
    const bad = await adapter().apply(
      { target: 'close', action: 'create', reason: '', match: null, company: null, note: true, changes: [{ field: 'email', label: 'Email', current: null, proposed: 'not-an-address', status: 'add' }] },
      contact(),
      memoryProgress().context({ companyId: lead.id }),
    );
    expect(bad).toMatchObject({ ok: false, error: { kind: 'rejected', retryable: false, status: 400, message: 'emails: Enter a valid email address.' } });
  });

  it('a search query Close refuses is reported, not taken for "not in Close"', async () => {
    close.control.faults.push({ kind: '503', path: '/data/search/', method: 'POST' });
    close.control.faults.push({ kind: '503', path: '/data/search/', method: 'POST' });
    close.control.faults.push({ kind: '503', path: '/data/search/', method: 'POST' });
    expect(await adapter().check({ emails: [MAYA_EMAIL] }, null)).toMatchObject({ ok: false, error: { kind: 'unavailable', retryable: true } });
  });

  it('a note whose answer is lost is found on the retry, its line breaks changed by Close: one note', async () => {
    const crm = adapter(CLOSE_API_KEY, [], () => NOW);
    close.control.faults.push({ kind: 'lost', path: '/api/v1/activity/note/', method: 'POST' });
    const first = await pushLikeTheOutbox(crm, contact());
    expect(first.result).toMatchObject({ ok: false, error: { kind: 'network', retryable: true } });
    expect(first.progress).toMatchObject({ noteAt: NOW });
    // Close keeps notes as rich text: the plain text it gives back may break lines its own way.
    notes()[0]!.note = notes()[0]!.note.replaceAll('\n', '\n\n');

    const retried = await pushLikeTheOutbox(crm, contact(), { progress: first.progress });
    expect(retried.result).toMatchObject({ ok: true, value: { action: 'created' } });
    expect(notes()).toHaveLength(1);
    const asked = new URL(noteLists().at(-1)!.path, close.origin).searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({ lead_id: first.progress.companyId, contact_id: first.progress.recordId, date_created__gte: new Date(NOW - 86_400_000).toISOString() });
  });

  it('a retry makes the note when the first create never landed; the same note older than a day is an earlier push’s', async () => {
    const crm = adapter(CLOSE_API_KEY, [], () => NOW);
    close.control.faults.push({ kind: '503', path: '/api/v1/activity/note/', method: 'POST' });
    const first = await pushLikeTheOutbox(crm, contact());
    expect(first.result).toMatchObject({ ok: false, error: { kind: 'unavailable' } });
    expect(notes()).toHaveLength(0);
    const old = { id: 'acti_old', _type: 'Note' as const, organization_id: 'orga_x', lead_id: first.progress.companyId!, contact_id: first.progress.recordId!, note: summaryLines(contact()).join('\n') };
    close.state.notes.set(old.id, { ...old, date_created: new Date(NOW - 25 * 3_600_000).toISOString() });

    expect((await pushLikeTheOutbox(crm, contact(), { progress: first.progress })).result.ok).toBe(true);
    expect(notes()).toHaveLength(2);
  });

  it('a later push of the same person (a new outbox item) adds its own note, without looking for the first', async () => {
    expect((await pushUntilSettled(adapter(), contact())).result.ok).toBe(true);
    // Someone cleared the title in Close: the same enrichment pushed again has something to write.
    contacts()[0]!.title = '';
    const again = await pushLikeTheOutbox(adapter(), contact());
    expect(again.result).toMatchObject({ ok: true, value: { action: 'updated' } });
    expect(notes()).toHaveLength(2);
    expect(notes()[1]!.note).toBe(notes()[0]!.note);
    expect(noteLists()).toHaveLength(0);
  });
});

describe('the Close emulator’s Advanced Filtering', () => {
  it('refuses a query type it does not know, with Close’s error body', async () => {
    const response = await fetch(`${close.origin}/api/v1/data/search/`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${CLOSE_API_KEY}:`).toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: { type: 'soql', q: 'SELECT' } }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'Unknown query type: soql', 'field-errors': { query: 'Unknown query type: soql' } });
  });

  it('keeps new records out of search while the index lags, and shows them once indexed', async () => {
    close.state.indexLag = true;
    await push(adapter(), contact(mayaEnrichment()));
    expect(await adapter().check({ emails: [MAYA_EMAIL] }, null)).toMatchObject({ ok: true, value: { state: 'not_in_crm' } });
    close.state.index();
    expect(await adapter().check({ emails: [MAYA_EMAIL] }, null)).toMatchObject({ ok: true, value: { state: 'in_crm' } });
  });
});

describe('the Close emulator’s note list', () => {
  const list = async (query: string) => {
    const res = await fetch(`${close.origin}/api/v1/activity/note/?${query}`, { headers: { authorization: `Basic ${Buffer.from(`${CLOSE_API_KEY}:`).toString('base64')}` } });
    return { status: res.status, body: await res.json() };
  };

  it('filters by lead, contact and date_created, newest first, paged by _skip/_limit with has_more; refuses a date it cannot read', async () => {
    const lead = close.state.seedLead({ name: 'Northwind Analytics' });
    const maya = close.state.seedContact({ lead_id: lead.id, name: 'Maya Chen' });
    const base = { _type: 'Note' as const, organization_id: 'orga_x', lead_id: lead.id };
    for (let i = 0; i < 3; i += 1) close.state.notes.set(`acti_${i}`, { ...base, id: `acti_${i}`, contact_id: maya.id, note: `n${i}`, date_created: new Date(Date.UTC(2026, 0, 10 + i)).toISOString() });
    close.state.notes.set('acti_lead', { ...base, id: 'acti_lead', contact_id: null, note: 'on the lead', date_created: new Date(Date.UTC(2026, 0, 20)).toISOString() });

    const first = await list(`lead_id=${lead.id}&contact_id=${maya.id}&_limit=2`);
    expect(first.body.has_more).toBe(true);
    expect(first.body.data.map((n: { note: string }) => n.note)).toEqual(['n2', 'n1']);
    expect(first.body.data[0]).toMatchObject({ _type: 'Note', id: 'acti_2', contact_id: maya.id, date_created: '2026-01-12T00:00:00.000000+00:00', note_html: '<p>n2</p>' });
    expect((await list(`lead_id=${lead.id}&contact_id=${maya.id}&_limit=2&_skip=2`)).body).toMatchObject({ has_more: false, data: [{ note: 'n0' }] });
    expect((await list(`lead_id=${lead.id}`)).body.data).toHaveLength(4);
    expect((await list(`contact_id=${maya.id}&date_created__gte=2026-01-11T00:00:00.000Z`)).body.data.map((n: { note: string }) => n.note)).toEqual(['n2', 'n1']);
    expect(await list('date_created__gte=yesterday')).toMatchObject({ status: 400, body: { 'field-errors': { date_created__gte: expect.any(String) } } });
  });
});

describe('a Close connection', () => {
  it('takes an API key, defaults to https://api.close.com, allows plain http only on this machine', () => {
    const input = connectionInputSchema.parse({ kind: 'close', token: CLOSE_API_KEY });
    expect(connectionOrigin(input)).toBe('https://api.close.com/*');
    expect(connectionInputSchema.safeParse({ kind: 'close', token: CLOSE_API_KEY, apiBase: 'http://127.0.0.1:9000/' }).success).toBe(true);
    expect(connectionInputSchema.safeParse({ kind: 'close', token: CLOSE_API_KEY, apiBase: 'http://api.close.com' }).success).toBe(false);
    expect(connectionInputSchema.safeParse({ kind: 'close', token: 'api key' }).success).toBe(false);
  });

  it('its summary shows the host and the key’s last characters only', () => {
    const stored: StoredConnection = { kind: 'close', token: CLOSE_API_KEY };
    const summary = summarise(stored);
    expect(summary).toMatchObject({ target: 'close', label: 'Close', host: 'api.close.com', maskedSecret: `••••${CLOSE_API_KEY.slice(-4)}` });
    expect(JSON.stringify(summary)).not.toContain(CLOSE_API_KEY);
  });
});
