import { describe, expect, it } from 'vitest';
import { agesOf, contactFreshness, DAY_MS, freshnessOf, saidAt, staleEmails } from '@/lib/book/freshness';
import { ageWords, staleWarning } from '@/lib/book/freshness-words';
import { DEFAULT_PREFERENCES, DEFAULT_VALUE_AGES, readPreferences } from '@/lib/settings/preferences';
import type { CompanyContact, EmailFact, PersonContact } from '@/lib/book/model';

const NOW = Date.UTC(2026, 10, 29, 12);
const daysAgo = (days: number) => NOW - days * DAY_MS;
const source = (at: number) => ({ op: 'enrichPerson', historyId: null, at, paid: true });
const email = (address: string, foundAt: number, at = foundAt): EmailFact => ({ address, kind: 'work', grade: 'verified', foundAt, source: source(at) });

function person(over: Partial<PersonContact> = {}): PersonContact {
  return { kind: 'person', id: 'person:maya', keys: ['person:maya'], words: [], tags: [], firstSeenAt: 0, updatedAt: NOW, urls: [], workEmails: [], personalEmails: [], phones: [], ...over };
}

describe('freshnessOf: each kind by its own ages', () => {
  it.each([
    ['email', 89, 'fresh'],
    ['email', 90, 'ageing'],
    ['email', 179, 'ageing'],
    ['email', 180, 'stale'],
    ['phone', 59, 'fresh'],
    ['phone', 60, 'ageing'],
    ['phone', 120, 'stale'],
    ['role', 119, 'fresh'],
    ['role', 120, 'ageing'],
    ['role', 240, 'stale'],
    ['company', 179, 'fresh'],
    ['company', 364, 'ageing'],
    ['company', 365, 'stale'],
  ] as const)('%s found %i days ago is %s with the default ages', (kind, days, state) => {
    expect(freshnessOf(kind, daysAgo(days), NOW, DEFAULT_PREFERENCES.valueAge)).toBe(state);
  });

  it('turns at the exact millisecond of its age, not a day later', () => {
    const ages = { ...DEFAULT_VALUE_AGES, email: { ageingDays: 10, staleDays: 20 } };
    expect(freshnessOf('email', NOW - 10 * DAY_MS + 1, NOW, ages)).toBe('fresh');
    expect(freshnessOf('email', NOW - 10 * DAY_MS, NOW, ages)).toBe('ageing');
    expect(freshnessOf('email', NOW - 20 * DAY_MS + 1, NOW, ages)).toBe('ageing');
    expect(freshnessOf('email', NOW - 20 * DAY_MS, NOW, ages)).toBe('stale');
  });

  it('phones age sooner than company facts with the defaults', () => {
    expect(freshnessOf('phone', daysAgo(130), NOW)).toBe('stale');
    expect(freshnessOf('company', daysAgo(130), NOW)).toBe('fresh');
  });

  it('follows the user’s own ages', () => {
    const ages = { ...DEFAULT_VALUE_AGES, phone: { ageingDays: 5, staleDays: 7 } };
    expect(freshnessOf('phone', daysAgo(6), NOW, ages)).toBe('ageing');
    expect(freshnessOf('phone', daysAgo(7), NOW, ages)).toBe('stale');
  });

  it('a date in the future (another clock) or no date at all is never flagged', () => {
    expect(freshnessOf('email', NOW + DAY_MS, NOW)).toBe('fresh');
    expect(freshnessOf('email', Number.NaN, NOW)).toBe('fresh');
    expect(freshnessOf('email', null, NOW)).toBe('fresh');
    expect(freshnessOf('email', undefined, NOW)).toBe('fresh');
  });
});

