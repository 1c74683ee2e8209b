import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Contact } from '@/lib/book/model';
import { matchingIds, readContact, type BookFilters, type BookQuery, type ContactKind } from '@/lib/book/page/search';
import { t, tn } from '@/lib/platform/i18n';
import type { Notice } from '@/components/book/BookActions';
import { BookDetails } from '@/components/book/BookDetails';
import { BookTable } from '@/components/book/BookTable';
import { BookTabs, panelId, tabId } from '@/components/book/BookTabs';
import { BookToolbar } from '@/components/book/BookToolbar';
import { useBookRows } from '@/components/book/useBookRows';
import { MissingKeyNotice } from '@/components/welcome/NoKeyNotice';
import { useTakenOver, useTakeOver } from '@/components/platform/first-paint';

// What is done with a selection (export, CRM, tags, forget) loads after the first rows: its
// code (the CSV writer, the CRM plan) is not on the way to them.
const BookActions = lazy(() => import('@/components/book/BookActions').then((m) => ({ default: m.BookActions })));

function idFromHash(): string | null {
  return decodeURIComponent(location.hash.slice(1)) || null;
}

/**
 * The contact book: every person and company ever looked up, one row each with the merged data.
 * The page reads the book itself (index reads, a page at a time); every change goes through
 * the worker, whose writes come back here as record-change events.
 */
const NONE: ReadonlySet<string> = new Set();

export function ContactBook() {
  const [kind, setKind] = useState<ContactKind>('person');
  const [text, setText] = useState('');
  const [filters, setFilters] = useState<BookFilters>({});
  const query = useMemo<BookQuery>(() => ({ text, filters, kind }), [text, filters, kind]);
  const book = useBookRows(query);
  // Drawn as the first paint drew the book (entrypoints/contacts/first-paint.ts): its place is taken.
  useTakeOver(book.query !== null && book.counts !== null && book.tagsIn);
  const tookOver = useTakenOver();
  // One selection per tab: what is done with a selection is done to the kind shown.
  const [selections, setSelections] = useState<Record<ContactKind, ReadonlySet<string>>>({ person: NONE, company: NONE });
  const selected = selections[kind];
  const setSelected = useCallback(
    (change: ReadonlySet<string> | ((current: ReadonlySet<string>) => ReadonlySet<string>)) =>
      setSelections((all) => ({ ...all, [kind]: typeof change === 'function' ? change(all[kind]) : change })),
    [kind],
  );
  const [selecting, setSelecting] = useState<number | null>(null);
  const [openId, setOpenId] = useState<string | null>(idFromHash);
  const [known, setKnown] = useState<{ id: string; contact: Contact | null } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  // The open contact, from the rows when it is among them, else read by its id. Until that read
  // answers (another filter left it out, it was forgotten), the copy last known stays on screen.
  const fromRows = openId ? (book.rows.find((c) => c.id === openId) ?? null) : null;
  if (fromRows && known?.contact !== fromRows) setKnown({ id: fromRows.id, contact: fromRows });
  useEffect(() => {
    if (!openId || fromRows) return;
    let live = true;
    void readContact(openId).then(
      (contact) => live && setKnown({ id: openId, contact }),
      () => live && setKnown({ id: openId, contact: null }),
    );
    return () => {
      live = false;
    };
  }, [openId, fromRows]);
  const openContact = fromRows ?? (known?.id === openId ? known.contact : null);

  // Focus comes back to what opened the details (the row's name) when they close.
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback((id: string | null) => {
    if (id) opener.current = document.activeElement as HTMLElement | null;
    else if (opener.current?.isConnected) requestAnimationFrame(() => opener.current?.focus());
    setOpenId(id);
    history.replaceState(null, '', id ? `#${encodeURIComponent(id)}` : location.pathname);
  }, []);

  // The list's handlers keep their identity while the user types: a keystroke draws the search
  // box, not the rows on screen (they change when the search answers).
  const toggle = useCallback(
    (id: string, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [setSelected],
  );
  const rows = book.rows;
  const toggleShown = useCallback(
    (on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        for (const c of rows) {
          if (on) next.add(c.id);
          else next.delete(c.id);
        }
        return next;
      }),
    [setSelected, rows],
  );

  async function selectMatching() {
    setSelecting(0);
    try {
      setSelected(new Set(await matchingIds(query, setSelecting)));
    } finally {
      setSelecting(null);
    }
  }

  function showKind(next: ContactKind) {
    if (next === kind) return;
    setKind(next);
    // Email and mobile filters are about people: a company never matches them.
    if (next === 'company' && (filters.verifiedEmail || filters.mobile)) setFilters({ ...filters, verifiedEmail: undefined, mobile: undefined });
  }

  const ids = useMemo(() => [...selected], [selected]);
  const total = book.counts ? book.counts.person + book.counts.company : null;
  const status =
    book.rows.length === 0 && book.done
      ? total === 0
        ? t('book.empty')
        : book.counts?.[kind] === 0
          ? t(kind === 'person' ? 'book.noPeople' : 'book.noCompanies')
          : t('book.noMatch')
      : book.done
        ? tn('book.found', book.rows.length)
        : t('book.shownMore', { shown: book.rows.length });

  return (
    <>
      <header className="bar">
        <h1>{t('app.bookTitle')}</h1>
        {total !== null && <span className="muted">{tn('book.size', total)}</span>}
      </header>
      <MissingKeyNotice />
      <BookTabs kind={kind} counts={book.counts} onKind={showKind} />
      <div role="tabpanel" id={panelId(kind)} aria-labelledby={tabId(kind)} className="book-panel">
        <BookToolbar kind={kind} text={text} filters={filters} tags={book.tags} onText={setText} onFilters={setFilters} />
        {book.error && <p role="alert">{t('book.loadFailed', { reason: book.error })}</p>}
        <p className="muted" aria-live="polite">
          {book.query ? status : t('app.loading')}
        </p>
        <p className="actions">
          <span>{tn('book.selected', selected.size)}</span>
          <button type="button" className="secondary" disabled={selecting !== null || book.rows.length === 0} onClick={() => void selectMatching()}>
            {selecting !== null ? t('book.selectingMatching', { count: selecting }) : t('book.selectMatching')}
          </button>
          <button type="button" className="secondary" disabled={!selected.size} onClick={() => setSelected(new Set())}>
            {t('book.clearSelection')}
          </button>
        </p>
        {notice && <p role={notice.tone}>{notice.text}</p>}
        <div className={openId ? 'book-layout with-details' : 'book-layout'}>
          <BookTable
            kind={book.query?.kind ?? kind}
            contacts={book.rows}
            done={book.done}
            selected={selected}
            openId={openId}
            onToggle={toggle}
            onToggleShown={toggleShown}
            onOpen={open}
            onNeedMore={book.loadMore}
          />
          {openId && <BookDetails contact={openContact} onClose={() => open(null)} />}
        </div>
        {/* Not drawn by the first paint: after it is gone, so that the swap shows nothing new. */}
        {book.query && tookOver && (
          <Suspense fallback={null}>
            <BookActions ids={ids} onNotice={setNotice} onForgotten={() => setSelected(new Set())} />
          </Suspense>
        )}
      </div>
    </>
  );
}
