// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, render, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactBook } from '@/components/book/ContactBook';
import { awaitTakeOver } from '@/components/platform/first-paint';
import { drawBookFirstPaint, rowsInView } from '@/entrypoints/contacts/first-paint';
import { readBookCounts } from '@/lib/book/counts';
import { bookFirstStateOf, isPlainPerson, readBookFirst, type BookFirstRead } from '@/lib/book/page/first-read';
import { contactSchema } from '@/lib/book/model';
import { CRM_TARGETS } from '@/lib/crm/types';
import { setCatalog } from '@/lib/platform/i18n';
import { setFallback } from '@/lib/platform/i18n/translate';
import { en } from '@/lib/platform/i18n/en';
import { enBookFirstPaint } from '@/lib/platform/i18n/first-paint/book-en';
import { sendMessage } from '@/lib/contracts/messenger';
import { handOver } from '@/lib/platform/ui/handover';
import { languageItem } from '@/lib/settings/language';
import { themeItem } from '@/lib/settings/theme';
import { BOB, MAYA, MAYA_NAMESAKE, NORTHWIND, person, putContacts } from '@/test/unit/book/book-fixtures';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));

const VIEW_HEIGHT = 600;

/** happy-dom lays nothing out: the list's scroller is given a height, so the virtual rows render. */
function giveTheListAHeight() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ x: 0, y: 0, top: 0, left: 0, bottom: VIEW_HEIGHT, right: 1000, width: 1000, height: VIEW_HEIGHT, toJSON: () => ({}) }));
  for (const [name, value] of [['offsetHeight', VIEW_HEIGHT], ['offsetWidth', 1000], ['clientHeight', VIEW_HEIGHT], ['clientWidth', 1000]] as const) {
    vi.spyOn(HTMLElement.prototype, name, 'get').mockReturnValue(value);
  }
}

async function storedRead(): Promise<BookFirstRead> {
  await putContacts([MAYA, MAYA_NAMESAKE, BOB, NORTHWIND]);
  // The counts are stored by whoever needs them first (counts.ts): here, as the React book would have.
  await readBookCounts();
  return readBookFirst();
}

function firstPaint(read: BookFirstRead): HTMLElement {
  const root = document.createElement('main');
  root.id = 'root';
  document.body.append(root);
  expect(drawBookFirstPaint(root, { read, viewHeight: VIEW_HEIGHT })).toBe(true);
  // The React book's code brings the whole catalog (lib/platform/i18n/index.ts, its language store).
  setFallback(en);
  return root;
}

/** The React book's HTML at the moment it would take the first paint's place (its useTakeOver). */
async function reactAtTakeOver(): Promise<string> {
  let html: string | null = null;
  const { container } = render(<ContactBook />, { container: document.body.appendChild(document.createElement('main')) });
  awaitTakeOver(() => (html = container.innerHTML));
  await vi.waitFor(() => expect(html).not.toBeNull(), { timeout: 10_000 });
  return html!;
}

/** React names its ids itself (useId): the toolbar's, then the date field's, read as the first paint names them. */
function sameIds(html: string): string {
  const ids = [...new Set(html.match(/«r[0-9a-z]+»|:r[0-9a-z]+:|_r_[0-9a-z]+_/g) ?? [])];
  expect(ids).toHaveLength(2);
  return html.replaceAll(ids[0]!, 'book-first').replaceAll(ids[1]!, 'book-first-since');
}

beforeEach(() => {
  giveTheListAHeight();
  vi.mocked(sendMessage).mockImplementation((async () => ({ ok: true, value: { connected: [] } })) as never);
  setCatalog('en', en);
});
afterEach(() => {
  cleanup();
  setFallback(en);
  document.body.replaceChildren();
  history.replaceState(null, '', location.pathname);
  setCatalog('en', en);
});

