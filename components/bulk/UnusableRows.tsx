import { useEffect, useId, useState } from 'react';
import type { BulkRow } from '@/lib/bulk/model';
import { t, tn } from '@/lib/platform/i18n';
import { watchRows } from '@/lib/bulk/page/watch';
import { allRows } from '@/components/bulk/useBulkRecords';
import { columnName } from '@/components/bulk/text';

/** Listed one by one up to this many; the count says the rest. */
export const UNUSABLE_SHOWN = 100;

async function unusableRows(runId: string): Promise<BulkRow[]> {
  const found: BulkRow[] = [];
  for await (const page of allRows(runId)) {
    for (const row of page) if (row.problem) found.push(row);
    if (found.length >= UNUSABLE_SHOWN) break;
  }
  return found.slice(0, UNUSABLE_SHOWN);
}

/** What a row held, shortly: its non-empty cells. */
function cellsText(headers: readonly string[], cells: readonly string[]): string {
  return cells
    .map((cell, i) => (cell.trim() ? `${columnName(headers, i)}: ${cell}` : ''))
    .filter(Boolean)
    .join(' · ');
}

/**
 * The rows the worker found it cannot use, with the reason: they never stop the run (their
 * tasks are skipped, their line stays in the results file).
 */
export function UnusableRows({ runId, headers, count }: { runId: string; headers: readonly string[]; count: number }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="bulk-unusable">
      <h3 id={`${id}-title`}>{tn('bulk.ui.unusable.title', count)}</h3>
      {count === 0 ? (
        <p className="muted">{t('bulk.ui.unusable.none')}</p>
      ) : (
        <>
          <p className="muted">{t('bulk.ui.unusable.hint')}</p>
          <UnusableList runId={runId} headers={headers} count={count} labelledBy={`${id}-title`} />
          {count > UNUSABLE_SHOWN && <p className="muted">{t('bulk.ui.unusable.more', { shown: UNUSABLE_SHOWN, count })}</p>}
        </>
      )}
    </section>
  );
}

/** The list itself, only while there are such rows: it reads them, and again as the worker writes rows. */
function UnusableList({ runId, headers, count, labelledBy }: { runId: string; headers: readonly string[]; count: number; labelledBy: string }) {
  const [rows, setRows] = useState<BulkRow[]>([]);
  // Another count means other rows (new columns were mapped): read them again.
  useEffect(() => watchRows(() => unusableRows(runId), setRows), [runId, count]);
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll container: focusable so the keyboard can scroll it (Chrome does so by itself only from 130; axe's scrollable-region-focusable asks for it)
    <ul className="bulk-unusable-list" tabIndex={0} aria-labelledby={labelledBy}>
      {rows.map((row) => (
        <li key={row.index}>
          {t('bulk.ui.unusable.row', { number: row.index + 1, reason: row.problem ?? '' })} <span className="muted">{cellsText(headers, row.cells) || t('bulk.ui.unusable.emptyRow')}</span>
        </li>
      ))}
    </ul>
  );
}
