import type { HistoryEntry } from '@/lib/history/entry';
import { t } from '@/lib/platform/i18n';
import type { OperationAnswer } from '@/lib/lookup/operation-names';
import type { LookupRequest, LookupResponse } from '@/lib/lookup/contract';
import { createSerialQueue } from '@/lib/platform/storage/serial';
import { countChange, countRows, emptyCounts, pendingCount } from '@/lib/bulk/counts';
import type { BulkOperation, BulkPerson, BulkRow, BulkRun, BulkTask, EnrichedColumns, RunCounts } from '@/lib/bulk/model';

/**
 * The persistent queue of bulk runs, in the worker. Everything it knows is in the vault (runs
 * and rows, lib/bulk/store.ts), so a worker or browser that stops loses nothing: `wake()`
 * picks every run up where it was. Every task goes through the one lookup service, so the
 * gateway's rate limit, the retry rules, the daily cap, the ledger and history apply to a run
 * exactly as to a click.
 *
 * Paid once: before a task is sent it is written `sending` with the id its lookup is recorded
 * under (`attemptId`). After a restart, that id says what became of it: recorded in history
 * (settled from there), recovered by the journal as a lost answer (`unknown`: never sent again
 * without the user), or never seen (it never left: sent now).
 *
 * Rows are worked in order, a few at a time (the pool); a row's own tasks go one after the
 * other, so that one row is only ever written by one job.
 */
export interface BulkRunnerDeps {
  store: {
    getRun(id: string): Promise<BulkRun | null>;
    listRuns(): Promise<BulkRun[]>;
    readRows(runId: string, from: number, limit: number): Promise<BulkRow[]>;
    /** The run and these rows in one transaction (lib/bulk/store.ts putRunWithRows). */
    save(run: BulkRun, rows: readonly BulkRow[]): Promise<void>;
  };
  lookups: {
    lookup(request: LookupRequest): Promise<LookupResponse>;
    outcomeOf(attemptId: string, fromHistory: (id: string) => Promise<HistoryEntry | null>): Promise<LookupResponse | null>;
  };
  historyEntry(id: string): Promise<HistoryEntry | null>;
  /** bulk-input's requestFor: the lookup's input for this operation, or why the row cannot have it. */
  requestFor(op: BulkOperation, person: BulkPerson): { ok: true; input: Record<string, unknown> } | { ok: false; reason: string };
  /** bulk-input's enrichedColumnsOf and mergeColumns. */
  columnsOf(answer: OperationAnswer): EnrichedColumns | Promise<EnrichedColumns>;
  mergeColumns(a: EnrichedColumns, b: EnrichedColumns): EnrichedColumns;
  /**
   * The contact book's contact for what was asked and what was answered (the book is written
   * before a lookup answers). The answer's keys count: once a stronger key is known, the book
   * files a person under it, not under the name-at-company key a row asked with.
   */
  contactOf(input: Record<string, unknown>, answer: OperationAnswer | null): Promise<string | null>;
  /** After each write: the runs running now (the badge, the keep-alive alarm). */
  onProgress?(running: readonly BulkRun[]): void;
  /** Rows worked at once. */
  concurrency?: number;
  now(): number;
  newId(): string;
}

/** Times a task refused by the gateway for the rate goes back to the queue before it counts as failed. */
export const MAX_REQUEUE = 5;
/** Rows read at a time while walking a run. */
const PAGE = 200;
/** The rate behind the time left: tasks settled over this window. */
const RATE_WINDOW_MS = 30_000;
export const DEFAULT_CONCURRENCY = 4;

/**
 * Refusals that every following task would meet as well: the run pauses, the task goes back to
 * the queue (nothing was charged), and the user reads why.
 */
const PAUSING_KINDS = new Set(['daily_cap', 'no_key', 'invalid_key', 'no_credits', 'needs_confirmation']);

type PauseKind = 'daily_cap' | 'no_key' | 'invalid_key' | 'no_credits' | 'needs_confirmation';

