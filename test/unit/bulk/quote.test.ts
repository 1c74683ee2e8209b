import { describe, expect, it, vi } from 'vitest';
import type { BulkOperation, BulkPerson, BulkRow } from '@/lib/bulk/model';
import { requestFor } from '@/lib/bulk/person';
import { checkStart, QUOTE_TTL_MS, quoteRun, type QuoteDeps } from '@/lib/bulk/worker/quote';
import { PRICES } from '@/lib/lookup/worker/operations';
import type { Preview } from '@/lib/lookup/contract';
import { aRow, aRun, memoryStore } from '@/test/unit/bulk/runner-fakes';

const url = (i: number) => `https://www.linkedin.com/in/p${i}/`;

/** Rows as bulkCreate stores them: a person each, no task yet. */
const people = (n: number) => Array.from({ length: n }, (_, i) => aRow(i, []));

function setUp(rows: BulkRow[], over: Partial<QuoteDeps> & { ledger?: Set<string>; suppressed?: Set<string> } = {}) {
  const store = memoryStore([aRun({ state: 'draft', rowCount: rows.length })], rows);
  const ledger = over.ledger ?? new Set<string>();
  const suppressed = over.suppressed ?? new Set<string>();
  const preview = vi.fn(async ({ op, input }: { op: BulkOperation; input: Record<string, unknown> }): Promise<Preview> => {
    const who = String(input.profileUrl ?? input.email ?? input.phone ?? input.fullName);
    const price = PRICES[op];
    if (suppressed.has(who)) return { op, cost: 0, price, inLedger: null, refused: { kind: 'suppressed', message: 'On your suppression list.' } };
    return ledger.has(`${op} ${who}`) ? { op, cost: 0, price, inLedger: { paidAt: 1, creditBurn: price } } : { op, cost: price, price, inLedger: null };
  });
  const deps: QuoteDeps = {
    store,
    preview,
    requestFor,
    crm: null,
    capLeft: async () => null,
    history: { count: async () => 0, maxEntries: async () => 10_000 },
    now: () => 1_000_000,
    newId: () => 'quote-1',
    ...over,
  };
  return { store, deps, preview };
}

