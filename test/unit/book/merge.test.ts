import { describe, expect, it } from 'vitest';
import type { EmailResult, Enrichment, Person, Phone } from '@/lib/enrichment/model';
import type { ContactAnswer } from '@/lib/book/answer';
import { mergeAnswer, mergeFact } from '@/lib/book/merge';
import { parseContact, type Contact, type PersonContact } from '@/lib/book/model';
import { answerOfEntry, answersOfCrmCheck } from '@/lib/book/from-history';
import { isPlainPerson } from '@/lib/book/page/first-read';
import { entry } from '@/test/unit/book/answer-fixtures';

/** An in-memory book with the store's look-up by identity key, to run merges in sequence. */
function book() {
  const contacts = new Map<string, Contact>();
  const lookup = async (keys: readonly string[]) => [...contacts.values()].filter((c) => c.keys.some((k) => keys.includes(k)));
  return {
    contacts,
    async add(answer: ContactAnswer) {
      const { upserts, removes } = await mergeAnswer(answer, lookup);
      removes.forEach((id) => contacts.delete(id));
      upserts.forEach((c) => contacts.set(c.id, c));
      return upserts;
    },
    people: () => [...contacts.values()].filter((c): c is PersonContact => c.kind === 'person'),
  };
}

const email = (address: string, status: EmailResult['status'] = 'verified'): EmailResult => ({ address, status, verified: status === 'verified' });
const phone = (e164: string, type?: Phone['type'], whatsapp?: boolean): Phone => ({ e164, international: e164, type, whatsapp });
const person = (over: Partial<Person>): Person => ({ urls: [], emails: [], phones: [], extra: {}, ...over });

function enrich(at: number, p: Partial<Person>, requestKeys: string[], company?: Enrichment['company']): ContactAnswer {
  return { op: 'enrichPerson', result: { person: person(p), company, extra: {} }, at, historyId: `h${at}`, paid: true, requestKeys, input: {} };
}

const MAYA = 'https://www.linkedin.com/in/maya-chen/';

describe('mergeFact', () => {
  const src = (at: number) => ({ op: 'enrichPerson', historyId: null, at, paid: true });
  it('shows the newer value and keeps the older one as an alternate', () => {
    const first = mergeFact(undefined, 'Head of Data', src(1));
    const second = mergeFact(first, 'VP Data', src(2));
    expect(second?.value).toBe('VP Data');
    expect(second?.alternates.map((a) => a.value)).toEqual(['Head of Data']);
  });
  it('keeps an older conflicting answer as an alternate, not shown', () => {
    const current = mergeFact(undefined, 'VP Data', src(5));
    const older = mergeFact(current, 'Head of Data', src(2));
    expect(older?.value).toBe('VP Data');
    expect(older?.alternates.map((a) => a.value)).toEqual(['Head of Data']);
  });
  it('treats case and accents as the same value', () => {
    const current = mergeFact(undefined, 'Zoë Martin', src(1));
    expect(mergeFact(current, 'zoe martin', src(2))?.alternates).toEqual([]);
  });
});

