// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawHistoryFirstPaint } from '@/entrypoints/lookup-history/first-paint';
import { HistoryPage } from '@/entrypoints/lookup-history/HistoryPage';
import { historyEntrySchema } from '@/lib/history/entry';
import { historyFirstStateOf, readHistoryFirstPaint, type HistoryFirstReadRaw } from '@/lib/history/page/first-read';
import { COUNT_KEY } from '@/lib/history/keys';
import { appendHistory } from '@/lib/history/worker/store';
import { META_STORE, withRecords } from '@/lib/platform/storage/vault';
import { setCatalog } from '@/lib/platform/i18n';
import { en } from '@/lib/platform/i18n/en';
import { sendMessage } from '@/lib/contracts/messenger';
import { MAYA_URL, mayaEnrichment } from '@/test/unit/card/fixtures';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));

const NOW = Date.UTC(2026, 10, 28, 12);
const HOUR = 3_600_000;
/** happy-dom lays nothing out: the table's body is given the height a real page gives it (15 rows of 40 px). */
const BODY = { width: 1000, height: 600 };

/** Entries as the worker stores them: a paid enrichment that names Maya, a miss that asked by name, a failure with its error, and many more than a screen holds. */
function records() {
  const list: Record<string, unknown>[] = [
    { id: 'h1', op: 'enrichPerson', subject: MAYA_URL, input: { profileUrl: MAYA_URL }, identity: 'person:maya-chen', outcome: 'paid', cost: 2, fromLedger: false, paidAt: NOW - HOUR, at: NOW - HOUR, pageUrl: null, error: null, result: mayaEnrichment() },
    { id: 'h2', op: 'findWorkEmail', subject: 'Bob Stone, Acme', input: { fullName: 'Bob Stone', company: 'Acme' }, identity: null, outcome: 'miss', cost: 0, fromLedger: false, paidAt: null, at: NOW - 2 * HOUR, pageUrl: null, error: null },
    { id: 'h3', op: 'searchPhone', subject: '+14155550100', input: { phone: '+14155550100' }, identity: 'phone:+14155550100', outcome: 'failed', cost: 0, fromLedger: false, paidAt: null, at: NOW - 3 * HOUR, pageUrl: null, error: { kind: 'network', message: 'The network is down' } },
  ];
  for (let i = 4; i <= 40; i++) list.push({ id: `h${i}`, op: 'searchPersonalEmail', subject: `person${i}@example.com`, input: { email: `person${i}@example.com` }, identity: null, outcome: 'miss', cost: 0, fromLedger: false, paidAt: null, at: NOW - i * HOUR, pageUrl: null, error: null });
  return list;
}

async function store(list: Record<string, unknown>[]): Promise<void> {
  for (const record of [...list].reverse()) await appendHistory(historyEntrySchema.parse(record), 10_000);
}

function layOut() {
  for (const [name, value] of [['clientHeight', BODY.height], ['clientWidth', BODY.width]] as const) vi.spyOn(HTMLElement.prototype, name, 'get').mockReturnValue(value);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ x: 0, y: 0, top: 0, left: 0, bottom: BODY.height, right: BODY.width, ...BODY, toJSON: () => ({}) }));
}

function firstPaint(read: HistoryFirstReadRaw): HTMLElement {
  const root = document.createElement('main');
  root.id = 'root';
  document.body.append(root);
  expect(drawHistoryFirstPaint(root, read)).toEqual({ tableRect: BODY });
  return root;
}

/** The ids differ (React's useId against the first paint's own): each id, and what refers to it, by its order of appearance. */
function sameIds(html: string): string[] {
  const ids = [...html.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]!);
  const same = ids.reduce((out, id, i) => out.split(`"${id}"`).join(`"id${i}"`).split(`"${id}-hint"`).join(`"id${i}-hint"`), html);
  // A tag a line, so that a difference shows where it is.
  return same.split(/(?=<)/);
}

beforeEach(() => {
  vi.setSystemTime(NOW);
  vi.mocked(sendMessage).mockResolvedValue({ ok: true, value: { hasKey: true } } as never);
  setCatalog('en', en);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.body.replaceChildren();
  setCatalog('en', en);
});