describe('pricing a run', () => {
  it('rows x price, minus the rows the ledger answers (free)', async () => {
    const ledger = new Set([1, 4, 7].map((i) => `enrichPerson ${url(i)}`));
    const { store, deps } = setUp(people(10), { ledger });
    const { run, quote } = await quoteRun(deps, aRun({ state: 'draft' }), { operations: ['enrichPerson'], skipInCrm: false });
    expect(quote).toMatchObject({ id: 'quote-1', at: 1_000_000, total: (10 - 3) * PRICES.enrichPerson, toPay: 7, fromLedger: 3, inCrm: 0, unusable: 0 });
    expect(quote.byOperation).toEqual([{ op: 'enrichPerson', toPay: 7, price: 2, fromLedger: 3 }]);
    expect(run).toMatchObject({ state: 'quoted', quote, counts: { total: 10, skipped: 0, done: 0 } });
    expect(store.run()).toMatchObject({ state: 'quoted', quote: { id: 'quote-1' } });
    expect(store.row(1).tasks).toEqual([expect.objectContaining({ op: 'enrichPerson', state: 'pending', quoted: 0 })]);
    expect(store.row(2).tasks).toEqual([expect.objectContaining({ op: 'enrichPerson', state: 'pending', quoted: 2 })]);
  });

  it('each operation chosen, each at its price', async () => {
    const ledger = new Set([`searchPhone ${url(0)}`]);
    const { deps } = setUp(people(3), { ledger });
    const { quote } = await quoteRun(deps, aRun({ state: 'draft' }), { operations: ['enrichPerson', 'searchPhone'], skipInCrm: false });
    expect(quote.total).toBe(3 * PRICES.enrichPerson + 2 * PRICES.searchPhone);
    expect(quote.byOperation).toEqual([
      { op: 'enrichPerson', toPay: 3, price: 2, fromLedger: 0 },
      { op: 'searchPhone', toPay: 2, price: 30, fromLedger: 1 },
    ]);
  });

  it('rows that cannot be used, and operations a row cannot have, are skipped with why and cost nothing', async () => {
    const rows = [
      aRow(0, []),
      aRow(1, [], { person: null, problem: 'No profile URL, email, phone, or name with company.' }),
      aRow(2, [], { person: { fullName: 'Ann Lee', company: 'acme.example' } satisfies BulkPerson }),
    ];
    const { store, deps } = setUp(rows);
    const { quote, run } = await quoteRun(deps, aRun({ state: 'draft' }), { operations: ['enrichPerson', 'reversePhone'], skipInCrm: false });
    // Row 0: enrich (2); row 2: enrich by name at company (2); nobody has a phone.
    expect(quote).toMatchObject({ total: 4, toPay: 2, unusable: 4 });
    expect(store.row(1).tasks).toEqual([
      expect.objectContaining({ state: 'skipped', reason: 'No profile URL, email, phone, or name with company.' }),
      expect.objectContaining({ state: 'skipped', reason: 'No profile URL, email, phone, or name with company.' }),
    ]);
    expect(store.row(0).tasks[1]).toMatchObject({ op: 'reversePhone', state: 'skipped', reason: expect.any(String) });
    expect(run.counts).toMatchObject({ total: 6, skipped: 4 });
  });

  it('a person the lookups refuse (suppressed) is skipped with the refusal, not priced', async () => {
    const { store, deps } = setUp(people(2), { suppressed: new Set([url(1)]) });
    const { quote } = await quoteRun(deps, aRun({ state: 'draft' }), { operations: ['enrichPerson'], skipInCrm: false });
    expect(quote).toMatchObject({ total: 2, toPay: 1 });
    expect(store.row(1).tasks[0]).toMatchObject({ state: 'skipped', reason: 'On your suppression list.' });
  });

  it('the same person twice is paid once: the repeat is answered by the ledger', async () => {
    const twin = { person: { profileUrl: url(0) } };
    const { store, deps } = setUp([aRow(0, [], twin), aRow(1, []), aRow(2, [], twin)]);
    const { quote } = await quoteRun(deps, aRun({ state: 'draft' }), { operations: ['enrichPerson'], skipInCrm: false });
    expect(quote).toMatchObject({ total: 4, toPay: 2, fromLedger: 1 });
    expect(store.row(2).tasks[0]).toMatchObject({ state: 'pending', quoted: 0, reason: expect.stringContaining('row 1') });
  });

  it('pricing again starts over: earlier answers and tasks are forgotten', async () => {
    const { store, deps } = setUp(people(2));
    await quoteRun(deps, aRun({ state: 'draft' }), { operations: ['enrichPerson', 'searchPhone'], skipInCrm: false });
    const { quote } = await quoteRun(deps, store.run(), { operations: ['enrichPerson'], skipInCrm: false });
    expect(quote.total).toBe(4);
    expect(store.row(0).tasks).toHaveLength(1);
  });

  it('says what today’s cap leaves and how many history entries the run would push out', async () => {
    const { deps } = setUp(people(5), { capLeft: async () => 7, history: { count: async () => 98, maxEntries: async () => 100 } });
    const { quote } = await quoteRun(deps, aRun({ state: 'draft' }), { operations: ['enrichPerson'], skipInCrm: false });
    expect(quote).toMatchObject({ capLeft: 7, historyOverflow: 3 });
  });
});

