import type { BulkRun } from '@/lib/bulk/model';
import { csvText, resultsHeader, resultsRow } from '@/lib/bulk/results';
import { nextTask } from '@/lib/platform/ui/next-task';
import { allRows } from '@/components/bulk/useBulkRecords';

/** Rows read and written per step: a step stays well inside one frame. */
export const RESULTS_PAGE = 500;

/** csvText ends its last line or not: the parts are joined by line, whatever it does. */
const asLines = (text: string) => (text === '' || text.endsWith('\n') ? text : `${text}\r\n`);

/** A name the file system takes, from the run's name ("attendees.csv" → "dossier-bulk-attendees-2026-03-15.csv"). */
export function resultsFileName(run: BulkRun, now: number): string {
  const base =
    run.name
      .replace(/\.(csv|tsv|txt)$/i, '')
      .normalize('NFKD')
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'run';
  const day = new Date(now).toISOString().slice(0, 10);
  return `dossier-bulk-${base}-${day}.csv`;
}

/**
 * The results file of a run, built without holding the page: rows read in pages of 500, each
 * page written as CSV text (lib/bulk/results.ts: the original cells, then the enriched columns,
 * formula-looking cells neutralised) and turned into a Blob at once, a turn for the page between
 * pages. One row per row of the source, in its order.
 */
export async function resultsBlob(run: BulkRun, onProgress: (rows: number) => void = () => {}): Promise<{ blob: Blob; rows: number }> {
  const type = 'text/csv;charset=utf-8';
  // A byte-order mark, so that spreadsheet programs read the file as UTF-8.
  const parts: Blob[] = [new Blob(['\uFEFF', asLines(csvText([resultsHeader(run)]))], { type })];
  let rows = 0;
  for await (const page of allRows(run.id, RESULTS_PAGE)) {
    parts.push(new Blob([asLines(csvText(page.map((row) => resultsRow(run, row))))], { type }));
    rows += page.length;
    onProgress(rows);
    await nextTask();
  }
  return { blob: new Blob(parts, { type }), rows };
}

