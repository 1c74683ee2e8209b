import { describe, expect, it } from 'vitest';
import { countRows } from '@/lib/bulk/counts';
import type { BulkRow, BulkRun } from '@/lib/bulk/model';
import { MAX_REQUEUE } from '@/lib/bulk/worker/runner';
import type { LookupRequest } from '@/lib/lookup/contract';
import { aRow, aRun, aTask, deferred, fakeLookups, flush, memoryStore, response, runnerWith } from '@/test/unit/bulk/runner-fakes';

/** A run whose counts agree with its rows, as the quote leaves them. */
function stored(rows: BulkRow[], over: Partial<BulkRun> = {}) {
  const run = aRun({ rowCount: rows.length, counts: countRows(rows), ...over });
  return memoryStore([run], rows);
}

const rowsOf = (n: number) => Array.from({ length: n }, (_, i) => aRow(i));
const sentProfiles = (lookups: ReturnType<typeof fakeLookups>) => lookups.lookup.mock.calls.map(([r]) => (r.input as { profileUrl: string }).profileUrl);

describe('a running run', () => {
  it('sends each pending task once, in row order, through the lookup service with the run’s confirmation', async () => {
    const store = stored(rowsOf(5));
    const lookups = fakeLookups();
    const { runner } = runnerWith(store, lookups, { concurrency: 1 });
    await runner.wake();
    await runner.whenIdle('run-1');
    expect(sentProfiles(lookups)).toEqual([0, 1, 2, 3, 4].map((i) => `https://www.linkedin.com/in/p${i}/`));
    for (const [request] of lookups.lookup.mock.calls) expect(request).toMatchObject({ op: 'enrichPerson', confirmed: true, attemptId: expect.any(String) });
    expect(store.run()).toMatchObject({ state: 'done', finishedAt: expect.any(Number), counts: { total: 5, done: 5, paid: 5, spent: 10, sending: 0 } });
    expect(store.row(3).tasks[0]).toMatchObject({ state: 'done', outcome: 'paid', cost: 2 });
  });

  it('writes a task `sending` with its attempt id before the request leaves', async () => {
    const store = stored(rowsOf(1));
    const seen: unknown[] = [];
    const lookups = fakeLookups((request) => {
      seen.push({ task: store.row(0).tasks[0], sending: store.run().counts.sending, attemptId: request.attemptId });
      return response(request);
    });
    const { runner } = runnerWith(store, lookups);
    await runner.wake();
    await runner.whenIdle('run-1');
    expect(seen).toEqual([{ task: expect.objectContaining({ state: 'sending', attemptId: 'attempt-1' }), sending: 1, attemptId: 'attempt-1' }]);
  });

  it('keeps the answer: enriched columns merged, the contact book’s contact, the cost', async () => {
    const store = stored([aRow(0, [aTask('enrichPerson'), aTask('findWorkEmail')])]);
    const lookups = fakeLookups((request) => response(request, request.op === 'findWorkEmail' ? { cost: 1, value: { person: { fullName: 'From email' } } as never } : {}));
    const { runner } = runnerWith(store, lookups);
    await runner.wake();
    await runner.whenIdle('run-1');
    expect(store.row(0)).toMatchObject({
      contactId: 'contact:https://www.linkedin.com/in/p0/',
      columns: { 'enrichPerson.name': 'Someone', 'findWorkEmail.name': 'From email' },
      tasks: [{ state: 'done', cost: 2 }, { state: 'done', cost: 1 }],
    });
    expect(store.run().counts).toMatchObject({ total: 2, done: 2, paid: 2, spent: 3 });
  });

  it('counts each outcome where it belongs', async () => {
    const statuses = [
      { status: 'paid', cost: 2 },
      { status: 'cached', cost: 0 },
      { status: 'free', cost: 0 },
      { status: 'miss', cost: 0, value: undefined },
      { status: 'failed', cost: 0, value: undefined, error: { kind: 'server_error', message: 'The gateway failed.' } },
      { status: 'refused', cost: 0, value: undefined, error: { kind: 'suppressed', message: 'On your suppression list.' } },
      { status: 'unknown', cost: 0, value: undefined, price: 2, error: { kind: 'outcome_unknown', message: 'The answer was lost.' } },
    ] as const;
    const store = stored(rowsOf(statuses.length));
    let n = 0;
    const lookups = fakeLookups((request) => response(request, statuses[n++] as never));
    const { runner } = runnerWith(store, lookups, { concurrency: 1 });
    await runner.wake();
    await runner.whenIdle('run-1');
    expect(store.run().counts).toEqual({ total: 7, done: 4, paid: 1, free: 2, noMatch: 1, failed: 1, unknown: 1, skipped: 1, sending: 0, spent: 2 });
    expect(store.row(4).tasks[0]).toMatchObject({ state: 'failed', reason: 'The gateway failed.' });
    expect(store.row(5).tasks[0]).toMatchObject({ state: 'skipped', reason: 'On your suppression list.' });
    expect(store.row(6).tasks[0]).toMatchObject({ state: 'unknown', reason: 'The answer was lost.' });
  });

  it('works a few rows at once, never more than the pool', async () => {
    const store = stored(rowsOf(20));
    const lookups = fakeLookups(async (request) => {
      await new Promise((r) => setTimeout(r, 2));
      return response(request);
    });
    const { runner } = runnerWith(store, lookups, { concurrency: 4 });
    await runner.wake();
    await runner.whenIdle('run-1');
    expect(lookups.lookup).toHaveBeenCalledTimes(20);
    expect(lookups.stats.maxInFlight).toBe(4);
  });

  it('never sends two identical requests at once: the second waits, then the ledger answers it', async () => {
    const twin = { person: { profileUrl: 'https://www.linkedin.com/in/same/' } };
    const store = stored([aRow(0, undefined, twin), aRow(1, undefined, twin)]);
    const gate = deferred<void>();
    const lookups = fakeLookups(async (request) => {
      await gate.promise;
      return response(request);
    });
    const { runner } = runnerWith(store, lookups, { concurrency: 4 });
    await runner.wake();
    await flush();
    expect(lookups.lookup).toHaveBeenCalledTimes(1);
    gate.resolve();
    await runner.whenIdle('run-1');
    expect(lookups.lookup).toHaveBeenCalledTimes(2);
  });

  it('a task refused for the rate goes back to the queue, up to the limit, then fails', async () => {
    const store = stored(rowsOf(2));
    const lookups = fakeLookups((request) =>
      (request.input as { profileUrl: string }).profileUrl.includes('p0')
        ? response(request, { status: 'failed', cost: 0, value: undefined, error: { kind: 'rate_limited', message: 'Too many requests.' } })
        : response(request),
    );
    const { runner } = runnerWith(store, lookups);
    await runner.wake();
    await runner.whenIdle('run-1');
    expect(sentProfiles(lookups).filter((p) => p.includes('p0'))).toHaveLength(MAX_REQUEUE + 1);
    expect(store.row(0).tasks[0]).toMatchObject({ state: 'failed', requeued: MAX_REQUEUE, reason: 'Too many requests.' });
    expect(store.run()).toMatchObject({ state: 'done', counts: { failed: 1, paid: 1 } });
  });

  it.each([
    ['refused', 'daily_cap', /daily spending cap/],
    ['failed', 'no_key', /no API key/],
    ['failed', 'no_credits', /no credits/],
  ] as const)('%s for %s: the task goes back to the queue and the run pauses with why', async (status, kind, message) => {
    const store = stored(rowsOf(6));
    let n = 0;
    const lookups = fakeLookups((request) => (++n === 3 ? response(request, { status, cost: 0, value: undefined, error: { kind, message: 'no' } }) : response(request)));
    const { runner } = runnerWith(store, lookups, { concurrency: 1 });
    await runner.wake();
    await runner.whenIdle('run-1');
    expect(lookups.lookup).toHaveBeenCalledTimes(3);
    expect(store.run()).toMatchObject({ state: 'paused', pauseReason: { kind, message: expect.stringMatching(message) }, counts: { paid: 2, failed: 0, skipped: 0, sending: 0 } });
    expect(store.row(2).tasks[0]).toMatchObject({ state: 'pending', attemptId: null });

    // Resumed (the cap raised): the refused task is sent again, then the rest.
    lookups.lookup.mockImplementation(async (request: LookupRequest) => response(request));
    expect(await runner.resume('run-1')).toMatchObject({ state: 'running', pauseReason: null });
    await runner.whenIdle('run-1');
    expect(store.run()).toMatchObject({ state: 'done', counts: { paid: 6 } });
  });
});

