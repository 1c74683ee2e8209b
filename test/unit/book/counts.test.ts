import { IDBIndex } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { answerOfEntry } from '@/lib/book/from-history';
import { COUNTS_KEY } from '@/lib/book/counts';
import { countByKind } from '@/lib/book/page/search';
import { clearContacts, forgetContacts, recordAnswers, tagContacts } from '@/lib/book/store';
import { META_STORE, withRecords } from '@/lib/platform/storage/vault';
import { MAYA, NORTHWIND, putContacts } from '@/test/unit/book/book-fixtures';
import { entry, phoneAnswer } from '@/test/unit/book/answer-fixtures';

/** What the `kind` index holds: what the stored count must always equal. */
async function indexCounts() {
  return withRecords(async (db) => ({ person: await db.countFromIndex('contacts', 'kind', 'person'), company: await db.countFromIndex('contacts', 'kind', 'company') }));
}

const stored = () => withRecords((db) => db.get(META_STORE, COUNTS_KEY));

/** The tabs' counts as the book reads them, checked against the index, read without counting the index. */
async function bookCounts() {
  const truth = await indexCounts();
  const counted = vi.spyOn(IDBIndex.prototype, 'count');
  const counts = await countByKind();
  expect(counted).not.toHaveBeenCalled();
  counted.mockRestore();
  expect(counts).toEqual(truth);
  return counts;
}

const maya = () => answerOfEntry(entry({}))!;
const reversePhone = () =>
  answerOfEntry(
    entry({ id: 'r1', op: 'reversePhone', input: { phone: '+33612345678' }, identity: 'phone:+33612345678', result: { phone: { e164: '+33612345678', international: '+33 6 12 34 56 78' }, person: { fullName: 'Maya Chen', urls: [], emails: [], phones: [], extra: {} } } }),
  )!;

describe('the book’s counts of people and companies, kept beside it', () => {
  it('follow an added person and company, a merge into them, a tag, and a forget', async () => {
    await recordAnswers([maya()]);
    expect(await bookCounts()).toEqual({ person: 1, company: 1 });
    // The same person again, with a phone: merged, not added.
    await recordAnswers([answerOfEntry(phoneAnswer)!]);
    expect(await bookCounts()).toEqual({ person: 1, company: 1 });
    await tagContacts(['person:maya-chen'], { add: ['Paris event'] });
    expect(await bookCounts()).toEqual({ person: 1, company: 1 });
    await forgetContacts(['person:maya-chen', 'person:nobody']);
    expect(await bookCounts()).toEqual({ person: 0, company: 1 });
  });

  it('follow a merge that files one record under another (the old one deleted)', async () => {
    await recordAnswers([reversePhone()]);
    expect(await bookCounts()).toEqual({ person: 1, company: 0 });
    await recordAnswers([answerOfEntry(phoneAnswer)!]);
    expect(await bookCounts()).toEqual({ person: 1, company: 0 });
  });

  it('follow a batch (the history move) whose answers add, merge and re-key in one write', async () => {
    await recordAnswers([reversePhone(), maya(), answerOfEntry(phoneAnswer)!, answerOfEntry(entry({ id: 'h9', subject: 'x', input: { profileUrl: 'https://www.linkedin.com/in/bob/' }, identity: 'person:bob', result: { person: { fullName: 'Bob Stone', networkUrl: 'https://www.linkedin.com/in/bob/', urls: [], emails: [], phones: [], extra: {} }, extra: {} } }))!]);
    expect(await bookCounts()).toEqual(await indexCounts());
    expect((await indexCounts()).person).toBeGreaterThanOrEqual(2);
  });

  it('are zero after delete-all, and count again from there', async () => {
    await recordAnswers([maya()]);
    await clearContacts();
    expect(await stored()).toEqual({ person: 0, company: 0 });
    expect(await bookCounts()).toEqual({ person: 0, company: 0 });
    await recordAnswers([maya()]);
    expect(await bookCounts()).toEqual({ person: 1, company: 1 });
  });

  it('never stored (a profile from before them, a tool’s writes): counted from the index once, then read', async () => {
    await putContacts([MAYA, NORTHWIND]);
    expect(await stored()).toBeUndefined();
    const counted = vi.spyOn(IDBIndex.prototype, 'count');
    expect(await countByKind()).toEqual({ person: 1, company: 1 });
    expect(counted).toHaveBeenCalledTimes(2);
    expect(await stored()).toEqual({ person: 1, company: 1 });
    expect(await countByKind()).toEqual({ person: 1, company: 1 });
    expect(counted).toHaveBeenCalledTimes(2);
  });

  it('never stored, then a write: the write counts the index once and stores the count with its change in it', async () => {
    await putContacts([NORTHWIND]);
    await recordAnswers([maya()]);
    expect(await stored()).toEqual(await indexCounts());
    expect(await bookCounts()).toEqual(await indexCounts());
  });

  it('a stored value that is not a count is counted again', async () => {
    await putContacts([MAYA]);
    await withRecords((db) => db.put(META_STORE, { person: -3, company: 'x' }, COUNTS_KEY));
    expect(await countByKind()).toEqual({ person: 1, company: 0 });
    expect(await stored()).toEqual({ person: 1, company: 0 });
  });
});
