import { IDBDatabase, IDBIndex, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contactSchema } from '@/lib/book/model';
import { openBook, type BookPager, type BookQuery, type PagerOptions } from '@/lib/book/page/search';
import { ProbeMemory, probeWords } from '@/lib/book/page/word-probe';
import { company, person, putContacts } from '@/test/unit/book/book-fixtures';
import { installGetAllRecords, type WithRecords } from '@/test/unit/platform/storage/get-all-records';

/**
 * How many requests a keystroke's first screenful costs: the probes of its words and their
 * samples in one round trip, a rare word's records not read twice, the newest contacts in one
 * backward request where the browser has one, and no record parsed that the tab leaves out.
 * Whatever the reads, the rows and their order are those a full walk finds.
 */
const SCREEN = 20;
const query = (text: string, kind: BookQuery['kind'] = null): BookQuery => ({ text, filters: {}, kind });

async function readAll(pager: BookPager, first = SCREEN): Promise<string[]> {
  const ids: string[] = [];
  for (let size = first; ; size = 50) {
    const page = await pager.next(size);
    ids.push(...page.contacts.map((c) => c.id));
    if (page.done) return ids;
  }
}

describe('a keystroke’s reads', { timeout: 30_000 }, () => {
  // Three contacts per update time (a tag put on several at once), so pages resume inside a tie.
  const companies = Array.from({ length: 60 }, (_, i) => company({ id: `domain:c${String(i).padStart(3, '0')}.example`, name: `C${i} Analytics`, updatedAt: 500 + Math.floor(i / 3) }));
  const johns = Array.from({ length: 300 }, (_, i) => person({ id: `person:a-john-${String(i).padStart(4, '0')}`, name: `John Lee${i}`, company: 'Northwind Analytics', updatedAt: 2_000 + Math.floor(i / 3) }));
  const marias = Array.from({ length: 100 }, (_, i) => person({ id: `person:m-maria-${String(i).padStart(4, '0')}`, name: `Maria Roe${i}`, company: 'Northwind Analytics', updatedAt: 3_000 + Math.floor(i / 3) }));
  beforeEach(() => putContacts([...companies, ...johns, ...marias]), 30_000);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('two common words: the probes and their samples are one transaction, and the first page comes from the sample', async () => {
    // Probes of 50 entries call both words common.
    const options: PagerOptions = { probe: 50 };
    // The walk's order: "maria"'s range, by id (each Maria's only word starting with "maria").
    const expected = marias.map((m) => m.id);
    const transactions = vi.spyOn(IDBDatabase.prototype, 'transaction');
    const getAll = vi.spyOn(IDBIndex.prototype, 'getAll');
    const pager = openBook(query('maria northwind', 'person'), options);
    const page = await pager.next(SCREEN);
    expect(page.contacts).toHaveLength(SCREEN);
    // One sample per word, nothing more; at most the probes' transaction and the page's own.
    expect(getAll).toHaveBeenCalledTimes(2);
    expect(transactions.mock.calls.length).toBeLessThanOrEqual(2);
    expect([...page.contacts.map((c) => c.id), ...(await readAll(pager, 50))]).toEqual(expected);
  });

  it('typing on: a word already probed since the book last changed is not probed again, and the rows are those a fresh read gives', async () => {
    const memory = new ProbeMemory();
    const typed = ['maria n', 'maria no', 'maria nor', 'maria northwind'];
    const getAllKeys = vi.spyOn(IDBIndex.prototype, 'getAllKeys');
    const remembered: string[][] = [];
    for (const text of typed) remembered.push(await readAll(openBook(query(text, 'person'), { probe: 50, memory })));
    // "maria" once, then only the word being typed: 1 + 1 + 1 + 1 + 1 key reads, not 2 at each key.
    const probed = getAllKeys.mock.calls.map((call) => String((call[0] as IDBKeyRange).lower));
    expect(probed.filter((word) => word === 'maria')).toHaveLength(1);
    expect(probed).toHaveLength(typed.length + 1);
    getAllKeys.mockClear();
    const fresh: string[][] = [];
    for (const text of typed) fresh.push(await readAll(openBook(query(text, 'person'), { probe: 50 })));
    expect(remembered).toEqual(fresh);
    // The book changed: every word is read again.
    memory.clear();
    getAllKeys.mockClear();
    await openBook(query('maria northwind', 'person'), { probe: 50, memory }).next(SCREEN);
    expect(getAllKeys).toHaveBeenCalledTimes(2);
  });

  it('a probe read while the book changed is not kept', async () => {
    const memory = new ProbeMemory();
    const reading = probeWords(['maria', 'northwind'], 50, 60, memory);
    memory.clear();
    await reading;
    const getAllKeys = vi.spyOn(IDBIndex.prototype, 'getAllKeys');
    await probeWords(['maria', 'northwind'], 50, 60, memory);
    expect(getAllKeys).toHaveBeenCalledTimes(2);
  });

  it('a rare word and a common one: the common word is probed by its keys alone, none of its records read', async () => {
    // "roe1" is rare (Roe1, Roe10 to Roe19), "northwind" common for probes of 50 entries.
    const expected = marias.filter((m) => /^Maria Roe1\d?$/.test(m.name!.value)).map((m) => m.id);
    const getAll = vi.spyOn(IDBIndex.prototype, 'getAll');
    const ids = await readAll(openBook(query('roe1 northwind', 'person'), { probe: 50 }));
    expect(ids).toEqual(expected);
    // The rare word's sample, its whole range; nothing of the common word's range.
    expect(getAll).toHaveBeenCalledTimes(1);
    expect(IDBKeyRange.bound('roe1', 'roe1\uffff').includes(String((getAll.mock.calls[0]![0] as IDBKeyRange).lower))).toBe(true);
  });

  it('a rare word: its records come with its probe, none read again by id', async () => {
    const expected = marias.filter((m) => /^Maria Roe1\d?$/.test(m.name!.value)).map((m) => m.id);
    const gets = vi.spyOn(IDBObjectStore.prototype, 'get');
    const ids = await readAll(openBook(query('maria roe1', 'person')));
    expect(ids).toEqual(expected);
    expect(gets).not.toHaveBeenCalled();
  });

  it('the newest contacts: one backward request where the browser has getAllRecords, the same rows as by cursor', async () => {
    for (const kind of ['person', 'company', null] as const) {
      const byCursor = await readAll(openBook(query('', kind)));
      const uninstall = installGetAllRecords();
      try {
        const cursors = vi.spyOn(IDBIndex.prototype, 'openCursor');
        const records = vi.spyOn(IDBIndex.prototype as unknown as Required<WithRecords>, 'getAllRecords');
        const pager = openBook(query('', kind));
        const page = await pager.next(SCREEN);
        expect(records).toHaveBeenCalledTimes(1);
        expect(records.mock.calls[0]![0]).toMatchObject({ direction: 'prev' });
        // The companies here are the oldest, past a first request's bound: read on by cursor.
        if (kind !== 'company') expect(cursors).not.toHaveBeenCalled();
        expect([...page.contacts.map((c) => c.id), ...(await readAll(pager, 50))]).toEqual(byCursor);
        vi.restoreAllMocks();
      } finally {
        uninstall();
      }
    }
  });

  it('parses only the records of the tab shown: the newest companies read past the people unparsed', async () => {
    const parsed = vi.spyOn(contactSchema, 'safeParse');
    const page = await openBook(query('', 'company')).next(SCREEN);
    expect(page.contacts.map((c) => c.id)).toEqual([...companies].reverse().slice(0, SCREEN).map((c) => c.id));
    expect(parsed).toHaveBeenCalledTimes(SCREEN);
  });
});