describe('bad or missing settings fall back to the defaults, kind by kind', () => {
  it.each([
    ['missing settings', undefined],
    ['null settings', null],
    ['an empty section', {}],
    ['stale before ageing', { email: { ageingDays: 200, staleDays: 100 } }],
    ['stale equal to ageing', { email: { ageingDays: 100, staleDays: 100 } }],
    ['not whole days', { email: { ageingDays: 1.5, staleDays: 3 } }],
    ['zero days', { email: { ageingDays: 0, staleDays: 3 } }],
    ['text', { email: { ageingDays: '30', staleDays: '60' } }],
  ])('%s', (_name, ages) => {
    expect(agesOf('email', ages as never)).toEqual(DEFAULT_VALUE_AGES.email);
    expect(freshnessOf('email', daysAgo(100), NOW, ages as never)).toBe('ageing');
  });

  it('one broken kind leaves the others as set', () => {
    const ages = { email: { ageingDays: 9, staleDays: 3 }, phone: { ageingDays: 1, staleDays: 2 } } as never;
    expect(agesOf('phone', ages)).toEqual({ ageingDays: 1, staleDays: 2 });
    expect(agesOf('email', ages)).toEqual(DEFAULT_VALUE_AGES.email);
  });

  it('stored preferences without the section read the defaults; a broken section alone is reset', () => {
    expect(readPreferences({}).valueAge).toEqual(DEFAULT_VALUE_AGES);
    const stored = { privacy: { euMode: true }, valueAge: { email: { ageingDays: 30, staleDays: 10 } } };
    const read = readPreferences(stored);
    expect(read.valueAge).toEqual(DEFAULT_VALUE_AGES);
    expect(read.privacy.euMode).toBe(true);
    expect(readPreferences({ valueAge: { phone: { ageingDays: 3, staleDays: 4 } } }).valueAge).toEqual({ ...DEFAULT_VALUE_AGES, phone: { ageingDays: 3, staleDays: 4 } });
  });
});

describe('a contact’s freshness: the worst of its values', () => {
  it('a value confirmed by a newer answer counts from the confirmation', () => {
    expect(saidAt(email('a@x.example', daysAgo(300), daysAgo(2)))).toBe(daysAgo(2));
    expect(contactFreshness(person({ workEmails: [email('a@x.example', daysAgo(300), daysAgo(2))] }), NOW)).toBe('fresh');
  });

  it('one stale work email makes the person stale, whatever the rest', () => {
    const fresh = email('new@x.example', daysAgo(1));
    const old = email('old@x.example', daysAgo(200));
    expect(contactFreshness(person({ workEmails: [fresh] }), NOW)).toBe('fresh');
    expect(contactFreshness(person({ workEmails: [fresh, old] }), NOW)).toBe('stale');
  });

  it('the role ages by the newest of title, headline and location', () => {
    const fact = (days: number) => ({ value: 'x', source: source(daysAgo(days)), alternates: [] });
    expect(contactFreshness(person({ title: fact(150) }), NOW)).toBe('ageing');
    expect(contactFreshness(person({ title: fact(300), location: fact(10) }), NOW)).toBe('fresh');
    expect(contactFreshness(person({ title: fact(300) }), NOW)).toBe('stale');
  });

  it('a company by its facts: two hundred days is ageing, not stale', () => {
    const company: CompanyContact = { kind: 'company', id: 'domain:x.example', keys: ['domain:x.example'], words: [], tags: [], firstSeenAt: 0, updatedAt: NOW, industry: { value: 'Software', source: source(daysAgo(200)), alternates: [] } };
    expect(contactFreshness(company, NOW)).toBe('ageing');
  });

  it('a contact with no dated value is fresh', () => {
    expect(contactFreshness(person(), NOW)).toBe('fresh');
  });
});

describe('the CRM push’s decision: which emails are stale', () => {
  it('names the stale ones only, oldest first', () => {
    const emails = [
      { address: 'ageing@x.example', at: daysAgo(120) },
      { address: 'stale@x.example', at: daysAgo(200) },
      { address: 'older@x.example', at: daysAgo(400) },
      { address: 'fresh@x.example', at: daysAgo(1) },
    ];
    expect(staleEmails(emails, NOW).map((e) => e.address)).toEqual(['older@x.example', 'stale@x.example']);
    expect(staleEmails(emails, NOW, { ...DEFAULT_VALUE_AGES, email: { ageingDays: 500, staleDays: 600 } })).toEqual([]);
    expect(staleEmails([], NOW)).toEqual([]);
  });

  it('the warning names each address and its age, and counts past three', () => {
    expect(ageWords(daysAgo(45), NOW)).toBe('45 days');
    expect(ageWords(daysAgo(243), NOW)).toBe('8 months');
    expect(ageWords(daysAgo(800), NOW)).toBe('2 years');
    const one = staleWarning([{ address: 'maya@x.example', at: daysAgo(243) }], NOW);
    expect(one).toMatch(/^Stale email: maya@x\.example, found 8 months ago \(.+2026\)\. It may bounce\.$/);
    const five = staleWarning(
      ['a', 'b', 'c', 'd', 'e'].map((n) => ({ address: `${n}@x.example`, at: daysAgo(300) })),
      NOW,
    );
    expect(five).toContain('c@x.example');
    expect(five).not.toContain('d@x.example');
    expect(five).toContain('and 2 more');
  });
});
