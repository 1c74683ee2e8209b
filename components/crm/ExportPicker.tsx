import { useEffect, useId, useState } from 'react';
import { personLabel } from '@/lib/book/naming';
import type { EnrichedPerson } from '@/lib/crm/contract';
import { t } from '@/lib/platform/i18n';
import { sendMessage } from '@/lib/contracts/messenger';
import { ask } from '@/components/platform/useBackground';
import { saveFile } from '@/components/crm/download';

/** Local export, no network: pick people enriched lately, get a CSV or vCard file. */
export function ExportPicker() {
  const id = useId();
  const [people, setPeople] = useState<EnrichedPerson[] | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void ask(() => sendMessage('crmEnrichedPeople', { limit: 200 })).then((reply) => (reply.ok ? setPeople(reply.value) : setError(reply.error.message)));
  }, []);

  async function exportAs(format: 'csv' | 'vcard') {
    setError(null);
    const reply = await ask(() => sendMessage('crmExport', { historyIds: [...selected], format }));
    if (!reply.ok) return setError(reply.error.message);
    saveFile(reply.value);
  }

  const toggle = (historyId: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(historyId);
      else next.delete(historyId);
      return next;
    });

  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('crm.export.title')}</h3>
      {people === null ? (
        <p className="muted">{t('app.loading')}</p>
      ) : people.length === 0 ? (
        <p className="muted">{t('crm.export.empty')}</p>
      ) : (
        <>
          <ul className="crm-export-list">
            {people.map((person) => (
              <li key={person.historyId} className="check">
                <input id={`${id}-${person.historyId}`} type="checkbox" checked={selected.has(person.historyId)} onChange={(e) => toggle(person.historyId, e.target.checked)} />
                <label htmlFor={`${id}-${person.historyId}`}>
                  {personLabel(person.name, person.company)}
                </label>
              </li>
            ))}
          </ul>
          <button type="button" className="secondary" onClick={() => setSelected(new Set(people.map((p) => p.historyId)))}>
            {t('crm.export.selectAll')}
          </button>{' '}
          <button type="button" disabled={!selected.size} onClick={() => void exportAs('csv')}>
            {t('crm.export.csv', { count: selected.size })}
          </button>{' '}
          <button type="button" disabled={!selected.size} onClick={() => void exportAs('vcard')}>
            {t('crm.export.vcard', { count: selected.size })}
          </button>
        </>
      )}
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
