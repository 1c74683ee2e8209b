import { useEffect, useRef } from 'react';
import { observeElementRect, useVirtualizer, type Rect } from '@tanstack/react-virtual';
import { whoOfEntry } from '@/lib/history/who';
import { personLabel } from '@/lib/book/naming';
import { t } from '@/lib/platform/i18n';
import { formatDateTime } from '@/lib/platform/i18n/relative-time';
import { type HistoryEntry } from '@/lib/history/entry';
import { isBalanceDifference } from '@/lib/history/entry-kind';
import { chargeQuestionText, differenceSentence } from '@/components/balance/BalanceDifferenceNote';
import { operationLabel } from '@/components/lookup/price';
import { columnWidths, OVERSCAN, ROW_HEIGHT } from '@/components/history/table-layout';
import { useBookNames } from '@/components/book/useBookNames';

/** The outcome as the row says it: a lookup a later balance check questions says so ("Paid · Charged twice?"). */
function outcomeText(entry: HistoryEntry): string {
  const outcome = t(`outcome.${entry.outcome}`);
  return entry.chargeQuestion ? `${outcome} · ${t('chargeQuestion.short')}` : outcome;
}

/** The whole of it on hover: the error, the balance check's reason. */
function outcomeTitle(entry: HistoryEntry): string {
  const text = entry.error ? `${outcomeText(entry)}: ${entry.error.message}` : outcomeText(entry);
  return entry.chargeQuestion ? `${text} (${chargeQuestionText(entry.chargeQuestion)})` : text;
}

/** Rows from the end of what is read at which the next page is asked for. */
const NEAR_END = 30;

interface Props {
  entries: readonly HistoryEntry[];
  /** Rows in the whole list, read or not; null while unknown (a search still under way). */
  rowCount?: number | null;
  /** Called when the rows in view come near the last row read, to read the next page. */
  onNearEnd?: () => void;
  selected: ReadonlySet<string>;
  openId: string | null;
  onToggle(id: string, on: boolean): void;
  onToggleAll(on: boolean): void;
  onOpen(id: string): void;
  /** The body's size before it is in the page: the first paint's (the table is drawn aside, to take its place). */
  initialRect?: Rect;
}

/**
 * Only the rows in view exist in the DOM, so 10,000 entries scroll like 20, and only the rows
 * read so far are listed: scrolling near the end asks for the next page. The ARIA table keeps
 * its meaning: aria-rowcount gives the real size (-1 while a search runs) and each row its
 * aria-rowindex, so a screen reader still says "row 4,812 of 10,001".
 */
export function HistoryTable({ entries, rowCount, onNearEnd, selected, openId, onToggle, onToggleAll, onOpen, initialRect }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- one mutable virtualizer whose methods answer anew each render: React Compiler must leave this component unmemoised, as it does
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    // Rendered aside while the first paint is on screen (entrypoints/lookup-history/app.tsx), the
    // table measures nothing: it draws for the first paint's size, so that it shows the same rows.
    initialRect,
    observeElementRect: (instance, report) => observeElementRect(instance, (rect) => report(initialRect && !instance.scrollElement?.isConnected ? initialRect : rect)),
  });

  const items = virtualizer.getVirtualItems();
  const lastInView = items.length ? items[items.length - 1]!.index : -1;
  useEffect(() => {
    if (onNearEnd && lastInView >= entries.length - NEAR_END) onNearEnd();
  }, [lastInView, entries.length, onNearEnd]);

  useEffect(() => {
    if (!openId) return;
    const index = entries.findIndex((e) => e.id === openId);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [openId, entries, virtualizer]);

  const allSelected = entries.length > 0 && entries.every((e) => selected.has(e.id));
  // Names only for the rows in view: from each entry's own answer, else the contact book, else its subject.
  const visible = virtualizer.getVirtualItems().map((item) => entries[item.index]!);
  const named = new Map(visible.map((entry) => [entry.id, whoOfEntry(entry)] as const));
  const bookNames = useBookNames(
    visible.flatMap((entry) => (named.get(entry.id) || !entry.identity ? [] : [{ key: entry.id, keys: [entry.identity] }])),
  );
  const nameOf = (entry: HistoryEntry) => {
    if (isBalanceDifference(entry) && entry.difference) return differenceSentence(entry.difference);
    const who = named.get(entry.id);
    return who ? personLabel(who.name, who.company) : (bookNames.get(entry.id) ?? entry.subject);
  };
  return (
    <div role="table" aria-label={t('history.table')} aria-rowcount={rowCount === null ? -1 : (rowCount ?? entries.length) + 1} className="vtable" style={columnWidths() as React.CSSProperties}>
      <div role="rowgroup">
        <div role="row" aria-rowindex={1} className="vrow vhead">
          <span role="columnheader" className="c-select">
            <input type="checkbox" aria-label={t('history.selectAll')} checked={allSelected} onChange={(e) => onToggleAll(e.target.checked)} />
          </span>
          <span role="columnheader" className="c-time">{t('history.colTime')}</span>
          <span role="columnheader" className="c-op">{t('history.colOperation')}</span>
          <span role="columnheader" className="c-subject">{t('history.colSubject')}</span>
          <span role="columnheader" className="c-outcome">{t('history.colOutcome')}</span>
          <span role="columnheader" className="c-credits">{t('history.colCredits')}</span>
          <span role="columnheader" className="c-details">{t('history.colDetails')}</span>
        </div>
      </div>
      <div role="rowgroup" ref={scroller} className="vbody">
        <div role="presentation" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const entry = entries[item.index]!;
            const name = nameOf(entry);
            return (
              <div
                key={entry.id}
                role="row"
                aria-rowindex={item.index + 2}
                aria-current={entry.id === openId ? 'true' : undefined}
                className="vrow"
                style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
              >
                <span role="cell" className="c-select">
                  <input
                    type="checkbox"
                    aria-label={t('history.select', { subject: name })}
                    checked={selected.has(entry.id)}
                    onChange={(e) => onToggle(entry.id, e.target.checked)}
                  />
                </span>
                <span role="cell" className="c-time">{formatDateTime(entry.at)}</span>
                <span role="cell" className="c-op" title={operationLabel(entry.op)}>
                  {operationLabel(entry.op)}
                </span>
                {/* What was asked (a profile URL, a number) follows the name as secondary text; the cell
                    is named by the name, and described by what was asked (its title). */}
                <span role="cell" className="c-subject" title={entry.subject}>
                  {/* Each part shortens on its own, the name last: the whole of each on hover. */}
                  <span className="c-subject-name" title={name}>
                    {name}
                  </span>
                  {name !== entry.subject && (
                    <span className="muted c-subject-asked" aria-hidden="true" title={entry.subject}>
                      {entry.subject}
                    </span>
                  )}
                </span>
                <span role="cell" className="c-outcome" title={outcomeTitle(entry)}>
                  {outcomeText(entry)}
                </span>
                <span role="cell" className="c-credits">{entry.cost}</span>
                <span role="cell" className="c-details">
                  <button type="button" className="link-button" aria-label={t('history.detailsOf', { subject: name })} onClick={() => onOpen(entry.id)}>
                    {t('history.details')}
                  </button>
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
