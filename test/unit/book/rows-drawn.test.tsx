// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactBook } from '@/components/book/ContactBook';
import { t } from '@/lib/i18n';
import { openBook } from '@/lib/contacts/search';
import { sendMessage } from '@/lib/messaging/messenger';
import { person, putContacts } from '@/test/unit/contacts/book-fixtures';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));
// The real search, watched; the real words, counted: each row drawn asks for its name button's label.
vi.mock('@/lib/contacts/search', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/contacts/search')>();
  return { ...real, openBook: vi.fn(real.openBook) };
});
vi.mock('@/lib/i18n', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/i18n')>();
  return { ...real, t: vi.fn(real.t) };
});

/** Everyone at Northwind, half of them named Maria ("mari" and "maria" find the same people, in the same order). */
const STAFF = Array.from({ length: 60 }, (_, i) =>
  person({ id: `person:s-${String(i).padStart(4, '0')}`, name: `${i % 2 ? 'Maria' : 'John'} Lee${i}`, company: 'Northwind Analytics', updatedAt: 10_000 + i }),
);

beforeEach(async () => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ x: 0, y: 0, top: 0, left: 0, bottom: 600, right: 1000, width: 1000, height: 600, toJSON: () => ({}) }));
  for (const [name, value] of [['offsetHeight', 600], ['offsetWidth', 1000], ['clientHeight', 600], ['clientWidth', 1000]] as const) {
    vi.spyOn(HTMLElement.prototype, name, 'get').mockReturnValue(value);
  }
  vi.mocked(sendMessage).mockImplementation((async () => ({ ok: true, value: { connected: [] } })) as never);
  await putContacts(STAFF);
}, 30_000);
afterEach(() => cleanup());

const rowNames = () => screen.queryAllByRole('button', { name: /^Details of / }).map((b) => b.textContent);
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
    const real = (await vi.importActual<typeof import('@/lib/contacts/search')>('@/lib/contacts/search')).openBook;
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
