import { IDBCursor } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openBook, type BookPager, type BookQuery, type PagerOptions } from '@/lib/book/page/search';
import { company, person, putContacts } from '@/test/unit/book/book-fixtures';

/**
 * A keystroke's first page (a screenful, 20 rows) reads a bounded number of records however the
 * index lists them: in one request when its word's first entries match, and past the runs that
 * cannot (another tab's ids, a word whose first contacts lack the other word).
 */
const SCREEN = 20;
const query = (text: string, kind: BookQuery['kind'] = null): BookQuery => ({ text, filters: {}, kind });

async function readAll(pager: BookPager): Promise<string[]> {
  const ids: string[] = [];
  for (;;) {
    const page = await pager.next(50);
    ids.push(...page.contacts.map((c) => c.id));
    if (page.done) return ids;
  }
}

describe('a keystroke’s first page', { timeout: 30_000 }, () => {
  // 600 "… Analytics" companies (their ids, domain:…, come first in the word's run), then 600
  // people at Northwind Analytics: the Johns' ids (person:a…) before the Marias' (person:m…).
  const companies = Array.from({ length: 600 }, (_, i) => company({ id: `domain:c${String(i).padStart(4, '0')}.example`, name: `C${i} Analytics`, updatedAt: 500 + i }));
  const johns = Array.from({ length: 500 }, (_, i) => person({ id: `person:a-john-${String(i).padStart(4, '0')}`, name: `John Lee${i}`, company: 'Northwind Analytics', updatedAt: 2_000 + i }));
  const marias = Array.from({ length: 100 }, (_, i) => person({ id: `person:m-maria-${String(i).padStart(4, '0')}`, name: `Maria Roe${i}`, company: 'Northwind Analytics', updatedAt: 3_000 + i }));
  beforeEach(() => putContacts([...companies, ...johns, ...marias]), 30_000);

  it('reads a common word’s screenful in one request, no cursor step', async () => {
    const steps = vi.spyOn(IDBCursor.prototype, 'continue');
    const page = await openBook(query('lee')).next(SCREEN);
    expect(page.contacts).toHaveLength(SCREEN);
    expect(page.scanned).toBeLessThanOrEqual(2 * SCREEN);
    expect(steps).not.toHaveBeenCalled();
  });

  it('on the people’s tab, jumps past the companies listed first under the word', async () => {
    const pager = openBook(query('analytics', 'person'));
    const page = await pager.next(SCREEN);
    expect(page.contacts).toHaveLength(SCREEN);
    expect(page.contacts.every((c) => c.kind === 'person')).toBe(true);
    expect(page.scanned).toBeLessThanOrEqual(4 * SCREEN);
    // The whole tab is every person, each once, as a walk that reads every entry finds them.
    const rest = await readAll(pager);
    expect([...page.contacts.map((c) => c.id), ...rest].sort()).toEqual([...johns, ...marias].map((p) => p.id).sort());
    // And the companies' tab reads past the people to the next word.
    expect((await readAll(openBook(query('analytics', 'company')))).sort()).toEqual(companies.map((c) => c.id).sort());
  });

  it('two common words: walks the word whose first contacts match, not the one whose first hundreds do not', async () => {
    // Probes of 50 entries call both words common; "northwind"'s run starts with 500 Johns.
    const options: PagerOptions = { probe: 50 };
    const pager = openBook(query('maria northwind', 'person'), options);
    const page = await pager.next(SCREEN);
    expect(page.contacts).toHaveLength(SCREEN);
    expect(page.scanned).toBeLessThanOrEqual(4 * SCREEN);
    const rest = await readAll(pager);
    const ids = [...page.contacts.map((c) => c.id), ...rest];
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(marias.map((p) => p.id).sort());
  });
});
