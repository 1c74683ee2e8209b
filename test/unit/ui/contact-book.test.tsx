// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactBook } from '@/components/book/ContactBook';
import { setCatalog, type MessageKey } from '@/lib/i18n';
import { en } from '@/lib/i18n/en';
import { sendMessage } from '@/lib/messaging/messenger';
import { BOB, MAYA, MAYA_NAMESAKE, NORTHWIND, putContacts } from '@/test/unit/contacts/book-fixtures';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn() }));

/** happy-dom lays nothing out: the list's scroller is given a height, so the virtual rows render. */
function giveTheListAHeight() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ x: 0, y: 0, top: 0, left: 0, bottom: 600, right: 1000, width: 1000, height: 600, toJSON: () => ({}) }));
  for (const [name, value] of [['offsetHeight', 600], ['offsetWidth', 1000], ['clientHeight', 600], ['clientWidth', 1000]] as const) {
    vi.spyOn(HTMLElement.prototype, name, 'get').mockReturnValue(value);
  }
}

const table = () => screen.getByRole('table', { name: 'Contacts' });
const rowNames = () =>
  within(table())
    .queryAllByRole('button', { name: /^Details of / })
    .map((b) => b.textContent);

beforeEach(async () => {
  giveTheListAHeight();
  vi.mocked(sendMessage).mockClear();
  vi.mocked(sendMessage).mockImplementation((async (name: string) => {
    if (name === 'crmStatus') return { ok: true, value: { connected: [] } };
    // The details pane is the contact card: each empty row asks the price of its lookup.
    if (name === 'preview') return { ok: true, value: { op: 'enrichPerson', cost: 2, price: 2, inLedger: null } };
    return { ok: true, value: { updated: 1 } };
  }) as never);
  await putContacts([MAYA, MAYA_NAMESAKE, BOB, NORTHWIND]);
});
afterEach(() => {
  cleanup();
  setCatalog('en', en);
});

const ACTIONS_LOAD_MS = 10_000;

describe('the contact book page', () => {
  it('lists every contact once, newest first, with the merged data', async () => {
    render(<ContactBook />);
    await waitFor(() => expect(rowNames()).toEqual(['Maya Chen', 'Maya Lopez', 'Bob Stone', 'Northwind Analytics']));
    const maya = screen.getByRole('button', { name: 'Details of Maya Chen' }).closest<HTMLElement>('[role="row"]')!;
    expect(within(maya).getAllByRole('cell').map((c) => c.textContent)).toEqual(
      expect.arrayContaining(['Northwind Analytics', 'Head of Data', 'maya.chen@northwind.example verified', '+33 6 12 34 56 78 mobile', 'Paris event', 'In HubSpot']),
    );
    expect(screen.getByText('4 contacts in the book')).toBeTruthy();
  });

  it('a keystroke narrows the rows; a filter too', async () => {
    render(<ContactBook />);
    await waitFor(() => expect(rowNames()).toHaveLength(4));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search contacts' }), { target: { value: 'maya' } });
    await waitFor(() => expect(rowNames().sort()).toEqual(['Maya Chen', 'Maya Lopez']));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mobile' }));
    await waitFor(() => expect(rowNames()).toEqual(['Maya Chen']));
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search contacts' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Tag' }), { target: { value: 'Paris event' } });
    await waitFor(() => expect(rowNames()).toEqual(['Maya Chen']));
  });

  it('tags the selected rows through the worker', async () => {
    render(<ContactBook />);
    await waitFor(() => expect(rowNames()).toHaveLength(4));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bob Stone' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Maya Lopez' }));
    // The actions are a chunk loaded after the first rows: under load that takes more than findBy's default second.
    fireEvent.change(await screen.findByRole('textbox', { name: 'Tag' }, { timeout: ACTIONS_LOAD_MS }), { target: { value: 'Paris event' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    await waitFor(() => expect(vi.mocked(sendMessage)).toHaveBeenCalledWith('bookTag', { ids: [BOB.id, MAYA_NAMESAKE.id], add: ['Paris event'] }));
  }, 2 * ACTIONS_LOAD_MS);

  it('exports the selection as a CSV file with the tags column, without asking the worker', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), 'blob:x'));
    URL.revokeObjectURL = vi.fn();
    render(<ContactBook />);
    await waitFor(() => expect(rowNames()).toHaveLength(4));
    fireEvent.click(screen.getByRole('button', { name: 'Select all matching' }));
    await waitFor(() => expect(screen.getByText('4 contacts selected')).toBeTruthy());
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }, { timeout: ACTIONS_LOAD_MS }));
    await waitFor(() => expect(screen.getByText('Exported 4 contacts.')).toBeTruthy());
    const csv = Papa.parse<Record<string, string>>(await blobs[0]!.text(), { header: true, skipEmptyLines: true });
    expect(csv.data.find((r) => r.name === 'Maya Chen')).toMatchObject({ tags: 'Paris event', email: 'maya.chen@northwind.example' });
    expect(vi.mocked(sendMessage).mock.calls.map(([name]) => name)).not.toContain('bookTag');
  }, 2 * ACTIONS_LOAD_MS);

  it('shows every word through the i18n table', async () => {
    const pseudo = Object.fromEntries(Object.entries(en).map(([key, text]) => [key, `⟦${key}${(text.match(/\{\w+\}/g) ?? []).map((p) => ` ${p}`).join('')}⟧`])) as Record<MessageKey, string>;
    setCatalog('en-x-keys', pseudo);
    const { container } = render(<ContactBook />);
    await waitFor(() => expect(container.querySelectorAll('[role="row"]').length).toBe(5));
    await waitFor(() => expect(container.textContent).toContain('⟦book.forget.button'));
    fireEvent.click(container.querySelector<HTMLButtonElement>('[data-col="name"]')!);
    await act(async () => {});
    const attributes = [...container.querySelectorAll('*')].flatMap((el) => ['aria-label', 'title', 'placeholder'].map((name) => el.getAttribute(name) ?? ''));
    const text = [container.textContent ?? '', ...attributes].join('\n');
    const data = [MAYA, MAYA_NAMESAKE, BOB, NORTHWIND].flatMap((c) => [...c.words, c.id, ...c.tags, ...(c.kind === 'person' ? [c.name?.value ?? '', c.companyName?.value ?? '', c.title?.value ?? '', c.networkUrl?.value ?? ''] : [c.name?.value ?? '', 'https://northwind.example/'])]);
    // The keys first: data ("bob") may be part of a key ("book.phoneKind.mobile").
    let rest = text.replace(/⟦[\w.]+/g, ' ');
    for (const value of data.filter(Boolean).sort((a, b) => b.length - a.length)) rest = rest.split(value).join(' ');
    // Dates are the browser's locale, data as far as this test goes.
    rest = rest.replace(/\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|AM|PM)\b/g, ' ');
    expect(rest.replace(/[^\p{L}]/gu, '')).toBe('');
  });
});
