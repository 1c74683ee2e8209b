// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactBook } from '@/components/book/ContactBook';
import { setCatalog, type MessageKey } from '@/lib/platform/i18n';
import { en } from '@/lib/platform/i18n/en';
import { sendMessage } from '@/lib/contracts/messenger';
import { BOB, MAYA, MAYA_NAMESAKE, NORTHWIND, putContacts } from '@/test/unit/book/book-fixtures';
import { fakeLayout } from '@/test/unit/book/layout';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));

/** happy-dom lays nothing out: the list's scroller is given a height, so the virtual rows render. */
function giveTheListAHeight() {
  fakeLayout();
}

/** Northwind with what a company enrichment adds: its industry and size. */
const NORTHWIND_FULL = { ...NORTHWIND, industry: { ...NORTHWIND.name!, value: 'Software Development' }, size: { ...NORTHWIND.name!, value: '201-500' } };

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
  await putContacts([MAYA, MAYA_NAMESAKE, BOB, NORTHWIND_FULL]);
});
afterEach(() => {
  cleanup();
  setCatalog('en', en);
});

const ACTIONS_LOAD_MS = 10_000;

describe('the contact book page', () => {
  it('lists people and companies apart, each tab with its own columns and its count', async () => {
    render(<ContactBook />);
    await waitFor(() => expect(rowNames()).toEqual(['Maya Chen', 'Maya Lopez', 'Bob Stone']));
    const headers = () => within(table()).getAllByRole('columnheader').map((c) => c.textContent);
    expect(headers()).toEqual(['', 'Name', 'Title', 'Company', 'Work email', 'Phone', 'CRM', 'Updated']);
    const maya = screen.getByRole('button', { name: 'Details of Maya Chen' }).closest<HTMLElement>('[role="row"]')!;
    expect(within(maya).getAllByRole('cell').slice(1, 7).map((c) => c.textContent)).toEqual([
      'Maya Chen',
      'Head of Data',
      'Northwind Analytics',
      'maya.chen@northwind.example verified',
      '+33 6 12 34 56 78 mobile',
      'In HubSpot',
    ]);
    await waitFor(() => expect(screen.getByRole('tab', { name: 'People 3' }).getAttribute('aria-selected')).toBe('true'));
    expect(screen.getByText('4 contacts in the book')).toBeTruthy();
    expect(screen.getByRole('tabpanel', { name: 'People 3' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Companies 1' }));
    await waitFor(() => expect(rowNames()).toEqual(['Northwind Analytics']));
    expect(headers()).toEqual(['', 'Name', 'Website', 'Industry', 'Size', 'Phone', 'CRM', 'Updated']);
    const northwind = screen.getByRole('button', { name: 'Details of Northwind Analytics' }).closest<HTMLElement>('[role="row"]')!;
    // The industry is in its own column, never under a person's title.
    expect(within(northwind).getAllByRole('cell').slice(1, 5).map((c) => c.textContent)).toEqual(['Northwind Analytics', 'northwind.example', 'Software Development', '201-500']);
    // Email and mobile filters are a person's: not offered for companies.
    expect(screen.queryByRole('checkbox', { name: 'Mobile' })).toBeNull();
  });

  it('Left and Right move between the tabs and show the one reached; only the shown tab is in the Tab order', async () => {
    render(<ContactBook />);
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    const people = screen.getByRole('tab', { name: /^People/ });
    people.focus();
    fireEvent.keyDown(people, { key: 'ArrowRight' });
    const companies = screen.getByRole('tab', { name: /^Companies/ });
    expect(document.activeElement).toBe(companies);
    expect(companies.getAttribute('aria-selected')).toBe('true');
    expect([people.tabIndex, companies.tabIndex]).toEqual([-1, 0]);
    await waitFor(() => expect(rowNames()).toEqual(['Northwind Analytics']));
    fireEvent.keyDown(companies, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(people);
    await waitFor(() => expect(rowNames()).toHaveLength(3));
  });

  it('a keystroke narrows the rows; a filter too', async () => {
    render(<ContactBook />);
    await waitFor(() => expect(rowNames()).toHaveLength(3));
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
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bob Stone' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Maya Lopez' }));
    // The actions are a chunk loaded after the first rows: under load that takes more than findBy's default second.
    fireEvent.change(await screen.findByRole('textbox', { name: 'Tag' }, { timeout: ACTIONS_LOAD_MS }), { target: { value: 'Paris event' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    await waitFor(() => expect(vi.mocked(sendMessage)).toHaveBeenCalledWith('bookTag', { ids: [BOB.id, MAYA_NAMESAKE.id], add: ['Paris event'] }));
  }, 2 * ACTIONS_LOAD_MS);

  it('selects, and exports as a CSV file with the tags column, the kind shown only, without asking the worker', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), 'blob:x'));
    URL.revokeObjectURL = vi.fn();
    render(<ContactBook />);
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Select all matching' }));
    await waitFor(() => expect(screen.getByText('3 contacts selected')).toBeTruthy());
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }, { timeout: ACTIONS_LOAD_MS }));
    await waitFor(() => expect(screen.getByText('Exported 3 contacts.')).toBeTruthy());
    const csv = Papa.parse<Record<string, string>>(await blobs[0]!.text(), { header: true, skipEmptyLines: true });
    expect(csv.data.find((r) => r.name === 'Maya Chen')).toMatchObject({ tags: 'Paris event', email: 'maya.chen@northwind.example' });
    expect(csv.data.map((r) => r.kind)).toEqual(['person', 'person', 'person']);
    expect(vi.mocked(sendMessage).mock.calls.map(([name]) => name)).not.toContain('bookTag');

    // Each tab has its own selection: the companies' starts empty, and exports only companies.
    fireEvent.click(screen.getByRole('tab', { name: /^Companies/ }));
    await waitFor(() => expect(rowNames()).toEqual(['Northwind Analytics']));
    expect(screen.getByText('0 contacts selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Northwind Analytics' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(screen.getByText('Exported 1 contact.')).toBeTruthy());
    const companies = Papa.parse<Record<string, string>>(await blobs[1]!.text(), { header: true, skipEmptyLines: true });
    expect(companies.data.map((r) => [r.kind, r.name])).toEqual([['company', 'Northwind Analytics']]);
    fireEvent.click(screen.getByRole('tab', { name: /^People/ }));
    await waitFor(() => expect(screen.getByText('3 contacts selected')).toBeTruthy());
  }, 2 * ACTIONS_LOAD_MS);

  it('shows every word through the i18n table', async () => {
    const pseudo = Object.fromEntries(Object.entries(en).map(([key, text]) => [key, `⟦${key}${(text.match(/\{\w+\}/g) ?? []).map((p) => ` ${p}`).join('')}⟧`])) as Record<MessageKey, string>;
    setCatalog('en-x-keys', pseudo);
    const { container } = render(<ContactBook />);
    await waitFor(() => expect(container.querySelectorAll('[role="row"]').length).toBe(4));
    await waitFor(() => expect(container.textContent).toContain('⟦book.forget.button'));
    fireEvent.click(container.querySelector<HTMLButtonElement>('[data-col="name"]')!);
    await act(async () => {});
    const attributes = [...container.querySelectorAll('*')].flatMap((el) => ['aria-label', 'title', 'placeholder'].map((name) => el.getAttribute(name) ?? ''));
    const text = [container.textContent ?? '', ...attributes].join('\n');
    const data = [MAYA, MAYA_NAMESAKE, BOB, NORTHWIND_FULL].flatMap((c) => [...c.words, c.id, ...c.tags, ...(c.kind === 'person' ? [c.name?.value ?? '', c.companyName?.value ?? '', c.title?.value ?? '', c.networkUrl?.value ?? ''] : [c.name?.value ?? '', 'https://northwind.example/'])]);
    // The keys first: data ("bob") may be part of a key ("book.phoneKind.mobile").
    let rest = text.replace(/⟦[\w.]+/g, ' ');
    for (const value of data.filter(Boolean).sort((a, b) => b.length - a.length)) rest = rest.split(value).join(' ');
    // Dates are the browser's locale, data as far as this test goes.
    rest = rest.replace(/\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|AM|PM)\b/g, ' ');
    expect(rest.replace(/[^\p{L}]/gu, '')).toBe('');
  });
});