describe('pause, resume, cancel', () => {
  it('pause: the task in flight finishes and is kept; nothing new starts', async () => {
    const store = stored(rowsOf(5));
    const gates = [deferred<void>(), deferred<void>()];
    let n = 0;
    const lookups = fakeLookups(async (request) => {
      await gates[n++]?.promise;
      return response(request);
    });
    const { runner } = runnerWith(store, lookups, { concurrency: 1 });
    await runner.wake();
    await flush();
    expect(lookups.lookup).toHaveBeenCalledTimes(1);
    expect(await runner.pause('run-1')).toMatchObject({ state: 'paused', pauseReason: null });
    gates[0]!.resolve();
    await runner.whenIdle('run-1');
    expect(lookups.lookup).toHaveBeenCalledTimes(1);
    expect(store.row(0).tasks[0]).toMatchObject({ state: 'done' });
    expect(store.row(1).tasks[0]).toMatchObject({ state: 'pending' });
    expect(store.run()).toMatchObject({ state: 'paused', counts: { done: 1, sending: 0 } });

    gates[1]!.resolve();
    await runner.resume('run-1');
    await runner.whenIdle('run-1');
    expect(lookups.lookup).toHaveBeenCalledTimes(5);
    expect(store.run()).toMatchObject({ state: 'done', counts: { done: 5 } });
  });

  it('cancel: pending tasks are skipped as cancelled, the answer in flight is kept', async () => {
    const store = stored(rowsOf(5));
    const gate = deferred<void>();
    const lookups = fakeLookups(async (request) => {
      await gate.promise;
      return response(request);
    });
    const { runner } = runnerWith(store, lookups, { concurrency: 1 });
    await runner.wake();
    await flush();
    expect(await runner.cancel('run-1')).toMatchObject({ state: 'cancelled' });
    gate.resolve();
    await runner.whenIdle('run-1');
    expect(lookups.lookup).toHaveBeenCalledTimes(1);
    expect(store.row(0).tasks[0]).toMatchObject({ state: 'done', cost: 2 });
    for (const i of [1, 2, 3, 4]) expect(store.row(i).tasks[0]).toMatchObject({ state: 'skipped', reason: 'Cancelled' });
    expect(store.run()).toMatchObject({ state: 'cancelled', finishedAt: expect.any(Number), counts: { done: 1, skipped: 4, sending: 0 } });
  });

  it('a paused run can be cancelled: nothing is sent', async () => {
    const store = stored(rowsOf(3), { state: 'paused' });
    const lookups = fakeLookups();
    const { runner } = runnerWith(store, lookups);
    await runner.cancel('run-1');
    await runner.whenIdle('run-1');
    expect(lookups.lookup).not.toHaveBeenCalled();
    expect(store.run()).toMatchObject({ state: 'cancelled', counts: { skipped: 3 } });
  });

  it('pause and cancel change nothing on a run in another state', async () => {
    const store = stored(rowsOf(2), { state: 'done' });
    const { runner } = runnerWith(store, fakeLookups());
    expect(await runner.pause('run-1')).toMatchObject({ state: 'done' });
    expect(await runner.cancel('run-1')).toMatchObject({ state: 'done' });
    expect(await runner.resume('run-1')).toMatchObject({ state: 'done' });
    expect(await runner.pause('nope')).toBeNull();
  });
});

