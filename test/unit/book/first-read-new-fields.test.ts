import { describe, expect, it } from 'vitest';
import { parseContact, type PersonContact } from '@/lib/book/model';
import { isPlainPerson } from '@/lib/book/page/first-read';

const MAYA: PersonContact = { kind: 'person', id: 'person:maya-chen', keys: ['person:maya-chen'], words: ['maya'], tags: [], firstSeenAt: 1, updatedAt: 2, urls: [], workEmails: [], personalEmails: [], phones: [] };
const CHANGE = { kind: 'company', was: { title: 'VP', company: 'Northwind' }, now: { company: 'Initech' }, seenAt: 3, profileUrl: 'https://www.linkedin.com/in/maya-chen/', seenOn: 'profile' } as const;
const NOTICE = { text: 'Information…', language: 'fr', preparedAt: 4 };

describe('the book’s first paint and the fields issue 29 added', () => {
  it('draws a person with a job change and a notice the worker wrote', () => {
    expect(isPlainPerson({ ...MAYA, jobChange: CHANGE, notice: NOTICE })).toBe(true);
  });

  it('leaves to React (and its schema, which drops them) a job change or a notice of another shape', () => {
    expect(isPlainPerson({ ...MAYA, jobChange: { kind: 'company', now: {}, seenAt: 3 } })).toBe(false);
    expect(isPlainPerson({ ...MAYA, notice: { text: 42 } })).toBe(false);
  });

  it('keeps the contact when its notice no longer reads, and drops only the notice', () => {
    const read = parseContact({ ...MAYA, notice: { text: '', language: 'fr' } });
    expect(read?.id).toBe(MAYA.id);
    expect(read?.kind === 'person' && read.notice).toBeUndefined();
  });
});