describe('one contact per person', () => {
  it('merges a full enrichment and a phone search about the same profile into one contact', async () => {
    const b = book();
    await b.add(enrich(1, { fullName: 'Maya Chen', networkUrl: MAYA, emails: [email('maya@northwind.example')] }, ['person:maya-chen'], { name: 'Northwind Analytics', domain: 'northwind.example', extra: {} }));
    await b.add({
      op: 'searchPhone',
      result: { person: person({ fullName: 'Maya Chen', networkUrl: MAYA, emails: [email('maya@northwind.example', 'unknown')], phones: [phone('+33612345678', 'mobile', true)] }), candidates: [], warnings: [], extra: {} },
      at: 2,
      historyId: 'h2',
      paid: true,
      requestKeys: ['person:maya-chen'],
      input: {},
    });
    const [maya, ...others] = b.people();
    expect(others).toEqual([]);
    expect(maya!.id).toBe('person:maya-chen');
    // The phone search repeated the email as unverified: it is listed once, still verified.
    expect(maya!.workEmails.map((e) => [e.address, e.grade])).toEqual([['maya@northwind.example', 'verified']]);
    expect(maya!.phones).toMatchObject([{ e164: '+33612345678', kind: 'mobile', whatsapp: true }]);
    expect(maya!.companyId).toBe('domain:northwind.example');
    expect(b.contacts.get('domain:northwind.example')?.kind).toBe('company');
  });

  it('a verified email beats an unverified one whatever the order of the answers', async () => {
    const b = book();
    await b.add(enrich(5, { fullName: 'Maya Chen', emails: [email('maya@northwind.example')] }, ['person:maya-chen']));
    await b.add({
      op: 'findWorkEmail',
      result: { status: 'most_probable', email: email('maya@northwind.example', 'most_probable'), candidates: [], patterns: [], extra: {} },
      at: 9,
      historyId: 'h9',
      paid: false,
      requestKeys: ['person:maya-chen'],
      input: { fullName: 'Maya Chen' },
    });
    expect(b.people()[0]!.workEmails[0]).toMatchObject({ grade: 'verified', foundAt: 5 });
  });

  it('finds a person again by a verified email, and re-keys a phone-only contact under the profile', async () => {
    const b = book();
    await b.add({
      op: 'reversePhone',
      result: { phone: phone('+14155550100'), person: person({ fullName: 'Sam Ortiz' }) },
      at: 1,
      historyId: 'h1',
      paid: true,
      requestKeys: ['phone:+14155550100'],
      input: {},
    });
    expect(b.people()[0]!.id).toBe('phone:+14155550100');
    await b.add(enrich(2, { fullName: 'Sam Ortiz', networkUrl: 'https://www.linkedin.com/in/sam-ortiz/', phones: [phone('+14155550100', 'landline')] }, ['person:sam-ortiz']));
    const people = b.people();
    expect(people).toHaveLength(1);
    expect(people[0]!.id).toBe('person:sam-ortiz');
    expect(people[0]!.phones[0]).toMatchObject({ kind: 'landline', foundAt: 1 });
  });

  it('never merges two different profiles, even when they share a phone', async () => {
    const b = book();
    await b.add(enrich(1, { fullName: 'Ana Ruiz', networkUrl: 'https://www.linkedin.com/in/ana-ruiz/', phones: [phone('+34910000000', 'work')] }, ['person:ana-ruiz']));
    await b.add(enrich(2, { fullName: 'Luis Gil', networkUrl: 'https://www.linkedin.com/in/luis-gil/', phones: [phone('+34910000000', 'work')] }, ['person:luis-gil']));
    expect(b.people().map((p) => p.id).sort()).toEqual(['person:ana-ruiz', 'person:luis-gil']);
  });

  it('keeps namesakes at the same company apart', async () => {
    const b = book();
    await b.add(enrich(1, { fullName: 'John Smith', networkUrl: 'https://www.linkedin.com/in/john-smith-1/' }, ['person:john-smith-1', 'name:john smith|acme']));
    await b.add(enrich(2, { fullName: 'John Smith', networkUrl: 'https://www.linkedin.com/in/john-smith-2/' }, ['person:john-smith-2', 'name:john smith|acme']));
    // A name-only lookup finds neither of them: it may be a third John Smith.
    await b.add({
      op: 'findWorkEmail',
      result: { status: 'most_probable', email: email('john.smith@acme.example', 'most_probable'), candidates: [], patterns: [], extra: {} },
      at: 3,
      historyId: 'h3',
      paid: false,
      requestKeys: ['name:john smith|acme'],
      input: { fullName: 'John Smith', company: 'Acme' },
    });
    const ids = b.people().map((p) => p.id).sort();
    expect(ids).toEqual(['name:john smith|acme', 'person:john-smith-1', 'person:john-smith-2']);
    expect(b.contacts.get('person:john-smith-1')!.keys).not.toContain('name:john smith|acme');
  });

  it('keeps a conflicting title as an alternate', async () => {
    const b = book();
    await b.add(enrich(1, { fullName: 'Maya Chen', jobTitle: 'Head of Data' }, ['person:maya-chen']));
    await b.add(enrich(2, { fullName: 'Maya Chen', jobTitle: 'VP Data' }, ['person:maya-chen']));
    const maya = b.people()[0]!;
    expect(maya.title?.value).toBe('VP Data');
    expect(maya.title?.alternates.map((a) => a.value)).toEqual(['Head of Data']);
  });

  it('a phone type stated by the gateway beats none; the card never needs "other"', async () => {
    const b = book();
    await b.add(enrich(1, { fullName: 'Maya Chen', phones: [phone('+33612345678', 'mobile')] }, ['person:maya-chen']));
    await b.add(enrich(2, { fullName: 'Maya Chen', phones: [phone('+33612345678', undefined)] }, ['person:maya-chen']));
    expect(b.people()[0]!.phones[0]!.kind).toBe('mobile');
  });

  it('files a personal email as personal and a company-domain email as work', async () => {
    const b = book();
    await b.add({
      op: 'searchPersonalEmail',
      result: { email: 'maya.chen@gmail.com', person: person({ fullName: 'Maya Chen', networkUrl: MAYA }), positions: [], schools: [] },
      at: 1,
      historyId: 'h1',
      paid: true,
      requestKeys: ['email:maya.chen@gmail.com'],
      input: { email: 'maya.chen@gmail.com' },
    });
    await b.add(enrich(2, { fullName: 'Maya Chen', networkUrl: MAYA, emails: [email('maya@northwind.example')] }, ['person:maya-chen'], { name: 'Northwind', domain: 'northwind.example', extra: {} }));
    const [maya, ...rest] = b.people();
    expect(rest).toEqual([]);
    expect(maya!.personalEmails.map((e) => e.address)).toEqual(['maya.chen@gmail.com']);
    expect(maya!.workEmails.map((e) => e.address)).toEqual(['maya@northwind.example']);
  });

  it("takes the gateway's word on an email's kind before its domain", async () => {
    const b = book();
    await b.add(enrich(1, { fullName: 'Maya Chen', emails: [{ ...email('maya@chen-family.example'), type: 'personal' }, { ...email('m.chen@gmail.com'), type: 'work' }] }, ['person:maya-chen']));
    const maya = b.people()[0]!;
    expect(maya.personalEmails.map((e) => e.address)).toEqual(['maya@chen-family.example']);
    expect(maya.workEmails.map((e) => e.address)).toEqual(['m.chen@gmail.com']);
  });

  it('the CRM check marks a known contact and creates no one', async () => {
    const b = book();
    const check = (at: number, keys: string[]): ContactAnswer => ({ op: 'crmCheck', result: { crm: 'hubspot', found: true, recordId: '42' }, at, historyId: null, paid: false, requestKeys: keys, input: {} });
    await b.add(check(1, ['person:nobody']));
    expect(b.contacts.size).toBe(0);
    await b.add(enrich(2, { fullName: 'Maya Chen' }, ['person:maya-chen']));
    await b.add(check(3, ['person:maya-chen']));
    expect(b.people()[0]!.crm).toMatchObject({ crm: 'hubspot', found: true, recordId: '42', checkedAt: 3 });
  });
});

