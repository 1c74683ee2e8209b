import { beforeEach, describe, expect, it } from 'vitest';
import { createEnrichmentClient, type EnrichmentClient } from '@/lib/api';
import { createSandboxApp, type Sandbox } from '@/sandbox/app';
import { defaultDirectory, type Company, type Person } from '@/sandbox/directory';

/**
 * Every operation of the client against the real sandbox, in process: the sandbox's Hono app
 * is the injected fetch. Expected values come from the sandbox's own directory, so the test
 * follows the data rather than a copy of it.
 */

const DEMO_KEY = 'sandbox-demo-key';
const BASE_URL = 'http://sandbox.test/api/ingress/';
const directory = defaultDirectory();

function person(slug: string): Person {
  const found = directory.people.find((p) => p.slug === slug);
  if (!found) throw new Error(`no ${slug} in sandbox/directory.json`);
  return found;
}

function company(name: string): Company {
  const found = directory.companies.find((c) => c.name === name);
  if (!found) throw new Error(`no ${name} in sandbox/directory.json`);
  return found;
}

let sandbox: Sandbox;
let client: EnrichmentClient;

function clientFor(apiKey: string, options: { baseUrl?: string; timeoutMs?: number } = {}): EnrichmentClient {
  return createEnrichmentClient({
    baseUrl: options.baseUrl ?? BASE_URL,
    apiKey,
    fetch: async (input, init) => sandbox.app.fetch(new Request(input, init)),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
}

function ok<T>(result: { ok: true; value: T; creditBurn: number; path: string } | { ok: false; error: { kind: string; message: string } }) {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.kind}: ${result.error.message}`);
  return result;
}

async function balance(): Promise<number> {
  return ok(await client.getCredits()).value.credits;
}

beforeEach(() => {
  sandbox = createSandboxApp({ log: () => undefined });
  // A trailing newline, as pasted from a dashboard: the client trims it, the sandbox would not.
  client = clientFor(`${DEMO_KEY}\n`);
});

const maya = person('maya-chen');
const northwind = company('Northwind Analytics');

describe('credits', () => {
  it('reads the balance for free', async () => {
    const result = ok(await client.getCredits());
    expect(result.value.credits).toBe(1_000_000);
    expect(result.creditBurn).toBe(0);
    expect(result.path).toBe('v1/getCredit');
    expect(await balance()).toBe(1_000_000);
  });
});

describe('full enrichment', () => {
  it('by profile URL with every flag: person, phones with WhatsApp, verified email, company', async () => {
    const result = ok(
      await client.fullEnrich({ data: maya.networkUrl, phoneFull: true, whatsappCheck: true, companyPremium: true, personFull: true }),
    );
    expect(result.creditBurn).toBe(2 + 30); // her one mobile number
    const p = result.value.person!;
    expect(p.fullName).toBe(maya.fullName);
    expect(p.firstName).toBe(maya.firstName);
    expect(p.lastName).toBe(maya.lastName);
    expect(p.jobTitle).toBe(maya.jobTitle);
    expect(p.headline).toBe(maya.headline);
    expect(p.companyName).toBe(maya.company);
    expect(p.location).toBe(maya.location);
    expect(p.city).toBe(maya.city);
    expect(p.country).toBe(maya.country);
    expect(p.networkUrl).toBe(maya.networkUrl);
    expect(p.microblogUsername).toBe(maya.microblogUsername);
    expect(p.confidence).toBe(99);
    // Each address says whose it is, each phone which line it is: the card never shows "other".
    expect(p.emails).toEqual([
      { address: maya.email, status: 'verified', verified: true, type: 'work' },
      { address: maya.personalEmail, status: 'verified', verified: true, type: 'personal' },
    ]);
    expect(p.phones.map((ph) => [ph.e164, ph.type, ph.whatsapp])).toEqual([
      [maya.phones[0], 'mobile', true],
      [maya.phones[1], 'landline', false],
    ]);
    expect(p.phones[0]?.international).toBe('+1 415 555 0110');
    expect(p.region).toBe(maya.region);
    expect(p.photoUrl).toMatch(/^https:\/\/media\.sandbox\.example\//);
    // The other public profiles, beside the professional one.
    expect(p.urls).toEqual([maya.networkUrl, `https://x.com/${maya.microblogUsername}`]);
    // The rest of the record is kept, not dropped.
    expect(p.extra).toMatchObject({ skills: maya.skills, seniority: maya.seniority, timezone: 'America/Los_Angeles', previousCompany: 'Kestrel & Finch' });

    const c = result.value.company!;
    expect(c.name).toBe(northwind.name);
    expect(c.domain).toBe(northwind.domain);
    expect(c.networkUrl).toBe(northwind.networkUrl);
    expect(c.website).toBe(northwind.website);
    expect(c.industry).toBe(northwind.industry);
    expect(c.size).toBe(northwind.size);
    expect(c.employeeCount).toBe(northwind.employeeCount);
    expect(c.founded).toBe(String(northwind.founded));
    expect(c.headquarters).toContain(northwind.headquarters.city);
    expect(c.phone?.e164).toBe(northwind.phone);
    expect(c.phone?.type).toBe('work');
    expect(c.description).toBe(northwind.description);

    expect(await balance()).toBe(1_000_000 - 32);
  });

  it.each([
    ['work email', { data: maya.email! }],
    ['first name, last name and company', { firstName: maya.firstName, lastName: maya.lastName, company: maya.company }],
    ['full name and company', { fullName: maya.fullName, company: maya.company }],
  ])('by %s', async (_label, input) => {
    const result = ok(await client.fullEnrich(input));
    expect(result.value.person?.networkUrl).toBe(maya.networkUrl);
    expect(result.value.company?.domain).toBe(northwind.domain);
    expect(result.creditBurn).toBe(2);
  });

  it('a non-ASCII profile slug survives the percent-encoding', async () => {
    const soren = person('søren-østergaard-1a2b3c');
    const result = ok(await client.fullEnrich({ data: `https://www.linkedin.com/in/${soren.slug}/` }));
    expect(result.value.person?.fullName).toBe(soren.fullName);
  });

  it('a miss is a free no_match', async () => {
    const result = await client.fullEnrich({ data: 'https://www.linkedin.com/in/nobody-by-this-name-0000' });
    expect(result.ok ? null : result.error).toMatchObject({ kind: 'no_match', status: 404, code: 5, retryable: false });
    expect(await balance()).toBe(1_000_000);
  });

  it('company enrichment by domain', async () => {
    const result = ok(await client.enrichCompany({ company: northwind.domain, companyFull: true }));
    expect(result.value.name).toBe(northwind.name);
    expect(result.value.networkUrl).toBe(northwind.networkUrl);
    expect(result.value.industry).toBe(northwind.industry);
    expect(result.value).toMatchObject({
      type: northwind.type,
      revenueRange: northwind.revenueRange,
      funding: northwind.funding!,
      specialties: northwind.specialties,
      technologies: northwind.technologies,
    });
    expect(result.value.extra).toMatchObject({ locations: northwind.locations });
    expect(result.creditBurn).toBe(2);
  });

  it('company enrichment by company profile URL', async () => {
    const result = ok(await client.enrichCompany({ company: northwind.networkUrl }));
    expect(result.value.domain).toBe(northwind.domain);
  });
});

