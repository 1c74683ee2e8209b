import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { countRows } from '@/lib/bulk/counts';
import type { BulkRow } from '@/lib/bulk/model';
import { readHistory } from '@/lib/history/worker/store';
import { ledgerEntryById } from '@/lib/lookup/worker/ledger';
import { createLookupService } from '@/lib/lookup/worker/service';
import { aRow, aRun, memoryStore, runnerWith } from '@/test/unit/bulk/runner-fakes';
import { found, harness, journalPending } from '@/test/unit/lookup/service-harness';

/**
 * A bulk run worked through the real lookup service (its ledger, history and journal in the
 * vault), with the worker stopped between two of its writes: the next worker recovers the
 * journal, wakes the runner, and the run's counts say what was paid.
 */
describe('a bulk run whose worker stops between two writes of a paid lookup', () => {
  beforeEach(() => fakeBrowser.reset());

  const rows: BulkRow[] = [aRow(0), aRow(1), aRow(2)];
  const profiles = rows.map((row) => row.person!.profileUrl!);

  it('after its answer was filed in Dossier’s record, before history: counted paid in this run, its credits in Spent, nothing sent twice, nobody asked', async () => {
    const h = harness([{ ok: true, value: found('Someone'), creditBurn: 2 }]);
    const store = memoryStore([aRun({ rowCount: rows.length, counts: countRows(rows) })], rows);

    // The first worker: row 0's answer is paid and filed in the ledger; it stops before history is written.
    const stopping = createLookupService({ ...h.deps, history: { ...h.deps.history, append: () => new Promise(() => {}) } });
    const { runner: before } = runnerWith(store, stopping, { historyEntry: h.deps.history.byId, concurrency: 1 });
    await before.wake();
    await vi.waitFor(async () => expect(await ledgerEntryById(store.row(0).tasks[0]!.attemptId!)).not.toBeNull());
    expect(store.row(0).tasks[0]).toMatchObject({ state: 'sending' });
    before.stopAll();

    // The next worker: the journal's recovery first, then the runs (entrypoints/background.ts).
    const service = createLookupService(h.deps);
    void service.recover(journalPending());
    const { runner: after } = runnerWith(store, service, { historyEntry: h.deps.history.byId, newId: () => crypto.randomUUID() });
    await after.wake();
    await after.whenIdle('run-1');

    // Each person sent once: row 0 before the stop, the others after it.
    expect(h.run).toHaveBeenCalledTimes(3);
    expect(store.row(0).tasks[0]).toMatchObject({ state: 'done', outcome: 'paid', cost: 2 });
    expect(store.run()).toMatchObject({ state: 'done', counts: { paid: 3, free: 0, unknown: 0, spent: 6 } });
    const history = (await readHistory()).map((e) => [e.subject, e.outcome, e.cost]);
    expect(history.sort()).toEqual(profiles.map((url) => [url, 'paid', 2]));
  });
});