describe('where each value came from', () => {
  const phoneSearch = (at: number, whatsapp: boolean | undefined, paid = true): ContactAnswer => ({
    op: 'searchPhone',
    result: { person: person({ fullName: 'Maya Chen', networkUrl: MAYA, phones: [phone('+33612345678', 'mobile', whatsapp)] }), candidates: [], warnings: [], extra: {} },
    at,
    historyId: `p${at}`,
    paid,
    requestKeys: ['person:maya-chen'],
    input: {},
  });

  it('every email, phone and fact carries the lookup, the entry, the date and whether it was paid', async () => {
    const b = book();
    await b.add(enrich(1, { fullName: 'Maya Chen', jobTitle: 'VP Data', networkUrl: MAYA, emails: [email('maya@northwind.example')] }, ['person:maya-chen']));
    await b.add(phoneSearch(2, true, false));
    const maya = b.people()[0]!;
    expect(maya.title?.source).toEqual({ op: 'enrichPerson', historyId: 'h1', at: 1, paid: true });
    expect(maya.workEmails[0]!.source).toEqual({ op: 'enrichPerson', historyId: 'h1', at: 1, paid: true });
    expect(maya.phones[0]!.source).toEqual({ op: 'searchPhone', historyId: 'p2', at: 2, paid: false });
  });

  it('keeps the WhatsApp check’s own date when a later lookup finds the number again without checking', async () => {
    const b = book();
    await b.add(phoneSearch(2, true));
    await b.add(phoneSearch(7, undefined));
    const number = b.people()[0]!.phones[0]!;
    expect(number.source.at).toBe(7);
    expect(number).toMatchObject({ whatsapp: true, whatsappCheckedAt: 2 });
  });

  it('a newer check moves the date; an older one changes nothing', async () => {
    const b = book();
    await b.add(phoneSearch(5, true));
    await b.add(phoneSearch(3, false));
    expect(b.people()[0]!.phones[0]).toMatchObject({ whatsapp: true, whatsappCheckedAt: 5 });
    await b.add(phoneSearch(9, false));
    expect(b.people()[0]!.phones[0]).toMatchObject({ whatsapp: false, whatsappCheckedAt: 9 });
  });

  it('a number nobody checked has no check date', async () => {
    const b = book();
    await b.add(phoneSearch(4, undefined));
    expect(b.people()[0]!.phones[0]).not.toHaveProperty('whatsappCheckedAt');
  });

  it('a record stored before the check date was kept still reads', () => {
    const old = {
      kind: 'person',
      id: 'person:maya-chen',
      keys: ['person:maya-chen'],
      words: ['maya'],
      tags: [],
      firstSeenAt: 1,
      updatedAt: 2,
      phones: [{ e164: '+33612345678', international: '+33 6 12 34 56 78', kind: 'mobile', whatsapp: true, foundAt: 1, source: { op: 'searchPhone', historyId: 'p1', at: 1, paid: true } }],
    };
    const read = parseContact(old);
    expect(read?.kind === 'person' && read.phones[0]).toMatchObject({ whatsapp: true });
    expect(read?.kind === 'person' && read.phones[0]!.whatsappCheckedAt).toBeUndefined();
    expect(isPlainPerson(old)).toBe(true);
    expect(isPlainPerson({ ...old, phones: [{ ...old.phones[0], whatsappCheckedAt: 'yesterday' }] })).toBe(false);
  });

  it('two contacts found to be one keep each phone’s check date, and invent none for a record stored without it', async () => {
    const b = book();
    const stored = (id: string, phones: PersonContact['phones']): PersonContact => ({ kind: 'person', id, keys: [id], words: [], tags: [], firstSeenAt: 1, updatedAt: 1, urls: [], workEmails: [], personalEmails: [], phones });
    const src = (at: number) => ({ op: 'searchPhone', historyId: `p${at}`, at, paid: true });
    // The undated one is on the contact joined into the other (the profile's is kept, the email's joins it).
    b.contacts.set('person:maya-chen', stored('person:maya-chen', [{ e164: '+33700000000', international: '+33 7 00 00 00 00', kind: 'mobile', whatsapp: false, whatsappCheckedAt: 2, foundAt: 2, source: src(8) }]));
    b.contacts.set('email:maya@northwind.example', stored('email:maya@northwind.example', [{ e164: '+33612345678', international: '+33 6 12 34 56 78', kind: 'mobile', whatsapp: true, foundAt: 1, source: src(6) }]));
    await b.add(enrich(9, { fullName: 'Maya Chen', networkUrl: MAYA, emails: [email('maya@northwind.example')] }, ['person:maya-chen', 'email:maya@northwind.example']));
    const [maya, ...others] = b.people();
    expect(others).toEqual([]);
    const byNumber = new Map(maya!.phones.map((p) => [p.e164, p]));
    expect(byNumber.get('+33612345678')).toMatchObject({ whatsapp: true });
    expect(byNumber.get('+33612345678')!.whatsappCheckedAt).toBeUndefined();
    expect(byNumber.get('+33700000000')).toMatchObject({ whatsapp: false, whatsappCheckedAt: 2 });
  });

  it('a repeat answered from the ledger is dated when it was paid and marked not charged', () => {
    const repeat = answerOfEntry(entry({ id: 'h5', outcome: 'cached', fromLedger: true, cost: 0, paidAt: 1_000, at: 9_000 }));
    expect(repeat).toMatchObject({ historyId: 'h5', at: 1_000, paid: false });
  });

  it('the CRM check writes no value, only whether the CRM knows them', async () => {
    const b = book();
    await b.add(enrich(1, { fullName: 'Maya Chen', networkUrl: MAYA, emails: [email('maya@northwind.example')] }, ['person:maya-chen']));
    const before = b.people()[0]!;
    const [check] = answersOfCrmCheck({ profileUrl: MAYA }, [{ target: 'hubspot', label: 'HubSpot', state: 'in_crm', recordUrl: null, message: null }], 50);
    await b.add(check!);
    const after = b.people()[0]!;
    expect(after.workEmails).toEqual(before.workEmails);
    expect(after.name).toEqual(before.name);
    expect(after.crm).toMatchObject({ crm: 'hubspot', found: true, checkedAt: 50 });
  });
});
