import { IDBCursor, IDBCursorWithValue, IDBIndex } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readBookFirst, type BookFirstRead } from '@/lib/book/page/first-read';
import type { CompanyContact, PersonContact } from '@/lib/book/model';
import { company, person, putContacts } from '@/test/unit/book/book-fixtures';

/**
 * The book's first read costs a few requests whatever the size of the book: the tags read by
 * seeking from one tag to the next (never stepping through the contacts that share one), the
 * newest people in one request where the browser reads an index backwards in one.
 */

type Native = IDBIndex & { getAllRecords?: unknown };
const recordsRead = (IDBIndex.prototype as Native).getAllRecords;

afterEach(() => {
  (IDBIndex.prototype as Native).getAllRecords = recordsRead;
});

/**
 * Every cursor move, with its cursor and key. Replaced for the whole file, not spied per test:
 * idb tells a cursor's moves by the identity of IDBCursor's methods, kept at its first use.
 */
const moves: { cursor: IDBCursor; key: unknown; how: 'continue' | 'advance' }[] = [];
const { continue: step, advance } = IDBCursor.prototype;
beforeAll(() => {
  IDBCursor.prototype.continue = function (this: IDBCursor, key?: IDBValidKey) {
    moves.push({ cursor: this, key, how: 'continue' });
    return step.call(this, key);
  };
  IDBCursor.prototype.advance = function (this: IDBCursor, count: number) {
    moves.push({ cursor: this, key: count, how: 'advance' });
    return advance.call(this, count);
  };
});
beforeEach(() => {
  moves.length = 0;
});
afterAll(() => {
  Object.assign(IDBCursor.prototype, { continue: step, advance });
});

/** A book whose newest contacts are `companies` companies, the people after them, the tags on many. */
function book(people: number, companies: number): (PersonContact | CompanyContact)[] {
  return [
    ...Array.from({ length: companies }, (_, i) => company({ id: `domain:c${i}.example`, name: `Company ${i}`, updatedAt: 1_000_000 - i })),
    ...Array.from({ length: people }, (_, i) =>
      person({ id: `person:p${i}`, name: `Person ${i}`, updatedAt: 500_000 - i, tags: [...(i % 2 ? ['Paris event'] : []), ...(i % 7 ? [] : ['VIP']), ...(i === 3 ? ['Zürich'] : [])] }),
    ),
  ];
}

const ids = (read: BookFirstRead) => read.people?.map((p) => (p as { id: string }).id) ?? null;

/** The first read without IDBIndex.getAllRecords, as where the browser has none (a cursor step each). */
async function readByCursor(limit?: number): Promise<BookFirstRead> {
  (IDBIndex.prototype as Native).getAllRecords = undefined;
  try {
    return await readBookFirst(limit);
  } finally {
    (IDBIndex.prototype as Native).getAllRecords = recordsRead;
  }
}

describe('the book’s first read, in requests', () => {
  it('seeks from one tag to the next instead of stepping through the contacts that share one', async () => {
    await putContacts(book(600, 0));
    const read = await readBookFirst();
    expect(read.tags).toEqual(['Paris event', 'VIP', 'Zürich']);
    // Each move of the tags' key cursor names the key it goes to (the walk's cursor has values).
    expect(moves.filter(({ cursor }) => !(cursor instanceof IDBCursorWithValue)).map(({ key }) => key)).toEqual(['Paris event\u0000', 'VIP\u0000', 'Zürich\u0000']);
  });

  it('reads the newest people of a large book in one request, no cursor stepped', async () => {
    await putContacts(book(3_000, 1));
    const batches = vi.spyOn(IDBIndex.prototype as Native & { getAllRecords: () => unknown }, 'getAllRecords');
    const cursors = vi.spyOn(IDBIndex.prototype, 'openCursor');
    const read = await readBookFirst();
    expect(ids(read)).toEqual(Array.from({ length: 20 }, (_, i) => `person:p${i}`));
    expect(read.done).toBe(false);
    expect(batches).toHaveBeenCalledTimes(1);
    expect(cursors).not.toHaveBeenCalled();
    expect(moves.filter(({ cursor }) => cursor instanceof IDBCursorWithValue)).toEqual([]);
  });

  it.each<[string, number, number, number | undefined, number | null, boolean]>([
    ['a small book, all of it read', 3, 1, undefined, 3, true],
    ['exactly a page', 20, 0, undefined, 20, false],
    ['a page and one more', 21, 0, undefined, 20, false],
    ['a page behind a few companies', 30, 6, undefined, 20, false],
    ['people behind more companies than one request reads', 30, 40, undefined, 20, false],
    ['people behind more companies than the scan budget', 5, 2_000, undefined, null, false],
    ['people just inside the scan budget', 30, 1_980, undefined, 20, false],
    ['no rows asked', 5, 1, 0, 0, false],
    ['a long page', 100, 3, 60, 60, false],
  ])('reads the same people, and says the same of the rest, as a cursor does: %s', async (_, people, companies, limit, rows, done) => {
    await putContacts(book(people, companies));
    const byCursor = await readByCursor(limit);
    const read = await readBookFirst(limit);
    expect(ids(read)).toEqual(rows === null ? null : Array.from({ length: rows }, (_, i) => `person:p${i}`));
    expect(read.done).toBe(done);
    expect(ids(read)).toEqual(ids(byCursor));
    expect(read.done).toBe(byCursor.done);
    expect(read.tags).toEqual(byCursor.tags);
  });
});
