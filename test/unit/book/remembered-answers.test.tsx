// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactBook } from '@/components/book/ContactBook';
import { openBook, type BookPager } from '@/lib/book/page/search';
import { sendMessage } from '@/lib/contracts/messenger';
import { announceRecords } from '@/lib/platform/storage/vault';
import { BOB, MAYA, MAYA_NAMESAKE, NORTHWIND, person, putContacts } from '@/test/unit/book/book-fixtures';
import { bookRowNames, fakeLayout } from '@/test/unit/book/layout';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));
// The real search, watched: which queries read the book (a pager's page asked for).
const reads: string[] = [];
vi.mock('@/lib/book/page/search', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/book/page/search')>();
  return {
    ...real,
    openBook: vi.fn((query: Parameters<typeof real.openBook>[0], options: Parameters<typeof real.openBook>[1]): BookPager => {
      const pager = real.openBook(query, options);
      return {
        next(limit) {
          reads.push(query.text);
          return pager.next(limit);
        },
      };
    }),
  };
});

beforeEach(async () => {
  reads.length = 0;
  fakeLayout();
  vi.mocked(sendMessage).mockImplementation((async () => ({ ok: true, value: { connected: [] } })) as never);
  await putContacts([MAYA, MAYA_NAMESAKE, BOB, NORTHWIND]);
});
afterEach(() => cleanup());

const rowNames = bookRowNames;

describe('the book’s search, a query met again', () => {
  it('a character deleted and the box emptied show their rows again without reading the book, with the keystroke itself', async () => {
    render(<ContactBook />);
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    const all = rowNames();
    const box = screen.getByRole('searchbox', { name: 'Search contacts' });
    fireEvent.change(box, { target: { value: 'may' } });
    await waitFor(() => expect(rowNames()).toHaveLength(2));
    fireEvent.change(box, { target: { value: 'maya ch' } });
    await waitFor(() => expect(rowNames()).toEqual(['Maya Chen']));
    reads.length = 0;
    // Drawn by the keystroke's own render: no wait for a read.
    fireEvent.change(box, { target: { value: 'may' } });
    expect(rowNames()).toHaveLength(2);
    fireEvent.change(box, { target: { value: '' } });
    expect(rowNames()).toEqual(all);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(reads).toEqual([]);
  });

  it('a query narrowing one nobody matched finds nobody without a read', async () => {
    render(<ContactBook />);
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    const box = screen.getByRole('searchbox', { name: 'Search contacts' });
    fireEvent.change(box, { target: { value: 'zq' } });
    await waitFor(() => expect(screen.getByText('No contact matches this search.')).toBeTruthy());
    reads.length = 0;
    fireEvent.change(box, { target: { value: 'zqx' } });
    expect(rowNames()).toEqual([]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(reads).toEqual([]);
  });

  it('after a write to the book the same query is read again, and shows what was written', async () => {
    render(<ContactBook />);
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    const box = screen.getByRole('searchbox', { name: 'Search contacts' });
    fireEvent.change(box, { target: { value: 'maya' } });
    await waitFor(() => expect(rowNames()).toHaveLength(2));
    const newcomer = person({ id: 'p:maya-new', name: 'Maya Newcomer', updatedAt: 9_000 });
    await putContacts([newcomer]);
    fireEvent.change(box, { target: { value: '' } });
    announceRecords({ store: 'contacts', ids: [newcomer.id] });
    // The rows shown are read again after the write; then the query remembered from before it.
    await waitFor(() => expect(rowNames()).toContain('Maya Newcomer'));
    fireEvent.change(box, { target: { value: 'maya' } });
    await waitFor(() => expect(rowNames()).toEqual(expect.arrayContaining(['Maya Chen', 'Maya Lopez', 'Maya Newcomer'])));
  });

  it('the next page after rows from memory follows them, each contact once', async () => {
    const many = Array.from({ length: 45 }, (_, i) => person({ id: `p:lee-${String(i).padStart(2, '0')}`, name: `Lee Number${String(i).padStart(2, '0')}`, updatedAt: 10_000 + i }));
    await putContacts(many);
    render(<ContactBook />);
    await waitFor(() => expect(rowNames().length).toBeGreaterThan(0));
    const box = screen.getByRole('searchbox', { name: 'Search contacts' });
    fireEvent.change(box, { target: { value: 'lee' } });
    await waitFor(() => expect(screen.getByText('Showing the first 20; more load as you scroll.')).toBeTruthy());
    fireEvent.change(box, { target: { value: 'le' } });
    fireEvent.change(box, { target: { value: 'lee' } });
    expect(screen.getByText('Showing the first 20; more load as you scroll.')).toBeTruthy();
    // The list asks for its next page once the typing pauses: all 45, none twice.
    await waitFor(() => expect(screen.getByText('45 contacts.')).toBeTruthy(), { timeout: 3_000 });
    expect(vi.mocked(openBook)).toHaveBeenCalled();
  });
});
