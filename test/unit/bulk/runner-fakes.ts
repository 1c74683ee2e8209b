import { vi } from 'vitest';
import { bulkRowSchema, bulkRunSchema, type BulkOperation, type BulkRow, type BulkRun, type BulkTask } from '@/lib/bulk/model';
import { createBulkRunner, type BulkRunnerDeps } from '@/lib/bulk/worker/runner';
import type { LookupRequest, LookupResponse } from '@/lib/lookup/contract';

/** A run as stored, through its schema (defaults filled). */
export function aRun(over: Partial<BulkRun> = {}): BulkRun {
  return bulkRunSchema.parse({
    id: 'run-1',
    name: 'Paris event',
    source: 'csv',
    createdAt: 1,
    headers: ['profile'],
    mapping: ['profileUrl'],
    rowCount: 0,
    state: 'running',
    updatedAt: 1,
    ...over,
  });
}

export function aTask(op: BulkOperation, over: Partial<BulkTask> = {}): BulkTask {
  return { op, state: 'pending', attemptId: null, outcome: null, cost: 0, quoted: 0, reason: null, requeued: 0, ...over };
}

/** Row `index` of run-1: the person `p<index>`, with these tasks (one pending enrichPerson by default). */
export function aRow(index: number, tasks: BulkTask[] = [aTask('enrichPerson')], over: Partial<BulkRow> = {}): BulkRow {
  return bulkRowSchema.parse({
    runId: 'run-1',
    index,
    cells: [`https://www.linkedin.com/in/p${index}/`],
    person: { profileUrl: `https://www.linkedin.com/in/p${index}/` },
    tasks,
    ...over,
  });
}

export function response(request: Pick<LookupRequest, 'op' | 'attemptId'>, over: Partial<LookupResponse> = {}): LookupResponse {
  return {
    status: 'paid',
    op: request.op,
    historyId: request.attemptId ?? 'h',
    cost: 2,
    fromLedger: false,
    paidAt: null,
    refreshed: false,
    value: { person: { fullName: 'Someone' } },
    ...over,
  } as LookupResponse;
}

/** The vault's bulk stores, in memory: every write is a copy, as IndexedDB's structured clone. */
export function memoryStore(runs: BulkRun[] = [], rows: BulkRow[] = []) {
  const runMap = new Map(runs.map((r) => [r.id, structuredClone(r)]));
  const rowMap = new Map<string, BulkRow>(rows.map((r) => [`${r.runId}/${r.index}`, structuredClone(r)]));
  const key = (runId: string, index: number) => `${runId}/${index}`;
  return {
    runs: runMap,
    rows: rowMap,
    row: (index: number, runId = 'run-1') => rowMap.get(key(runId, index))!,
    run: (id = 'run-1') => runMap.get(id)!,
    async getRun(id: string) {
      const run = runMap.get(id);
      return run ? structuredClone(run) : null;
    },
    async listRuns() {
      return [...runMap.values()].map((r) => structuredClone(r));
    },
    async readRows(runId: string, from: number, limit: number) {
      return [...rowMap.values()]
        .filter((r) => r.runId === runId && r.index >= from)
        .sort((a, b) => a.index - b.index)
        .slice(0, limit)
        .map((r) => structuredClone(r));
    },
    async getRows(runId: string, indexes: readonly number[]) {
      return indexes.flatMap((i) => (rowMap.has(key(runId, i)) ? [structuredClone(rowMap.get(key(runId, i))!)] : []));
    },
    async putRows(list: readonly BulkRow[]) {
      for (const row of list) rowMap.set(key(row.runId, row.index), structuredClone(row));
    },
    async putRun(run: BulkRun) {
      runMap.set(run.id, structuredClone(run));
    },
    async save(run: BulkRun, list: readonly BulkRow[]) {
      for (const row of list) rowMap.set(key(row.runId, row.index), structuredClone(row));
      runMap.set(run.id, structuredClone(run));
    },
    async deleteRun(id: string) {
      runMap.delete(id);
      for (const k of [...rowMap.keys()]) if (k.startsWith(`${id}/`)) rowMap.delete(k);
    },
  };
}
export type MemoryStore = ReturnType<typeof memoryStore>;

type Answer = (request: LookupRequest) => Promise<LookupResponse> | LookupResponse;

/**
 * A lookup service: `answer` decides each response; `outcomes` is what a restarted service
 * knows of earlier attempts (history entries, or the journal's recovered lost answers).
 */
export function fakeLookups(answer: Answer = (request) => response(request)) {
  const outcomes = new Map<string, LookupResponse>();
  let inFlight = 0;
  const stats = { maxInFlight: 0 };
  const lookup = vi.fn(async (request: LookupRequest) => {
    inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, inFlight);
    try {
      const reply = await answer(request);
      if (request.attemptId) outcomes.set(request.attemptId, reply);
      return reply;
    } finally {
      inFlight--;
    }
  });
  const outcomeOf = vi.fn(async (attemptId: string) => outcomes.get(attemptId) ?? null);
  return { lookup, outcomeOf, outcomes, stats };
}
export type FakeLookups = ReturnType<typeof fakeLookups>;

export function runnerWith(store: MemoryStore, lookups: BulkRunnerDeps['lookups'], over: Partial<BulkRunnerDeps> = {}) {
  let ids = 0;
  const progress: string[][] = [];
  const runner = createBulkRunner({
    store,
    lookups,
    historyEntry: async () => null,
    requestFor: (op, person) => (person.profileUrl ? { ok: true, input: { profileUrl: person.profileUrl } } : { ok: false, reason: 'No profile URL' }),
    columnsOf: (answer) => ({ [`${answer.op}.name`]: String((answer.result as { person?: { fullName?: string } }).person?.fullName ?? '') }),
    mergeColumns: (a, b) => ({ ...a, ...b }),
    contactOf: async (input) => `contact:${String(input.profileUrl)}`,
    onProgress: (running) => progress.push(running.map((r) => r.id)),
    now: () => Date.now(),
    newId: () => `attempt-${++ids}`,
    ...over,
  });
  return { runner, progress };
}

/** A promise the test settles itself. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Runs scheduled work (the fakes answer in microtasks and timers of 0). */
export async function flush(times = 20): Promise<void> {
  for (let i = 0; i < times; i++) await new Promise((r) => setTimeout(r, 0));
}
