import { describe, expect, it, vi } from 'vitest';
import { createBulkHandlers, type BulkHandlerDeps } from '@/lib/bulk/worker/handlers';
import { CrmRefusal } from '@/lib/crm/worker/presence-check';
import type { Handlers } from '@/lib/contracts/handlers';
import { countRows } from '@/lib/bulk/counts';
import { ABANDONED_PREPARING_MS, isPastRun, type BulkRow, type ColumnMapping } from '@/lib/bulk/model';
import { tableFromContacts } from '@/lib/bulk/pasted';
import { personOf, requestFor } from '@/lib/bulk/person';
import { QUOTE_TTL_MS } from '@/lib/bulk/worker/quote';
import type { Contact } from '@/lib/book/model';
import type { CrmContact } from '@/lib/crm/contact';
import { PRICES } from '@/lib/lookup/worker/operations';
import type { SenderInfo } from '@/lib/platform/messaging/sender';
import { company, person } from '@/test/unit/book/book-fixtures';
import { aRow, aRun, aTask, fakeLookups, memoryStore, runnerWith, type MemoryStore } from '@/test/unit/bulk/runner-fakes';

const page: SenderInfo = { id: 'ext', url: 'chrome-extension://ext/bulk.html' };
const url = (i: number) => `https://www.linkedin.com/in/p${i}/`;

function setUp(store: MemoryStore = memoryStore(), over: Partial<BulkHandlerDeps> = {}) {
  const lookups = fakeLookups();
  const { runner } = runnerWith(store, lookups);
  let clock = 1_000_000;
  let ids = 0;
  const contacts = new Map<string, Contact>();
  const crm = {
    planContact: vi.fn(async (contact: CrmContact) => ({ target: 'hubspot' as const, action: contact.fullName.includes('New') ? ('create' as const) : ('update' as const), reason: '', match: null, changes: [], company: null, note: false })),
    pushContacts: vi.fn(async (list: readonly CrmContact[]) => list.map((c, i) => ({ id: `o${i}`, target: 'hubspot', fullName: c.fullName }) as never)),
  };
  const collection = { add: vi.fn(async () => ({ count: 3, added: 2 })), read: vi.fn(async () => [{ profileUrl: url(1) }]), clear: vi.fn(async () => {}) };
  const deps: BulkHandlerDeps = {
    store,
    runner,
    quote: {
      preview: async ({ op }) => ({ op, cost: PRICES[op], price: PRICES[op], inLedger: null }),
      requestFor,
      crm: null,
      capLeft: async () => null,
      history: { count: async () => 0, maxEntries: async () => 10_000 },
    },
    personReader: async (mapping: ColumnMapping) => (cells: string[]) => personOf(cells, mapping),
    tableFromContacts,
    contacts: async (list) => list.flatMap((id) => contacts.get(id) ?? []),
    crm,
    collection,
    prices: async () => (op) => PRICES[op],
    now: () => clock,
    newId: () => `id-${++ids}`,
    ...over,
  };
  const handlers = createBulkHandlers(deps) as Handlers;
  const send = <N extends keyof typeof handlers>(name: N, data: Parameters<Handlers[N]>[0]) => (handlers[name] as (d: unknown, s: SenderInfo) => ReturnType<Handlers[N]>)(data, page);
  return { store, lookups, runner, send, crm, collection, contacts, deps, tick: (ms: number) => (clock += ms) };
}

const table = {
  name: 'Paris event',
  source: 'csv' as const,
  headers: ['Profile', 'Name'],
  rows: [[url(0), 'Ann'], ['not a url', 'Bo'], [url(2), 'Cy']],
  mapping: ['profileUrl', 'fullName'] as ColumnMapping,
};

async function runToEnd(runner: ReturnType<typeof setUp>['runner'], runId: string) {
  await runner.whenIdle(runId);
}

