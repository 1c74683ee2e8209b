import { IDBIndex, IDBObjectStore } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { answersFromHistory } from '@/lib/book/from-history';
import type { Contact } from '@/lib/book/model';
import { clearContacts, readAllContacts, recordAnswers, trackBookKeys } from '@/lib/book/store';
import { historyEntrySchema, type HistoryEntry } from '@/lib/history/entry';
import { COUNTS_KEY } from '@/lib/book/counts';
import { META_STORE, withRecords } from '@/lib/platform/storage/vault';

/**
 * A history with what makes merging order-sensitive: people met first by phone alone (re-keyed
 * once their profile is known), the same person found by email, namesakes at one company with
 * different profiles, a company everyone shares, and newer answers that change a title.
 */
function history(): HistoryEntry[] {
  const out: unknown[] = [];
  const base = { outcome: 'paid', cost: 2, fromLedger: false, paidAt: null, pageUrl: null, error: null };
  for (let k = 0; k < 12; k++) {
    const profile = `https://www.linkedin.com/in/person-${k % 9}/`;
    const phone = { e164: `+3361234560${k % 9}`, international: `+33 6 12 34 56 0${k % 9}` };
    const company = { name: `Company ${k % 3}`, domain: `company-${k % 3}.example`, extra: {} };
    const person = (title: string) => ({
      fullName: k % 9 === 4 || k % 9 === 5 ? 'Sam Namesake' : `Person ${k % 9}`,
      jobTitle: title,
      companyName: company.name,
      networkUrl: profile,
      urls: [],
      emails: k % 2 ? [{ address: `p${k % 9}@company-${k % 3}.example`, status: 'verified', verified: true }] : [],
      phones: [{ ...phone, type: 'mobile' }],
      extra: {},
    });
    out.push({ ...base, id: `r${k}`, op: 'reversePhone', subject: phone.e164, input: { phone: phone.e164 }, identity: `phone:${phone.e164}`, at: 1_000 + k, result: { phone, person: { fullName: `Person ${k % 9}`, urls: [], emails: [], phones: [], extra: {} } } });
    out.push({ ...base, id: `e${k}`, op: 'enrichPerson', subject: profile, input: { profileUrl: profile }, identity: `person:person-${k % 9}`, at: 2_000 + k, result: { person: person(k < 9 ? 'Engineer' : 'Director'), company, extra: {} } });
    out.push({ ...base, id: `w${k}`, op: 'findWorkEmail', subject: `Person ${k % 9}`, input: { fullName: `Person ${k % 9}`, company: company.name }, identity: null, at: 3_000 + k, result: { status: 'verified', email: { address: `p${k % 9}@company-${k % 3}.example`, status: 'verified', verified: true }, candidates: [], domain: company.domain, extra: {} } });
  }
  return out.map((raw) => historyEntrySchema.parse(raw));
}

const byId = (list: Contact[]) => [...list].sort((a, b) => (a.id < b.id ? -1 : 1));

describe('the contact book takes a batch of answers in one transaction', () => {
  it('leaves the book exactly as merging the answers one by one does', async () => {
    const answers = answersFromHistory(history());
    expect(answers).toHaveLength(36);
    for (const answer of answers) await recordAnswers([answer]);
    const oneByOne = byId(await readAllContacts());
    await clearContacts();
    await recordAnswers(answers);
    expect(byId(await readAllContacts())).toEqual(oneByOne);
    // Re-keyed phone contacts are gone; nine people by profile (namesakes two of them), three companies.
    expect(oneByOne.filter((c) => c.id.startsWith('phone:'))).toEqual([]);
    expect(oneByOne.filter((c) => c.id.startsWith('person:'))).toHaveLength(9);
    expect(oneByOne.filter((c) => c.kind === 'company')).toHaveLength(3);
    // The tabs' counts, kept by the batch's write: what the book holds.
    expect(await withRecords((db) => db.get(META_STORE, COUNTS_KEY))).toEqual({ person: oneByOne.filter((c) => c.kind === 'person').length, company: 3 });
  });

  it('gives the same book again (merging is idempotent), so a batch given twice after a crash changes nothing', async () => {
    const answers = answersFromHistory(history());
    await recordAnswers(answers);
    const once = byId(await readAllContacts());
    await recordAnswers(answers);
    expect(byId(await readAllContacts())).toEqual(once);
  });

  it('reads each identity key once and writes each contact once, however many answers name it', async () => {
    const answers = answersFromHistory(history());
    const getAll = vi.spyOn(IDBIndex.prototype, 'getAll');
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    const written = await recordAnswers(answers);
    const keys = new Set(getAll.mock.calls.map(([key]) => String(key)));
    expect(getAll.mock.calls.length).toBe(keys.size);
    // One write per contact, and one of the book's counts (counts.ts), in the bookkeeping store.
    const contactPuts = put.mock.contexts.filter((store) => (store as IDBObjectStore).name === 'contacts');
    expect(contactPuts.length).toBe(written.length);
    expect(put.mock.calls.length).toBe(written.length + 1);
    expect(written.length).toBe((await readAllContacts()).length);
    // 36 answers about 9 people and 3 companies (each company named by 8 answers or more).
    expect(contactPuts.length).toBeLessThan(answers.length / 2);
  });

  it('is all or nothing: a failed write leaves the book as it was', async () => {
    const answers = answersFromHistory(history());
    await recordAnswers(answers.slice(0, 5));
    const before = byId(await readAllContacts());
    const put = IDBObjectStore.prototype.put;
    let puts = 0;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
      if (this.name === 'contacts' && ++puts === 3) throw new Error('worker stopped');
      return put.apply(this, args);
    });
    await expect(recordAnswers(answers)).rejects.toThrow();
    vi.restoreAllMocks();
    expect(byId(await readAllContacts())).toEqual(before);
  });
});

