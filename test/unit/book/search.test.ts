import { beforeEach, describe, expect, it } from 'vitest';
import { bookSize, countByKind, listTags, matchingIds, openBook, type BookFilters, type BookQuery, type ContactKind } from '@/lib/book/page/search';
import { tagContacts } from '@/lib/book/store';
import { BOB, MAYA, MAYA_NAMESAKE, NORTHWIND, person, putContacts } from '@/test/unit/book/book-fixtures';

/** Every page of a query, one contact id per match. */
async function all(text: string, filters: BookFilters = {}, pageSize = 50, kind: ContactKind | null = null): Promise<string[]> {
  const pager = openBook({ text, filters, kind });
  const ids: string[] = [];
  for (;;) {
    const page = await pager.next(pageSize);
    ids.push(...page.contacts.map((c) => c.id));
    if (page.done) return ids;
  }
}

describe('searching the contact book', () => {
  beforeEach(() => putContacts([MAYA, MAYA_NAMESAKE, BOB, NORTHWIND]));

  it('lists everyone newest first without a query', async () => {
    expect(await all('')).toEqual([MAYA.id, MAYA_NAMESAKE.id, BOB.id, NORTHWIND.id]);
    expect(await bookSize()).toBe(4);
  });

  it('lists people or companies apart (the two tabs), with or without a query or a tag, and counts each', async () => {
    expect(await all('', {}, 50, 'person')).toEqual([MAYA.id, MAYA_NAMESAKE.id, BOB.id]);
    expect(await all('', {}, 50, 'company')).toEqual([NORTHWIND.id]);
    expect((await all('northwind', {}, 50, 'person')).sort()).toEqual([MAYA.id, BOB.id].sort());
    expect(await all('northwind', {}, 50, 'company')).toEqual([NORTHWIND.id]);
    expect(await all('', { tag: 'Paris event' }, 50, 'company')).toEqual([]);
    expect(await countByKind()).toEqual({ person: 3, company: 1 });
    // "Select all matching" on a tab selects that tab's kind only.
    expect(await matchingIds({ text: '', filters: {}, kind: 'company' })).toEqual([NORTHWIND.id]);
    // A whole tab is read from the kind index's keys, a slice at a time, each id once.
    const people = [MAYA.id, MAYA_NAMESAKE.id, BOB.id].sort();
    for (const slice of [1, 2, 3, 10]) expect(await matchingIds({ text: '', filters: {}, kind: 'person' }, undefined, slice), `slices of ${slice}`).toEqual(people);
  });

  it('finds by name, by a prefix of it, whatever the case and accents', async () => {
    expect(await all('Chen')).toEqual([MAYA.id]);
    expect((await all('MAY')).sort()).toEqual([MAYA.id, MAYA_NAMESAKE.id].sort());
    expect(await all('chén')).toEqual([MAYA.id]);
  });

  it('finds by company, person and company alike', async () => {
    expect((await all('northwind')).sort()).toEqual([MAYA.id, BOB.id, NORTHWIND.id].sort());
  });

  it('finds by email, whole or by its start or its domain', async () => {
    expect(await all('maya.chen@northwind.example')).toEqual([MAYA.id]);
    expect(await all('maya.chen@')).toEqual([MAYA.id]);
    expect((await all('northwind.example')).sort()).toEqual([MAYA.id, BOB.id, NORTHWIND.id].sort());
  });

  it('finds by phone, international or national, with spaces', async () => {
    expect(await all('+33 6 12 34')).toEqual([MAYA.id]);
    expect(await all('06 12 34 56 78')).toEqual([MAYA.id]);
    expect(await all('415 555')).toEqual([MAYA_NAMESAKE.id]);
  });

  it('needs every word of a multi-word query, in any order', async () => {
    expect(await all('maya northwind')).toEqual([MAYA.id]);
    expect(await all('northwind maya')).toEqual([MAYA.id]);
    expect(await all('maya contoso')).toEqual([MAYA_NAMESAKE.id]);
    expect(await all('maya nobody')).toEqual([]);
  });

  it('lists a contact once even when several of its words match the prefix', async () => {
    // "maya", "maya.chen" and "maya.chen@northwind.example" all start with "maya".
    expect(await all('maya', {}, 1)).toHaveLength(2);
  });

  it('filters: verified email, mobile, in the CRM or not, tag, updated since', async () => {
    expect(await all('', { verifiedEmail: true })).toEqual([MAYA.id]);
    expect(await all('', { mobile: true })).toEqual([MAYA.id]);
    expect(await all('', { crm: 'in' })).toEqual([MAYA.id]);
    expect(await all('', { crm: 'out' })).toEqual([MAYA_NAMESAKE.id, BOB.id, NORTHWIND.id]);
    expect(await all('', { tag: 'Paris event' })).toEqual([MAYA.id]);
    expect(await all('', { updatedSince: 3_000 })).toEqual([MAYA.id, MAYA_NAMESAKE.id, BOB.id]);
    // With a query, the filters are checked on its candidates.
    expect(await all('northwind', { crm: 'out' })).toEqual(expect.arrayContaining([BOB.id, NORTHWIND.id]));
    expect(await all('northwind', { verifiedEmail: true, updatedSince: 1 })).toEqual([MAYA.id]);
    expect(await all('maya', { mobile: true, tag: 'Paris event' })).toEqual([MAYA.id]);
  });

  it('lists the tags in use, each once', async () => {
    await tagContacts([BOB.id], { add: ['Paris event', 'Follow up'] });
    expect(await listTags()).toEqual(['Follow up', 'Paris event']);
  });

  it('selects every match, not only the rows read so far', async () => {
    expect((await matchingIds({ text: '', filters: {} })).sort()).toEqual([MAYA.id, MAYA_NAMESAKE.id, BOB.id, NORTHWIND.id].sort());
    expect((await matchingIds({ text: 'northwind', filters: { crm: 'out' } })).sort()).toEqual([BOB.id, NORTHWIND.id].sort());
  });
});

