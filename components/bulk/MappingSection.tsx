import { useId } from 'react';
import { mappingProblems } from '@/lib/bulk/columns';
import { BULK_FIELDS, type BulkField, type ColumnMapping } from '@/lib/bulk/model';
import { t } from '@/lib/platform/i18n';
import { columnName, fieldText } from '@/components/bulk/text';

interface Props {
  headers: readonly string[];
  /** The first row's cells, shown beside each column as an example. */
  sample: readonly string[] | undefined;
  mapping: ColumnMapping;
  disabled?: boolean;
  onChange(mapping: ColumnMapping): void;
}

/** One select per column of the source: the Dossier field it feeds, or "Not used". */
export function MappingSection({ headers, sample, mapping, disabled, onChange }: Props) {
  const id = useId();
  const problems = mappingProblems(mapping);
  const set = (index: number, field: BulkField | null) => onChange(headers.map((_, i) => (i === index ? field : (mapping[i] ?? null))));
  return (
    <section aria-labelledby={`${id}-title`} className="bulk-mapping">
      <h3 id={`${id}-title`}>{t('bulk.ui.mapping.title')}</h3>
      <p className="muted">{t('bulk.ui.mapping.hint')}</p>
      <table className="bulk-table">
        <thead>
          <tr>
            <th scope="col">{t('bulk.ui.mapping.column')}</th>
            <th scope="col">{t('bulk.ui.mapping.example')}</th>
            <th scope="col">{t('bulk.ui.mapping.field')}</th>
          </tr>
        </thead>
        <tbody>
          {headers.map((_, index) => {
            const name = columnName(headers, index);
            return (
              <tr key={index}>
                <th scope="row" id={`${id}-col-${index}`}>
                  {name}
                </th>
                <td className="bulk-cell">{sample?.[index] ?? ''}</td>
                <td>
                  <select
                    aria-label={t('bulk.ui.mapping.select', { column: name })}
                    value={mapping[index] ?? ''}
                    disabled={disabled}
                    onChange={(e) => set(index, (e.target.value || null) as BulkField | null)}
                  >
                    <option value="">{fieldText(null)}</option>
                    {BULK_FIELDS.map((field) => (
                      <option key={field} value={field}>
                        {fieldText(field)}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div aria-live="polite">
        {problems.length > 0 && (
          <ul className="warning bulk-problems" aria-label={t('bulk.ui.mapping.problems')}>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