describe('while the history move tracks the book’s keys', () => {
  /** The book, and its counts, as merging every answer one by one without tracking leaves them. */
  async function reference(answers: ReturnType<typeof answersFromHistory>) {
    for (const answer of answers) await recordAnswers([answer]);
    const book = byId(await readAllContacts());
    const counts: unknown = await withRecords((db) => db.get(META_STORE, COUNTS_KEY));
    await clearContacts();
    return { book, counts };
  }

  it('reads no key and no record of people the book has never seen, and leaves the same book', async () => {
    const answers = answersFromHistory(history());
    const expected = await reference(answers);
    const stop = await trackBookKeys();
    const getAll = vi.spyOn(IDBIndex.prototype, 'getAll');
    const get = vi.spyOn(IDBObjectStore.prototype, 'get');
    await recordAnswers(answers);
    stop();
    expect(getAll).not.toHaveBeenCalled();
    expect(get.mock.contexts.filter((store) => (store as IDBObjectStore).name === 'contacts')).toEqual([]);
    vi.restoreAllMocks();
    expect(byId(await readAllContacts())).toEqual(expected.book);
    expect(await withRecords((db) => db.get(META_STORE, COUNTS_KEY))).toEqual(expected.counts);
  });

  it('finds what the book held before, what merges wrote while its keys were read, and what earlier batches wrote', async () => {
    const answers = answersFromHistory(history());
    const expected = await reference(answers);
    const thirds = [answers.slice(0, 12), answers.slice(12, 24), answers.slice(24)];
    for (const answer of thirds[0]!) await recordAnswers([answer]);
    // A lookup's merge made while the book's keys are being read.
    const [stop] = await Promise.all([trackBookKeys(), ...thirds[1]!.map((answer) => recordAnswers([answer]))]);
    const getAll = vi.spyOn(IDBIndex.prototype, 'getAll');
    await recordAnswers(thirds[2]!.slice(0, 6));
    await recordAnswers(thirds[2]!.slice(6));
    stop();
    // Still read: the keys of people met before.
    expect(getAll).toHaveBeenCalled();
    vi.restoreAllMocks();
    expect(byId(await readAllContacts())).toEqual(expected.book);
    expect(await withRecords((db) => db.get(META_STORE, COUNTS_KEY))).toEqual(expected.counts);
  });

  it('reads, before replacing it, a record whose keys do not name its id (written by hand): the counts stay right', async () => {
    const answers = answersFromHistory(history());
    await recordAnswers(answers);
    const [first] = byId(await readAllContacts()).filter((c) => c.kind === 'person');
    const counts: unknown = await withRecords((db) => db.get(META_STORE, COUNTS_KEY));
    await clearContacts();
    await withRecords(async (db) => {
      await db.put('contacts', { ...first!, keys: [] });
      await db.put(META_STORE, { person: 1, company: 0 }, COUNTS_KEY);
    });
    const stop = await trackBookKeys();
    await recordAnswers(answers);
    stop();
    expect(await withRecords((db) => db.get(META_STORE, COUNTS_KEY))).toEqual(counts);
  });
});
