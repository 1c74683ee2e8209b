import type { CountryCode } from 'libphonenumber-js';
import { useEffect, useId, useMemo, useState } from 'react';
import type { BulkOperation, BulkPerson, BulkRow, ColumnMapping } from '@/lib/bulk/model';
import { readRows } from '@/lib/bulk/store';
import { startPreferencesMirror, usePreferences } from '@/components/settings/preferences-store';
import { t } from '@/lib/platform/i18n';
import { inputText, previewRows } from '@/components/bulk/preview';
import { fieldText, operationText } from '@/components/bulk/text';

/** Rows shown as they will be sent. */
export const PREVIEW_ROWS = 5;

export function personText(person: BulkPerson): string {
  return Object.entries(person)
    .filter(([, value]) => value)
    .map(([field, value]) => `${fieldText(field as keyof BulkPerson)}: ${value}`)
    .join(' · ');
}

interface Props {
  runId: string;
  mapping: ColumnMapping;
  operations: readonly BulkOperation[];
}

/**
 * The first rows of the run as the worker will send them, for the mapping on screen (not yet
 * the stored one): the same personOf and requestFor the worker runs, so what is shown is what goes.
 */
export function PreviewSection({ runId, mapping, operations }: Props) {
  const id = useId();
  const [rows, setRows] = useState<BulkRow[] | null>(null);
  useEffect(() => {
    let live = true;
    void readRows(runId, 0, PREVIEW_ROWS).then((r) => live && setRows(r), () => live && setRows([]));
    return () => {
      live = false;
    };
  }, [runId]);
  // Phones written without their country code are read in the user's region, as the worker reads them.
  const region = (usePreferences((s) => s.prefs.lookups.defaultPhoneRegion) ?? undefined) as CountryCode | undefined;
  useEffect(() => startPreferencesMirror(), []);
  const preview = useMemo(() => (rows ? previewRows(rows, mapping, operations, { defaultRegion: region }) : []), [rows, mapping, operations, region]);

  return (
    <section aria-labelledby={`${id}-title`} className="bulk-preview">
      <h3 id={`${id}-title`}>{t('bulk.ui.preview.title')}</h3>
      {!operations.length && <p className="muted">{t('bulk.ui.preview.chooseOperation')}</p>}
      <table className="bulk-table">
        <thead>
          <tr>
            <th scope="col">{t('bulk.ui.table.row')}</th>
            <th scope="col">{t('bulk.ui.preview.readAs')}</th>
            {operations.map((op) => (
              <th key={op} scope="col">
                {t('bulk.ui.preview.sends', { operation: operationText(op) })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.map((row) => (
            <tr key={row.index}>
              <th scope="row">{row.index + 1}</th>
              <td className="bulk-cell">
                {row.person ? personText(row.person) : <span className="error-text">{row.problem ?? t('bulk.ui.preview.unusable')}</span>}
                {row.ignored.map((note) => (
                  <span key={note} className="block muted">
                    {t('bulk.ui.preview.ignored', { note })}
                  </span>
                ))}
              </td>
              {operations.map((op) => {
                const request = row.requests.find((r) => r.op === op);
                return (
                  <td key={op} className="bulk-cell">
                    {!request ? (
                      <span className="muted">{t('bulk.ui.preview.notSent')}</span>
                    ) : request.ok ? (
                      inputText(request.input)
                    ) : (
                      <span className="muted">{t('bulk.ui.preview.skipped', { reason: request.reason })}</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
