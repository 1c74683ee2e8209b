// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactBook } from '@/components/book/ContactBook';
import { openBook } from '@/lib/contacts/search';
import { sendMessage } from '@/lib/messaging/messenger';
import { BOB, MAYA, MAYA_NAMESAKE, NORTHWIND, putContacts } from '@/test/unit/contacts/book-fixtures';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));
// The real search, watched: which queries the page opened, and with which signal.
vi.mock('@/lib/contacts/search', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/contacts/search')>();
  return { ...real, openBook: vi.fn(real.openBook) };
});

beforeEach(async () => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ x: 0, y: 0, top: 0, left: 0, bottom: 600, right: 1000, width: 1000, height: 600, toJSON: () => ({}) }));
  for (const [name, value] of [['offsetHeight', 600], ['offsetWidth', 1000], ['clientHeight', 600], ['clientWidth', 1000]] as const) {
    vi.spyOn(HTMLElement.prototype, name, 'get').mockReturnValue(value);
  }
  vi.mocked(sendMessage).mockImplementation((async () => ({ ok: true, value: { connected: [] } })) as never);
  await putContacts([MAYA, MAYA_NAMESAKE, BOB, NORTHWIND]);
});
afterEach(() => cleanup());

const rowNames = () =>
  within(screen.getByRole('table', { name: 'Contacts' }))
    .queryAllByRole('button', { name: /^Details of / })
    .map((b) => b.textContent);

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