describe('the book’s first read', () => {
  it('reads the settings, the stored counts, the tags and the newest people in one go', async () => {
    await themeItem.setValue('dark');
    await languageItem.setValue('de');
    const read = await storedRead();
    expect(read.items).toEqual({ theme: 'dark', language: 'de' });
    expect(read.counts).toEqual({ person: 3, company: 1 });
    expect(read.tags).toEqual(['Paris event']);
    // Newest first, the company passed over; all of them read, so nothing more matches.
    expect(read.people!.map((p) => (p as { id: string }).id)).toEqual([MAYA.id, MAYA_NAMESAKE.id, BOB.id]);
    expect(read.done).toBe(true);
    expect(await readBookFirst(2)).toMatchObject({ done: false, people: [{ id: MAYA.id }, { id: MAYA_NAMESAKE.id }] });
  });

  it('checks a person by hand as the schema does', () => {
    for (const contact of [MAYA, MAYA_NAMESAKE, BOB]) expect(isPlainPerson(contact)).toBe(true);
    const broken = [
      { ...MAYA, workEmails: [{ ...MAYA.workEmails[0]!, grade: 'great' }] },
      { ...MAYA, phones: [{ ...MAYA.phones[0]!, e164: '0612' }] },
      { ...MAYA, name: { value: 'Maya' } },
      { ...MAYA, updatedAt: 'yesterday' },
      { ...MAYA, keys: [] },
      { ...MAYA, crm: { crm: 'hubspot', found: 'yes', checkedAt: 1 } },
    ];
    for (const record of broken) {
      expect(contactSchema.safeParse(record).success).toBe(false);
      expect(isPlainPerson(record)).toBe(false);
    }
  });

  it('leaves the book to React when anything reads unusually', async () => {
    const read = await storedRead();
    expect(bookFirstStateOf(read)).not.toBeNull();
    // Counts not stored yet (React counts them once), a record that does not read, a walk past its budget, too many tags.
    expect(bookFirstStateOf({ ...read, counts: undefined })).toBeNull();
    expect(bookFirstStateOf({ ...read, people: [...read.people!, { ...BOB, id: 42 }] })).toBeNull();
    expect(bookFirstStateOf({ ...read, people: null })).toBeNull();
    expect(bookFirstStateOf({ ...read, tags: null })).toBeNull();
    const root = document.createElement('main');
    expect(drawBookFirstPaint(root, { read: { ...read, counts: undefined } })).toBe(false);
    // A contact's details asked for in the address: the React book opens them.
    history.replaceState(null, '', `#${encodeURIComponent(MAYA.id)}`);
    expect(drawBookFirstPaint(root, { read })).toBe(false);
    expect(root.childElementCount).toBe(0);
  });
});

describe('the book’s first paint', () => {
  it('draws the header, the tabs with their counts, the search box and the newest people', async () => {
    const root = firstPaint(await storedRead());
    const inside = within(root);
    expect(inside.getByRole('heading', { name: 'Contact book', level: 1 })).toBeTruthy();
    expect(inside.getByText('4 contacts in the book')).toBeTruthy();
    expect(inside.getByRole('tab', { name: 'People 3' }).getAttribute('aria-selected')).toBe('true');
    expect(inside.getByRole('tab', { name: 'Companies 1' })).toBeTruthy();
    expect(inside.getByRole('searchbox', { name: 'Search contacts' })).toBeTruthy();
    const names = within(inside.getByRole('table', { name: 'Contacts' })).getAllByRole('button', { name: /^Details of / });
    expect(names.map((b) => b.textContent)).toEqual(['Maya Chen', 'Maya Lopez', 'Bob Stone']);
    expect(document.title).toBe('Dossier contact book');
  });

  it('writes the same HTML as the React book at the moment it takes over', async () => {
    const root = firstPaint(await storedRead());
    expect(sameIds(await reactAtTakeOver())).toBe(root.innerHTML);
  });

  it('writes the same rows as the React table for a long book: those in view and the overscan', async () => {
    const many = Array.from({ length: 80 }, (_, i) => person({ id: `person:p${i}`, name: `Person ${i}`, updatedAt: 10_000 - i }));
    await putContacts(many);
    await readBookCounts();
    const root = firstPaint(await readBookFirst());
    expect(root.querySelectorAll('.vbody [role="row"]')).toHaveLength(rowsInView(VIEW_HEIGHT, 20));
    expect(within(root).getByText('Showing the first 20; more load as you scroll.')).toBeTruthy();
    expect(sameIds(await reactAtTakeOver())).toBe(root.innerHTML);
  });

  it('writes the same HTML as the React book for an empty book', async () => {
    await readBookCounts();
    const root = firstPaint(await readBookFirst());
    expect(within(root).getByText(/^No contacts yet/)).toBeTruthy();
    expect(sameIds(await reactAtTakeOver())).toBe(root.innerHTML);
  });

  it('lays out as many rows as the virtual table does', () => {
    expect([rowsInView(0, 60), rowsInView(600, 60), rowsInView(610, 60), rowsInView(600, 12), rowsInView(600, 0)]).toEqual([4, 18, 19, 12, 0]);
  });

  it('speaks the stored language with its own messages, and wears the stored theme', async () => {
    await themeItem.setValue('dark');
    await languageItem.setValue('de');
    const root = firstPaint(await storedRead());
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(within(root).getByRole('heading', { name: 'Kontaktbuch' })).toBeTruthy();
    // Every message it shows is one it carries: no key shows through.
    expect(root.textContent).not.toMatch(/\b(app|book|crm|history)\.\w+/);
  });

  it('carries the name of every CRM the book may show', () => {
    for (const target of CRM_TARGETS) expect(Object.keys(enBookFirstPaint)).toContain(`crm.target.${target}`);
  });
});