export function pauseMessage(kind: string): string {
  switch (kind as PauseKind) {
    case 'daily_cap':
      return t('bulk.run.pause.dailyCap');
    case 'no_key':
      return t('bulk.run.pause.noKey');
    case 'invalid_key':
      return t('bulk.run.pause.invalidKey');
    case 'no_credits':
      return t('bulk.run.pause.noCredits');
    default:
      return t('bulk.run.pause.confirm');
  }
}

interface Work {
  /** The live copy: every change of the run goes through it, then is written. */
  run: BulkRun;
  /** Walk the rows: to send (running), to skip (cancelled), or to read back tasks left `sending`. */
  scan: boolean;
  cursor: number;
  buffer: BulkRow[];
  ended: boolean;
  /** Which pass this is: a page read for an earlier pass is dropped. */
  pass: number;
  /** This pass met a row with work: another pass follows (tasks put back in the queue are behind it). */
  passHadWork: boolean;
  /** The rows this pass read, counted: a pass that found nothing to do counts the run again exactly. */
  passCounts: RunCounts;
  /** Rows in a job now, by index: the job's copy is the row. */
  busy: Map<number, BulkRow>;
  /** When each row was last written (a write counter): a page read before that write is stale for it. */
  savedAt: Map<number, number>;
  /** While a retry rewrites rows, no row is handed out. */
  hold: number;
  /** Times tasks settled lately, for the rate. */
  settles: number[];
  idle: (() => void)[];
  /** The runner's generation it belongs to: after stopAll, its jobs write nothing. */
  generation: number;
}

type Settlement = Partial<BulkTask>;