describe('paging through a large book', () => {
  const SIZE = 1_230;
  // Half of them share one update time, as after tagging them in one go.
  const people = Array.from({ length: SIZE }, (_, i) =>
    person({ id: `person:p-${String(i).padStart(5, '0')}`, name: `Person ${i}`, company: i % 2 ? 'Odd Co' : 'Even Co', updatedAt: i % 2 ? 10_000 : i, tags: i % 100 === 0 ? ['Hundred'] : [] }),
  );
  beforeEach(() => putContacts(people));

  it('reads each contact once, newest first, through pages that resume where the last stopped', async () => {
    const ids = await all('', {}, 37);
    expect(ids).toHaveLength(SIZE);
    expect(new Set(ids).size).toBe(SIZE);
    const at = new Map(people.map((p) => [p.id, p.updatedAt]));
    for (let i = 1; i < ids.length; i++) expect(at.get(ids[i - 1]!)! >= at.get(ids[i]!)!).toBe(true);
  });

  it('pages a prefix search, each match once', async () => {
    const ids = await all('odd', {}, 29);
    expect(ids).toHaveLength(SIZE / 2);
    expect(new Set(ids).size).toBe(SIZE / 2);
  });

  it('answers the first page without reading the whole book', async () => {
    const page = await openBook({ text: '', filters: {} } satisfies BookQuery).next(20);
    expect(page.contacts).toHaveLength(20);
    expect(page.done).toBe(false);
  });

  it('a rare filter never holds one page for the whole book: it answers what it found and goes on', async () => {
    const pager = openBook({ text: 'person', filters: { tag: 'Hundred' } }, { maxScan: 100 });
    const first = await pager.next(50);
    expect(first.done).toBe(false);
    expect(first.contacts.length).toBeLessThan(13);
    expect(await all('person', { tag: 'Hundred' })).toHaveLength(13);
    // Without a query, a rare tag is read through its own index.
    expect(await all('', { tag: 'Hundred' })).toHaveLength(13);
  });
});
