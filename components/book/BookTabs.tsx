import { useRef } from 'react';
import type { ContactKind } from '@/lib/book/page/search';
import { formatNumber, t } from '@/lib/platform/i18n';
import { tabAfterKey } from '@/lib/platform/ui/tab-keys';

export const BOOK_KINDS: readonly ContactKind[] = ['person', 'company'];

export const tabId = (kind: ContactKind) => `book-tab-${kind}`;
export const panelId = (kind: ContactKind) => `book-panel-${kind}`;

interface Props {
  kind: ContactKind;
  counts: Record<ContactKind, number> | null;
  onKind(kind: ContactKind): void;
}

/**
 * People and companies, each a tab of the book with its own columns. Left and Right (Home, End)
 * move between the tabs and show the one reached, as the ARIA tabs pattern has it; only the
 * tab shown is in the Tab order.
 */
export function BookTabs({ kind, counts, onKind }: Props) {
  const tabs = useRef<HTMLDivElement>(null);
  function move(event: React.KeyboardEvent<HTMLButtonElement>) {
    const reached = tabAfterKey(event.key, BOOK_KINDS.indexOf(kind), BOOK_KINDS.length);
    if (reached === undefined) return;
    const next = BOOK_KINDS[reached]!;
    event.preventDefault();
    onKind(next);
    tabs.current?.querySelector<HTMLElement>(`#${tabId(next)}`)?.focus();
  }
  return (
    <div role="tablist" aria-label={t('book.kinds')} className="book-tabs" ref={tabs}>
      {BOOK_KINDS.map((k) => (
        <button
          key={k}
          type="button"
          role="tab"
          id={tabId(k)}
          aria-selected={k === kind}
          aria-controls={panelId(k)}
          tabIndex={k === kind ? 0 : -1}
          className="book-tab"
          onClick={() => onKind(k)}
          onKeyDown={move}
        >
          {t(k === 'person' ? 'book.tab.people' : 'book.tab.companies')}
          {counts && ' '}
          {counts && <span className="book-tab-count">{formatNumber(counts[k])}</span>}
        </button>
      ))}
    </div>
  );
}
