import { useEffect, useId, useState } from 'react';
import type { BulkRow } from '@/lib/bulk/model';
import { t, tn } from '@/lib/i18n';
import { watchRecords } from '@/lib/storage/watch-records';
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
  const [rows, setRows] = useState<BulkRow[] | null>(null);
  useEffect(() => (count ? watchRecords('bulkRows', () => unusableRows(runId), setRows) : setRows([])), [runId, count]);
  return (
    <section aria-labelledby={`${id}-title`} className="bulk-unusable">
      <h3 id={`${id}-title`}>{tn('bulk.ui.unusable.title', count)}</h3>
      {count === 0 ? (
        <p className="muted">{t('bulk.ui.unusable.none')}</p>
      ) : (
        <>
          <p className="muted">{t('bulk.ui.unusable.hint')}</p>
          {/* It scrolls: focusable, so that the keyboard can scroll it too. */}
          <ul className="bulk-unusable-list" tabIndex={0} aria-labelledby={`${id}-title`}>
            {(rows ?? []).map((row) => (
              <li key={row.index}>
                {t('bulk.ui.unusable.row', { number: row.index + 1, reason: row.problem ?? '' })} <span className="muted">{cellsText(headers, row.cells) || t('bulk.ui.unusable.emptyRow')}</span>
              </li>
            ))}
          </ul>
          {count > UNUSABLE_SHOWN && <p className="muted">{t('bulk.ui.unusable.more', { shown: UNUSABLE_SHOWN, count })}</p>}
        </>
      )}
    </section>
  );
}