describe('find work email', () => {
  it('a verified address costs 1', async () => {
    const result = ok(await client.findWorkEmail({ fullName: maya.fullName, company: maya.company }));
    expect(result.value.status).toBe('verified');
    expect(result.value.email).toEqual({ address: maya.email, status: 'verified', verified: true });
    expect(result.creditBurn).toBe(1);
  });

  it('a catch-all domain gives a free Most Probable guess', async () => {
    const emilie = person('emilie-lefevre');
    const result = ok(await client.findWorkEmail({ fullName: emilie.fullName, company: emilie.company }));
    expect(result.value.status).toBe('most_probable');
    expect(result.value.email?.verified).toBe(false);
    expect(result.value.catchAll).toBe(true);
    expect(result.creditBurn).toBe(0);
  });

  it('by profile slug (given as the profile URL)', async () => {
    const result = ok(await client.findWorkEmail({ fullName: maya.fullName, networkInSlug: maya.networkUrl }));
    expect(result.value.email?.address).toBe(maya.email);
  });

  it('a person without an address is NotFound, free', async () => {
    const henry = person('henry-caldwell');
    const result = ok(await client.findWorkEmail({ fullName: henry.fullName, company: henry.company }));
    expect(result.value.status).toBe('not_found');
    expect(result.value.email).toBeUndefined();
    expect(result.creditBurn).toBe(0);
  });
});