describe('retry', () => {
  it('failed tasks go back to the queue and the run runs again', async () => {
    const rows = [aRow(0, [aTask('enrichPerson', { state: 'failed', outcome: 'failed', reason: 'x' })]), aRow(1, [aTask('enrichPerson', { state: 'done', outcome: 'paid', cost: 2 })])];
    const store = stored(rows, { state: 'done' });
    const lookups = fakeLookups();
    const { runner } = runnerWith(store, lookups);
    const reply = await runner.retry('run-1', 'failed');
    expect(reply).toMatchObject({ requeued: 1, run: { state: 'running' } });
    await runner.whenIdle('run-1');
    expect(sentProfiles(lookups)).toEqual(['https://www.linkedin.com/in/p0/']);
    expect(store.run()).toMatchObject({ state: 'done', counts: { done: 2, failed: 0, paid: 2, spent: 4 } });
  });

  it('unknown tasks go back only when asked for them; failed ones stay', async () => {
    const rows = [aRow(0, [aTask('enrichPerson', { state: 'unknown', outcome: 'unknown', attemptId: 'old' })]), aRow(1, [aTask('enrichPerson', { state: 'failed', outcome: 'failed' })])];
    const store = stored(rows, { state: 'done' });
    const lookups = fakeLookups();
    const { runner } = runnerWith(store, lookups);
    expect(await runner.retry('run-1', 'unknown')).toMatchObject({ requeued: 1 });
    await runner.whenIdle('run-1');
    expect(sentProfiles(lookups)).toEqual(['https://www.linkedin.com/in/p0/']);
    expect(lookups.lookup.mock.calls[0]![0].attemptId).not.toBe('old');
    expect(store.row(1).tasks[0]).toMatchObject({ state: 'failed' });
  });
});

