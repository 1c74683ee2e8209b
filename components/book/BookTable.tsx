import { memo, useEffect, useEffectEvent, useMemo, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Contact } from '@/lib/book/model';
import { BOOK_OVERSCAN } from '@/lib/book/page/first-read';
import type { ContactKind } from '@/lib/book/page/search';
import { bookRow, sameBookRow, type BookRow } from '@/lib/book/page/row';
import { t } from '@/lib/platform/i18n';
import { formatDateTime } from '@/lib/platform/i18n/relative-time';
import { crmText, emailText, phoneKindText } from '@/components/book/text';

const ROW_HEIGHT = 40;

/** Each tab's own columns after the checkbox and the name; phone, CRM and update time close both. */
const PEOPLE_COLUMNS = ['book.col.name', 'book.col.title', 'book.col.company', 'book.col.email', 'book.col.phone', 'book.col.crm', 'book.col.updated'] as const;
/** The columns that are never cut, marked for the layout check (test/e2e/book-layout.e2e.ts). */
const COLUMN_CLASS: Partial<Record<(typeof PEOPLE_COLUMNS)[number] | (typeof COMPANY_COLUMNS)[number], string>> = {
  'book.col.email': 'c-email',
  'book.col.phone': 'c-phone',
  'book.col.updated': 'c-updated',
};
const COMPANY_COLUMNS = ['book.col.name', 'book.col.domain', 'book.col.industry', 'book.col.size', 'book.col.phone', 'book.col.crm', 'book.col.updated'] as const;
/** Ask for the next page this many rows before the end, so scrolling rarely meets the end. */
const AHEAD = 20;

interface Props {
  /** The tab shown: its columns. */
  kind: ContactKind;
  contacts: readonly Contact[];
  /** More rows may come: the table's row count says so, and scrolling near the end asks. */
  done: boolean;
  selected: ReadonlySet<string>;
  openId: string | null;
  onToggle(id: string, on: boolean): void;
  onToggleShown(on: boolean): void;
  onOpen(id: string): void;
  onNeedMore(): void;
}

const rowsOf = new WeakMap<Contact, BookRow>();
function rowOf(contact: Contact): BookRow {
  let row = rowsOf.get(contact);
  if (!row) rowsOf.set(contact, (row = bookRow(contact)));
  return row;
}

/**
 * The book as an ARIA table of which only the rows in view exist in the DOM: aria-rowcount and
 * aria-rowindex keep "row 4,812 of …" true for a screen reader. Up and Down move the focus to the
 * same control of the next or previous row, scrolling it into view.
 */