describe('making a run', () => {
  it('bulkCreate reads each row through the mapping and stores a draft, unusable rows with why', async () => {
    const { send, store } = setUp();
    const reply = await send('bulkCreate', table);
    expect(reply).toMatchObject({ ok: true, value: { id: 'id-1', name: 'Paris event', source: 'csv', state: 'draft', rowCount: 3, unusableRows: 1, headers: ['Profile', 'Name'] } });
    expect(store.row(0, 'id-1')).toMatchObject({ person: { profileUrl: url(0), fullName: 'Ann' }, problem: null, tasks: [] });
    expect(store.row(1, 'id-1')).toMatchObject({ person: null, problem: expect.stringContaining('not a url') });
  });

  it('a list chosen and priced is no past run until it starts; then it is one', async () => {
    const { send, store, runner } = setUp();
    await send('bulkCreate', table);
    expect(store.run('id-1')).toMatchObject({ state: 'draft', preparing: true });
    expect(isPastRun(store.run('id-1'))).toBe(false);
    const quote = await send('bulkQuote', { runId: 'id-1', operations: ['enrichPerson'], skipInCrm: false });
    expect(isPastRun(store.run('id-1'))).toBe(false);
    await send('bulkStart', { runId: 'id-1', quoteId: quote.ok ? quote.value.id : '' });
    expect(isPastRun(store.run('id-1'))).toBe(true);
    await runToEnd(runner, 'id-1');
    expect(isPastRun(store.run('id-1'))).toBe(true);
  });

  it('choosing a list forgets lists left unstarted for a day; runs, and drafts stored before, stay', async () => {
    const day = ABANDONED_PREPARING_MS;
    const store = memoryStore([
      aRun({ id: 'left-long-ago', state: 'quoted', preparing: true, createdAt: 1_000_000 - day - 1 }),
      aRun({ id: 'other-tab', state: 'draft', preparing: true, createdAt: 1_000_000 - 60_000 }),
      aRun({ id: 'started-long-ago', state: 'done', preparing: true, createdAt: 1 }),
      aRun({ id: 'old-draft', state: 'draft', createdAt: 1 }),
    ]);
    const { send } = setUp(store);
    await send('bulkCreate', table);
    expect([...store.runs.keys()].sort()).toEqual(['id-1', 'old-draft', 'other-tab', 'started-long-ago']);
    expect(isPastRun(store.run('old-draft'))).toBe(true);
  });

  it('bulkFromContacts makes a run of the contacts selected, companies kept as rows that are not sent', async () => {
    const { send, store, contacts } = setUp();
    contacts.set('person:ann', person({ id: 'person:ann', name: 'Ann Lee', company: 'Acme', networkUrl: url(7) }));
    contacts.set('domain:acme.example', company({ id: 'domain:acme.example', name: 'Acme' }));
    const reply = await send('bulkFromContacts', { ids: ['person:ann', 'domain:acme.example', 'person:gone'] });
    expect(reply).toMatchObject({ ok: true, value: { source: 'contacts', rowCount: 2, unusableRows: 1, name: '2 contacts from the contact book' } });
    expect(store.row(0, 'id-1').person).toMatchObject({ profileUrl: url(7), fullName: 'Ann Lee' });
    expect(await send('bulkFromContacts', { ids: ['person:gone'] })).toMatchObject({ ok: false, error: { kind: 'not_found' } });
  });

  it('bulkRemap reads the rows again and forgets the price', async () => {
    const { send, store } = setUp();
    await send('bulkCreate', table);
    await send('bulkQuote', { runId: 'id-1', operations: ['enrichPerson'], skipInCrm: false });
    const reply = await send('bulkRemap', { runId: 'id-1', mapping: [null, 'fullName'] });
    expect(reply).toMatchObject({ ok: true, value: { state: 'draft', quote: null, unusableRows: 3, mapping: [null, 'fullName'] } });
    expect(store.row(0, 'id-1')).toMatchObject({ person: null, tasks: [] });
  });

  it('a running run cannot be remapped or priced again', async () => {
    const store = memoryStore([aRun({ state: 'running' })], [aRow(0)]);
    const { send } = setUp(store);
    expect(await send('bulkRemap', { runId: 'run-1', mapping: ['profileUrl'] })).toMatchObject({ ok: false, error: { kind: 'invalid_state' } });
    expect(await send('bulkQuote', { runId: 'run-1', operations: ['enrichPerson'], skipInCrm: false })).toMatchObject({ ok: false, error: { kind: 'invalid_state' } });
    expect(await send('bulkQuote', { runId: 'nope', operations: ['enrichPerson'], skipInCrm: false })).toMatchObject({ ok: false, error: { kind: 'not_found' } });
  });
});

