// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactBook } from '@/components/book/ContactBook';
import { NEXT_PAGE_QUIET_MS } from '@/components/book/useBookRows';
import { BOOK_FIRST_ROWS } from '@/lib/book/page/first-read';
import { t } from '@/lib/platform/i18n';
import { contactSchema } from '@/lib/book/model';
import { openBook } from '@/lib/book/page/search';
import { sendMessage } from '@/lib/contracts/messenger';
import { person, putContacts } from '@/test/unit/book/book-fixtures';
import { fakeLayout } from '@/test/unit/book/layout';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));
// The real search, watched: which queries the page opened, and with which signal.
vi.mock('@/lib/book/page/search', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/book/page/search')>();
  return { ...real, openBook: vi.fn(real.openBook) };
});
// The real words, counted: each row drawn asks for its name button's label.
vi.mock('@/lib/platform/i18n', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/platform/i18n')>();
  return { ...real, t: vi.fn(real.t) };
});

/** A screenful: the list shows 16 rows at most; its first answer may read a few more, never a page of 60. */
const SCREENFUL_READS = 24;

/** Everyone at Northwind, half of them named Maria: the book's most common words ("mari" and "maria" find the same people, in the same order). */
const STAFF = Array.from({ length: 400 }, (_, i) =>
  person({ id: `person:s-${String(i).padStart(4, '0')}`, name: `${i % 2 ? 'Maria' : 'John'} Lee${i}`, company: 'Northwind Analytics', updatedAt: 10_000 + i }),
);

beforeEach(async () => {
  fakeLayout();
  vi.mocked(sendMessage).mockImplementation((async () => ({ ok: true, value: { connected: [] } })) as never);
  await putContacts(STAFF);
}, 30_000);
afterEach(() => cleanup());

/** The records parsed before the rows of `text` were first on screen (the `dossier:book-rows` mark the bench times). */
function watchFirstAnswer(text: string) {
  const parsed = vi.spyOn(contactSchema, 'safeParse');
  const at: { parsed: number }[] = [];
  const mark = performance.mark.bind(performance);
  vi.spyOn(performance, 'mark').mockImplementation((name, options) => {
    if (name === 'dossier:book-rows' && (options?.detail as { text?: string } | undefined)?.text === text) {
      at.push({ parsed: parsed.mock.calls.length });
    }
    return mark(name, options);
  });
  return { first: () => at[0], reset: () => parsed.mockClear() };
}

const rowNames = () => screen.queryAllByRole('button', { name: /^Details of / }).map((b) => b.textContent);

describe('a search keystroke’s first answer', { timeout: 30_000 }, () => {
  // The most common word, and two common words (half the staff are Marias: the walk of one word
  // parses only the records the other word matches).
  it.each(['northwind', 'maria northwind'])('reads a screenful of records for "%s", however many contacts match', async (text) => {
    render(<ContactBook />);
    await waitFor(() => expect(rowNames().length).toBeGreaterThan(0));
    const watch = watchFirstAnswer(text);
    watch.reset();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search contacts' }), { target: { value: text } });
    await waitFor(() => expect(watch.first()).toBeDefined(), { timeout: 10_000 });
    expect(watch.first()!.parsed).toBeGreaterThanOrEqual(16);
    expect(watch.first()!.parsed).toBeLessThanOrEqual(SCREENFUL_READS);
  });

  it('answers a screenful first, then the rest as the list asks, the same rows in the same order', async () => {
    render(<ContactBook />);
    await waitFor(() => expect(rowNames().length).toBeGreaterThan(0));
    const shown = vi.spyOn(performance, 'mark');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search contacts' }), { target: { value: 'maria' } });
    const answers = () => shown.mock.calls.filter(([name, o]) => name === 'dossier:book-rows' && (o?.detail as { text?: string }).text === 'maria').map(([, o]) => (o?.detail as { rows: number }).rows);
    // The screenful on screen first, then the list asked for a page more.
    await waitFor(() => expect(answers().length).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    expect(answers()[0]).toBeLessThanOrEqual(20);
    expect(answers()[1]).toBeGreaterThan(answers()[0]!);
    expect(screen.getByText(/^Showing the first \d+; more load as you scroll\.$/)).toBeTruthy();
    // The rows on screen are the query's first rows, in the order a whole read of it gives.
    const pager = openBook({ text: 'maria', filters: {}, kind: 'person' });
    const whole: string[] = [];
    for (let page = await pager.next(100); ; page = await pager.next(100)) {
      whole.push(...page.contacts.map((c) => c.name!.value));
      if (page.done) break;
    }
    expect(whole).toHaveLength(200);
    expect(rowNames()).toEqual(whole.slice(0, rowNames().length));
  });

  /**
   * Timers of `ms` are kept instead of run (a cleared one is dropped), until `end` runs those
   * still pending; every other timer runs as usual. Restored after the test (restoreMocks).
   */
  function holdTimers(ms: number) {
    const held = new Map<number, () => void>();
    let next = 1_000_000;
    const realSet = globalThis.setTimeout;
    const realClear = globalThis.clearTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((run: () => void, delay?: number, ...rest: unknown[]) => {
      if (delay !== ms) return realSet(run, delay, ...rest);
      held.set(++next, run);
      return next;
    }) as unknown as typeof setTimeout);
    vi.spyOn(globalThis, 'clearTimeout').mockImplementation(((id?: number) => (held.delete(id as number) ? undefined : realClear(id))) as typeof clearTimeout);
    return {
      pending: () => held.size,
      end() {
        const runs = [...held.values()];
        held.clear();
        for (const run of runs) run();
      },
    };
  }

  /** The book open, "maria" typed and its screenful on screen: the search box, for the next key. */
  async function bookWithMariaShown(): Promise<HTMLElement> {
    render(<ContactBook />);
    await waitFor(() => expect(rowNames().length).toBeGreaterThan(0));
    const watch = watchFirstAnswer('maria');
    const box = screen.getByRole('searchbox', { name: 'Search contacts' });
    fireEvent.change(box, { target: { value: 'maria' } });
    await waitFor(() => expect(watch.first()).toBeDefined(), { timeout: 10_000 });
    return box;
  }

  it('reads no page past a query’s screenful while the keys come, and the next page once they pause', async () => {
    const real = (await vi.importActual<typeof import('@/lib/book/page/search')>('@/lib/book/page/search')).openBook;
    // The rows each query's pager was asked for, page by page.
    const asked = new Map<string, number[]>();
    vi.mocked(openBook).mockImplementation((query, options) => {
      const pager = real(query, options);
      return { next: (limit) => (asked.set(query.text, [...(asked.get(query.text) ?? []), limit]), pager.next(limit)) };
    });
    // The pause is the test's to end, whatever the machine's speed: the quiet timers are held.
    const pause = holdTimers(NEXT_PAGE_QUIET_MS);
    try {
      const box = await bookWithMariaShown();
      // The list has shown the screenful and asked for more; the user types on.
      fireEvent.change(box, { target: { value: 'john' } });
      await waitFor(() => expect(rowNames()[0]).toMatch(/^John /), { timeout: 10_000 });
      await waitFor(() => expect(pause.pending()).toBe(1));
      expect(asked.get('maria')!.every((limit) => limit <= BOOK_FIRST_ROWS)).toBe(true);
      expect(asked.get('john')!.every((limit) => limit <= BOOK_FIRST_ROWS)).toBe(true);
      // The typing has paused: the next page of the last query is read.
      pause.end();
      await waitFor(() => expect(asked.get('john')!.some((limit) => limit > BOOK_FIRST_ROWS)).toBe(true), { timeout: 10_000 });
    } finally {
      vi.mocked(openBook).mockImplementation(real);
    }
  });

  it('a keystroke aborts the reads of the page the list asked for after the last one’s screenful', async () => {
    const box = await bookWithMariaShown();
    // The screenful is on screen and the list has asked for the next page: the next key comes.
    fireEvent.change(box, { target: { value: 'john' } });
    await waitFor(() => expect(rowNames()[0]).toMatch(/^John /), { timeout: 10_000 });
    const maria = vi.mocked(openBook).mock.calls.find(([query]) => query.text === 'maria')!;
    expect(maria[1]?.signal?.aborted).toBe(true);
    expect(rowNames().every((name) => name?.startsWith('John '))).toBe(true);
  });
});

