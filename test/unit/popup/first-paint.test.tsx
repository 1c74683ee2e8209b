// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { IDBIndex } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { CreditBalance } from '@/components/balance/CreditBalance';
import { RecentLookups } from '@/components/history/RecentLookups';
import { drawFirstPaint } from '@/entrypoints/popup/first-paint';
import { historyEntrySchema } from '@/lib/history/entry';
import { appendHistory } from '@/lib/history/worker/store';
import { setCatalog } from '@/lib/platform/i18n';
import { en } from '@/lib/platform/i18n/en';
import { FIRST_READ_KEYS, firstStateOf, readFirstPaint, type FirstReadRaw } from '@/lib/popup/page/first-read';
import { languageItem } from '@/lib/settings/language';
import { themeItem } from '@/lib/settings/theme';
import { balanceItem, gatewayItem, preferencesItem } from '@/lib/settings/stored';
import { handOver } from '@/lib/platform/ui/handover';
import { MAYA_URL, mayaEnrichment } from '@/test/unit/card/fixtures';
import { installGetAllRecords, type WithRecords } from '@/test/unit/platform/storage/get-all-records';

const NOW = Date.UTC(2026, 10, 28, 12);
const HOUR = 3_600_000;

/** Entries as the worker stores them. */
const records = () => [
  { id: 'h3', op: 'searchPhone', subject: '+14155550100', input: { phone: '+14155550100' }, identity: 'phone:+14155550100', outcome: 'miss', cost: 0, fromLedger: false, paidAt: null, at: NOW - HOUR, pageUrl: null, error: null },
  { id: 'h2', op: 'searchPhone', subject: MAYA_URL, input: { profileUrl: MAYA_URL }, identity: 'person:maya-chen', outcome: 'miss', cost: 0, fromLedger: false, paidAt: null, at: NOW - 2 * HOUR, pageUrl: null, error: null },
  { id: 'h1', op: 'enrichPerson', subject: MAYA_URL, input: { profileUrl: MAYA_URL }, identity: 'person:maya-chen', outcome: 'paid', cost: 2, fromLedger: false, paidAt: NOW - 3 * HOUR, at: NOW - 3 * HOUR, pageUrl: null, error: null, result: mayaEnrichment() },
];

const settled: FirstReadRaw['items'] = {
  balance: { credits: 120, at: NOW - HOUR },
  preferences: { pageAccess: { panelMode: 'stealth' } },
  gateway: { kind: 'sandbox', url: 'http://127.0.0.1:8787/api/ingress/' },
};

function firstPaint(read: FirstReadRaw): HTMLElement {
  const root = document.createElement('main');
  root.id = 'root';
  document.body.append(root);
  expect(drawFirstPaint(root, { read, windowId: 1, now: NOW })).toBe(true);
  return root;
}

beforeEach(() => setCatalog('en', en));
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  setCatalog('en', en);
});

describe('the popup’s first read', () => {
  it('reads the settings, the balance and the newest records in one go, by the keys the stores write', async () => {
    expect(FIRST_READ_KEYS).toEqual({ theme: themeItem.key, language: languageItem.key, balance: balanceItem.key, preferences: preferencesItem.key, gateway: gatewayItem.key });
    await balanceItem.setValue({ credits: 120, at: NOW });
    await themeItem.setValue('dark');
    for (const record of [...records()].reverse()) await appendHistory(historyEntrySchema.parse(record), 1000);
    const read = await readFirstPaint(2);
    expect(read.items).toMatchObject({ balance: { credits: 120, at: NOW }, theme: 'dark' });
    expect(read.records.map((r) => (r as { id: string }).id)).toEqual(['h3', 'h2']);
  });

  it('reads the newest records in one backward request where the browser has getAllRecords, not a cursor step each', async () => {
    for (const record of [...records()].reverse()) await appendHistory(historyEntrySchema.parse(record), 1000);
    const byCursor = await readFirstPaint(2);
    const uninstall = installGetAllRecords();
    try {
      const cursors = vi.spyOn(IDBIndex.prototype, 'openCursor');
      const requests = vi.spyOn(IDBIndex.prototype as unknown as Required<WithRecords>, 'getAllRecords');
      const read = await readFirstPaint(2);
      expect(requests).toHaveBeenCalledTimes(1);
      expect(requests.mock.calls[0]![0]).toMatchObject({ count: 2, direction: 'prev' });
      expect(cursors).not.toHaveBeenCalled();
      expect(read.records).toEqual(byCursor.records);
      expect(read.records.map((r) => (r as { id: string }).id)).toEqual(['h3', 'h2']);
    } finally {
      uninstall();
    }
  });

  it('leaves to the React page what only it draws: a panel mode to choose, a balance difference, a record that does not read', () => {
    const read = { items: settled, records: records() };
    expect(firstStateOf(read)).not.toBeNull();
    expect(firstStateOf({ ...read, items: { ...settled, preferences: {} } })).toBeNull();
    expect(firstStateOf({ ...read, items: { ...settled, balance: { credits: 1, at: NOW, difference: { historyId: 'x' } } } })).toBeNull();
    expect(firstStateOf({ ...read, records: [...records(), { id: 'broken' }] })).toBeNull();
  });
});