/**
 * A worker (or the whole browser) stopped, then started: a new runner over what the vault holds.
 * `outcomes` is what the restarted lookup service says of earlier attempt ids: recorded in
 * history, recovered by the journal as lost (`unknown`), or nothing (it never left).
 */
describe('resumption after a restart, from every state', () => {
  async function restart(rows: BulkRow[], run: Partial<BulkRun>, outcomes: Record<string, Parameters<typeof response>[1]> = {}) {
    const store = stored(rows, run);
    const lookups = fakeLookups();
    for (const [id, over] of Object.entries(outcomes)) lookups.outcomes.set(id, response({ op: 'enrichPerson', attemptId: id }, over));
    const { runner } = runnerWith(store, lookups);
    await runner.wake();
    await runner.whenIdle('run-1');
    await runner.quiet();
    return { store, lookups, runner };
  }

  it.each(['draft', 'quoted', 'paused', 'done'] as const)('a %s run with pending tasks: nothing is sent, nothing changes', async (state) => {
    const { store, lookups } = await restart(rowsOf(3), { state });
    expect(lookups.lookup).not.toHaveBeenCalled();
    expect(store.run().state).toBe(state);
    expect(store.row(0).tasks[0]!.state).toBe('pending');
  });

  it('a running run: its pending tasks are sent, and it ends done', async () => {
    const { store, lookups } = await restart(rowsOf(3), { state: 'running' });
    expect(lookups.lookup).toHaveBeenCalledTimes(3);
    expect(store.run()).toMatchObject({ state: 'done', counts: { done: 3 } });
  });

  it('a cancelled run stopped half-way through skipping: the rest is skipped, nothing is sent', async () => {
    const rows = [aRow(0, [aTask('enrichPerson', { state: 'skipped', reason: 'Cancelled' })]), aRow(1), aRow(2)];
    const { store, lookups } = await restart(rows, { state: 'cancelled' });
    expect(lookups.lookup).not.toHaveBeenCalled();
    expect(store.run()).toMatchObject({ state: 'cancelled', counts: { skipped: 3 } });
  });

  it('settled tasks (done, failed, unknown, skipped) of a running run: none is sent again, the run is done', async () => {
    const rows = [
      aRow(0, [aTask('enrichPerson', { state: 'done', outcome: 'paid', cost: 2, attemptId: 'a0' })]),
      aRow(1, [aTask('enrichPerson', { state: 'failed', outcome: 'failed', attemptId: 'a1' })]),
      aRow(2, [aTask('enrichPerson', { state: 'unknown', outcome: 'unknown', attemptId: 'a2' })]),
      aRow(3, [aTask('enrichPerson', { state: 'skipped', reason: 'In your CRM' })]),
    ];
    const { store, lookups } = await restart(rows, { state: 'running' });
    expect(lookups.lookup).not.toHaveBeenCalled();
    expect(lookups.outcomeOf).not.toHaveBeenCalled();
    expect(store.run()).toMatchObject({ state: 'done', counts: { total: 4, done: 1, paid: 1, failed: 1, unknown: 1, skipped: 1, spent: 2 } });
  });

  const sending = (attemptId: string) => aRow(0, [aTask('enrichPerson', { state: 'sending', attemptId })]);

  it.each(['running', 'paused', 'cancelled'] as const)('a task sending whose lookup history recorded (%s run): settled from history, not sent again', async (state) => {
    const { store, lookups } = await restart([sending('a0')], { state }, { a0: { status: 'paid', cost: 2 } });
    expect(lookups.outcomeOf).toHaveBeenCalledWith('a0', expect.any(Function));
    expect(lookups.lookup).not.toHaveBeenCalled();
    expect(store.row(0).tasks[0]).toMatchObject({ state: 'done', outcome: 'paid', cost: 2, attemptId: 'a0' });
    expect(store.row(0).contactId).toBe('contact:https://www.linkedin.com/in/p0/');
    expect(store.run().counts).toMatchObject({ paid: 1, spent: 2, sending: 0 });
  });

  it.each(['running', 'paused', 'cancelled'] as const)('a task sending whose answer the journal recovered as lost (%s run): unknown, never sent again', async (state) => {
    const lost = { status: 'unknown' as const, cost: 0, value: undefined, price: 2, error: { kind: 'outcome_unknown', message: 'The worker stopped before the answer came.' } };
    const { store, lookups } = await restart([sending('a0')], { state }, { a0: lost });
    expect(lookups.lookup).not.toHaveBeenCalled();
    expect(store.row(0).tasks[0]).toMatchObject({ state: 'unknown', reason: 'The worker stopped before the answer came.' });
    expect(store.run().counts).toMatchObject({ unknown: 1, sending: 0 });
  });

  it('a task sending that never left (running run): sent once, under a new attempt id', async () => {
    const { store, lookups } = await restart([sending('a0')], { state: 'running' });
    expect(lookups.outcomeOf).toHaveBeenCalledWith('a0', expect.any(Function));
    expect(lookups.lookup).toHaveBeenCalledTimes(1);
    expect(lookups.lookup.mock.calls[0]![0].attemptId).not.toBe('a0');
    expect(store.run()).toMatchObject({ state: 'done', counts: { paid: 1, sending: 0 } });
  });

  it('a task sending that never left, in a paused run: back in the queue, not sent', async () => {
    const { store, lookups } = await restart([sending('a0')], { state: 'paused' });
    expect(lookups.lookup).not.toHaveBeenCalled();
    expect(store.row(0).tasks[0]).toMatchObject({ state: 'pending', attemptId: null });
    expect(store.run()).toMatchObject({ state: 'paused', counts: { sending: 0 } });
  });

  it('a task sending that never left, in a cancelled run: skipped, not sent', async () => {
    const { store, lookups } = await restart([sending('a0')], { state: 'cancelled' });
    expect(lookups.lookup).not.toHaveBeenCalled();
    expect(store.row(0).tasks[0]).toMatchObject({ state: 'skipped', reason: 'Cancelled' });
  });

  it('a task sending that failed for the rate before the stop: back in the queue and sent (the gateway answered it)', async () => {
    const refused = { status: 'failed' as const, cost: 0, value: undefined, error: { kind: 'rate_limited', message: 'Too many requests.' } };
    const { store, lookups } = await restart([sending('a0')], { state: 'running' }, { a0: refused });
    expect(lookups.lookup).toHaveBeenCalledTimes(1);
    expect(store.row(0).tasks[0]).toMatchObject({ state: 'done', requeued: 1 });
  });

  it('a worker stopped mid-request: the next one never sends that task again (paid once)', async () => {
    const store = stored(rowsOf(2));
    // The first worker's request leaves and never answers: the worker is gone.
    const first = fakeLookups(() => new Promise(() => {}));
    const { runner: before } = runnerWith(store, first, { concurrency: 1 });
    await before.wake();
    await flush();
    expect(first.lookup).toHaveBeenCalledTimes(1);
    const attemptId = first.lookup.mock.calls[0]![0].attemptId!;
    expect(store.row(0).tasks[0]).toMatchObject({ state: 'sending', attemptId });
    before.stopAll();

    // The next worker: the journal recorded that attempt as a lost answer.
    const second = fakeLookups();
    second.outcomes.set(attemptId, response({ op: 'enrichPerson', attemptId }, { status: 'unknown', cost: 0, value: undefined, error: { kind: 'outcome_unknown', message: 'lost' } }));
    const { runner: after } = runnerWith(store, second);
    await after.wake();
    await after.whenIdle('run-1');
    expect(sentProfiles(second)).toEqual(['https://www.linkedin.com/in/p1/']);
    expect(store.row(0).tasks[0]).toMatchObject({ state: 'unknown', attemptId });
    expect(store.run()).toMatchObject({ state: 'done', counts: { unknown: 1, paid: 1, sending: 0 } });
  });

  it('waking twice while a run is worked sends nothing twice', async () => {
    const store = stored(rowsOf(4));
    const lookups = fakeLookups(async (request) => {
      await new Promise((r) => setTimeout(r, 1));
      return response(request);
    });
    const { runner } = runnerWith(store, lookups, { concurrency: 2 });
    await runner.wake();
    await runner.wake();
    await flush(2);
    await runner.wake();
    await runner.whenIdle('run-1');
    expect(lookups.lookup).toHaveBeenCalledTimes(4);
  });
});

describe('progress', () => {
  it('tells who listens which runs are running, and none once done', async () => {
    const store = stored(rowsOf(2));
    const { runner, progress } = runnerWith(store, fakeLookups());
    await runner.wake();
    await runner.whenIdle('run-1');
    expect(progress[0]).toEqual(['run-1']);
    expect(progress.at(-1)).toEqual([]);
  });

  it('after everything is deleted, a job in flight writes nothing back', async () => {
    const store = stored(rowsOf(1));
    const gate = deferred<void>();
    const lookups = fakeLookups(async (request) => {
      await gate.promise;
      return response(request);
    });
    const { runner } = runnerWith(store, lookups);
    await runner.wake();
    await flush();
    runner.stopAll();
    store.runs.clear();
    store.rows.clear();
    gate.resolve();
    await flush();
    expect(store.runs.size).toBe(0);
    expect(store.rows.size).toBe(0);
  });
});
