import { IDBIndex, IDBObjectStore } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { contactSchema } from '@/lib/book/model';
import { openBook } from '@/lib/book/page/search';
import { person, putContacts } from '@/test/unit/book/book-fixtures';

/**
 * The book's first rows (no query, the people's tab) cost the same whatever the size of the
 * book: one cursor of the update-time index, a screenful of records read, nothing counted first.
 */
describe('the contact book’s first rows', () => {
  it.each([100, 3_000])('reads a screenful of records, and counts nothing, in a book of %i', async (size) => {
    await putContacts(Array.from({ length: size }, (_, i) => person({ id: `person:p${i}`, name: `Person ${i}`, updatedAt: 1_000 + i })));
    const parsed = vi.spyOn(contactSchema, 'safeParse');
    const counts = [vi.spyOn(IDBIndex.prototype, 'count'), vi.spyOn(IDBObjectStore.prototype, 'count')];
    const wholeReads = [vi.spyOn(IDBIndex.prototype, 'getAll'), vi.spyOn(IDBObjectStore.prototype, 'getAll')];
    const page = await openBook({ text: '', filters: {}, kind: 'person' }).next(60);
    expect(page.contacts.map((c) => c.id)).toEqual(Array.from({ length: 60 }, (_, i) => `person:p${size - 1 - i}`));
    expect(parsed).toHaveBeenCalledTimes(60);
    for (const spy of [...counts, ...wholeReads]) expect(spy).not.toHaveBeenCalled();
  });
});