describe('skipping people already in the CRM', () => {
  function crm(answers: Record<string, 'yes' | 'no' | 'unknown'>, connected = true) {
    return { connected: vi.fn(async () => connected), check: vi.fn(async (p: BulkPerson) => answers[p.profileUrl!] ?? 'no') };
  }

  it('rows the CRM holds are skipped; one it cannot answer about is kept and counted', async () => {
    const check = crm({ [url(1)]: 'yes', [url(2)]: 'unknown' });
    const { store, deps } = setUp(people(4), { crm: check });
    const { quote } = await quoteRun(deps, aRun({ state: 'draft' }), { operations: ['enrichPerson', 'findWorkEmail'], skipInCrm: true });
    expect(quote).toMatchObject({ inCrm: 1, crmUnknown: 1, toPay: 3, total: 3 * PRICES.enrichPerson });
    expect(store.row(1)).toMatchObject({ inCrm: 'yes', tasks: [{ state: 'skipped', reason: 'Already in your CRM' }, { state: 'skipped' }] });
    expect(store.row(2)).toMatchObject({ inCrm: 'unknown', tasks: [{ state: 'pending', quoted: 2 }, { state: 'skipped' }] });
    expect(store.row(3)).toMatchObject({ inCrm: 'no' });
  });

  it('only rows that would cost something are checked, and none unless asked', async () => {
    const check = crm({});
    const { deps } = setUp(people(3), { crm: check, ledger: new Set([`enrichPerson ${url(0)}`]) });
    await quoteRun(deps, aRun({ state: 'draft' }), { operations: ['enrichPerson'], skipInCrm: true });
    expect(check.check.mock.calls.map(([p]) => p.profileUrl)).toEqual([url(1), url(2)]);
    check.check.mockClear();
    await quoteRun(deps, aRun({ state: 'draft' }), { operations: ['enrichPerson'], skipInCrm: false });
    expect(check.check).not.toHaveBeenCalled();
  });

  it('the CRM is asked for as long as a worker event may last; rows not reached in time are kept, priced and counted', async () => {
    let clock = 1_000_000;
    const check = crm({ [url(0)]: 'yes', [url(3)]: 'yes' });
    // Each check takes a minute of the (fake) clock: two fit in a budget of two minutes.
    check.check.mockImplementation(async (p: BulkPerson) => {
      clock += 60_000;
      return p.profileUrl === url(0) ? 'yes' : 'no';
    });
    const { store, deps } = setUp(people(4), { crm: check, now: () => clock, crmBudgetMs: 2 * 60_000, concurrency: 1 });
    const { quote } = await quoteRun(deps, aRun({ state: 'draft' }), { operations: ['enrichPerson'], skipInCrm: true });
    expect(check.check).toHaveBeenCalledTimes(2);
    expect(quote).toMatchObject({ inCrm: 1, crmUnknown: 2, toPay: 3 });
    expect(store.row(3)).toMatchObject({ inCrm: 'unknown', tasks: [{ state: 'pending', quoted: PRICES.enrichPerson }] });
  });

  it('no CRM connected: nothing is checked, nothing skipped', async () => {
    const check = crm({ [url(0)]: 'yes' }, false);
    const { deps } = setUp(people(2), { crm: check });
    const { quote } = await quoteRun(deps, aRun({ state: 'draft' }), { operations: ['enrichPerson'], skipInCrm: true });
    expect(check.check).not.toHaveBeenCalled();
    expect(quote).toMatchObject({ inCrm: 0, toPay: 2 });
  });
});

describe('starting a priced run', () => {
  const quoted = (total: number, at = 1_000) =>
    aRun({ state: 'quoted', quote: { id: 'q1', at, operations: ['enrichPerson'], skipInCrm: false, total, toPay: total / 2, fromLedger: 0, inCrm: 0, unusable: 0, byOperation: [], capLeft: null, historyOverflow: 0 } });

  it('starts with the quote the user saw, fresh, within the cap', () => {
    expect(checkStart(quoted(40), 'q1', 1_000 + QUOTE_TTL_MS - 1, 40)).toEqual({ ok: true });
    expect(checkStart(quoted(40), 'q1', 2_000, null)).toEqual({ ok: true });
  });

  it('refuses a run that is not priced, or priced again since', () => {
    expect(checkStart(aRun({ state: 'draft' }), 'q1', 2_000, null)).toMatchObject({ ok: false, kind: 'not_quoted' });
    expect(checkStart({ ...quoted(40), state: 'running' }, 'q1', 2_000, null)).toMatchObject({ ok: false, kind: 'not_quoted' });
    expect(checkStart(quoted(40), 'q0', 2_000, null)).toMatchObject({ ok: false, kind: 'other_quote' });
  });

  it('refuses a quote older than 15 minutes: prices may have changed', () => {
    expect(checkStart(quoted(40), 'q1', 1_000 + QUOTE_TTL_MS + 1, null)).toMatchObject({ ok: false, kind: 'stale_quote', message: expect.stringMatching(/price it again/) });
  });

  it('refuses a total above what today’s cap leaves, naming both', () => {
    const refused = checkStart(quoted(40), 'q1', 2_000, 39);
    expect(refused).toMatchObject({ ok: false, kind: 'daily_cap' });
    expect(!refused.ok && refused.message).toMatch(/40 credits.*39 are left/);
  });
});
