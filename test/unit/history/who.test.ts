import { describe, expect, it } from 'vitest';
import { historyEntrySchema, type HistoryEntry } from '@/lib/history/entry';
import { entryName, recentPeople, whoOfEntry } from '@/lib/history/who';
import { summarise } from '@/lib/lookup/worker/summary';
import { mayaEnrichment, mayaPhones, MAYA_URL } from '@/test/unit/card/fixtures';

let clock = 1_000;
/** An entry as the history stores it, read back through its schema (which types the answer by operation). */
function entry(op: string, input: Record<string, unknown>, result: unknown, over: Record<string, unknown> = {}): HistoryEntry {
  clock += 1_000;
  return historyEntrySchema.parse({
    id: `h${clock}`,
    op,
    subject: String(input.profileUrl ?? input.phone ?? input.email ?? `${input.fullName}, ${input.company}`),
    input,
    identity: input.profileUrl ? 'person:maya-chen' : input.phone ? `phone:${input.phone}` : null,
    outcome: result === undefined ? 'miss' : 'paid',
    cost: result === undefined ? 0 : 2,
    fromLedger: false,
    paidAt: null,
    at: clock,
    pageUrl: null,
    result,
    error: null,
    ...over,
  });
}

const reverse = {
  phone: { e164: '+14155550110', international: '+1 415 555 0110', type: 'mobile' as const },
  person: { ...mayaEnrichment().person!, emails: [], phones: [] },
};

describe('naming a history entry', () => {
  it('names a failed lookup by what the page showed when the request knew no name; by its URL otherwise', () => {
    const failed = { outcome: 'failed', cost: 0, error: { kind: 'network', message: 'offline' } };
    const named = entry('enrichPerson', { profileUrl: MAYA_URL }, undefined, { ...failed, about: { name: 'Maya Chen', company: 'Northwind Analytics' } });
    expect(entryName(named)).toBe('Maya Chen · Northwind Analytics');
    expect(whoOfEntry(named)?.profileKey).toBe('person:maya-chen');
    expect(entryName(entry('enrichPerson', { profileUrl: MAYA_URL }, undefined, failed))).toBe(MAYA_URL);
    // A damaged record of it is left out, never a reason to lose the entry.
    expect(entryName(entry('enrichPerson', { profileUrl: MAYA_URL }, undefined, { ...failed, about: { name: 42 } }))).toBe(MAYA_URL);
  });

  it.each([
    ['a full enrichment', entry('enrichPerson', { profileUrl: MAYA_URL }, mayaEnrichment())],
    ['a phone search', entry('searchPhone', { profileUrl: MAYA_URL }, mayaPhones())],
    ['a reverse phone lookup', entry('reversePhone', { phone: '+14155550110' }, reverse)],
    ['a work email search (the name is what was asked)', entry('findWorkEmail', { fullName: 'Maya Chen', company: 'Northwind Analytics', profileUrl: MAYA_URL }, { status: 'verified', candidates: [], patterns: [], extra: {} })],
    ['a miss, by the name it asked about', entry('findWorkEmail', { fullName: 'Maya Chen', company: 'Northwind Analytics' }, undefined)],
    ['a microblog profile', entry('microblogProfile', { username: 'mayabuilds' }, { username: 'mayabuilds', person: mayaEnrichment().person })],
  ])('names the person of %s: "Maya Chen · Northwind Analytics"', (_, e) => {
    expect(entryName(e)).toBe('Maya Chen · Northwind Analytics');
  });

  it('falls back to the handle or subject only when nothing names anyone', () => {
    expect(entryName(entry('searchPhone', { profileUrl: MAYA_URL }, undefined))).toBe(MAYA_URL);
    expect(entryName(entry('microblogProfile', { username: 'nobody' }, { username: 'nobody' }))).toBe('@nobody');
    // An answer stored by an older release, in another shape: read as missing, never thrown.
    expect(entryName(entry('enrichPerson', { profileUrl: MAYA_URL }, { person: 'garbled' }))).toBe(MAYA_URL);
  });

  it('names a company by its name', () => {
    expect(entryName(entry('enrichCompany', { company: 'northwind-analytics.example' }, mayaEnrichment().company))).toBe('Northwind Analytics');
  });

  it('finds the profile behind a reverse phone answer, so that it joins the person’s other lookups', () => {
    expect(whoOfEntry(entry('reversePhone', { phone: '+14155550110' }, reverse))?.profileKey).toBe('person:maya-chen');
  });

  it('names the person in a notification', () => {
    const line = summarise({ status: 'paid', op: 'reversePhone', historyId: 'h', value: reverse, cost: 1, fromLedger: false, paidAt: null, refreshed: false });
    expect(line).toBe('Maya Chen · Northwind Analytics (1 credit)');
  });
});

describe('the popup’s recent people', () => {
  it('one line per person, newest first, with every lookup about them', () => {
    const maya = [
      entry('enrichPerson', { profileUrl: MAYA_URL }, mayaEnrichment()),
      entry('searchPhone', { profileUrl: MAYA_URL }, undefined),
    ];
    const alex = entry('enrichPerson', { email: 'alex@northwind.example' }, { person: { fullName: 'Alex Morgan', urls: [], emails: [], phones: [], extra: {} }, extra: {} }, { identity: 'email:alex@northwind.example' });
    const call = entry('reversePhone', { phone: '+14155550110' }, reverse);
    const unknown = entry('searchPhone', { email: 'ghost@nowhere.example' }, undefined, { identity: 'email:ghost@nowhere.example' });
    const newestFirst = [unknown, call, alex, ...maya].reverse().sort((a, b) => b.at - a.at);
    const people = recentPeople(newestFirst);
    expect(people.map((p) => [p.name, p.entries.map((e) => e.op)])).toEqual([
      [null, ['searchPhone']],
      ['Maya Chen · Northwind Analytics', ['reversePhone', 'searchPhone', 'enrichPerson']],
      ['Alex Morgan', ['enrichPerson']],
    ]);
    expect(people[0]!.keys).toEqual(['email:ghost@nowhere.example']);
    expect(people[1]!.credits).toBe(4);
  });

  it('lists at most `max` people', () => {
    const many = Array.from({ length: 30 }, (_, i) => entry('enrichPerson', { profileUrl: `https://www.linkedin.com/in/p${i}/` }, undefined, { identity: `person:p${i}` }));
    expect(recentPeople(many, 20)).toHaveLength(20);
  });
});
