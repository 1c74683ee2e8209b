import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import { BOOK_FIRST_ROWS } from '@/lib/book/page/first-read';
import type { Contact } from '@/lib/book/model';
import { BookAnswers } from '@/lib/book/page/answers';
import { countByKind, listTags, openBook, type BookPager, type BookQuery, type ContactKind } from '@/lib/book/page/search';
import { onBookChanged } from '@/lib/book/page/changes';

/**
 * A keystroke's first answer is a screenful (BOOK_FIRST_ROWS) and no more, so that a common word
 * costs the same reads as a rare one. The list asks for the next page as soon as it shows them,
 * and again as the user scrolls; a keystroke aborts those reads.
 */
const SCREEN = BOOK_FIRST_ROWS;
const PAGE = 100;
/**
 * The next page after a query's screenful is read once the typing has paused this long (or at
 * once when the list is scrolled): read at once, its reads, parses and rows took the CPU from the
 * next key, which then waited for them (measured at 100,000: up to 80 ms before the key's own
 * reads could start).
 */
export const NEXT_PAGE_QUIET_MS = 300;
/** Writes come in bursts (a lookup writes the person, then the company): one re-read for the burst. */
const CHANGE_DEBOUNCE_MS = 250;
const NO_TAGS: string[] = [];

export interface BookRows {
  rows: Contact[];
  /** Nothing more matches. */
  done: boolean;
  /** How many people and companies the book holds, counted once the first rows are on screen. */
  counts: Record<ContactKind, number> | null;
  tags: string[];
  /** The tags have been read (the list is the book's, not the empty one it starts with). */
  tagsIn: boolean;
  error: string | null;
  /** The query the rows are for (they lag a keystroke behind while its page is read). */
  query: BookQuery | null;
  loadMore(): void;
}

/** Read until `want` rows are in or nothing more matches (a page may answer fewer). */
async function fill(pager: BookPager, want: number, into: Contact[] = []): Promise<{ rows: Contact[]; done: boolean }> {
  const rows = [...into];
  for (;;) {
    const page = await pager.next(want - rows.length);
    rows.push(...page.contacts);
    if (page.done || rows.length >= want) return { rows, done: page.done };
  }
}

/** The pager past the first `count` contacts it would give (those already on screen from memory). */
function pastFirst(pager: BookPager, count: number): BookPager {
  let skip = count;
  return {
    async next(limit) {
      while (skip > 0) {
        const page = await pager.next(skip);
        skip -= page.contacts.length;
        if (page.done) return { contacts: [], done: true, scanned: page.scanned };
      }
      return pager.next(limit);
    },
  };
}

/**
 * The book's rows for a query, read page by page from the vault (lib/book/page/search.ts): the
 * first page when the query changes, more when the list asks, and the rows already shown read
 * again when the worker writes the book (a lookup, a tag, a forget). A page for an older query
 * is dropped. Marks `dossier:book-rows` when rows for a query are on screen, for the bench.
 */
