// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactBook } from '@/components/book/ContactBook';
import { sendMessage } from '@/lib/contracts/messenger';
import { person, putContacts } from '@/test/unit/book/book-fixtures';
import { fakeLayout } from '@/test/unit/book/layout';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));

/** The list's window: 200 px, five rows of 40 px. */
const HEIGHT = 200;

beforeEach(async () => {
  fakeLayout(HEIGHT);
  vi.mocked(sendMessage).mockImplementation((async () => ({ ok: true, value: { connected: [] } })) as never);
  await putContacts(Array.from({ length: 30 }, (_, i) => person({ id: `p:lee-${String(i).padStart(2, '0')}`, name: `Lee Number${String(i).padStart(2, '0')}`, updatedAt: 10_000 + i })));
});
afterEach(() => cleanup());

describe('the book’s rows', () => {
  it('draws the rows in view and three past them, not the whole screenful read', async () => {
    render(<ContactBook />);
    const table = screen.getByRole('table', { name: 'Contacts' });
    await waitFor(() => expect(within(table).queryAllByRole('button', { name: /^Details of / }).length).toBeGreaterThan(0));
    // Five in view, three past them: eight of the twenty the search answered.
    expect(within(table).getAllByRole('button', { name: /^Details of / })).toHaveLength(8);
  });
});
