import Papa from 'papaparse';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { HistoryEntry, LookupEntry } from '@/lib/history/entry';
import { CSV_COLUMNS, historyToCsv, historyToJson } from '@/lib/history/worker/export';
import {
  appendHistory,
  clearHistory,
  deleteHistoryEntries,
  purgeHistory,
  readHistory,
  replaceHistoryEntry,
} from '@/lib/history/worker/store';

const DAY = 86_400_000;

function entry(id: string, overrides: Partial<LookupEntry<'enrichPerson'>> = {}): LookupEntry<'enrichPerson'> {
  return {
    id,
    op: 'enrichPerson',
    subject: 'https://www.linkedin.com/in/jane-doe/',
    input: { data: 'https://www.linkedin.com/in/jane-doe/' },
    identity: 'person:jane-doe',
    outcome: 'paid',
    cost: 2,
    fromLedger: false,
    paidAt: null,
    at: 10 * DAY,
    pageUrl: null,
    error: null,
    ...overrides,
  };
}

describe('history store', () => {
  beforeEach(() => fakeBrowser.reset());

  it('records newest first and caps, dropping the oldest', async () => {
    for (let i = 0; i < 5; i++) await appendHistory(entry(`e${i}`, { at: i }), 3);
    expect((await readHistory()).map((e) => e.id)).toEqual(['e4', 'e3', 'e2']);
  });

  it('loses nothing under concurrent appends', async () => {
    await Promise.all(Array.from({ length: 30 }, (_, i) => appendHistory(entry(`c${i}`), 10_000)));
    expect(await readHistory()).toHaveLength(30);
  });

  it('deletes one by one or all, replaces in place', async () => {
    for (const [i, id] of ['a', 'b', 'c'].entries()) await appendHistory(entry(id, { at: i }), 100);
    await deleteHistoryEntries(['b']);
    expect((await readHistory()).map((e) => e.id)).toEqual(['c', 'a']);
    await replaceHistoryEntry('a', (e) => ({ ...e, outcome: 'failed', cost: 0 }));
    expect((await readHistory()).find((e) => e.id === 'a')).toMatchObject({ outcome: 'failed', cost: 0 });
    await clearHistory();
    expect(await readHistory()).toEqual([]);
  });

  it('purges by age', async () => {
    await appendHistory(entry('old', { at: 0 }), 100);
    await appendHistory(entry('new', { at: 30 * DAY }), 100);
    await purgeHistory(7, 31 * DAY);
    expect((await readHistory()).map((e) => e.id)).toEqual(['new']);
  });
});

describe('history export', () => {
  it('exports an answer this release cannot read as it was stored', () => {
    const stored = { person: { emails: 'not a list' } };
    const csv = Papa.parse<string[]>(historyToCsv([{ ...entry('old'), unreadableResult: stored }]), { skipEmptyLines: true });
    expect(csv.data[1]![9]).toBe(JSON.stringify(stored));
  });

  const entries = [
    entry('1', { result: { company: { name: 'Acme', extra: {} }, extra: {} } }),
    entry('2', { outcome: 'failed', cost: 0, error: { kind: 'timeout', message: 'The gateway took too long.' }, subject: '=HYPERLINK("x")' }),
    entry('3', { outcome: 'cached', cost: 0, fromLedger: true, paidAt: DAY, subject: 'Doe, Jane "JD"\nline' }),
  ];

  it('writes every entry with the documented columns, quoting and neutralising formulas', () => {
    const parsed = Papa.parse<string[]>(historyToCsv(entries), { skipEmptyLines: true });
    expect(parsed.data[0]).toEqual([...CSV_COLUMNS]);
    expect(parsed.data).toHaveLength(4);
    expect(parsed.data[1]).toEqual([new Date(10 * DAY).toISOString(), 'enrichPerson', entries[0]!.subject, 'paid', '2', 'no', '', '', '', '{"company":{"name":"Acme","extra":{}},"extra":{}}', '']);
    expect(parsed.data[2]![2]).toBe(`'=HYPERLINK("x")`);
    expect(parsed.data[2]![8]).toBe('The gateway took too long.');
    expect(parsed.data[3]!.slice(2, 7)).toEqual(['Doe, Jane "JD"\nline', 'cached', '0', 'yes', new Date(DAY).toISOString()]);
  });

  it('exports a balance difference, and the question it raises on a lookup, in the balance_check column', () => {
    const difference = { cause: 'repeat' as const, credits: 30, from: 1, to: 2, before: 100, after: 40, expected: 30, suspects: ['a'] };
    const rows = [
      { ...entries[0]!, id: 'd', op: 'balanceDifference', outcome: 'difference' as const, result: undefined, difference },
      { ...entries[0]!, chargeQuestion: { differenceId: 'd', cause: 'repeat' as const, credits: 30, at: 2 } },
    ] as HistoryEntry[];
    const parsed = Papa.parse<string[]>(historyToCsv(rows), { skipEmptyLines: true });
    const column = CSV_COLUMNS.indexOf('balance_check');
    expect(JSON.parse(parsed.data[1]![column]!)).toEqual(difference);
    expect(JSON.parse(parsed.data[2]![column]!)).toMatchObject({ differenceId: 'd', cause: 'repeat' });
  });

  it('writes JSON that reads back to the same entries', () => {
    expect(JSON.parse(historyToJson(entries))).toEqual({ format: 'dossier-history', version: 1, entries });
  });
});