export const BookTable = memo(function BookTable({ kind, contacts, done, selected, openId, onToggle, onToggleShown, onOpen, onNeedMore }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- one mutable virtualizer whose methods answer anew each render: React Compiler must leave this component unmemoised, as it does
  const virtualizer = useVirtualizer({
    count: contacts.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: BOOK_OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1]?.index ?? -1;

  // Reaching the end asks for more, and so do new rows near the end (a query's first screenful,
  // a page that answered few); a new `onNeedMore` (one per page read) is not a reason to ask.
  const needMore = useEffectEvent(() => onNeedMore());
  useEffect(() => {
    if (!done && last >= contacts.length - AHEAD) needMore();
  }, [last, contacts, done]);

  const allShown = useMemo(() => contacts.length > 0 && contacts.every((c) => selected.has(c.id)), [contacts, selected]);

  function moveFocus(event: React.KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const target = event.target as HTMLElement;
    const row = target.closest<HTMLElement>('[data-index]');
    const column = target.dataset.col;
    if (!row || !column) return;
    const index = Number(row.dataset.index) + (event.key === 'ArrowDown' ? 1 : -1);
    if (index < 0 || index >= contacts.length) return;
    event.preventDefault();
    virtualizer.scrollToIndex(index, { align: 'auto' });
    // The row may only exist after the scroll has rendered it.
    const focus = (tries: number) => {
      const next = scroller.current?.querySelector<HTMLElement>(`[data-index="${index}"] [data-col="${column}"]`);
      if (next) next.focus();
      else if (tries > 0) requestAnimationFrame(() => focus(tries - 1));
    };
    focus(5);
  }

  const people = kind === 'person';
  return (
    <div
      role="table"
      aria-label={t('book.table')}
      aria-rowcount={done ? contacts.length + 1 : -1}
      className="vtable book-table"
    >
      <div role="rowgroup">
        <div role="row" aria-rowindex={1} className={`vrow book-row ${people ? 'people' : 'companies'} vhead`}>
          <span role="columnheader" className="c-select">
            <input type="checkbox" aria-label={t('book.selectShown')} checked={allShown} disabled={!contacts.length} onChange={(e) => onToggleShown(e.target.checked)} />
          </span>
          {(people ? PEOPLE_COLUMNS : COMPANY_COLUMNS).map((key) => (
            <span key={key} role="columnheader" className={COLUMN_CLASS[key]} title={t(key)}>
              {t(key)}
            </span>
          ))}
        </div>
      </div>
      <div role="rowgroup" ref={scroller} className="vbody">
        {/* Up and Down bubble up from the rows' controls to this wrapper of the rows. */}
        <div role="presentation" style={{ height: virtualizer.getTotalSize(), position: 'relative' }} onKeyDown={moveFocus}>
          {items.map((item) => (
            <BookTableRow
              key={contacts[item.index]!.id}
              row={rowOf(contacts[item.index]!)}
              index={item.index}
              start={item.start}
              people={people}
              checked={selected.has(contacts[item.index]!.id)}
              current={contacts[item.index]!.id === openId}
              onToggle={onToggle}
              onOpen={onOpen}
            />
          ))}
        </div>
      </div>
    </div>
  );
});

interface RowProps {
  row: BookRow;
  /** Its place in the list (aria-rowindex, the keyboard's moves) and its offset in the scroller. */
  index: number;
  start: number;
  people: boolean;
  checked: boolean;
  current: boolean;
  onToggle(id: string, on: boolean): void;
  onOpen(id: string): void;
}

/**
 * A keystroke's search reads its screenful afresh, new objects for the contacts it had already
 * shown (typing on in a word keeps its first rows): a row drawn again only when what it shows
 * changed, or its place. Keyed by contact id, so the focus stays with its contact.
 */
const sameRowProps = (a: RowProps, b: RowProps) =>
  sameBookRow(a.row, b.row) && a.index === b.index && a.start === b.start && a.people === b.people && a.checked === b.checked && a.current === b.current && a.onToggle === b.onToggle && a.onOpen === b.onOpen;

const BookTableRow = memo(function BookTableRow({ row, index, start, people, checked, current, onToggle, onOpen }: RowProps) {
  const updated = formatDateTime(row.updatedAt);
  return (
    <div
      role="row"
      data-index={index}
      aria-rowindex={index + 2}
      aria-current={current ? 'true' : undefined}
      className={`vrow book-row ${people ? 'people' : 'companies'}`}
      style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${start}px)` }}
    >
      <span role="cell" className="c-select">
        <input type="checkbox" data-col="select" aria-label={t('book.select', { name: row.name })} checked={checked} onChange={(e) => onToggle(row.id, e.target.checked)} />
      </span>
      <span role="cell" title={row.name}>
        <button type="button" className="link-button" data-col="name" aria-label={t('book.detailsOf', { name: row.name })} onClick={() => onOpen(row.id)}>
          {row.name}
        </button>
      </span>
      {people ? <PersonCells row={row} /> : <CompanyCells row={row} />}
      {/* Formatted for reading (the stored E.164 is what copy and exports give). */}
      <span role="cell" className="c-phone" title={row.phone?.international}>
        {row.phone && (
          <>
            <span className="c-value">{row.phone.international}</span> <Badge tone={row.phone.kind === 'mobile' ? 'ok' : null} text={phoneKindText(row.phone.kind)} />
          </>
        )}
      </span>
      <span role="cell" title={crmText(row.crm)}>
        {crmText(row.crm)}
      </span>
      <span role="cell" className="c-updated" title={updated}>
        {updated}
      </span>
    </div>
  );
}, sameRowProps);

/** An email's grade or a phone's line: what gives way (its whole word in its title) before the value it qualifies. */
function Badge({ tone, text }: { tone: 'ok' | 'warn' | null; text: string }) {
  return (
    <span className={tone ? `badge ${tone}` : 'badge'} title={text}>
      {text}
    </span>
  );
}

/** A cell of plain text, whole in its tooltip when the column cuts it. */
function TextCell({ text }: { text: string | null | undefined }) {
  return (
    <span role="cell" title={text ?? undefined}>
      {text}
    </span>
  );
}

/** A person's own columns: title, company, work email with its grade. */
function PersonCells({ row }: { row: BookRow }) {
  return (
    <>
      <TextCell text={row.title} />
      <TextCell text={row.company} />
      <span role="cell" className="c-email" title={row.email?.address}>
        {row.email && (
          <>
            <span className="c-value">{row.email.address}</span>{' '}
            <Badge tone={row.email.grade === 'verified' ? 'ok' : 'warn'} text={emailText.grade(row.email.grade)} />
          </>
        )}
      </span>
    </>
  );
}

/** A company's own columns: its web address, industry and size. */
function CompanyCells({ row }: { row: BookRow }) {
  return (
    <>
      <TextCell text={row.domain} />
      <TextCell text={row.industry} />
      <TextCell text={row.size} />
    </>
  );
}