export function useBookRows(query: BookQuery): BookRows {
  const [state, setState] = useState<Omit<BookRows, 'loadMore' | 'tags' | 'tagsIn' | 'counts'>>({ rows: [], done: false, error: null, query: null });
  const [tags, setTags] = useState<string[] | null>(null);
  const [counts, setCounts] = useState<Record<ContactKind, number> | null>(null);
  const pager = useRef<BookPager | null>(null);
  // The read in flight for the query on screen: a new query (a keystroke) aborts it between two
  // reads, so the database answers the new query's reads instead of finishing stale ones.
  const reading = useRef<AbortController | null>(null);
  const generation = useRef(0);
  // The first screenfuls answered since the book last changed (lib/book/page/answers.ts), and how
  // many changes the page has heard of: a read started before a change is not remembered.
  const [answers] = useState(() => new BookAnswers());
  // A query answered before (a character deleted, the box emptied) shows its rows with the
  // keystroke's own render, no read and no second render.
  const [asked, setAsked] = useState(query);
  if (asked !== query) {
    setAsked(query);
    const known = answers.get(query);
    if (known) setState({ rows: [...known.rows], done: known.done, error: null, query });
  }
  const changes = useRef(0);
  const loading = useRef(false);
  const shown = useRef(0);
  // The next page waiting for the typing to pause (NEXT_PAGE_QUIET_MS); a new query drops it.
  const waiting = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stopWaiting = () => {
    if (waiting.current !== null) clearTimeout(waiting.current);
    waiting.current = null;
  };
  // The hook's latest reader, rows and query (kept below, once rendered), for what runs later.
  const latest = useRef<{ load: (fresh: boolean, want: number) => void; state: typeof state; query: BookQuery } | null>(null);
  const nextWhenQuiet = () => {
    waiting.current = setTimeout(() => {
      waiting.current = null;
      if (!loading.current) latest.current?.load(false, PAGE);
    }, NEXT_PAGE_QUIET_MS);
  };

  const load = useCallback((fresh: boolean, want: number, remembered = false) => {
    const mine = fresh ? ++generation.current : generation.current;
    stopWaiting();
    if (fresh) {
      // Where a keystroke's time goes, for the bench: this mark, the reads answered, the rows drawn.
      performance.mark('dossier:book-search', { detail: { text: query.text } });
      reading.current?.abort();
      reading.current = new AbortController();
      pager.current = openBook(query, { signal: reading.current.signal, memory: answers.probes });
      // Its rows came from memory with the keystroke's render: the list's next page reads on past them.
      if (remembered) {
        pager.current = pastFirst(pager.current, state.rows.length);
        loading.current = false;
        shown.current = state.rows.length;
        performance.mark('dossier:book-read', { detail: { text: query.text } });
        // The list asked for its next page as these rows came (its effects run before this
        // one's, which dropped that wait): asked again here.
        if (!state.done) nextWhenQuiet();
        return;
      }
    }
    const current = pager.current!;
    loading.current = true;
    const start = fresh ? [] : state.rows;
    const since = changes.current;
    const filling = fill(current, start.length + want, start);
    filling.then(
      ({ rows, done }) => {
        if (mine !== generation.current) return;
        if (fresh) performance.mark('dossier:book-read', { detail: { text: query.text } });
        if (fresh && since === changes.current) answers.set(query, { rows, done });
        loading.current = false;
        shown.current = rows.length;
        setState({ rows, done, error: null, query });
      },
      (err: unknown) => {
        if (mine !== generation.current) return;
        loading.current = false;
        setState((s) => ({ ...s, done: true, error: err instanceof Error ? err.message : String(err), query }));
      },
    );
  }, [query, state.rows, state.done, answers]);

  // The query object changes on every keystroke and filter: a new query reads its first page.
  // (`load` also changes with each page read, which must not start the list again.)
  const loadFirst = useEffectEvent(() => load(true, SCREEN, state.query === query));
  useEffect(() => {
    loadFirst();
  }, [query]);
  // Closed: the reads stop, and none that still answers (an aborted one rejects) touches the page.
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
      generation.current += 1;
      reading.current?.abort();
      stopWaiting();
    };
  }, []);

  // The tags for the filter and the tabs' counts, once the first rows are in: IndexedDB answers a
  // page's requests in turn, and nothing may stand before the first rows. The counts are two
  // stored numbers (lib/book/counts.ts), one read whatever the size of the book.
  const refreshMeta = useCallback(() => {
    const whileOpen = <T,>(set: (value: T) => void) => (value: T) => open.current && set(value);
    void listTags().then(whileOpen(setTags), () => open.current && setTags((known) => known ?? []));
    void countByKind().then(whileOpen(setCounts), () => {});
  }, []);
  const firstIn = state.query !== null;
  useEffect(() => {
    if (firstIn) refreshMeta();
  }, [firstIn, refreshMeta]);

  // A write re-reads the rows shown for the query of the moment, with the rows of the moment.
  const reread = useEffectEvent(() => {
    load(true, Math.max(SCREEN, shown.current));
    refreshMeta();
  });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onBookChanged(() => {
      changes.current += 1;
      answers.clear();
      clearTimeout(timer);
      timer = setTimeout(reread, CHANGE_DEBOUNCE_MS);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [answers]);

  useEffect(() => {
    if (state.query) performance.mark('dossier:book-rows', { detail: { text: state.query.text, kind: state.query.kind, rows: state.rows.length } });
  }, [state]);

  // The list asks as soon as a query's screenful is shown (its last row is near the end): that
  // page waits for the typing to pause; the list asking again (a scroll) reads at once. One
  // function for the page's life, reading the latest rows and query: a keystroke that has no rows
  // yet leaves the list as it was, undrawn (its rows come with the search's answer). Kept before
  // any effect runs (the list asks from its own effect, which runs before this hook's).
  useLayoutEffect(() => {
    latest.current = { load, state, query };
  });
  const loadMore = useCallback(() => {
    const { load, state, query } = latest.current!;
    if (loading.current || state.done || state.query !== query) return;
    if (waiting.current === null && state.rows.length <= SCREEN) {
      nextWhenQuiet();
      return;
    }
    load(false, PAGE);
  }, []);

  return { ...state, counts, tags: tags ?? NO_TAGS, tagsIn: tags !== null, loadMore };
}
