import { useId } from 'react';
import { OUTCOMES } from '@/lib/history/entry';
import { t } from '@/lib/platform/i18n';
import { DayField } from '@/components/platform/DayField';
import { HISTORY_OPERATIONS, operationLabel } from '@/components/lookup/price';
import type { HistoryFilter } from '@/components/history/filter';

export function HistoryToolbar({ filter, onChange }: { filter: HistoryFilter; onChange(next: HistoryFilter): void }) {
  const ids = { text: useId(), op: useId(), outcome: useId() };
  const set = (patch: Partial<HistoryFilter>) => onChange({ ...filter, ...patch });
  return (
    <div className="filters" role="search">
      <div className="field">
        <label htmlFor={ids.text}>{t('history.search')}</label>
        <input id={ids.text} type="search" value={filter.text} placeholder={t('history.searchPlaceholder')} onChange={(e) => set({ text: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor={ids.op}>{t('history.operation')}</label>
        <select id={ids.op} value={filter.op} onChange={(e) => set({ op: e.target.value })}>
          <option value="">{t('history.any')}</option>
          {HISTORY_OPERATIONS.map((op) => (
            <option key={op} value={op}>
              {operationLabel(op)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.outcome}>{t('history.outcome')}</label>
        <select id={ids.outcome} value={filter.outcome} onChange={(e) => set({ outcome: e.target.value as HistoryFilter['outcome'] })}>
          <option value="">{t('history.any')}</option>
          {OUTCOMES.map((outcome) => (
            <option key={outcome} value={outcome}>
              {t(`outcome.${outcome}`)}
            </option>
          ))}
        </select>
      </div>
      <DayField label={t('history.from')} value={filter.from} onChange={(from) => set({ from })} />
      <DayField label={t('history.to')} value={filter.to} onChange={(to) => set({ to })} />
    </div>
  );
}