describe('the take-over', () => {
  it('moves between the tabs with the arrow keys before React is in, and the React book shows the tab reached', async () => {
    const root = firstPaint(await storedRead());
    const first = within(root);
    const people = first.getByRole('tab', { name: /^People/ });
    people.focus();
    people.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }));
    expect(document.activeElement).toBe(first.getByRole('tab', { name: /^Companies/ }));

    const page = root.cloneNode(false) as HTMLElement;
    awaitTakeOver(() => handOver(root, page));
    render(<ContactBook />, { container: page });
    await vi.waitFor(() => expect(page.isConnected).toBe(true), { timeout: 10_000 });
    const book = within(page);
    await vi.waitFor(() => expect(book.getByRole('tab', { name: /^Companies/ }).getAttribute('aria-selected')).toBe('true'), { timeout: 10_000 });
    expect(document.activeElement).toBe(book.getByRole('tab', { name: /^Companies/ }));
    await act(async () => {});
  }, 30_000);

  it('gives the React book what was typed, ticked and chosen in the first paint, and the focus', async () => {
    const root = firstPaint(await storedRead());
    const first = within(root);
    (first.getByRole('searchbox', { name: 'Search contacts' }) as HTMLInputElement).value = 'maya';
    (first.getByRole('checkbox', { name: 'Select Bob Stone' }) as HTMLInputElement).checked = true;
    (first.getByRole('combobox', { name: 'Tag' }) as HTMLSelectElement).value = 'Paris event';
    first.getByRole('checkbox', { name: 'Mobile' }).focus();

    const page = root.cloneNode(false) as HTMLElement;
    awaitTakeOver(() => handOver(root, page));
    render(<ContactBook />, { container: page });
    await vi.waitFor(() => expect(page.isConnected).toBe(true), { timeout: 10_000 });
    const book = within(page);
    expect((book.getByRole('searchbox', { name: 'Search contacts' }) as HTMLInputElement).value).toBe('maya');
    expect((book.getByRole('combobox', { name: 'Tag' }) as HTMLSelectElement).value).toBe('Paris event');
    expect(document.activeElement).toBe(book.getByRole('checkbox', { name: 'Mobile' }));
    // Bob is left out by the search React reads now, his box ticked all the same: one contact selected.
    await vi.waitFor(() => expect(book.getByText('1 contact selected')).toBeTruthy(), { timeout: 10_000 });
    // What the first paint does not draw comes after the swap, not with it.
    await vi.waitFor(() => expect(page.textContent).toContain('Add tag'), { timeout: 20_000 });
    await act(async () => {});
  }, 30_000);
});
