import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { freshVault } from '@/test/setup/vault-helpers';
import { entryName } from '@/lib/history/who';
import { createEnrichmentClient } from '@/lib/api';
import { createSandboxApp } from '@/sandbox/app';
import { readHistory } from '@/lib/history/worker/store';
import { journalItem, markPending } from '@/lib/lookup/worker/journal';
import { findInLedger } from '@/lib/lookup/worker/ledger';
import type { OperationName } from '@/lib/lookup/operation-names';
import { createLookupService } from '@/lib/lookup/worker/service';
import { capCost } from '@/lib/history/entry';
import { apiError, DAY, found, harness, jane, journalPending } from '@/test/unit/lookup/service-harness';

describe('lookup service', () => {
  beforeEach(() => fakeBrowser.reset());

  it('pays once, then answers from the ledger for free with the date it was paid', async () => {
    const h = harness();
    const first = await h.service.lookup(jane);
    expect(first).toMatchObject({ status: 'paid', cost: 2, fromLedger: false, value: { person: { fullName: 'Jane Doe' } } });
    h.advance(DAY);
    const second = await h.service.lookup(jane);
    expect(second).toMatchObject({ status: 'cached', cost: 0, fromLedger: true, paidAt: 10 * DAY, value: { person: { fullName: 'Jane Doe' } } });
    expect(h.run).toHaveBeenCalledTimes(1);
    const history = await readHistory();
    expect(history.map((e) => [e.outcome, e.cost, e.fromLedger])).toEqual([
      ['cached', 0, true],
      ['paid', 2, false],
    ]);
    expect(history[1]).toMatchObject({ op: 'enrichPerson', pageUrl: jane.pageUrl, result: { person: { fullName: 'Jane Doe' } } });
    expect(h.afterPaidLookup).toHaveBeenCalledTimes(1);
  });

  it('previews the price: full before, 0 once in the ledger', async () => {
    const h = harness();
    expect(await h.service.preview(jane)).toEqual({ op: 'enrichPerson', cost: 2, price: 2, inLedger: null });
    await h.service.lookup(jane);
    expect(await h.service.preview(jane)).toEqual({ op: 'enrichPerson', cost: 0, price: 2, inLedger: { paidAt: 10 * DAY, creditBurn: 2 } });
  });

  it('pays again on refresh and says so', async () => {
    const h = harness();
    await h.service.lookup(jane);
    const refreshed = await h.service.lookup({ ...jane, refresh: true });
    expect(refreshed).toMatchObject({ status: 'paid', cost: 2, refreshed: true, fromLedger: false });
    expect(h.run).toHaveBeenCalledTimes(2);
  });

  it('pays again once the freshness window has passed', async () => {
    const h = harness();
    await h.service.lookup(jane);
    h.advance(90 * DAY);
    expect(await h.service.lookup(jane)).toMatchObject({ status: 'paid' });
  });

  it('recognises the same person reached by the email the first answer revealed', async () => {
    const h = harness();
    await h.service.lookup(jane);
    expect(await findInLedger('enrichPerson', ['email:jane@acme.example'], { windowFor: () => 90 * DAY }, 11 * DAY)).not.toBeNull();
  });

  it('makes one request for two identical lookups in flight', async () => {
    const h = harness();
    const [a, b] = await Promise.all([h.service.lookup(jane), h.service.lookup(jane)]);
    expect(h.run).toHaveBeenCalledTimes(1);
    expect(a).toEqual(b);
    expect(await readHistory()).toHaveLength(1);
  });

  it('records misses and failures at no cost, and keeps them out of the ledger', async () => {
    const h = harness([{ ok: false, error: apiError('no_match') }]);
    expect(await h.service.lookup(jane)).toMatchObject({ status: 'miss', cost: 0 });
    expect((await readHistory()).map((e) => [e.outcome, e.cost])).toEqual([['miss', 0]]);
    fakeBrowser.reset();
    await freshVault({ migrated: true });
    const h2 = harness([{ ok: false, error: apiError('invalid_key') }]);
    expect(await h2.service.lookup(jane)).toMatchObject({ status: 'failed', cost: 0, error: { kind: 'invalid_key' } });
    expect(await h2.service.preview(jane)).toMatchObject({ cost: 2, inLedger: null });
    expect((await readHistory()).map((e) => [e.outcome, e.cost])).toEqual([['failed', 0]]);
  });

  it('records a free match (a Most Probable email) as free and not as a purchase', async () => {
    const h = harness([{ ok: true, value: found('Jane Doe'), creditBurn: 0 }]);
    expect(await h.service.lookup(jane)).toMatchObject({ status: 'free', cost: 0 });
    expect(await h.service.preview(jane)).toMatchObject({ inLedger: null });
  });

  it('retries a server error and succeeds; never retries invalid key', async () => {
    const h = harness([{ ok: false, error: apiError('server_error', true) }, { ok: true, value: found('Jane Doe'), creditBurn: 2 }]);
    expect(await h.service.lookup(jane)).toMatchObject({ status: 'paid' });
    expect(h.run).toHaveBeenCalledTimes(2);
    fakeBrowser.reset();
    await freshVault({ migrated: true });
    const h2 = harness([{ ok: false, error: apiError('invalid_key') }]);
    await h2.service.lookup(jane);
    expect(h2.run).toHaveBeenCalledTimes(1);
  });

  it('refuses invalid input before any request, with a message', async () => {
    const h = harness();
    const reply = await h.service.lookup({ op: 'enrichPerson', input: { profileUrl: 'nope' } });
    expect(reply).toMatchObject({ status: 'refused', error: { kind: 'invalid_input', message: 'Give a profile URL.' } });
    expect(h.run).not.toHaveBeenCalled();
    // The protocol refuses other names; the service refuses them too, should one get past.
    expect(await h.service.lookup({ op: 'stealKey' as OperationName, input: {} })).toMatchObject({ status: 'refused' });
  });

  it('refuses personal-email lookups in EU mode', async () => {
    const h = harness();
    h.setPrefs((p) => (p.privacy.euMode = true));
    const reply = await h.service.lookup({ op: 'searchPersonalEmail', input: { email: 'jane@home.example' } });
    expect(reply).toMatchObject({ status: 'refused', error: { kind: 'eu_mode' } });
    expect(h.run).not.toHaveBeenCalled();
    expect(await h.service.lookup(jane)).toMatchObject({ status: 'paid' });
  });

  it('never looks up a suppressed identity', async () => {
    const h = harness();
    h.setPrefs((p) => (p.privacy.suppression = ['https://fr.linkedin.com/in/jane-doe']));
    expect(await h.service.lookup(jane)).toMatchObject({ status: 'refused', error: { kind: 'suppressed' } });
    expect(await h.service.preview(jane)).toMatchObject({ cost: 0, refused: { kind: 'suppressed' } });
    expect(h.run).not.toHaveBeenCalled();
  });

  it('refuses a lookup over the daily cap before any request, saying why', async () => {
    const h = harness();
    h.setPrefs((p) => (p.spending.dailyCap = 3));
    await h.service.lookup(jane);
    const over = await h.service.lookup({ ...jane, input: { profileUrl: 'https://www.linkedin.com/in/john-roe/' } });
    expect(over).toMatchObject({ status: 'refused', error: { kind: 'daily_cap' } });
    expect(over.error?.message).toMatch(/2 of your daily cap of 3/);
    expect(h.run).toHaveBeenCalledTimes(1);
    // A repeat served from the ledger costs nothing, so the cap does not stop it.
    expect(await h.service.lookup(jane)).toMatchObject({ status: 'cached' });
  });

  it('asks for confirmation above the threshold, and runs once confirmed', async () => {
    const h = harness();
    h.setPrefs((p) => (p.spending.confirmAbove = 1));
    expect(await h.service.lookup(jane)).toMatchObject({ status: 'needs_confirmation', price: 2 });
    expect(h.run).not.toHaveBeenCalled();
    expect(await h.service.lookup({ ...jane, confirmed: true })).toMatchObject({ status: 'paid' });
  });

  it('journals a lookup while in flight and clears it after', async () => {
    const h = harness();
    let seen: unknown[] = [];
    h.run.mockImplementationOnce(async () => {
      seen = await journalItem.getValue();
      return { ok: true, value: found('Jane Doe'), creditBurn: 2 };
    });
    await h.service.lookup(jane);
    expect(seen).toHaveLength(1);
    expect(await journalItem.getValue()).toEqual([]);
  });

  it('journals a lookup only once its request leaves: one still waiting for a rate slot was never sent', async () => {
    const h = harness();
    const { app } = createSandboxApp({ log: () => undefined });
    let releaseSlot!: () => void;
    const slot = new Promise<void>((resolve) => (releaseSlot = resolve));
    const requests: string[] = [];
    const client = createEnrichmentClient({
      baseUrl: 'http://sandbox/api/ingress/',
      apiKey: 'sandbox-demo-key',
      beforeRequest: () => slot,
      fetch: async (input, init) => {
        requests.push(String(input));
        // Read while the request is out: the lookup must be in the journal by now.
        expect(await journalItem.getValue()).toHaveLength(1);
        return app.fetch(new Request(input, init));
      },
    });
    const enrich = h.deps.operations.enrichPerson!;
    const service = createLookupService({
      ...h.deps,
      client: async () => client,
      operations: { enrichPerson: { ...enrich, run: (c, i: { profileUrl: string }) => c.fullEnrich({ data: i.profileUrl }) } },
    });
    const running = service.lookup({ ...jane, input: { profileUrl: 'https://www.linkedin.com/in/maya-chen/' } });
    await vi.waitFor(() => expect(h.balance.known).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Queued for its slot: nothing sent, nothing journalled (a worker stopped now loses no answer).
    expect(requests).toEqual([]);
    expect(await journalItem.getValue()).toEqual([]);
    releaseSlot();
    expect(await running).toMatchObject({ status: 'paid', cost: 2 });
    expect(requests).toHaveLength(1);
    expect(await journalItem.getValue()).toEqual([]);
  });

  it('says there is no key, at no cost, when none is set', async () => {
    const h = harness();
    h.deps.client = async () => null;
    expect(await createLookupService(h.deps).lookup(jane)).toMatchObject({ status: 'failed', cost: 0, error: { kind: 'no_key' } });
  });
});

describe('a paid lookup whose answer is lost', () => {
  beforeEach(() => fakeBrowser.reset());

  it.each(['timeout', 'network_error', 'unexpected_response'])('after a %s, is sent once, ends as unknown, re-reads the balance and offers a retry at its price', async (kind) => {
    const h = harness([{ ok: false, error: apiError(kind, kind !== 'unexpected_response', true) }]);
    const reply = await h.service.lookup(jane);
    expect(h.run).toHaveBeenCalledTimes(1);
    expect(h.balance.reread).toHaveBeenCalledTimes(1);
    expect(reply).toMatchObject({ status: 'unknown', cost: 0, price: 2, balanceCheck: { before: 100, after: 98 }, error: { kind: 'outcome_unknown' } });
    expect(reply.error?.message).toMatch(/from 100 to 98 credits/);
    expect(reply.error?.message).toMatch(/up to 2 credits/);
    expect(await readHistory()).toMatchObject([{ outcome: 'unknown', cost: 0, maxCost: 2, balanceCheck: { before: 100, after: 98 } }]);
    // Nothing went into the ledger: asking again is a new, priced decision.
    expect(await h.service.preview(jane)).toMatchObject({ cost: 2, inLedger: null });
  });

  it('never concludes it was free from an unchanged balance: the gateway may still charge it, and the cap counts its price', async () => {
    const h = harness([{ ok: false, error: apiError('timeout', true, true) }]);
    h.balance.reread.mockResolvedValue(100);
    const reply = await h.service.lookup(jane);
    expect(reply.error?.message).toMatch(/has not moved so far \(100 credits\), but the service may still charge it/);
    expect(reply.error?.message).not.toMatch(/nothing was charged/);
    expect(await readHistory()).toMatchObject([{ outcome: 'unknown', maxCost: 2 }]);
  });

  it('says so when the balance cannot be read either', async () => {
    const h = harness([{ ok: false, error: apiError('network_error', true, true) }]);
    h.balance.reread.mockResolvedValue(null);
    expect((await h.service.lookup(jane)).error?.message).toMatch(/cannot tell whether it was charged/);
  });

  it('is sent again only when the gateway answered that it failed', async () => {
    const h = harness([{ ok: false, error: apiError('server_error', true, false) }, { ok: false, error: apiError('rate_limited', true, false) }, { ok: true, value: found('Jane Doe'), creditBurn: 2 }]);
    expect(await h.service.lookup(jane)).toMatchObject({ status: 'paid', cost: 2 });
    expect(h.run).toHaveBeenCalledTimes(3);
    fakeBrowser.reset();
    await freshVault({ migrated: true });
    const lost = harness([{ ok: false, error: apiError('server_error', true, true) }]);
    expect(await lost.service.lookup(jane)).toMatchObject({ status: 'unknown' });
    expect(lost.run).toHaveBeenCalledTimes(1);
  });
});

describe('the daily cap under concurrency', () => {
  beforeEach(() => fakeBrowser.reset());

  it('twenty lookups started together against a cap of ten credits spend at most ten', async () => {
    const h = harness();
    h.setPrefs((p) => (p.spending.dailyCap = 10));
    h.run.mockImplementation(async () => {
      await new Promise((r) => setTimeout(r, 5));
      return { ok: true, value: found('Someone'), creditBurn: 2 };
    });
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => h.service.lookup({ op: 'enrichPerson', input: { profileUrl: `https://www.linkedin.com/in/person-${i}/` } })),
    );
    const spent = replies.reduce((sum, r) => sum + r.cost, 0);
    expect(spent).toBe(10);
    expect(h.run).toHaveBeenCalledTimes(5);
    expect(replies.filter((r) => r.status === 'refused' && r.error?.kind === 'daily_cap')).toHaveLength(15);
  });

  it('counts a lost answer at its price against the cap', async () => {
    const h = harness([{ ok: false, error: apiError('timeout', true, true) }, { ok: true, value: found('John Roe'), creditBurn: 2 }]);
    h.setPrefs((p) => (p.spending.dailyCap = 3));
    expect(await h.service.lookup(jane)).toMatchObject({ status: 'unknown' });
    const next = await h.service.lookup({ op: 'enrichPerson', input: { profileUrl: 'https://www.linkedin.com/in/john-roe/' } });
    expect(next).toMatchObject({ status: 'refused', error: { kind: 'daily_cap' } });
  });
});