describe('price, confirmation, run', () => {
  it('quoted, confirmed with that quote, run to the end: every lookup went through the service, confirmed by the run', async () => {
    const { send, lookups, runner, store } = setUp();
    await send('bulkCreate', table);
    const quote = await send('bulkQuote', { runId: 'id-1', operations: ['enrichPerson'], skipInCrm: false });
    expect(quote).toMatchObject({ ok: true, value: { total: 4, toPay: 2, unusable: 1 } });
    const started = await send('bulkStart', { runId: 'id-1', quoteId: quote.ok ? quote.value.id : '' });
    expect(started).toMatchObject({ ok: true, value: { state: 'running', confirmedAt: expect.any(Number) } });
    await runToEnd(runner, 'id-1');
    expect(lookups.lookup.mock.calls.map(([r]) => r)).toEqual([
      expect.objectContaining({ op: 'enrichPerson', input: { profileUrl: url(0) }, confirmed: true }),
      expect.objectContaining({ op: 'enrichPerson', input: { profileUrl: url(2) }, confirmed: true }),
    ]);
    expect(store.run('id-1')).toMatchObject({ state: 'done', counts: { total: 3, paid: 2, skipped: 1, spent: 4 } });
  });

  it('bulkStart refuses another quote and a stale one', async () => {
    const { send, tick, lookups } = setUp();
    await send('bulkCreate', table);
    const quote = await send('bulkQuote', { runId: 'id-1', operations: ['enrichPerson'], skipInCrm: false });
    const id = quote.ok ? quote.value.id : '';
    expect(await send('bulkStart', { runId: 'id-1', quoteId: 'other' })).toMatchObject({ ok: false, error: { kind: 'other_quote' } });
    tick(QUOTE_TTL_MS + 1);
    expect(await send('bulkStart', { runId: 'id-1', quoteId: id })).toMatchObject({ ok: false, error: { kind: 'stale_quote' } });
    expect(lookups.lookup).not.toHaveBeenCalled();
  });

  it('bulkStart refuses a total above what today’s cap leaves, with both numbers', async () => {
    const { send, lookups } = setUp(undefined, {
      quote: {
        preview: async ({ op }) => ({ op, cost: PRICES[op], price: PRICES[op], inLedger: null }),
        requestFor,
        crm: null,
        capLeft: async () => 3,
        history: { count: async () => 0, maxEntries: async () => 10_000 },
      },
    });
    await send('bulkCreate', table);
    const quote = await send('bulkQuote', { runId: 'id-1', operations: ['enrichPerson'], skipInCrm: false });
    expect(quote).toMatchObject({ ok: true, value: { total: 4, capLeft: 3 } });
    const refused = await send('bulkStart', { runId: 'id-1', quoteId: quote.ok ? quote.value.id : '' });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'daily_cap', message: expect.stringMatching(/4 credits.*3 are left/) } });
    expect(lookups.lookup).not.toHaveBeenCalled();
  });

  it('pause, resume and cancel answer the run, or why not', async () => {
    const store = memoryStore([aRun({ state: 'paused' })], [aRow(0)]);
    const { send } = setUp(store);
    expect(await send('bulkPause', { runId: 'run-1' })).toMatchObject({ ok: true, value: { state: 'paused' } });
    expect(await send('bulkCancel', { runId: 'run-1' })).toMatchObject({ ok: true, value: { state: 'cancelled' } });
    expect(await send('bulkResume', { runId: 'run-1' })).toMatchObject({ ok: false, error: { kind: 'invalid_state' } });
    expect(await send('bulkCancel', { runId: 'nope' })).toMatchObject({ ok: false, error: { kind: 'not_found' } });
  });
});