describe('phone search', () => {
  it('by profile URL, with the WhatsApp check', async () => {
    const result = ok(await client.searchPhone({ profileUrl: maya.networkUrl, whatsappCheck: true, minimumMatch: 1 }));
    expect(result.creditBurn).toBe(30);
    const p = result.value.person!;
    expect(p.fullName).toBe(maya.fullName);
    expect(p.networkUrl).toBe(maya.networkUrl);
    expect(p.phones.map((ph) => [ph.e164, ph.whatsapp])).toEqual(maya.phones.map((n, i) => [n, maya.whatsapp[i]]));
    expect(p.emails.map((e) => e.address)).toContain(maya.email);
  });

  it('by email, for a UK drama-range mobile', async () => {
    const oliver = person('oliver-bennett');
    const result = ok(await client.searchPhone({ email: oliver.email! }));
    expect(result.value.person?.phones.map((ph) => ph.e164)).toEqual(oliver.phones);
  });

  it('a person without a phone is a free no_match', async () => {
    const priya = person('priya-raman');
    const result = await client.searchPhone({ profileUrl: priya.networkUrl });
    expect(result.ok ? null : result.error.kind).toBe('no_match');
  });
});

describe('reverse lookups', () => {
  it('reverse phone, typed loosely', async () => {
    const alex = person('alex-morgan-2b71c9');
    const result = ok(await client.reversePhone({ phone: '07700 900101', defaultRegion: 'GB' }));
    expect(result.value.phone.e164).toBe(alex.phones[0]);
    expect(result.value.person.fullName).toBe(alex.fullName);
    expect(result.value.person.networkUrl).toBe(alex.networkUrl);
    expect(result.value.person.companyName).toBe(alex.company);
    expect(result.creditBurn).toBe(1);
  });

  it('personal email outside the EU: person, positions, schools', async () => {
    const result = ok(await client.searchPersonalEmail({ email: maya.personalEmail! }));
    expect(result.creditBurn).toBe(1);
    expect(result.value.person.fullName).toBe(maya.fullName);
    expect(result.value.person.networkUrl).toBe(maya.networkUrl);
    expect(result.value.positions.map((p) => [p.title, p.companyName, p.startDate])).toEqual(
      maya.experience.map((e) => [e.title, e.company, e.startDate]),
    );
    expect(result.value.schools.map((s) => [s.name, s.degree, s.fieldOfStudy])).toEqual(
      maya.education.map((e) => [e.school, e.degree, e.field]),
    );
  });

  it('personal email inside the EU is restricted, free', async () => {
    const emilie = person('emilie-lefevre');
    const result = await client.searchPersonalEmail({ email: emilie.personalEmail! });
    expect(result.ok ? null : result.error).toMatchObject({ kind: 'restricted', status: 403, code: 7 });
    expect(await balance()).toBe(1_000_000);
  });
});

