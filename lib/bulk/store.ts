import { announceRecords, withRecords } from '@/lib/platform/storage/vault';
import { parseRow, parseRun, type BulkRow, type BulkRun } from '@/lib/bulk/model';

/**
 * Bulk runs and their rows in the vault. The worker writes; extension pages read (the bulk
 * page lists runs and pages through rows) and watch `onRecordsChanged` for `bulkRuns` (ids:
 * run ids) and `bulkRows` (ids: the run ids whose rows changed).
 */
const RUNS = 'bulkRuns';
const ROWS = 'bulkRows';

/** Every row of one run: the store's key is `[runId, index]`. */
const rowsOf = (runId: string, from = 0) => IDBKeyRange.bound([runId, from], [runId, Number.MAX_SAFE_INTEGER]);

/** Writes in transactions of this many rows, so that no one transaction holds a whole file. */
const ROW_BATCH = 500;

export async function putRun(run: BulkRun): Promise<void> {
  await withRecords((db) => db.put(RUNS, run));
  announceRecords({ store: RUNS, ids: [run.id] });
}

export async function getRun(id: string): Promise<BulkRun | null> {
  return withRecords(async (db) => parseRun(await db.get(RUNS, id)));
}

/** Every run, newest first (a handful: rows are elsewhere). */
export async function listRuns(): Promise<BulkRun[]> {
  const runs = await withRecords((db) => db.getAll(RUNS));
  return runs
    .map(parseRun)
    .filter((run): run is BulkRun => run !== null)
    .sort((a, b) => b.createdAt - a.createdAt);
}

/** Rows written in batches; a run's rows and the run itself are announced once at the end. */
export async function putRows(rows: readonly BulkRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROW_BATCH) {
    const batch = rows.slice(i, i + ROW_BATCH);
    await withRecords(async (db) => {
      const tx = db.transaction(ROWS, 'readwrite');
      for (const row of batch) void tx.store.put(row);
      await tx.done;
    });
  }
  const runIds = [...new Set(rows.map((row) => row.runId))];
  if (runIds.length) announceRecords({ store: ROWS, ids: runIds });
}

/**
 * A run and some of its rows in one transaction: a task's new state and the run's counts that
 * follow from it are written together, or not at all (a worker stopped between the two would
 * otherwise leave counts that no longer add up).
 */
export async function putRunWithRows(run: BulkRun, rows: readonly BulkRow[]): Promise<void> {
  await withRecords(async (db) => {
    const tx = db.transaction([RUNS, ROWS], 'readwrite');
    for (const row of rows) void tx.objectStore(ROWS).put(row);
    void tx.objectStore(RUNS).put(run);
    await tx.done;
  });
  announceRecords({ store: RUNS, ids: [run.id] });
  if (rows.length) announceRecords({ store: ROWS, ids: [run.id] });
}

/** Up to `limit` rows of a run from row `from`, in order; rows that do not parse are left out. */
export async function readRows(runId: string, from = 0, limit = 100): Promise<BulkRow[]> {
  const raw = await withRecords((db) => db.getAll(ROWS, rowsOf(runId, from), limit));
  return raw.map(parseRow).filter((row): row is BulkRow => row !== null);
}

export async function getRows(runId: string, indexes: readonly number[]): Promise<BulkRow[]> {
  return withRecords(async (db) => {
    const tx = db.transaction(ROWS, 'readonly');
    const raw = await Promise.all(indexes.map((index) => tx.store.get([runId, index])));
    return raw.map(parseRow).filter((row): row is BulkRow => row !== null);
  });
}

/** Deletes a run and its rows in one transaction. */
export async function deleteRun(id: string): Promise<void> {
  await withRecords(async (db) => {
    const tx = db.transaction([RUNS, ROWS], 'readwrite');
    void tx.objectStore(ROWS).delete(rowsOf(id));
    void tx.objectStore(RUNS).delete(id);
    await tx.done;
  });
  announceRecords({ store: RUNS, ids: [id] });
  announceRecords({ store: ROWS, ids: [id] });
}

export async function clearBulk(): Promise<void> {
  await withRecords(async (db) => {
    const tx = db.transaction([RUNS, ROWS], 'readwrite');
    void tx.objectStore(ROWS).clear();
    void tx.objectStore(RUNS).clear();
    await tx.done;
  });
  announceRecords({ store: RUNS, ids: [] });
  announceRecords({ store: ROWS, ids: [] });
}

/** Runs with their rows, for "export all my data". */
export async function readAllBulk(): Promise<{ runs: BulkRun[]; rows: BulkRow[] }> {
  const runs = await listRuns();
  const rows: BulkRow[] = [];
  for (const run of runs) {
    for (let from = 0; ; ) {
      const page = await readRows(run.id, from, 1_000);
      rows.push(...page);
      if (page.length < 1_000) break;
      from = page[page.length - 1]!.index + 1;
    }
  }
  return { runs, rows };
}
