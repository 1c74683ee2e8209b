// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactBook } from '@/components/book/ContactBook';
import { openBook } from '@/lib/book/page/search';
import { sendMessage } from '@/lib/contracts/messenger';
import { BOB, MAYA, MAYA_NAMESAKE, NORTHWIND, putContacts } from '@/test/unit/book/book-fixtures';
import { bookRowNames, fakeLayout } from '@/test/unit/book/layout';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));
// The real search, watched: which queries the page opened, and with which signal.
vi.mock('@/lib/book/page/search', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/book/page/search')>();
  return { ...real, openBook: vi.fn(real.openBook) };
});

beforeEach(async () => {
  fakeLayout();
  vi.mocked(sendMessage).mockImplementation((async () => ({ ok: true, value: { connected: [] } })) as never);
  await putContacts([MAYA, MAYA_NAMESAKE, BOB, NORTHWIND]);
});
afterEach(() => cleanup());

const rowNames = bookRowNames;

describe('the book’s search box', () => {
  it('a keystroke aborts the search of the one before: its reads stop, and the rows are the new query’s', async () => {
    render(<ContactBook />);
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    const box = screen.getByRole('searchbox', { name: 'Search contacts' });
    fireEvent.change(box, { target: { value: 'm' } });
    fireEvent.change(box, { target: { value: 'ma' } });
    fireEvent.change(box, { target: { value: 'maya ch' } });
    await waitFor(() => expect(rowNames()).toEqual(['Maya Chen']));
    const opened = vi.mocked(openBook).mock.calls.map(([query, options]) => ({ text: query.text, aborted: options?.signal?.aborted }));
    expect(opened.filter((o) => o.text === 'm' || o.text === 'ma')).toEqual([
      { text: 'm', aborted: true },
      { text: 'ma', aborted: true },
    ]);
    expect(opened.filter((o) => o.text === 'maya ch')).toEqual([{ text: 'maya ch', aborted: false }]);
  });
});
