import { beforeEach, describe, expect, it } from 'vitest';
import { contactMatches, matchingIds, openBook } from '@/lib/book/page/search';
import type { PersonContact } from '@/lib/book/model';
import { BOB, MAYA, MAYA_NAMESAKE, NORTHWIND, putContacts } from '@/test/unit/book/book-fixtures';

const BOB_MOVED: PersonContact = {
  ...BOB,
  jobChange: { kind: 'company', was: { company: 'Northwind Analytics' }, now: { company: 'Initech' }, seenAt: 9_000, profileUrl: 'https://www.linkedin.com/in/bob/', seenOn: 'profile' },
};

describe('the book’s "Changed jobs" filter', () => {
  beforeEach(() => putContacts([MAYA, MAYA_NAMESAKE, BOB_MOVED, NORTHWIND]));

  it('lists everyone with a recorded change, with or without a query', async () => {
    expect((await openBook({ text: '', filters: { changedJobs: true }, kind: 'person' }).next(50)).contacts.map((c) => c.id)).toEqual([BOB.id]);
    expect((await openBook({ text: 'northwind', filters: { changedJobs: true } }).next(50)).contacts.map((c) => c.id)).toEqual([BOB.id]);
    expect(await matchingIds({ text: '', filters: { changedJobs: true } })).toEqual([BOB.id]);
  });

  it('a contact with no change, or a company, is left out', () => {
    expect(contactMatches(MAYA, [], { changedJobs: true })).toBe(false);
    expect(contactMatches(NORTHWIND, [], { changedJobs: true })).toBe(false);
    expect(contactMatches(BOB_MOVED, [], { changedJobs: true })).toBe(true);
  });
});
