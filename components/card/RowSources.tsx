import { useId } from 'react';
import { t } from '@/lib/platform/i18n';
import { historyUrl } from '@/lib/history/page/url';
import type { SourceItem } from '@/lib/card/page/sources';

/**
 * Where each value of a row came from, in its menu: the value, its grade or WhatsApp check, the
 * lookup with its day and charge, and a link to that lookup in the history. The link opens a tab
 * of its own: in the in-page panel, the frame must not become the history page.
 */
export function RowSources({ items }: { items: readonly SourceItem[] }) {
  const titleId = useId();
  if (!items.length) return null;
  return (
    <div className="row-sources">
      <p id={titleId} className="row-sources-title">
        {t('source.title')}
      </p>
      <ul aria-labelledby={titleId}>
        {items.map((item) => (
          <li key={item.label}>
            <span className="row-source-value">{item.label}</span>
            {item.lines.map((line) => (
              <span key={line} className="muted">
                {line}
              </span>
            ))}
            {item.entry && (
              <a href={historyUrl(item.entry.id)} target="_blank" rel="noopener noreferrer" aria-label={item.entry.name}>
                {t('source.openEntry')}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