describe('the popup’s first paint', () => {
  it('draws the balance, the lookup box and the recent names from the stored state, as real controls', () => {
    const root = firstPaint({ items: settled, records: records() });
    const inside = within(root);
    expect(inside.getByRole('heading', { name: 'Dossier', level: 1 })).toBeTruthy();
    expect(inside.getByText('120 credits')).toBeTruthy();
    expect(inside.getByRole('button', { name: 'Refreshing…' }).hasAttribute('disabled')).toBe(true);
    expect(inside.getByRole('textbox', { name: 'Profile URL, email, phone or “Full Name, Company”' })).toBeTruthy();
    const items = within(inside.getByRole('list', { name: 'Recent lookups' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.subject')!.textContent)).toEqual(['+14155550100', 'Maya Chen · Northwind Analytics']);
    expect(within(items[1]!).getByRole('link').getAttribute('href')).toMatch(/lookup-history\.html#h2$/);
    expect(inside.getByRole('button', { name: 'Contact book' })).toBeTruthy();
  });

  it('writes the same elements as the React balance and recent list', () => {
    // Both read the same instant: React's clock is the system's, the first paint's is given.
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const root = firstPaint({ items: settled, records: records() });
    const entries = records().map((r) => historyEntrySchema.parse(r));
    const balance = render(<CreditBalance balance={{ credits: 120, at: NOW - HOUR }} error={null} refreshing lowThreshold={50} onRefresh={() => {}} />);
    const recent = render(<RecentLookups entries={entries} />);
    const sections = root.querySelectorAll('section');
    // The age is the one thing that moves with the clock: both are read at the same instant here.
    const sameClock = (html: string) => html.replace(/\d+ hours? ago|just now/g, 'AGE');
    expect(sameClock(sections[0]!.outerHTML)).toBe(sameClock(balance.container.innerHTML));
    expect(sameClock(sections[2]!.outerHTML)).toBe(sameClock(recent.container.innerHTML));
  });

  it('speaks the stored language with its own few messages, and wears the stored theme', () => {
    const root = firstPaint({ items: { ...settled, language: 'de', theme: 'dark' }, records: [] });
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(within(root).getByRole('heading', { name: 'Credit-Guthaben' })).toBeTruthy();
    // Every message it shows is one it carries: no key shows through.
    expect(root.textContent).not.toMatch(/\b(app|balance|quick|recent|ops|outcome|time)\.\w+/);
  });

  it('does not draw when the popup has no key or a choice to offer', () => {
    const root = document.createElement('main');
    expect(drawFirstPaint(root, { read: { items: { ...settled, preferences: {} }, records: [] } })).toBe(false);
    expect(root.childElementCount).toBe(0);
  });
});

function ReactBox() {
  const [text, setText] = useState('');
  return (
    <main id="root">
      <a href="#elsewhere">Elsewhere</a>
      <label htmlFor="box">Name</label>
      <input id="box" value={text} onChange={(e) => setText(e.target.value)} />
      <output>{text.length}</output>
    </main>
  );
}

describe('the handover to the React page', () => {
  it('carries what was typed, the caret and the focus over to the React box', async () => {
    const firstPaintRoot = document.createElement('main');
    firstPaintRoot.innerHTML = '<a href="#elsewhere">Elsewhere</a><label for="fp">Name</label><input id="fp">';
    document.body.append(firstPaintRoot);
    const typed = firstPaintRoot.querySelector('input')!;
    typed.focus();
    typed.value = 'Maya Ch';
    typed.setSelectionRange(2, 4);

    const page = document.createElement('div');
    render(<ReactBox />, { container: page });
    handOver(firstPaintRoot, page);

    const box = await screen.findByRole('textbox', { name: 'Name' });
    expect(firstPaintRoot.isConnected).toBe(false);
    expect((box as HTMLInputElement).value).toBe('Maya Ch');
    // React heard it: its own state holds the text.
    expect(page.querySelector('output')!.textContent).toBe('7');
    expect(document.activeElement).toBe(box);
    expect([(box as HTMLInputElement).selectionStart, (box as HTMLInputElement).selectionEnd]).toEqual([2, 4]);
  });
});