describe('sending again', () => {
  const lost = (i: number, op: 'enrichPerson' | 'searchPhone') => aRow(i, [aTask(op, { state: 'unknown', outcome: 'unknown', attemptId: `lost-${i}` })]);

  it('unknown tasks may have been charged: refused unless the user confirmed their price, which the refusal names', async () => {
    const rows = [lost(0, 'enrichPerson'), lost(1, 'searchPhone'), aRow(2, [aTask('enrichPerson', { state: 'done', outcome: 'paid', cost: 2 })])];
    const store = memoryStore([aRun({ state: 'done', counts: countRows(rows) })], rows);
    const { send, lookups, runner } = setUp(store);
    expect(await send('bulkRetry', { runId: 'run-1', which: 'unknown' })).toMatchObject({ ok: false, error: { kind: 'needs_confirmation', message: expect.stringContaining('32 credits') } });
    expect(await send('bulkRetry', { runId: 'run-1', which: 'unknown', price: 2 })).toMatchObject({ ok: false, error: { kind: 'needs_confirmation' } });
    expect(lookups.lookup).not.toHaveBeenCalled();
    expect(await send('bulkRetry', { runId: 'run-1', which: 'unknown', price: 32 })).toMatchObject({ ok: true, value: { state: 'running' } });
    await runToEnd(runner, 'run-1');
    expect(lookups.lookup).toHaveBeenCalledTimes(2);
  });

  it('failed tasks go again without a price (a failure that repeats is free)', async () => {
    const rows = [aRow(0, [aTask('enrichPerson', { state: 'failed', outcome: 'failed' })])];
    const store = memoryStore([aRun({ state: 'done', counts: countRows(rows) })], rows);
    const { send, lookups, runner } = setUp(store);
    expect(await send('bulkRetry', { runId: 'run-1', which: 'failed' })).toMatchObject({ ok: true });
    await runToEnd(runner, 'run-1');
    expect(lookups.lookup).toHaveBeenCalledTimes(1);
    expect(await send('bulkRetry', { runId: 'run-1', which: 'failed' })).toMatchObject({ ok: false, error: { kind: 'nothing_to_retry' } });
  });

  it('a run not started has nothing to send again', async () => {
    const { send } = setUp(memoryStore([aRun({ state: 'quoted' })], [aRow(0)]));
    expect(await send('bulkRetry', { runId: 'run-1', which: 'failed' })).toMatchObject({ ok: false, error: { kind: 'invalid_state' } });
  });
});

describe('deleting', () => {
  it('refused while running; a finished run goes with its rows', async () => {
    const store = memoryStore([aRun({ state: 'running' }), aRun({ id: 'run-2', state: 'done' })], [aRow(0), { ...aRow(0), runId: 'run-2' }]);
    const { send } = setUp(store);
    expect(await send('bulkDelete', { runId: 'run-1' })).toMatchObject({ ok: false, error: { kind: 'invalid_state' } });
    expect(await send('bulkDelete', { runId: 'run-2' })).toEqual({ ok: true, value: { deleted: true } });
    expect(store.runs.has('run-2')).toBe(false);
    expect([...store.rows.keys()]).toEqual(['run-1/0']);
  });
});