export function createBulkRunner(deps: BulkRunnerDeps) {
  const limit = Math.max(1, deps.concurrency ?? DEFAULT_CONCURRENCY);
  const works = new Map<string, Work>();
  const serial = createSerialQueue();
  /** Requests in flight by operation and input: an identical one waits, then the ledger answers it. */
  const sameRequest = new Map<string, Promise<unknown>>();
  let jobs = 0;
  let writes = 0;
  /** Bumped when everything stops (all data deleted): writes of an older generation are dropped. */
  let generation = 0;
  let filling = false;
  let again = false;
  const quietWaiters: (() => void)[] = [];

  function newWork(run: BulkRun, scan: boolean): Work {
    return { run, scan, pass: 0, cursor: 0, buffer: [], ended: false, passHadWork: false, passCounts: emptyCounts(), busy: new Map(), savedAt: new Map(), hold: 0, settles: [], idle: [], generation };
  }

  function restartPass(work: Work): void {
    Object.assign(work, { pass: work.pass + 1, cursor: 0, buffer: [], ended: false, passHadWork: false, passCounts: emptyCounts() });
  }

  function activate(run: BulkRun, scan: boolean): Work {
    const known = works.get(run.id);
    if (known) {
      if (scan && !known.scan) {
        known.scan = true;
        restartPass(known);
      }
      return known;
    }
    const work = newWork(run, scan);
    works.set(run.id, work);
    return work;
  }

  function running(): BulkRun[] {
    return [...works.values()].map((w) => w.run).filter((r) => r.state === 'running');
  }

  /** Writes the run (and rows) after the writes before it; rows read later see it. */
  function save(work: Work, rows: readonly BulkRow[]): Promise<void> {
    return serial(async () => {
      if (work.generation !== generation) return;
      work.run.updatedAt = deps.now();
      await deps.store.save(work.run, rows);
      writes++;
      for (const row of rows) work.savedAt.set(row.index, writes);
      deps.onProgress?.(running());
    });
  }

  async function setTask(work: Work, row: BulkRow, i: number, patch: Settlement): Promise<void> {
    const before = row.tasks[i]!;
    const after: BulkTask = { ...before, ...patch };
    row.tasks[i] = after;
    work.run.counts = countChange(work.run.counts, before, after);
    await save(work, [row]);
  }

  function pauseRun(work: Work, kind: string): void {
    if (work.run.state !== 'running') return;
    work.run.state = 'paused';
    work.run.pauseReason = { kind, message: pauseMessage(kind) };
    work.run.rate = null;
    work.scan = false;
  }

  function noteSettled(work: Work): void {
    const now = deps.now();
    work.settles.push(now);
    while (work.settles.length && work.settles[0]! < now - RATE_WINDOW_MS) work.settles.shift();
    const span = (now - work.settles[0]!) / 1000;
    // A rate from a handful of answers would jump about: the time left waits for a few seconds of them.
    work.run.rate = work.settles.length >= 5 && span >= 3 ? (work.settles.length - 1) / span : work.run.rate;
  }

  /** What a lookup's answer does to its task (and, for a refusal every task would meet, to the run). */
  async function settle(work: Work, row: BulkRow, i: number, response: LookupResponse, input: Record<string, unknown> | null): Promise<void> {
    const task = row.tasks[i]!;
    const kind = response.error?.kind ?? '';
    const reason = response.error?.message ?? null;
    switch (response.status) {
      case 'paid':
      case 'free':
      case 'cached': {
        // An answer another caller's identical request paid for: this task cost nothing.
        const shared = response.historyId !== null && response.historyId !== task.attemptId;
        const answer = response.value !== undefined ? ({ op: response.op, result: response.value } as OperationAnswer) : null;
        if (answer) row.columns = deps.mergeColumns(row.columns, await deps.columnsOf(answer));
        if (input) row.contactId = (await deps.contactOf(input, answer).catch(() => null)) ?? row.contactId;
        return setTask(work, row, i, { state: 'done', outcome: response.status, cost: shared ? 0 : response.cost, reason: null });
      }
      case 'miss':
        return setTask(work, row, i, { state: 'done', outcome: 'miss', cost: 0, reason: null });
      case 'unknown':
        return setTask(work, row, i, { state: 'unknown', outcome: 'unknown', cost: 0, reason });
      default:
        if (PAUSING_KINDS.has(kind) || response.status === 'needs_confirmation') {
          // Nothing was charged: the task waits in the queue for the run's resumption.
          pauseRun(work, response.status === 'needs_confirmation' ? 'needs_confirmation' : kind);
          return setTask(work, row, i, { state: 'pending', attemptId: null });
        }
        if (response.status === 'failed' && kind === 'rate_limited' && task.requeued < MAX_REQUEUE) {
          // The gateway answered "too many requests": it served nothing and charged nothing.
          return setTask(work, row, i, { state: 'pending', attemptId: null, requeued: task.requeued + 1 });
        }
        if (response.status === 'refused') return setTask(work, row, i, { state: 'skipped', outcome: 'refused', cost: 0, reason });
        return setTask(work, row, i, { state: 'failed', outcome: 'failed', cost: 0, reason });
    }
  }

  function inputOf(task: BulkTask, row: BulkRow): { ok: true; input: Record<string, unknown> } | { ok: false; reason: string } {
    if (!row.person) return { ok: false, reason: row.problem ?? t('bulk.run.unusable') };
    return deps.requestFor(task.op, row.person);
  }

  async function send(work: Work, row: BulkRow, i: number): Promise<void> {
    const task = row.tasks[i]!;
    const request = inputOf(task, row);
    if (!request.ok) return setTask(work, row, i, { state: 'skipped', reason: request.reason });
    const attemptId = deps.newId();
    // Written before it leaves: after a restart, this id says whether it left and what it came to.
    await setTask(work, row, i, { state: 'sending', attemptId });
    const key = JSON.stringify([task.op, request.input]);
    // An identical request in flight: wait for it, so that the ledger answers this one free.
    while (sameRequest.has(key)) await sameRequest.get(key)!.catch(() => {});
    const sending = deps.lookups.lookup({ op: task.op, input: request.input, confirmed: true, attemptId });
    sameRequest.set(key, sending);
    let response: LookupResponse;
    try {
      response = await sending;
    } catch (error) {
      // The service threw: whether the request left is not known, so it is never sent again by itself.
      const message = error instanceof Error ? error.message : String(error);
      response = { status: 'unknown', op: task.op, historyId: attemptId, cost: 0, fromLedger: false, paidAt: null, refreshed: false, error: { kind: 'outcome_unknown', message } } as LookupResponse;
    } finally {
      if (sameRequest.get(key) === sending) sameRequest.delete(key);
    }
    noteSettled(work);
    await settle(work, row, i, response, request.input);
  }

  /** A task left `sending` by a stopped worker: its outcome is read back, never guessed. */
  async function recover(work: Work, row: BulkRow, i: number): Promise<void> {
    const task = row.tasks[i]!;
    const outcome = task.attemptId ? await deps.lookups.outcomeOf(task.attemptId, deps.historyEntry) : null;
    // Never recorded, not in the journal: it never left. It goes back to the queue.
    if (!outcome) return setTask(work, row, i, { state: 'pending', attemptId: null });
    const request = inputOf(task, row);
    await settle(work, row, i, outcome, request.ok ? request.input : null);
  }

  async function runRow(work: Work, row: BulkRow): Promise<void> {
    for (let i = 0; i < row.tasks.length; i++) {
      if (work.generation !== generation) return;
      if (row.tasks[i]!.state === 'sending') await recover(work, row, i);
      if (row.tasks[i]!.state !== 'pending') continue;
      if (work.run.state === 'running') await send(work, row, i);
      else if (work.run.state === 'cancelled') await setTask(work, row, i, { state: 'skipped', reason: t('bulk.run.cancelledTask') });
    }
  }

  function hasWork(run: BulkRun, row: BulkRow): boolean {
    return row.tasks.some((task) => task.state === 'sending' || (task.state === 'pending' && (run.state === 'running' || run.state === 'cancelled')));
  }

  /** Pending tasks of a cancelled run's rows that no job holds: skipped a page at a time. */
  function cancelPending(work: Work, row: BulkRow): boolean {
    let changed = false;
    row.tasks.forEach((task, i) => {
      if (task.state !== 'pending') return;
      const after: BulkTask = { ...task, state: 'skipped', reason: t('bulk.run.cancelledTask') };
      row.tasks[i] = after;
      work.run.counts = countChange(work.run.counts, task, after);
      changed = true;
    });
    return changed;
  }

  async function readPage(work: Work): Promise<void> {
    const since = writes;
    const pass = work.pass;
    const rows = await deps.store.readRows(work.run.id, work.cursor, PAGE);
    // The pass started again while this page was read (a pause, a resume, a retry): it is not this pass's.
    if (work.pass !== pass) return;
    if (rows.length < PAGE) work.ended = true;
    if (rows.length) work.cursor = rows[rows.length - 1]!.index + 1;
    const cancelled: BulkRow[] = [];
    for (const row of rows) {
      // A row a job holds, or wrote after this page was read: this copy is not the row.
      if (work.busy.has(row.index) || (work.savedAt.get(row.index) ?? 0) > since) {
        work.passHadWork = true;
        continue;
      }
      if (work.run.state === 'cancelled' && !row.tasks.some((task) => task.state === 'sending') && cancelPending(work, row)) cancelled.push(row);
      work.passCounts = countRows([row], work.passCounts);
      if (hasWork(work.run, row)) {
        work.buffer.push(row);
        work.passHadWork = true;
      }
    }
    if (cancelled.length) await save(work, cancelled);
  }

  async function nextRow(work: Work): Promise<BulkRow | null> {
    for (;;) {
      if (!work.scan || work.hold) return null;
      const row = work.buffer.shift();
      if (row) {
        if (!work.busy.has(row.index) && hasWork(work.run, row)) return row;
        continue;
      }
      if (work.ended) return null;
      await readPage(work);
    }
  }

  function deactivate(work: Work): void {
    works.delete(work.run.id);
    for (const resolve of work.idle.splice(0)) resolve();
    deps.onProgress?.(running());
  }

  /** A run with nothing to hand out and no job: another pass, the end of the run, or rest. */
  async function afterPass(work: Work): Promise<boolean> {
    if (work.busy.size || work.hold) return false;
    if (!work.scan) {
      // Tasks left `sending` that no job holds (a restart, a pause before they were reached).
      if ((work.run.counts.sending ?? 0) > 0) {
        work.scan = true;
        restartPass(work);
        return true;
      }
      deactivate(work);
      return false;
    }
    if (!work.ended || work.buffer.length) return false;
    if (work.passHadWork) {
      restartPass(work);
      return true;
    }
    // A whole pass found nothing to do: its counts are the run's, exactly.
    const counted = work.passCounts;
    work.run.counts = { ...counted, total: Math.max(counted.total, work.run.counts.total) };
    if (work.run.state === 'running') {
      work.run.state = 'done';
      work.run.rate = null;
    }
    if (work.run.state !== 'paused') work.run.finishedAt ??= deps.now();
    await save(work, []);
    deactivate(work);
    return false;
  }

  function startJob(work: Work, row: BulkRow): void {
    jobs++;
    work.busy.set(row.index, row);
    void runRow(work, row)
      .catch((error) => console.error('bulk: a row could not be worked', error))
      .finally(() => {
        work.busy.delete(row.index);
        jobs--;
        pump();
      });
  }

  async function fill(): Promise<void> {
    do {
      again = false;
      for (const work of [...works.values()]) {
        if (works.get(work.run.id) !== work) continue;
        for (;;) {
          while (jobs < limit) {
            const row = await nextRow(work);
            if (!row) break;
            startJob(work, row);
          }
          if (jobs >= limit || !(await afterPass(work))) break;
        }
      }
    } while (again);
  }

  function pump(): void {
    if (filling) {
      again = true;
      return;
    }
    filling = true;
    void fill()
      .catch((error) => console.error('bulk: the queue could not go on', error))
      .finally(() => {
        filling = false;
        if (again) return pump();
        if (jobs === 0) for (const resolve of quietWaiters.splice(0)) resolve();
      });
  }

  async function workOf(runId: string): Promise<Work | null> {
    const known = works.get(runId);
    if (known) return known;
    const run = await deps.store.getRun(runId);
    return run ? newWork(run, false) : null;
  }

  const copy = (run: BulkRun): BulkRun => structuredClone(run);

  /** Applies a change of state to a run (loaded when not active), writes it, and keeps it worked. */
  async function change(runId: string, apply: (work: Work) => boolean): Promise<BulkRun | null> {
    const work = await workOf(runId);
    if (!work) return null;
    if (!apply(work)) return copy(work.run);
    if (!works.has(runId)) works.set(runId, work);
    await save(work, []);
    pump();
    return copy(work.run);
  }

  return {
    /**
     * At the worker's start, the browser's start and each keep-alive alarm: every running run is
     * worked again, and tasks a stopped worker left `sending` are read back. Calling it while
     * runs are being worked changes nothing.
     */
    async wake(): Promise<void> {
      for (const run of await deps.store.listRuns()) {
        if (run.state === 'running') activate(run, true);
        else if ((run.state === 'paused' || run.state === 'cancelled') && (run.counts.sending ?? 0) > 0) activate(run, true);
        else if (run.state === 'cancelled' && pendingCount(run.counts) > 0) activate(run, true);
      }
      // Said even when nothing runs: the badge and alarm a stopped worker left are put right.
      deps.onProgress?.(running());
      pump();
    },

    /** The user confirmed the quote's total (checked by the caller): the run starts. */
    async start(run: BulkRun): Promise<BulkRun> {
      const now = deps.now();
      const work = activate({ ...copy(run), state: 'running', confirmedAt: now, startedAt: now, finishedAt: null, pauseReason: null, rate: null }, true);
      await save(work, []);
      pump();
      return copy(work.run);
    },

    /** In-flight tasks finish; nothing new starts. */
    pause: (runId: string) =>
      change(runId, (work) => {
        if (work.run.state !== 'running') return false;
        Object.assign(work.run, { state: 'paused', pauseReason: null, rate: null });
        work.scan = false;
        return true;
      }),

    /** A paused run goes on (a pause for the daily cap pauses again at once if the cap is still reached). */
    resume: (runId: string) =>
      change(runId, (work) => {
        if (work.run.state !== 'paused') return false;
        Object.assign(work.run, { state: 'running', pauseReason: null });
        work.scan = true;
        work.settles = [];
        restartPass(work);
        return true;
      }),

    /** Pending tasks are skipped; in-flight ones finish and their answers are kept. */
    cancel: (runId: string) =>
      change(runId, (work) => {
        if (work.run.state !== 'running' && work.run.state !== 'paused') return false;
        Object.assign(work.run, { state: 'cancelled', rate: null, finishedAt: deps.now() });
        work.scan = true;
        restartPass(work);
        return true;
      }),

    /**
     * Puts the run's `failed` (or `unknown`) tasks back in the queue and runs it. Whether an
     * `unknown` task may go again is the caller's decision (the user confirmed its price).
     * Answers how many tasks went back.
     */
    async retry(runId: string, which: 'failed' | 'unknown'): Promise<{ run: BulkRun; requeued: number } | null> {
      const work = await workOf(runId);
      if (!work) return null;
      if (!works.has(runId)) works.set(runId, work);
      work.hold++;
      let requeued = 0;
      try {
        for (let from = 0; ; ) {
          const page = await deps.store.readRows(runId, from, PAGE);
          const changed: BulkRow[] = [];
          for (const read of page) {
            const row = work.busy.get(read.index) ?? read;
            let touched = false;
            row.tasks.forEach((task, i) => {
              if (task.state !== which) return;
              const after: BulkTask = { ...task, state: 'pending', attemptId: null, outcome: null, reason: null, requeued: 0 };
              row.tasks[i] = after;
              work.run.counts = countChange(work.run.counts, task, after);
              touched = true;
              requeued++;
            });
            if (touched) changed.push(row);
          }
          if (changed.length) await save(work, changed);
          if (page.length < PAGE) break;
          from = page[page.length - 1]!.index + 1;
        }
        if (requeued) {
          Object.assign(work.run, { state: 'running', pauseReason: null, finishedAt: null });
          work.scan = true;
          restartPass(work);
        }
        await save(work, []);
      } finally {
        work.hold--;
      }
      pump();
      return { run: copy(work.run), requeued };
    },

    /** Whether the runner holds this run now (its jobs must finish before it may be deleted). */
    isActive: (runId: string) => works.has(runId),

    /** Resolves once the runner no longer holds this run. */
    whenIdle(runId: string): Promise<void> {
      const work = works.get(runId);
      if (!work) return Promise.resolve();
      return new Promise((resolve) => work.idle.push(resolve));
    },

    /** Resolves when no job runs and nothing is being handed out (tests, the bench). */
    quiet(): Promise<void> {
      if (!filling && jobs === 0) return Promise.resolve();
      return new Promise((resolve) => quietWaiters.push(resolve));
    },

    /** Everything was deleted: forget every run, and let no in-flight job write anything back. */
    stopAll(): void {
      generation++;
      for (const work of works.values()) for (const resolve of work.idle.splice(0)) resolve();
      works.clear();
      deps.onProgress?.([]);
    },

    /** The runs running now. */
    running,
  };
}

export type BulkRunner = ReturnType<typeof createBulkRunner>;
