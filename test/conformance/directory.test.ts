import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultDirectory, directorySchema, MAX_PHONES_PER_PERSON } from '@/sandbox/directory';
import { MAX_MOBILES_PER_ANSWER } from '@/sandbox/prices';
import { fictionRangeOf } from '@/sandbox/fiction-phones';
import { isInEu } from '@/sandbox/geo';
import { phoneFacts } from '@/sandbox/records/phones';
import { buildDirectory, DIRECTORY_PATH, serialiseDirectory } from '@/sandbox/tools/generate-directory';

const directory = defaultDirectory();
const { people, companies } = directory;
const companyNames = new Set(companies.map((company) => company.name));
const FICTIONAL_DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.(example|test)$/;

describe('the synthetic directory', () => {
  it('is big enough: at least 60 people at 20 companies', () => {
    expect(people.length).toBeGreaterThanOrEqual(60);
    expect(companies.length).toBeGreaterThanOrEqual(20);
  });

  it('is exactly what the generator writes (no hand edits drifting from the seed tables)', () => {
    expect(readFileSync(DIRECTORY_PATH, 'utf8')).toBe(serialiseDirectory(buildDirectory()));
  });

  it('places every person at a company of the directory', () => {
    for (const person of people) expect(companyNames, person.fullName).toContain(person.company);
  });

  it('uses only fictional domains (.example / .test) for companies, websites and every email', () => {
    for (const company of companies) {
      expect(company.domain).toMatch(FICTIONAL_DOMAIN);
      // One website is a `javascript:` URL on purpose (clients must render it inert); it names no host.
      const website = new URL(company.website);
      if (website.protocol !== 'javascript:') expect(website.hostname).toMatch(FICTIONAL_DOMAIN);
    }
    expect(companies.filter((c) => c.website.startsWith('javascript:')).map((c) => c.name)).toEqual(['Cinder Peak Security']);
    for (const person of people) {
      for (const email of [person.email, person.personalEmail].filter((e): e is string => e !== null)) {
        expect(email.split('@')[1], email).toMatch(FICTIONAL_DOMAIN);
      }
    }
  });

  it('gives work emails at the person’s own company domain', () => {
    for (const person of people.filter((p) => p.email)) {
      const company = companies.find((c) => c.name === person.company)!;
      expect(person.email!.endsWith(`@${company.domain}`), person.email!).toBe(true);
    }
  });

  it('uses only phone ranges reserved for fiction, each parsed by libphonenumber-js to itself', () => {
    const numbers = [...people.flatMap((person) => person.phones), ...companies.flatMap((company) => (company.phone ? [company.phone] : []))];
    expect(numbers.length).toBeGreaterThan(40);
    for (const number of numbers) {
      expect(fictionRangeOf(number), `${number} is not in a fiction range`).toBeDefined();
      expect(parsePhoneNumberFromString(number)?.number, number).toBe(number);
    }
  });

  it('resolves every person’s phone to a country, a type and an international display', () => {
    for (const person of people) {
      for (const phone of phoneFacts(person)) {
        expect(phone.countryCode, phone.number).toMatch(/^[A-Z]{2}$/);
        expect(phone.displayInternational.replace(/\s/g, ''), phone.number).toBe(phone.number);
        // The gateway states every line's type: never undecided.
        expect(['mobile', 'landline']).toContain(phone.type);
      }
    }
    expect(phoneFacts(people.find((p) => p.phones.includes('+447700900104'))!).map((p) => p.countryCode)).toEqual(['GB', 'GB']);
  });

  it('keeps identities unique: slugs, emails, phones, microblog usernames, company names and domains', () => {
    const unique = (values: (string | null)[]) => {
      const present = values.filter((v): v is string => v !== null).map((v) => v.toLowerCase());
      expect(new Set(present).size).toBe(present.length);
    };
    unique(people.map((p) => p.slug));
    unique(people.flatMap((p) => [p.email, p.personalEmail]));
    unique([...people.flatMap((p) => p.phones), ...companies.map((c) => c.phone)]);
    unique(people.map((p) => p.microblogUsername));
    unique(companies.map((c) => c.name));
    unique(companies.map((c) => c.domain));
    unique(companies.map((c) => c.slug));
  });

  it('writes network URLs in their canonical, percent-encoded form', () => {
    for (const person of people) {
      expect(person.networkUrl).toBe(new URL(`https://www.linkedin.com/in/${person.slug}`).href);
      expect(person.networkUrl).toMatch(/^https:\/\/www\.linkedin\.com\/in\/[^/?#]+$/);
    }
    for (const company of companies) expect(company.networkUrl).toBe(`https://www.linkedin.com/company/${company.slug}`);
  });

  it('keeps one whatsapp flag per phone and ISO country codes', () => {
    for (const person of people) {
      expect(person.whatsapp).toHaveLength(person.phones.length);
      expect(person.country).toMatch(/^[A-Z]{2}$/);
    }
  });

  it('holds at most MAX_PHONES_PER_PERSON phones per person, and refuses a directory with more', () => {
    expect(Math.max(...people.map((p) => p.phones.length))).toBe(MAX_PHONES_PER_PERSON);
    // Someone reaches the most a full enrichment with phoneFull can cost: every phone a mobile.
    expect(people.some((p) => phoneFacts(p).filter((f) => f.type === 'mobile').length === MAX_MOBILES_PER_ANSWER)).toBe(true);
    const declan = people.find((p) => p.slug === 'declan-murphy')!;
    const fourth = { ...declan, phones: [...declan.phones, '+61491570109'], whatsapp: [...declan.whatsapp, false] };
    expect(directorySchema.safeParse({ companies, people: [fourth] }).success).toBe(false);
  });

  it('covers the cases the client must handle', () => {
    expect(people.some((p) => p.phones.length === 0)).toBe(true);
    expect(people.some((p) => p.phones.length >= 3)).toBe(true);
    expect(people.some((p) => p.email === null)).toBe(true);
    const catchall = new Set(companies.filter((c) => c.catchall).map((c) => c.name));
    expect(people.some((p) => catchall.has(p.company) && p.email)).toBe(true);
    expect(people.some((p) => catchall.has(p.company) && !p.email)).toBe(true);
    expect(people.some((p) => isInEu(p.country))).toBe(true);
    expect(people.some((p) => !isInEu(p.country))).toBe(true);
    expect(people.some((p) => p.personalEmail && isInEu(p.country))).toBe(true);
    expect(people.some((p) => p.personalEmail && !isInEu(p.country))).toBe(true);
    for (const letter of ['é', 'ü', 'ñ', 'ø']) expect(people.some((p) => p.fullName.toLowerCase().includes(letter)), letter).toBe(true);
    expect(people.some((p) => /\p{Script=Han}/u.test(p.fullName))).toBe(true);
    expect(people.some((p) => /[^\p{ASCII}]/u.test(p.slug) && p.networkUrl.includes('%'))).toBe(true);
    // Two people share a name at different companies: only the company tells them apart.
    const names = people.map((p) => p.fullName);
    expect(new Set(names).size).toBeLessThan(names.length);
    expect(people.some((p) => p.microblogUsername) && people.some((p) => !p.microblogUsername)).toBe(true);
  });
});
