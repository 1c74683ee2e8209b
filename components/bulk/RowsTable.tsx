import { useId, useState } from 'react';
import type { BulkRow, BulkRun } from '@/lib/bulk/model';
import { foundText } from '@/lib/bulk/results';
import { t } from '@/lib/platform/i18n';
import { personText } from '@/components/bulk/PreviewSection';
import { credits, operationText, taskText } from '@/components/bulk/text';
import { useRowPage } from '@/components/bulk/useBulkRecords';

export const ROWS_PAGE = 50;

/** Who a row is, shortly: the person's name and company, else what else identifies them; or why the row cannot be used. */
function whoText(row: BulkRow): string {
  const person = row.person;
  if (!person) return t('bulk.ui.rows.unusable', { reason: row.problem ?? '' });
  const name = person.fullName ?? ([person.firstName, person.lastName].filter(Boolean).join(' ') || undefined);
  const parts = [name, person.company, name ? undefined : (person.email ?? person.profileUrl ?? person.phone)].filter(Boolean);
  return parts.length ? parts.join(' · ') : personText(person);
}

/** The email and phone found for the row, each on its line, from the answers stored with the row. */
function FoundCell({ row }: { row: BulkRow }) {
  const found = foundText(row.columns);
  return (
    <td className="bulk-cell">
      {found.length ? found.map((line) => (
        <span key={line} className="bulk-found">
          {line}
        </span>
      )) : '—'}
    </td>
  );
}

/**
 * The run's rows with each operation's state, a page of 50 at a time (a run holds up to
 * 10,000): a real table, its pages turned by two buttons, each page read from the vault and
 * read again as the worker settles its rows.
 */
export function RowsTable({ run }: { run: BulkRun }) {
  const id = useId();
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(run.rowCount / ROWS_PAGE));
  const current = Math.min(page, pages - 1);
  const from = current * ROWS_PAGE;
  const { value: rows, loaded } = useRowPage(run.id, from, ROWS_PAGE);
  const operations = run.quote?.operations ?? [];
  const to = Math.min(run.rowCount, from + ROWS_PAGE);

  return (
    <section aria-labelledby={`${id}-title`} className="bulk-rows">
      <h3 id={`${id}-title`}>{t('bulk.ui.rows.title')}</h3>
      <table className="bulk-table" aria-describedby={`${id}-range`}>
        <thead>
          <tr>
            <th scope="col">{t('bulk.ui.table.row')}</th>
            <th scope="col">{t('bulk.ui.rows.who')}</th>
            <th scope="col">{t('bulk.ui.rows.found')}</th>
            {operations.map((op) => (
              <th key={op} scope="col">
                {operationText(op)}
              </th>
            ))}
            <th scope="col">{t('bulk.ui.rows.cost')}</th>
          </tr>
        </thead>
        <tbody aria-busy={!loaded}>
          {rows.map((row) => (
            <tr key={row.index}>
              <th scope="row">{row.index + 1}</th>
              <td className="bulk-cell">{whoText(row)}</td>
              <FoundCell row={row} />
              {operations.map((op) => {
                const task = row.tasks.find((task) => task.op === op);
                return (
                  <td key={op} data-state={task?.state}>
                    {task ? taskText(task) : '—'}
                  </td>
                );
              })}
              <td className="bulk-nowrap">{credits(row.tasks.reduce((sum, task) => sum + task.cost, 0))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="actions">
        <button type="button" className="secondary" disabled={current === 0} onClick={() => setPage(current - 1)}>
          {t('bulk.ui.rows.previous')}
        </button>
        <span id={`${id}-range`} aria-live="polite">
          {t('bulk.ui.rows.range', { from: run.rowCount ? from + 1 : 0, to, total: run.rowCount })}
        </span>
        <button type="button" className="secondary" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
          {t('bulk.ui.rows.next')}
        </button>
      </p>
    </section>
  );
}
