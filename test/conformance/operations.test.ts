import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json, startHarness, type Harness } from '@/test/conformance/helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ rateLimitPerSecond: 1000 });
});
afterAll(() => h.stop());

async function ok<T = Record<string, unknown>>(path: string, params: Record<string, string>, raw?: string): Promise<T> {
  const res = await h.get(path, params, raw === undefined ? {} : { raw });
  const body = await json<T>(res);
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

describe('/v6/findEmail', () => {
  it('a verified address: status Valid, 1 credit', async () => {
    expect(await ok('v6/findEmail', { fullName: 'Maya Chen', company: 'Northwind Analytics' })).toMatchObject({
      email: 'maya.chen@northwind-analytics.example',
      emailDomain: 'northwind-analytics.example',
      status: 'Valid',
      mostProbableEmail: null,
      creditBurn: 1,
    });
  });

  it('finds the person by networkInSlug instead of company (encoded or not)', async () => {
    expect(await ok('v6/findEmail', { fullName: 'Maya Chen', networkInSlug: 'maya-chen' })).toMatchObject({ status: 'Valid', creditBurn: 1 });
    expect(await ok('v6/findEmail', { fullName: 'José Muñoz', networkInSlug: 'jos%C3%A9-mu%C3%B1oz' })).toMatchObject({ email: 'jose.munoz@olivar-data.example' });
  });

  it('matches the company by domain and the name accent-insensitively', async () => {
    expect(await ok('v6/findEmail', { fullName: 'ines dubois', company: 'ebene-cosmetiques.example' })).toMatchObject({ email: 'ines.dubois@ebene-cosmetiques.example', status: 'Valid' });
  });

  it('a catch-all domain: status MostProbable, no verified email, 0 credits', async () => {
    expect(await ok('v6/findEmail', { fullName: 'Émilie Lefèvre', company: 'Brightwater Labs' })).toMatchObject({
      email: null,
      status: 'MostProbable',
      mostProbableEmail: 'emilie@brightwater-labs.example',
      cachAll: true,
      creditBurn: 0,
    });
  });

  it('a catch-all domain guesses from the company’s pattern for people it does not know', async () => {
    expect(await ok('v6/findEmail', { fullName: 'Ada Lovelace', company: 'Quillfeather Press' })).toMatchObject({
      status: 'MostProbable',
      mostProbableEmail: 'ada.lovelace@quillfeather.test',
      creditBurn: 0,
    });
  });

  it('a known domain without a verifiable address: status NotFound, 0 credits', async () => {
    expect(await ok('v6/findEmail', { fullName: 'Ada Lovelace', company: 'Northwind Analytics' })).toMatchObject({ status: 'NotFound', email: null, creditBurn: 0 });
    expect(await ok('v6/findEmail', { fullName: 'Lukas Becker', company: 'Tessellate Robotics' })).toMatchObject({ status: 'NotFound', creditBurn: 0 });
  });

  it('findEmailV2Step=2 resolves the domain only, for free; findEmailV2Country is accepted', async () => {
    expect(await ok('v6/findEmail', { fullName: 'Maya Chen', company: 'Northwind Analytics', findEmailV2Step: '2', findEmailV2Country: 'United States' })).toMatchObject({
      email: null,
      emailDomain: 'northwind-analytics.example',
      creditBurn: 0,
    });
    expect(await ok('v6/findEmail', { fullName: 'Maya Chen', company: 'Northwind Analytics', findEmailV2Step: '3', findEmailV2Country: 'general' })).toMatchObject({ status: 'Valid' });
  });

  it('an unknown company or slug answers 404, code 5', async () => {
    await expectError(await h.get('v6/findEmail', { fullName: 'Maya Chen', company: 'No Such Company' }), 404, 5);
    await expectError(await h.get('v6/findEmail', { fullName: 'Maya Chen', networkInSlug: 'nobody-at-all' }), 404, 5);
  });

  it.each<Record<string, string>>([
    { company: 'Northwind Analytics' },
    { fullName: 'Maya Chen' },
    { fullName: 'Maya Chen', company: 'Northwind Analytics', findEmailV2Step: '1' },
  ])('missing or invalid parameters answer 400, code 3: %j', async (params) => {
    await expectError(await h.get('v6/findEmail', params), 400, 3);
  });
});

type SearchBody = { person: { phones: Record<string, unknown>[]; emails: { address: string }[]; names: unknown[]; jobs: unknown[]; urls: { url: string }[] }; creditBurn: number; personsCount: number; matchedBy: string };

describe('/v1/search (phone)', () => {
  it('by profile URL: phones in E.164 with displays, 30 credits (a number, not a string)', async () => {
    const body = await ok<SearchBody>('v1/search', { username: 'https://www.linkedin.com/in/francois-lefebvre/', minimumMatch: '1' });
    expect(body.creditBurn).toBe(30);
    expect(body.personsCount).toBe(1);
    expect(body.matchedBy).toBe('username');
    expect(body.person.phones.map((p) => p.number)).toEqual(['+33639981206', '+33639981207', '+33199001208']);
    expect(body.person.phones[0]).toMatchObject({ displayInternational: '+33 6 39 98 12 06', countryCode: 'FR', type: 'mobile' });
    expect(body.person.phones[0]).not.toHaveProperty('linkedWhatsapp');
    expect(body.person.names).toHaveLength(1);
    expect(body.person.jobs).toHaveLength(1);
  });

  it('whatsappCheck adds linkedWhatsapp per phone', async () => {
    const body = await ok<SearchBody>('v1/search', { username: 'https://www.linkedin.com/in/francois-lefebvre', whatsappCheck: 'true' });
    expect(body.person.phones.map((p) => p.linkedWhatsapp)).toEqual([false, true, false]);
  });

  it('by email (work or personal), case-insensitively', async () => {
    expect((await ok<SearchBody>('v1/search', { email: 'OLIVER.bennett@inbox.test' })).person.phones).toHaveLength(2);
    expect((await ok<SearchBody>('v1/search', { email: 'obennett@halcyon-freight.test' })).matchedBy).toBe('email');
  });

  it('both: the waterfall tries the profile first, then the email', async () => {
    const first = await ok<SearchBody>('v1/search', { username: 'https://www.linkedin.com/in/maya-chen', email: 'obennett@halcyon-freight.test' });
    expect(first.person.urls[0]?.url).toBe('https://www.linkedin.com/in/maya-chen');
    const fallback = await ok<SearchBody>('v1/search', { username: 'https://www.linkedin.com/in/nobody-at-all', email: 'obennett@halcyon-freight.test' });
    expect(fallback.matchedBy).toBe('email');
  });

  it('gives personal emails only for people outside the EU', async () => {
    const eu = await ok<SearchBody>('v1/search', { username: 'https://www.linkedin.com/in/francois-lefebvre' });
    expect(eu.person.emails.map((e) => e.address)).toEqual(['francois.lefebvre@ebene-cosmetiques.example']);
  });

  it('a person without a phone is a miss: 404, code 5 (and free)', async () => {
    await expectError(await h.get('v1/search', { username: 'https://www.linkedin.com/in/priya-raman' }), 404, 5);
    await expectError(await h.get('v1/search', { email: 'nobody@mail.example' }), 404, 5);
  });

  it.each<Record<string, string>>([{}, { minimumMatch: '1' }, { username: 'https://example.test/x/y' }, { email: 'not-an-email' }, { username: 'https://www.linkedin.com/in/maya-chen', minimumMatch: 'zero' }])(
    'missing or invalid parameters answer 400, code 3: %j',
    async (params) => {
      await expectError(await h.get('v1/search', params), 400, 3);
    },
  );
});

describe('/v1/searchByEmail (personal email, outside the EU only)', () => {
  it('returns personalInformation, positions and schools for 1 credit', async () => {
    const body = await ok('v1/searchByEmail', { email: 'Sofia.Ramirez@mail.example' });
    expect(body).toMatchObject({ personalInformation: { fullName: 'Sofia Ramirez', country: 'US' }, creditBurn: 1 });
    expect(Array.isArray(body.positions)).toBe(true);
    expect(Array.isArray(body.schools)).toBe(true);
  });

  it('refuses people in the EU with a free 403, code 7', async () => {
    await expectError(await h.get('v1/searchByEmail', { email: 'aoife.byrne@post.example' }), 403, 7);
  });

  it('does not enrich work emails (that is /v2/full): 404, code 5', async () => {
    await expectError(await h.get('v1/searchByEmail', { email: 'maya.chen@northwind-analytics.example' }), 404, 5);
  });

  it.each<Record<string, string>>([{}, { email: 'nope' }])('missing or invalid email answers 400, code 3: %j', async (params) => {
    await expectError(await h.get('v1/searchByEmail', params), 400, 3);
  });
});

describe('/v1/searchByPhone (reverse lookup)', () => {
  const JOSE = { name: 'José Muñoz', linkedinPubProfileUrl: 'https://www.linkedin.com/in/jos%C3%A9-mu%C3%B1oz', creditBurn: 1 };

  it.each([
    ['E.164 with %2B', '+33639981209'],
    ['international with spaces', '+33 6 39 98 12 09'],
    ['international with dots and brackets', '+33 (0)6.39.98.12.09'],
    ['country-code prefix without plus', '33639981209'],
    ['00 international prefix', '0033639981209'],
  ])('reads %s as the same number', async (_label, phone) => {
    expect(await ok('v1/searchByPhone', { phone })).toMatchObject(JOSE);
  });

  it('a raw + decodes to a space: the sandbox trims it and reads a country-code prefix, so it still matches', async () => {
    expect(await ok('v1/searchByPhone', {}, 'phone=+33639981209')).toMatchObject(JOSE);
    expect(await ok('v1/searchByPhone', {}, 'phone=+1+(415)+555-0110')).toMatchObject({ name: 'Maya Chen' });
  });

  it('answers a US/CA number in national notation only with its country code', async () => {
    expect(await ok('v1/searchByPhone', { phone: '+1 (416) 555-0114' })).toMatchObject({ name: 'Noah Tremblay', phone: { countryCode: 'CA' } });
  });

  it('an unknown number (or a company switchboard) is a miss: 404, code 5', async () => {
    await expectError(await h.get('v1/searchByPhone', { phone: '+442079460999' }), 404, 5);
    await expectError(await h.get('v1/searchByPhone', { phone: '+14155550100' }), 404, 5);
  });

  it.each<Record<string, string>>([{}, { phone: 'call me' }, { phone: '12' }])('missing or unreadable phone answers 400, code 3: %j', async (params) => {
    await expectError(await h.get('v1/searchByPhone', params), 400, 3);
  });
});

describe('microblog profiles', () => {
  const MAYA = { status: 'found', twitter: { username: 'mayabuilds', name: 'Maya Chen' }, other: { fullName: 'Maya Chen', networkUrl: 'https://www.linkedin.com/in/maya-chen' }, creditBurn: 1 };

  it.each([
    [{ username: 'mayabuilds' }],
    [{ username: '@MayaBuilds' }],
    [{ network: 'https://www.linkedin.com/in/maya-chen/' }],
    [{ username: 'mayabuilds', network: 'https://www.linkedin.com/in/maya-chen' }],
    [{ username: 'nobody_here', network: 'https://www.linkedin.com/in/maya-chen' }],
  ])('/v1/twitter/by_username %j', async (params) => {
    expect(await ok('v1/twitter/by_username', params)).toMatchObject(MAYA);
  });

  it.each([[{ email: 'maya.chen@northwind-analytics.example' }], [{ email: 'Maya.Chen@mail.example' }], [{ data: 'maya.chen@mail.example' }]])(
    '/v1/twitter/by_email %j',
    async (params) => {
      expect(await ok('v1/twitter/by_email', params)).toMatchObject(MAYA);
    },
  );

  it('a person without a microblog account, or nobody, is a miss: 404, code 5', async () => {
    await expectError(await h.get('v1/twitter/by_username', { network: 'https://www.linkedin.com/in/alex-morgan' }), 404, 5);
    await expectError(await h.get('v1/twitter/by_username', { username: 'nobody_here' }), 404, 5);
    await expectError(await h.get('v1/twitter/by_email', { email: 'alex.morgan@northwind-analytics.example' }), 404, 5);
  });

  it.each([
    ['v1/twitter/by_username', {}],
    ['v1/twitter/by_username', { username: 'not a username!' }],
    ['v1/twitter/by_username', { network: 'https://example.test/maya' }],
    ['v1/twitter/by_email', {}],
    ['v1/twitter/by_email', { email: 'maya.chen@mail.example', data: 'obennett@halcyon-freight.test' }],
  ] as const)('%s %j answers 400, code 3', async (path, params) => {
    await expectError(await h.get(path, params), 400, 3);
  });
});

describe('/v1/getCredit', () => {
  it('returns currentCredit as an integer in a string, and is free', async () => {
    const body = await ok<{ currentCredit: string; creditBurn: number }>('v1/getCredit', {});
    expect(body.currentCredit).toMatch(/^\d+$/);
    expect(body.creditBurn).toBe(0);
  });
});

describe('every successful answer carries its creditBurn', () => {
  it.each([
    ['v2/full', { data: 'https://www.linkedin.com/in/maya-chen' }],
    ['v6/findEmail', { fullName: 'Maya Chen', company: 'Northwind Analytics' }],
    ['v1/search', { username: 'https://www.linkedin.com/in/maya-chen' }],
    ['v1/searchByEmail', { email: 'maya.chen@mail.example' }],
    ['v1/searchByPhone', { phone: '+14155550110' }],
    ['v1/twitter/by_username', { username: 'mayabuilds' }],
    ['v1/twitter/by_email', { email: 'maya.chen@mail.example' }],
    ['v1/getCredit', {}],
  ] as const)('%s', async (path, params) => {
    const body = await ok<{ creditBurn?: unknown; data?: { creditBurn?: unknown } }>(path, params);
    const burn = body.data?.creditBurn ?? body.creditBurn;
    expect(typeof burn).toBe('number');
    expect(burn as number).toBeGreaterThanOrEqual(0);
  });
});
