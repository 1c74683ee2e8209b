import { useEffect, useState } from 'react';
import type { BulkRow, BulkRun } from '@/lib/bulk/model';
import { getRun, listRuns, readRows } from '@/lib/bulk/store';
import { watchRows, watchRuns } from '@/lib/bulk/page/watch';

export interface Watched<T> {
  value: T;
  /** The first read answered. */
  loaded: boolean;
  error: string | null;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

const NO_RUN: Watched<BulkRun | null> = { value: null, loaded: false, error: null };

/**
 * A run as the worker last wrote it, read again after each of its writes (the vault announces
 * them as `bulkRuns` changes): the page never writes a run, it only shows it.
 */
export function useRun(runId: string): Watched<BulkRun | null> {
  const [state, setState] = useState<Watched<BulkRun | null> & { runId: string }>({ runId, ...NO_RUN });
  useEffect(
    () =>
      watchRuns(
        () => getRun(runId),
        (value) => setState({ runId, value, loaded: true, error: null }),
        (err) => setState((s) => ({ ...(s.runId === runId ? s : NO_RUN), runId, loaded: true, error: message(err) })),
      ),
    [runId],
  );
  // What was read for another run is not this one's: until this one's first read, nothing is loaded.
  return state.runId === runId ? state : NO_RUN;
}

/** Every run, newest first, kept current. */
export function useRuns(): Watched<BulkRun[]> {
  const [state, setState] = useState<Watched<BulkRun[]>>({ value: [], loaded: false, error: null });
  useEffect(
    () =>
      watchRuns(
        listRuns,
        (value) => setState({ value, loaded: true, error: null }),
        (err) => setState((s) => ({ ...s, loaded: true, error: message(err) })),
      ),
    [],
  );
  return state;
}

/**
 * One page of a run's rows (`from` is a row index), read again whenever the worker writes rows
 * of any run: `watchRows` spaces the reads, so a run settling ten rows a second costs the
 * page a few small reads a second, never one per row.
 */
export function useRowPage(runId: string, from: number, limit: number): Watched<BulkRow[]> {
  const [state, setState] = useState<Watched<BulkRow[]>>({ value: [], loaded: false, error: null });
  useEffect(
    () =>
      watchRows(
        () => readRows(runId, from, limit),
        (value) => setState({ value, loaded: true, error: null }),
        (err) => setState((s) => ({ ...s, loaded: true, error: message(err) })),
      ),
    [runId, from, limit],
  );
  return state;
}

/** Reads a run's rows in pages of `page`, in order, for whatever walks the whole run (download, lists). */
export async function* allRows(runId: string, page = 500): AsyncGenerator<BulkRow[]> {
  for (let from = 0; ; ) {
    const rows = await readRows(runId, from, page);
    if (rows.length) yield rows;
    if (rows.length < page) return;
    from = rows[rows.length - 1]!.index + 1;
  }
}