/** Rows drawn since the spy was last cleared: each asks for its name button's label once. */
const rowsDrawn = () => vi.mocked(t).mock.calls.filter(([key]) => key === 'book.detailsOf').length;
const answered = (text: string) => performance.getEntriesByName('dossier:book-rows').some((m) => (m as PerformanceMark).detail?.text === text);

async function bookWith(text: string): Promise<HTMLElement> {
  render(<ContactBook />);
  await waitFor(() => expect(rowNames().length).toBeGreaterThan(0));
  const box = screen.getByRole('searchbox', { name: 'Search contacts' });
  fireEvent.change(box, { target: { value: text } });
  await waitFor(() => expect(answered(text)).toBe(true), { timeout: 10_000 });
  expect(rowNames()[0]).toMatch(/^Maria /);
  return box;
}

describe('the rows a keystroke draws', { timeout: 30_000 }, () => {
  beforeEach(() => performance.clearMarks());

  it('draws none of the rows on screen before its search answers: the key draws the search box', async () => {
    const box = await bookWith('mari');
    const shown = rowNames();
    // The next key's search does not answer yet.
    const real = (await vi.importActual<typeof import('@/lib/book/page/search')>('@/lib/book/page/search')).openBook;
    vi.mocked(openBook).mockImplementation((query, options) => (query.text === 'maria' ? { next: () => new Promise(() => {}) } : real(query, options)));
    try {
      vi.mocked(t).mockClear();
      fireEvent.change(box, { target: { value: 'maria' } });
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(box).toHaveProperty('value', 'maria');
      expect(rowsDrawn()).toBe(0);
      expect(rowNames()).toEqual(shown);
    } finally {
      vi.mocked(openBook).mockImplementation(real);
    }
  });

  it('draws no row again when the answer shows the same contacts with the same values, and keeps each row’s element', async () => {
    const box = await bookWith('mari');
    const shown = rowNames();
    const elements = screen.queryAllByRole('row').slice(1);
    vi.mocked(t).mockClear();
    fireEvent.change(box, { target: { value: 'maria' } });
    await waitFor(() => expect(answered('maria')).toBe(true), { timeout: 10_000 });
    expect(rowNames()).toEqual(shown);
    expect(rowsDrawn()).toBe(0);
    expect(screen.queryAllByRole('row').slice(1)).toEqual(elements);
  });

  it('draws the rows whose contacts differ: another query’s rows, by their own contacts', async () => {
    const box = await bookWith('maria');
    vi.mocked(t).mockClear();
    fireEvent.change(box, { target: { value: 'john' } });
    await waitFor(() => expect(answered('john')).toBe(true), { timeout: 10_000 });
    expect(rowsDrawn()).toBe(rowNames().length);
    expect(rowNames().every((name) => name?.startsWith('John '))).toBe(true);
  });
});
