import type { HistoryEntry } from '@/lib/history/entry';
import { recentPeople } from '@/lib/history/who';
import { t } from '@/lib/platform/i18n';
import { formatAge, formatDateTime } from '@/lib/platform/i18n/relative-time';
import { recentDetail } from '@/components/history/recent-line';
import { useBookNames } from '@/components/book/useBookNames';
import { useNow } from '@/components/platform/useNow';
import { historyUrl } from '@/lib/history/page/url';

/**
 * The popup's short list of PEOPLE, newest first: each line names one person (from their own
 * answers, else the contact book, else what was asked) and says what was done about them; it
 * opens the newest of those lookups in the history page.
 */
export function RecentLookups({ entries }: { entries: readonly HistoryEntry[] }) {
  const now = useNow();
  const people = recentPeople(entries);
  const bookNames = useBookNames(people.filter((p) => !p.name));
  return (
    <section aria-labelledby="recent-title">
      <h2 id="recent-title">{t('recent.title')}</h2>
      {people.length === 0 ? (
        <p className="muted">{t('recent.empty')}</p>
      ) : (
        <ul className="recent" aria-labelledby="recent-title">
          {people.map((person) => {
            const latest = person.entries[0]!;
            return (
              <li key={person.key}>
                <a href={historyUrl(latest.id)} target="_blank" rel="noopener">
                  <span className="subject">{person.name ?? bookNames.get(person.key) ?? latest.subject}</span>
                  <span className="muted">
                    {recentDetail(person)}
                    {' · '}
                    <time dateTime={new Date(latest.at).toISOString()} title={formatDateTime(latest.at)}>
                      {formatAge(latest.at, Math.max(now, latest.at))}
                    </time>
                  </span>
                </a>
              </li>
            );
          })}
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