describe('pushing the matched to a CRM', () => {
  const matched = (i: number, contactId: string | null): BulkRow => aRow(i, [aTask('enrichPerson', { state: 'done', outcome: 'paid', cost: 2 })], { contactId });

  it('plans each matched person once: creates, updates, skips, duplicates, and who could not be asked', async () => {
    const rows = [matched(0, 'person:new'), matched(1, 'person:old'), matched(2, 'person:new'), matched(3, 'person:noname'), aRow(4, [aTask('enrichPerson', { state: 'done', outcome: 'miss' })], { contactId: 'person:miss' }), matched(5, 'person:err')];
    const { send, contacts, crm } = setUp(memoryStore([aRun({ state: 'done' })], rows));
    contacts.set('person:new', person({ id: 'person:new', name: 'New Person' }));
    contacts.set('person:old', person({ id: 'person:old', name: 'Old Person' }));
    contacts.set('person:noname', person({ id: 'person:noname' }));
    contacts.set('person:err', person({ id: 'person:err', name: 'Err Person' }));
    crm.planContact.mockImplementation(async (contact: CrmContact) => {
      if (contact.fullName === 'Err Person') throw new CrmRefusal('server_error', 'HubSpot failed');
      return { target: 'hubspot', action: contact.fullName.includes('New') ? 'create' : 'update', reason: '', match: null, changes: [], company: null, note: false };
    });
    expect(await send('bulkCrmPlan', { runId: 'run-1', target: 'hubspot' })).toEqual({ ok: true, value: { create: 1, update: 1, skip: 1, unknown: 1, duplicates: 1 } });
    expect(crm.planContact).toHaveBeenCalledTimes(3);
  });

  it('a CRM that is not connected refuses the plan as data', async () => {
    const { send, contacts, crm } = setUp(memoryStore([aRun({ state: 'done' })], [matched(0, 'person:a')]));
    contacts.set('person:a', person({ id: 'person:a', name: 'A' }));
    crm.planContact.mockRejectedValue(new CrmRefusal('not_connected', 'HubSpot is not connected.'));
    expect(await send('bulkCrmPlan', { runId: 'run-1', target: 'hubspot' })).toMatchObject({ ok: false, error: { kind: 'not_connected' } });
  });

  it('queues every matched person through the outbox, in chunks of at most 1,000', async () => {
    const rows = Array.from({ length: 1_500 }, (_, i) => matched(i, `person:${i}`));
    const { send, contacts, crm } = setUp(memoryStore([aRun({ state: 'done' })], rows));
    for (let i = 0; i < 1_500; i++) contacts.set(`person:${i}`, person({ id: `person:${i}`, name: `P ${i}` }));
    expect(await send('bulkCrmPush', { runId: 'run-1', target: 'hubspot', overwrite: [] })).toEqual({ ok: true, value: { queued: 1_500, skipped: 0 } });
    expect(crm.pushContacts.mock.calls.map(([list]) => list.length)).toEqual([1_000, 500]);
  });

  it('nothing matched: nothing to push', async () => {
    const { send } = setUp(memoryStore([aRun({ state: 'done' })], [aRow(0)]));
    expect(await send('bulkCrmPush', { runId: 'run-1', target: 'hubspot', overwrite: [] })).toMatchObject({ ok: false, error: { kind: 'nothing_to_push' } });
  });
});

describe('the collecting list', () => {
  it('adds, reads and empties through the collection', async () => {
    const { send, collection } = setUp();
    expect(await send('bulkCollect', { people: [{ profileUrl: url(1) }] })).toEqual({ ok: true, value: { count: 3, added: 2 } });
    expect(collection.add).toHaveBeenCalledWith([{ profileUrl: url(1) }]);
    expect(await send('bulkCollection', undefined)).toEqual({ ok: true, value: { people: [{ profileUrl: url(1) }] } });
    expect(await send('bulkClearCollection', undefined)).toEqual({ ok: true, value: { count: 0 } });
    expect(collection.clear).toHaveBeenCalled();
  });
});
