import { browser } from 'wxt/browser';
import type { HistoryEntry } from '@/lib/history/entry';
import { t } from '@/lib/i18n';
import { formatAge, formatDateTime } from '@/lib/i18n/relative-time';
import { credits, operationLabel } from './price';
import { useNow } from './useNow';

export function historyUrl(id?: string): string {
  return browser.runtime.getURL(id ? `/lookup-history.html#${encodeURIComponent(id)}` : '/lookup-history.html');
}

/** The popup's short list: each line opens that lookup's details in the history page. */
export function RecentLookups({ entries }: { entries: readonly HistoryEntry[] }) {
  const now = useNow();
  return (
    <section aria-labelledby="recent-title">
      <h2 id="recent-title">{t('recent.title')}</h2>
      {entries.length === 0 ? (
        <p className="muted">{t('recent.empty')}</p>
      ) : (
        <ul className="recent" aria-labelledby="recent-title">
          {entries.map((entry) => (
            <li key={entry.id}>
              <a href={historyUrl(entry.id)} target="_blank" rel="noopener">
                <span className="subject">{entry.subject}</span>
                <span className="muted">
                  {t('recent.entry', { operation: operationLabel(entry.op), outcome: t(`outcome.${entry.outcome}`), credits: credits(entry.cost) })}
                  {' · '}
                  <time dateTime={new Date(entry.at).toISOString()} title={formatDateTime(entry.at)}>
                    {formatAge(entry.at, Math.max(now, entry.at))}
                  </time>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <p>
        <a href={historyUrl()} target="_blank" rel="noopener">
          {t('recent.openAll')}
        </a>
      </p>
    </section>
  );
}