describe('microblog', () => {
  it('by username with its @', async () => {
    const result = ok(await client.microblogByUsername({ username: `@${maya.microblogUsername}` }));
    expect(result.value.username).toBe(maya.microblogUsername);
    expect(result.value.bio).toBe(maya.microblog?.bio);
    expect(result.value.followers).toBe(maya.microblog?.followers);
    expect(result.value.following).toBe(maya.microblog?.following);
    expect(result.value.person?.networkUrl).toBe(maya.networkUrl);
    expect(result.creditBurn).toBe(1);
  });

  it('by professional profile URL', async () => {
    const result = ok(await client.microblogByUsername({ profileUrl: maya.networkUrl }));
    expect(result.value.username).toBe(maya.microblogUsername);
  });

  it('by email', async () => {
    const result = ok(await client.microblogByEmail({ email: maya.email! }));
    expect(result.value.username).toBe(maya.microblogUsername);
    expect(result.path).toBe('v1/twitter/by_email');
  });
});

describe('errors from the sandbox', () => {
  it('an unknown key', async () => {
    const result = await clientFor('not-a-sandbox-key').getCredits();
    expect(result.ok ? null : result.error).toMatchObject({ kind: 'invalid_key', status: 401, code: 16 });
  });

  it('an empty account', async () => {
    const result = await clientFor('sandbox-empty-key').fullEnrich({ data: maya.networkUrl });
    expect(result.ok ? null : result.error).toMatchObject({ kind: 'no_credits', status: 500, code: 13 });
  });

  it('a wrong base path: every alias is missing, the address is blamed', async () => {
    const result = await clientFor(DEMO_KEY, { baseUrl: 'http://sandbox.test/api/wrong/' }).getCredits();
    expect(result.ok ? null : result.error.kind).toBe('unexpected_response');
  });

  it.each([
    ['500', 'server_error'],
    ['429', 'rate_limited'],
    ['malformed-json', 'unexpected_response'],
    ['html-error', 'server_error'],
    ['unexpected-shape', 'unexpected_response'],
  ] as const)('injected fault %s → %s', async (kind, expected) => {
    sandbox.faults.add(DEMO_KEY, { kind }, 1);
    const result = await client.getCredits();
    expect(result.ok ? null : result.error.kind).toBe(expected);
    if (kind === '429') expect(result.ok ? null : result.error.retryAfterMs).toBe(1000);
  });

  it('a hung request times out on our clock', async () => {
    sandbox.faults.add(DEMO_KEY, { kind: 'hang', delayMs: 5_000 }, 1);
    const result = await clientFor(DEMO_KEY, { timeoutMs: 50 }).getCredits();
    expect(result.ok ? null : result.error).toMatchObject({ kind: 'timeout', retryable: true });
  });

  it('the rate limit answers 429 with Retry-After', async () => {
    sandbox = createSandboxApp({ log: () => undefined, rateLimitPerSecond: 2 });
    client = clientFor(DEMO_KEY);
    const results = await Promise.all([1, 2, 3].map(() => client.getCredits()));
    const limited = results.find((r) => !r.ok);
    expect(limited && !limited.ok ? limited.error : null).toMatchObject({ kind: 'rate_limited', status: 429, code: 8, retryable: true });
    expect(limited && !limited.ok ? limited.error.retryAfterMs : undefined).toBeGreaterThanOrEqual(0);
  });

  it('the key never shows in what the client reports', async () => {
    const results = await Promise.all([
      clientFor('secret-key-that-is-wrong').getCredits(),
      clientFor('sandbox-empty-key').searchPhone({ email: maya.email! }),
      clientFor(DEMO_KEY, { baseUrl: 'http://sandbox.test/nope/' }).getCredits(),
    ]);
    for (const result of results) {
      expect(result.ok).toBe(false);
      expect(JSON.stringify(result)).not.toMatch(/secret-key-that-is-wrong|sandbox-empty-key|sandbox-demo-key/);
    }
  });
});
