import type { BulkRow, BulkTask, RunCounts } from '@/lib/bulk/model';

/**
 * Where a task counts in its run's counts. A run's counts move with each task's change (one
 * bucket down, one up) in the same write as the task, so that the progress bar never reads
 * the rows; a run that ends is counted again from its rows, which corrects any drift.
 */
export type TaskBucket = 'pending' | 'sending' | 'paid' | 'free' | 'noMatch' | 'failed' | 'unknown' | 'skipped';

export function bucketOf(task: Pick<BulkTask, 'state' | 'outcome' | 'cost'>): TaskBucket {
  switch (task.state) {
    case 'done':
      if (task.outcome === 'miss') return 'noMatch';
      return task.cost > 0 ? 'paid' : 'free';
    default:
      return task.state;
  }
}

/** Counts without any task: `total` is set when the run is priced. */
export function emptyCounts(total = 0): RunCounts {
  return { total, done: 0, paid: 0, free: 0, noMatch: 0, failed: 0, unknown: 0, skipped: 0, sending: 0, spent: 0 };
}

function add(counts: RunCounts, bucket: TaskBucket, n: 1 | -1): void {
  if (bucket === 'pending') return;
  counts[bucket] = Math.max(0, (counts[bucket] ?? 0) + n);
}

/** The counts after one task went from `before` (null: a new task) to `after`. */
export function countChange(counts: RunCounts, before: BulkTask | null, after: BulkTask): RunCounts {
  const next: RunCounts = { ...counts, sending: counts.sending ?? 0 };
  if (before) add(next, bucketOf(before), -1);
  add(next, bucketOf(after), 1);
  next.spent = Math.max(0, next.spent - (before?.cost ?? 0) + after.cost);
  next.done = next.paid + next.free + next.noMatch;
  return next;
}

/** Counts of these rows' tasks, `total` included, added to `into` (a run's rows, read a page at a time). */
export function countRows(rows: Iterable<BulkRow>, into: RunCounts = emptyCounts()): RunCounts {
  let counts = into;
  for (const row of rows) {
    for (const task of row.tasks) counts = { ...countChange(counts, null, task), total: counts.total + 1 };
  }
  return counts;
}

/** Tasks neither settled nor sent: what a running run still has to do. */
export function pendingCount(counts: RunCounts): number {
  return counts.total - counts.done - counts.failed - counts.unknown - counts.skipped - (counts.sending ?? 0);
}

/**
 * What sending a run's `unknown` tasks again may cost: each at its operation's price (their
 * answers were lost, so the ledger cannot answer them). The user confirms this sum (bulkRetry's
 * `price`); the page computes it from the rows it shows, the worker again from the store.
 */
export function unknownRetryPrice(rows: Iterable<BulkRow>, priceOf: (op: BulkTask['op']) => number): number {
  let sum = 0;
  for (const row of rows) for (const task of row.tasks) if (task.state === 'unknown') sum += priceOf(task.op);
  return sum;
}
