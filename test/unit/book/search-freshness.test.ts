import { beforeEach, describe, expect, it } from 'vitest';
import { matchingIds, openBook, type BookFilters } from '@/lib/book/page/search';
import { DAY_MS } from '@/lib/book/freshness';
import { DEFAULT_PREFERENCES } from '@/lib/settings/preferences';
import { person, putContacts } from '@/test/unit/book/book-fixtures';
import type { PersonContact } from '@/lib/book/model';

const NOW = Date.UTC(2026, 10, 29);
const ages = DEFAULT_PREFERENCES.valueAge;
const stale: BookFilters = { freshness: { least: 'stale', now: NOW, ages } };
const ageingOrStale: BookFilters = { freshness: { least: 'ageing', now: NOW, ages } };

/** Someone whose values were all found `days` ago; `updatedAt` may be later (a tag, another lookup). */
function found(id: string, days: number, updatedDaysAgo = days): PersonContact {
  const at = NOW - days * DAY_MS;
  const contact = person({ id, name: `P ${id}`, emails: [{ address: `${id.replace(/\W/g, '')}@x.example`, grade: 'verified' }], updatedAt: at });
  return { ...contact, updatedAt: NOW - updatedDaysAgo * DAY_MS };
}

async function all(filters: BookFilters, pageSize = 50): Promise<{ ids: string[]; scanned: number[] }> {
  const pager = openBook({ text: '', filters, kind: 'person' });
  const ids: string[] = [];
  const scanned: number[] = [];
  for (;;) {
    const page = await pager.next(pageSize);
    ids.push(...page.contacts.map((c) => c.id));
    scanned.push(page.scanned);
    if (page.done) return { ids, scanned };
  }
}

describe('the book’s freshness filter', () => {
  // 1,000 people found in the last month, 200 found 200 days ago (their email stale), 100 found
  // 120 days ago (ageing), and one found long ago but tagged yesterday (updated lately).
  const fresh = Array.from({ length: 1_000 }, (_, i) => found(`person:fresh-${i}`, 1 + (i % 28)));
  const old = Array.from({ length: 200 }, (_, i) => found(`person:old-${i}`, 200 + (i % 50)));
  const ageing = Array.from({ length: 100 }, (_, i) => found(`person:ageing-${i}`, 100 + (i % 20)));
  const tagged = found('person:tagged-lately', 300, 1);
  beforeEach(() => putContacts([...fresh, ...old, ...ageing, tagged]));

  it('“Stale” lists exactly the people with a stale value, the longest untouched first', async () => {
    const { ids } = await all(stale);
    expect(new Set(ids)).toEqual(new Set([...old.map((c) => c.id), tagged.id]));
    expect(ids.length).toBe(201);
    const oldest = Math.min(...old.map((o) => o.updatedAt));
    expect(old.filter((c) => c.updatedAt === oldest).map((c) => c.id)).toContain(ids[0]);
  });

  it('“Ageing or stale” adds the ageing ones', async () => {
    const { ids } = await all(ageingOrStale);
    expect(ids.length).toBe(301);
    expect(ids.some((id) => id.startsWith('person:fresh-'))).toBe(false);
  });

  it('a page reads about its rows, not the book: the stale ones are found from the oldest up', async () => {
    const pager = openBook({ text: '', filters: stale, kind: 'person' });
    const first = await pager.next(50);
    expect(first.contacts).toHaveLength(50);
    expect(first.scanned).toBeLessThanOrEqual(50 * 1.25 + 8);
    const second = await pager.next(50);
    expect(second.contacts).toHaveLength(50);
    expect(second.scanned).toBeLessThanOrEqual(60);
  });

  it('follows the user’s ages and combines with a search', async () => {
    const longer = { ...ages, email: { ageingDays: 400, staleDays: 500 }, role: { ageingDays: 400, staleDays: 500 } };
    expect((await all({ freshness: { least: 'stale', now: NOW, ages: longer } })).ids).toEqual([]);
    const pager = openBook({ text: 'tagged', filters: stale, kind: 'person' });
    expect((await pager.next(50)).contacts.map((c) => c.id)).toEqual([tagged.id]);
    expect((await matchingIds({ text: '', filters: stale, kind: 'person' })).length).toBe(201);
  });
});
