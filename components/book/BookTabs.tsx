import { useRef } from 'react';
import type { ContactKind } from '@/lib/book/page/search';
import { formatNumber, t } from '@/lib/platform/i18n';

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
    const at = BOOK_KINDS.indexOf(kind);
    const next =
      event.key === 'ArrowRight' ? BOOK_KINDS[(at + 1) % BOOK_KINDS.length]
      : event.key === 'ArrowLeft' ? BOOK_KINDS[(at - 1 + BOOK_KINDS.length) % BOOK_KINDS.length]
      : event.key === 'Home' ? BOOK_KINDS[0]
      : event.key === 'End' ? BOOK_KINDS[BOOK_KINDS.length - 1]
      : undefined;
    if (!next) return;
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