describe('lookups interrupted by a stopped worker', () => {
  beforeEach(() => fakeBrowser.reset());

  it('are never sent again: recorded as unknown under their history id, the balance read again, a retry priced', async () => {
    const h = harness();
    await markPending({ historyId: 'lost-1', request: jane, startedAt: 0, price: 2, balanceBefore: 100 });
    const results = await h.service.recover(journalPending());
    expect(h.run).not.toHaveBeenCalled();
    expect(results[0]).toMatchObject({ status: 'unknown', historyId: 'lost-1', price: 2, balanceCheck: { before: 100, after: 98 } });
    expect(results[0]!.error?.message).toMatch(/stopped Dossier’s background/);
    expect(await readHistory()).toMatchObject([{ id: 'lost-1', outcome: 'unknown', cost: 0, subject: jane.input.profileUrl }]);
    expect(await journalItem.getValue()).toEqual([]);
  });

  it('one whose outcome was recorded before the stop keeps it: a paid answer is not turned into unknown', async () => {
    const h = harness();
    await h.service.lookup({ ...jane, attemptId: '0b7f2f51-8c3e-4c57-9a1d-5d2b3c4e6f70' });
    await markPending({ historyId: '0b7f2f51-8c3e-4c57-9a1d-5d2b3c4e6f70', request: jane, startedAt: 0, price: 2, balanceBefore: 100 });
    const fresh = createLookupService(h.deps);
    expect(await fresh.recover(journalPending())).toEqual([]);
    expect(await readHistory()).toMatchObject([{ id: '0b7f2f51-8c3e-4c57-9a1d-5d2b3c4e6f70', outcome: 'paid', cost: 2 }]);
    expect(await journalItem.getValue()).toEqual([]);
  });

  it('one paid and filed in Dossier’s record before the stop, its history entry not yet written: recorded paid with its cost and answer, nothing sent, nothing asked', async () => {
    const h = harness();
    const attemptId = '9c2e4f60-1a3b-4d5e-8f70-a1b2c3d4e5f6';
    // The worker stops between the two writes: the ledger's is done, history's never happens.
    const stopped = createLookupService({ ...h.deps, history: { ...h.deps.history, append: () => new Promise(() => {}) } });
    void stopped.lookup({ ...jane, attemptId });
    await vi.waitFor(async () => expect(await findInLedger('enrichPerson', ['person:jane-doe'], { windowFor: () => DAY }, 10 * DAY)).not.toBeNull());
    expect(await readHistory()).toEqual([]);
    expect(await journalPending()).toHaveLength(1);

    h.advance(60_000);
    const fresh = createLookupService(h.deps);
    const [recovered] = await fresh.recover(journalPending());
    expect(recovered).toMatchObject({ status: 'paid', cost: 2, historyId: attemptId, value: { person: { fullName: 'Jane Doe' } } });
    expect(recovered!.error).toBeUndefined();
    expect(h.run).toHaveBeenCalledTimes(1);
    expect(await readHistory()).toMatchObject([{ id: attemptId, outcome: 'paid', cost: 2, at: 10 * DAY, identity: 'person:jane-doe', subject: jane.input.profileUrl, result: { person: { fullName: 'Jane Doe' } } }]);
    expect(await journalItem.getValue()).toEqual([]);
    // The attempt's caller (a bulk run's task) reads it as paid, at its cost: not unknown, and not free on a retry.
    expect(await fresh.outcomeOf(attemptId, h.deps.history.byId)).toMatchObject({ status: 'paid', cost: 2 });
    expect(h.afterPaidLookup).toHaveBeenCalled();
  });

  it('are recorded before any new lookup may spend, and their outcome can be asked for by id', async () => {
    const h = harness();
    h.setPrefs((p) => (p.spending.dailyCap = 3));
    await markPending({ historyId: 'lost-2', request: jane, startedAt: 0, price: 2, balanceBefore: 100 });
    void h.service.recover(journalPending());
    const next = await h.service.lookup({ op: 'enrichPerson', input: { profileUrl: 'https://www.linkedin.com/in/john-roe/' } });
    expect(next).toMatchObject({ status: 'refused', error: { kind: 'daily_cap' } });
    const outcome = await h.service.outcomeOf('lost-2', async (id) => (await readHistory()).find((e) => e.id === id) ?? null);
    expect(outcome).toMatchObject({ status: 'unknown', historyId: 'lost-2', price: 2 });
  });

  it('one journalled by a release with an operation this one lacks is still recorded, as foreign, at its price', async () => {
    const h = harness();
    await markPending({ historyId: 'lost-3', request: { op: 'enrichPersonV0', input: { data: 'x' } }, startedAt: 0, price: 2, balanceBefore: 100 });
    expect(await h.service.recover(journalPending())).toEqual([]);
    const [entry] = await readHistory();
    expect(entry).toMatchObject({ id: 'lost-3', op: 'enrichPersonV0', foreign: true, outcome: 'unknown', maxCost: 2 });
    expect(capCost(entry!)).toBe(2);
    expect(await journalItem.getValue()).toEqual([]);
    // Attempt ids name lookups: a foreign entry is not an attempt's outcome.
    expect(await h.service.outcomeOf('lost-3', async () => entry!)).toBeNull();
  });

  it('a caller that lost its connection finds its attempt by the id it gave', async () => {
    const h = harness();
    const attemptId = '6f1d2a8e-3b7c-4e1f-9a2b-1c3d4e5f6a7b';
    void h.service.lookup({ ...jane, attemptId });
    const outcome = await h.service.outcomeOf(attemptId, async () => null);
    expect(outcome).toMatchObject({ status: 'paid', historyId: attemptId });
    // Once settled, the worker keeps no answer in memory: history has it under that id.
    expect(await h.service.outcomeOf(attemptId, async () => null)).toBeNull();
    expect(await h.service.outcomeOf(attemptId, async (id) => (await readHistory()).find((e) => e.id === id) ?? null)).toMatchObject({ status: 'paid' });
  });
});

describe('the page a lookup came from', () => {
  beforeEach(() => fakeBrowser.reset());

  it('a failed lookup keeps the name the page showed, for the history to list it by', async () => {
    const h = harness([{ ok: false, error: apiError('invalid_key') }]);
    await h.service.lookup({ ...jane, about: { name: 'Jane Doe', company: 'Acme' } });
    const [entry] = await readHistory();
    expect(entry).toMatchObject({ outcome: 'failed', subject: jane.input.profileUrl, about: { name: 'Jane Doe', company: 'Acme' } });
    expect(entryName(entry!)).toBe('Jane Doe · Acme');
  });

  it('is written to history as origin and path only', async () => {
    const h = harness();
    const written: unknown[] = [];
    h.deps.history.append = async (entry) => void written.push(entry);
    await h.service.lookup({ ...jane, pageUrl: 'https://www.linkedin.com/in/jane-doe/?trk=feed&utm_source=x#experience' });
    expect(written).toEqual([expect.objectContaining({ pageUrl: 'https://www.linkedin.com/in/jane-doe/' })]);
  });
});