describe('the history page’s first read', () => {
  it('reads the newest records, newest first, and the count kept beside them, in one go', async () => {
    await store(records());
    const read = await readHistoryFirstPaint(5);
    expect(read.records.map((r) => (r as { id: string }).id)).toEqual(['h1', 'h2', 'h3', 'h4', 'h5']);
    expect(historyFirstStateOf(read)).toMatchObject({ total: 40 });
  });

  it('counts the history itself when no count is kept beside it', async () => {
    await store(records());
    await withRecords((db) => db.delete(META_STORE, COUNT_KEY));
    expect(historyFirstStateOf(await readHistoryFirstPaint())).toMatchObject({ total: 40 });
  });

  it('leaves to the React page what only it draws: a move under way, a count or a record that does not read, a balance check', async () => {
    await store(records().slice(0, 3));
    const read = await readHistoryFirstPaint();
    expect(historyFirstStateOf(read)).not.toBeNull();
    expect(historyFirstStateOf({ ...read, migration: { done: 10, total: 100, booked: 0 } })).toBeNull();
    expect(historyFirstStateOf({ ...read, oldKeys: true })).toBeNull();
    expect(historyFirstStateOf({ ...read, migration: { done: 100, total: 100, booked: 100 }, oldKeys: true })).not.toBeNull();
    expect(historyFirstStateOf({ ...read, count: undefined })).toBeNull();
    expect(historyFirstStateOf({ ...read, count: 1 })).toBeNull();
    expect(historyFirstStateOf({ ...read, records: [...read.records, { id: 'broken' }] })).toBeNull();
    const check = { ...(read.records[0] as object), difference: { before: 10, after: 6, expected: 8 } };
    expect(historyFirstStateOf({ ...read, records: [check] })).toBeNull();
    expect(historyFirstStateOf({ ...read, records: [{ ...(read.records[0] as object), chargeQuestion: { historyId: 'x' } }] })).toBeNull();
  });
});

describe('the history page’s first paint', () => {
  it('draws the title, the filters, the actions and a screenful of rows, newest first, as real controls', async () => {
    layOut();
    await store(records());
    const root = firstPaint(await readHistoryFirstPaint());
    const inside = within(root);
    expect(inside.getByRole('heading', { name: 'Lookup history', level: 1 })).toBeTruthy();
    expect(inside.getByRole('searchbox', { name: 'Search' })).toBeTruthy();
    expect(inside.getByRole('combobox', { name: 'Lookup' })).toBeTruthy();
    expect(inside.getByRole('textbox', { name: 'From' })).toBeTruthy();
    expect(inside.getByRole('button', { name: 'Delete all history' }).hasAttribute('disabled')).toBe(false);
    expect(inside.getByText('Showing 40 of 40 lookups.')).toBeTruthy();
    const rows = within(inside.getByRole('table', { name: 'Lookups' })).getAllByRole('row').slice(1);
    // As many as the virtual table draws: 15 in view, 12 more below.
    expect(rows).toHaveLength(27);
    expect(rows.slice(0, 3).map((row) => within(row).getAllByRole('cell').slice(2, 5).map((cell) => cell.firstChild!.textContent))).toEqual([
      ['Enrich person', 'Maya Chen · Northwind Analytics', 'Paid'],
      ['Find work email', 'Bob Stone · Acme', 'No match (free)'],
      ['Find phone numbers', '+14155550100', 'Failed (free)'],
    ]);
    expect(inside.getByRole('button', { name: 'Details of Maya Chen · Northwind Analytics' })).toBeTruthy();
    expect(document.title).toBe('Dossier history');
  });

  it('writes the same elements, classes and words as the React page for the same records', async () => {
    layOut();
    await store(records());
    const root = firstPaint(await readHistoryFirstPaint());
    setCatalog('en', en);
    const page = render(<HistoryPage tableRect={BODY} />);
    // A busy machine reads the vault slowly: the wait is for the rows, not a time.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Details of Maya Chen · Northwind Analytics' })).toHaveLength(2), { timeout: 10_000 });
    expect(sameIds(page.container.innerHTML)).toEqual(sameIds(root.innerHTML));
  });

  it('draws the empty history as the React page does', async () => {
    const empty = document.createElement('main');
    document.body.append(empty);
    expect(drawHistoryFirstPaint(empty, await readHistoryFirstPaint())).toEqual({});
    setCatalog('en', en);
    const page = render(<HistoryPage />);
    await waitFor(() => expect(screen.getAllByText(en['history.empty'])).toHaveLength(2), { timeout: 10_000 });
    expect(sameIds(page.container.innerHTML)).toEqual(sameIds(empty.innerHTML));
  });

  it('speaks the stored language with its own few messages, and wears the stored theme', async () => {
    layOut();
    await store(records().slice(0, 3));
    const read = await readHistoryFirstPaint();
    const root = firstPaint({ ...read, items: { ...read.items, language: 'de', theme: 'dark' } });
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(within(root).getByRole('heading', { name: 'Abfrageverlauf' })).toBeTruthy();
    // Every message it shows is one it carries: no key shows through.
    expect(root.innerHTML).not.toMatch(/\b(app|history|page|ops|outcome)\.\w+/);
  });

  it('does not draw when a record does not read plainly', async () => {
    await store(records().slice(0, 3));
    const read = await readHistoryFirstPaint();
    const root = document.createElement('main');
    expect(drawHistoryFirstPaint(root, { ...read, records: [{ id: 'broken' }] })).toBeNull();
    expect(root.childElementCount).toBe(0);
  });
});
