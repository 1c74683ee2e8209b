import { beforeEach, describe, expect, it } from 'vitest';
import { openBook, type BookPager, type BookQuery, type PagerOptions } from '@/lib/book/page/search';
import { distinctWords, intersectProbes } from '@/lib/book/page/word-probe';
import { BOB, MAYA, MAYA_NAMESAKE, NORTHWIND, person, putContacts } from '@/test/unit/book/book-fixtures';

/** Every page of a query: the ids in the order shown, and how many records the pages read. */
async function read(pager: BookPager, pageSize = 50): Promise<{ ids: string[]; scanned: number }> {
  const ids: string[] = [];
  let scanned = 0;
  for (;;) {
    const page = await pager.next(pageSize);
    ids.push(...page.contacts.map((c) => c.id));
    scanned += page.scanned;
    if (page.done) return { ids, scanned };
  }
}
const query = (text: string, kind: BookQuery['kind'] = null): BookQuery => ({ text, filters: {}, kind });
const all = async (text: string, options?: PagerOptions) => (await read(openBook(query(text), options))).ids;

describe('a query leads with its most selective word', { timeout: 30_000 }, () => {
  // A book where everyone works at Northwind, half of them named Maria, and three Mayas.
  const STAFF = 5_000;
  const staff = Array.from({ length: STAFF }, (_, i) =>
    person({ id: `person:s-${String(i).padStart(5, '0')}`, name: `${i % 2 ? 'Maria' : 'John'} Lee${i}`, company: 'Northwind Analytics', updatedAt: 10_000 + i }),
  );
  const mayas = [
    person({ id: 'person:maya-chen', name: 'Maya Chen', company: 'Northwind Analytics' }),
    person({ id: 'person:maya-stone', name: 'Maya Stone', company: 'Northwind Analytics' }),
    person({ id: 'person:maya-lopez', name: 'Maya Lopez', company: 'Contoso' }),
  ];
  beforeEach(() => putContacts([...staff, ...mayas]), 30_000);

  it('"maya northwind" reads the three Mayas, not the 5,000 at Northwind, whichever word is longer or first', async () => {
    for (const text of ['maya northwind', 'northwind maya', 'northwind analytics maya']) {
      const { ids, scanned } = await read(openBook(query(text)));
      expect(ids.sort(), text).toEqual(['person:maya-chen', 'person:maya-stone']);
      expect(scanned, text).toBeLessThanOrEqual(3);
    }
  });

  it('a word on a hundred people leads a word on thousands: "lee12 maria" reads Lee12…’s records, not Maria’s', async () => {
    // lee12…: 111 people (lee12, lee120…lee129, lee1200…lee1299), half of them Marias; maria: 2,500.
    const pager = openBook(query('maria lee12'));
    const first = await pager.next(20);
    expect(first.contacts).toHaveLength(20);
    expect(first.scanned).toBeLessThanOrEqual(2 * 20 + 8);
    const rest = await read(pager, 200);
    const ids = [...first.contacts.map((c) => c.id), ...rest.ids];
    const expected = staff.filter((_, i) => i % 2 === 1 && String(i).startsWith('12')).map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(expected.sort());
    expect(first.scanned + rest.scanned).toBeLessThanOrEqual(111);
  });

  it('two common words: the walk of the longest checks the other, each match once', async () => {
    // A probe of 50 entries calls both common: lee12… (111 people) is walked, John checked.
    const { ids, scanned } = await read(openBook(query('john lee12'), { probe: 50 }), 200);
    const expected = staff.filter((_, i) => i % 2 === 0 && String(i).startsWith('12')).map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(expected.sort());
    expect(scanned).toBe(111);
  });

  it('a one-letter query answers its first page after a page of reads, not a walk of everyone', async () => {
    const pager = openBook(query('m'));
    const first = await pager.next(20);
    expect(first.contacts).toHaveLength(20);
    expect(first.done).toBe(false);
    expect(first.scanned).toBeLessThanOrEqual(40);
    // The most common word alone, too.
    const common = await openBook(query('northwind')).next(20);
    expect(common.contacts).toHaveLength(20);
    expect(common.scanned).toBeLessThanOrEqual(40);
  });

  it('an aborted pager stops between two reads and answers nothing more', async () => {
    // A signal that turns aborted at the walk's tenth look at it, as a keystroke would mid-walk.
    let looks = 0;
    const controller = new AbortController();
    const signal = Object.assign(controller.signal, {
      throwIfAborted() {
        if (++looks >= 10) controller.abort();
        AbortSignal.prototype.throwIfAborted.call(controller.signal);
      },
    });
    const pager = openBook(query('northwind'), { signal, maxScan: 100_000 });
    await expect(pager.next(STAFF)).rejects.toMatchObject({ name: 'AbortError' });
    expect(looks).toBe(10);
    // Nothing more is read: the next page refuses at once.
    await expect(pager.next(20)).rejects.toMatchObject({ name: 'AbortError' });
    expect(looks).toBe(11);

    // Aborted while its words are being counted: its first page never reads a record.
    const early = new AbortController();
    const twoWords = openBook(query('maria northwind'), { signal: early.signal });
    const pending = twoWords.next(20);
    early.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('the words of a query', () => {
  beforeEach(() => putContacts([MAYA, MAYA_NAMESAKE, BOB, NORTHWIND]));

  it('all must match, each as the start of one of the contact’s words, emails, domains and phones as before', async () => {
    expect(await all('maya north')).toEqual([MAYA.id]);
    expect(await all('ma nor')).toEqual([MAYA.id]);
    expect(await all('maya.chen@ northwind')).toEqual([MAYA.id]);
    expect((await all('northwind.example st')).sort()).toEqual([BOB.id]);
    expect(await all('maya 0612')).toEqual([MAYA.id]);
    expect(await all('lopez 415')).toEqual([MAYA_NAMESAKE.id]);
    expect(await all('maya orthwind')).toEqual([]);
    expect(await all('maya may')).toEqual(await all('maya'));
    expect(await all('maya maya chen')).toEqual([MAYA.id]);
  });

  it('when every word is common, the walk of one word checks the others, with the same answers', async () => {
    // A probe of two index entries calls every word common here.
    const walk = { probe: 2 } satisfies PagerOptions;
    expect(await all('maya northwind', walk)).toEqual([MAYA.id]);
    expect((await all('north analytics', walk)).sort()).toEqual([MAYA.id, BOB.id, NORTHWIND.id].sort());
    expect(await all('maya nobody', walk)).toEqual([]);
  });

  it('each contact once, in the order of the most selective word’s index, the same on every read', async () => {
    const first = await all('north analytics');
    expect(first).toEqual(await all('north analytics'));
    expect(new Set(first).size).toBe(first.length);
    // Ordered as the index lists them: by the word that matched, then by id.
    expect(first).toEqual([NORTHWIND.id, BOB.id, MAYA.id]);
    // A tab keeps its kind.
    expect(await read(openBook(query('north analytics', 'company')))).toMatchObject({ ids: [NORTHWIND.id] });
  });

  it('a word that another word starts with, or typed twice, is looked up once', () => {
    expect(distinctWords(['maya', 'may', 'maya', 'chen', 'c'])).toEqual(['maya', 'chen']);
  });

  it('the intersection keeps the smallest complete set’s order and ignores words too common to list', () => {
    const probes = [
      { word: 'a', ids: ['x', 'y', 'z', 'w'], complete: true, sample: [] },
      { word: 'b', ids: ['z', 'x'], complete: true, sample: [] },
      { word: 'c', ids: ['y'], complete: false, sample: [] },
    ];
    expect(intersectProbes(probes)).toEqual(['z', 'x']);
    expect(intersectProbes([{ word: 'c', ids: ['y'], complete: false, sample: [] }])).toBeNull();
  });
});
