import { useEffect, useId } from 'react';
import { startPreferencesMirror, usePreferences } from '@/components/settings/preferences-store';
import type { BookFilters, ContactKind } from '@/lib/book/page/search';
import { t } from '@/lib/platform/i18n';
import { DayField } from '@/components/platform/DayField';

interface Props {
  /** The tab shown: the email and mobile filters are a person's. */
  kind: ContactKind;
  text: string;
  filters: BookFilters;
  tags: readonly string[];
  onText(text: string): void;
  onFilters(filters: BookFilters): void;
}

/** A date input's day, as the local midnight it starts at. */
function dayStart(value: string): number | null {
  if (!value) return null;
  const [y, m, d] = value.split('-').map(Number);
  return new Date(y!, m! - 1, d!).getTime();
}

function dayValue(at: number | null | undefined): string {
  if (at == null) return '';
  const date = new Date(at);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The search box and the filters; every change reads the book again (index reads, a page at a time). */
export function BookToolbar({ kind, text, filters, tags, onText, onFilters }: Props) {
  const id = useId();
  const set = (patch: BookFilters) => onFilters({ ...filters, ...patch });
  const filtered = Object.values(filters).some((v) => v !== undefined && v !== null && v !== false);
  // The ages a value turns ageing and stale at (Settings), for the freshness filter.
  const ages = usePreferences((state) => state.prefs.valueAge);
  useEffect(() => startPreferencesMirror(), []);
  return (
    <div className="book-toolbar">
      <div className="field book-search">
        <label htmlFor={`${id}-q`}>{t('book.search')}</label>
        <input id={`${id}-q`} type="search" value={text} placeholder={t('book.searchPlaceholder')} autoComplete="off" onChange={(e) => onText(e.target.value)} />
      </div>
      <fieldset className="filters book-filters">
        <legend>{t('book.filters')}</legend>
        {kind === 'person' && (
          <>
            <span className="inline">
              <input id={`${id}-verified`} type="checkbox" checked={!!filters.verifiedEmail} onChange={(e) => set({ verifiedEmail: e.target.checked || undefined })} />
              <label htmlFor={`${id}-verified`}>{t('book.filter.verifiedEmail')}</label>
            </span>
            <span className="inline">
              <input id={`${id}-mobile`} type="checkbox" checked={!!filters.mobile} onChange={(e) => set({ mobile: e.target.checked || undefined })} />
              <label htmlFor={`${id}-mobile`}>{t('book.filter.mobile')}</label>
            </span>
            <span className="inline">
              <input id={`${id}-moved`} type="checkbox" checked={!!filters.changedJobs} onChange={(e) => set({ changedJobs: e.target.checked || undefined })} />
              <label htmlFor={`${id}-moved`}>{t('book.filter.changedJobs')}</label>
            </span>
          </>
        )}
        <span className="field">
          <label htmlFor={`${id}-crm`}>{t('book.filter.crm')}</label>
          <select id={`${id}-crm`} value={filters.crm ?? ''} onChange={(e) => set({ crm: (e.target.value || null) as BookFilters['crm'] })}>
            <option value="">{t('book.filter.crmAny')}</option>
            <option value="in">{t('book.filter.crmIn')}</option>
            <option value="out">{t('book.filter.crmOut')}</option>
          </select>
        </span>
        <span className="field">
          <label htmlFor={`${id}-tag`}>{t('book.filter.tag')}</label>
          <select id={`${id}-tag`} value={filters.tag ?? ''} onChange={(e) => set({ tag: e.target.value || null })}>
            <option value="">{t('book.filter.tagAny')}</option>
            {tags.map((tag) => (
              <option key={tag} value={tag}>
                {tag}
              </option>
            ))}
          </select>
        </span>
        <span className="field">
          <label htmlFor={`${id}-fresh`}>{t('book.filter.freshness')}</label>
          <select
            id={`${id}-fresh`}
            value={filters.freshness?.least ?? ''}
            // Dated when chosen: the list stays the same while it is read, page after page.
            onChange={(e) => set({ freshness: e.target.value ? { least: e.target.value as 'ageing' | 'stale', now: Date.now(), ages } : null })}
          >
            <option value="">{t('book.filter.freshnessAny')}</option>
            <option value="ageing">{t('book.filter.ageingOrStale')}</option>
            <option value="stale">{t('book.filter.stale')}</option>
          </select>
        </span>
        {/* Typed as the interface's language writes dates (components/platform/DayField.tsx), not the browser's. */}
        <DayField label={t('book.filter.since')} value={dayValue(filters.updatedSince)} onChange={(day) => set({ updatedSince: dayStart(day) })} />
        <button type="button" className="secondary" disabled={!filtered} onClick={() => onFilters({})}>
          {t('book.filter.clear')}
        </button>
      </fieldset>
    </div>
  );
}
