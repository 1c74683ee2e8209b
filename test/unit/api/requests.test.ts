import { describe, expect, it } from 'vitest';
import { clientWith, fixture, json, KEY, pathOf } from '@/test/unit/api/fake-gateway';

/** What goes on the wire: paths, parameters, encoding, the key, and nothing for bad input. */

function recorder(body: unknown = {}) {
  return clientWith(() => json(body));
}

/** The query exactly as sent, to check the encoding (searchParams would decode it). */
function rawQuery(url: URL | undefined): string {
  return url?.search ?? '';
}

describe('the key', () => {
  it('is trimmed before it is sent, and sent as apiId', async () => {
    const { client, calls } = clientWith(() => json(fixture('balance')), { apiKey: `\t${KEY}\r\n` });
    await client.getCredits();
    expect(calls[0]?.searchParams.get('apiId')).toBe(KEY);
    expect(rawQuery(calls[0])).toBe(`?apiId=${KEY}`);
  });
});

describe('base URL', () => {
  it.each(['http://127.0.0.1:8787/api/ingress/', 'http://127.0.0.1:8787/api/ingress', '  http://127.0.0.1:8787/api/ingress/  '])(
    '%j: paths follow the prefix',
    async (baseUrl) => {
      const { client, calls } = clientWith(() => json(fixture('balance')), { baseUrl });
      await client.getCredits();
      expect(calls[0]?.origin + (calls[0]?.pathname ?? '')).toBe('http://127.0.0.1:8787/api/ingress/v1/getCredit');
    },
  );
});

describe('full enrichment parameters', () => {
  it('percent-encodes a profile URL whole', async () => {
    const { client, calls } = recorder(fixture('full-interface'));
    await client.fullEnrich({ data: 'https://www.linkedin.com/in/jeanne-dupont-example/?trk=a&x=1' });
    expect(pathOf(calls[0]!)).toBe('v2/full');
    expect(rawQuery(calls[0])).toContain('data=https%3A%2F%2Fwww.linkedin.com%2Fin%2Fjeanne-dupont-example%2F%3Ftrk%3Da%26x%3D1');
    expect(calls[0]?.searchParams.get('data')).toBe('https://www.linkedin.com/in/jeanne-dupont-example/?trk=a&x=1');
  });

  it('adds the scheme to a pasted profile address', async () => {
    const { client, calls } = recorder(fixture('full-interface'));
    await client.fullEnrich({ data: 'www.linkedin.com/in/jeanne-dupont-example' });
    expect(calls[0]?.searchParams.get('data')).toBe('https://www.linkedin.com/in/jeanne-dupont-example');
  });

  it('sends flags only when true, as the string "true"', async () => {
    const { client, calls } = recorder(fixture('full-interface'));
    await client.fullEnrich({ data: 'jeanne.dupont@acme-example.fr', phoneFull: true, whatsappCheck: true, companyFull: false });
    const params = calls[0]!.searchParams;
    expect(params.get('data')).toBe('jeanne.dupont@acme-example.fr');
    expect(params.get('phoneFull')).toBe('true');
    expect(params.get('whatsappCheck')).toBe('true');
    expect(params.has('companyFull')).toBe(false);
    expect(params.has('personFull')).toBe(false);
  });

  it('sends the first complete group only, in the order of preference', async () => {
    const { client, calls } = recorder(fixture('full-interface'));
    await client.fullEnrich({ firstName: 'Jeanne', lastName: 'Dupont', company: 'Acme', fullName: 'Jeanne Dupont' } as never);
    await client.fullEnrich({ fullName: ' Jeanne Dupont ', company: 'Acme' });
    expect([...calls[0]!.searchParams.keys()].sort()).toEqual(['apiId', 'company', 'firstName', 'lastName']);
    expect(Object.fromEntries(calls[1]!.searchParams)).toEqual({ fullName: 'Jeanne Dupont', company: 'Acme', apiId: KEY });
  });

  it('encodes spaces and non-ASCII names', async () => {
    const { client, calls } = recorder(fixture('full-interface'));
    await client.fullEnrich({ fullName: 'Zoë Ørsted-Łukasz', company: 'AT&T + Co' });
    expect(calls[0]?.searchParams.get('fullName')).toBe('Zoë Ørsted-Łukasz');
    expect(calls[0]?.searchParams.get('company')).toBe('AT&T + Co');
    expect(rawQuery(calls[0])).toContain('company=AT%26T+%2B+Co');
  });

  it('company enrichment sends data + companyPremium=true', async () => {
    const { client, calls } = recorder(fixture('company-live-premium'));
    await client.enrichCompany({ company: 'https://www.linkedin.com/company/globex-example', companyFull: true });
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({
      data: 'https://www.linkedin.com/company/globex-example',
      companyPremium: 'true',
      companyFull: 'true',
      apiId: KEY,
    });
  });
});

describe('other operations', () => {
  it('findWorkEmail: v6/findEmail with the V2 step and country names', async () => {
    const { client, calls } = recorder(fixture('find-email-valid'));
    await client.findWorkEmail({ fullName: 'Jeanne Dupont', company: 'Acme', step: 2, country: 'France' });
    await client.findWorkEmail({ fullName: 'Jeanne Dupont', networkInSlug: 'https://www.linkedin.com/in/jeanne-dupont-%C3%A9/' });
    expect(pathOf(calls[0]!)).toBe('v6/findEmail');
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({
      fullName: 'Jeanne Dupont',
      company: 'Acme',
      findEmailV2Step: '2',
      findEmailV2Country: 'France',
      apiId: KEY,
    });
    expect(calls[1]?.searchParams.get('networkInSlug')).toBe('jeanne-dupont-é');
  });

  it('searchPhone: the profile URL travels as username, booleans as "true"', async () => {
    const { client, calls } = recorder(fixture('phone-search'));
    await client.searchPhone({
      profileUrl: 'https://www.linkedin.com/in/jeanne-dupont-example/',
      email: 'jeanne@acme-example.fr',
      whatsappCheck: true,
      minimumMatch: 1,
    });
    expect(pathOf(calls[0]!)).toBe('v1/search');
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({
      username: 'https://www.linkedin.com/in/jeanne-dupont-example/',
      email: 'jeanne@acme-example.fr',
      whatsappCheck: 'true',
      minimumMatch: '1',
      apiId: KEY,
    });
  });

  it('reversePhone: normalised to E.164, the + percent-encoded as %2B', async () => {
    const { client, calls } = recorder(fixture('reverse-phone'));
    await client.reversePhone({ phone: '+33 (0)6 12-34-56-78' });
    await client.reversePhone({ phone: '06 12 34 56 78', defaultRegion: 'fr' });
    await client.reversePhone({ phone: '0033612345678' });
    await client.reversePhone({ phone: '33612345678' });
    expect(pathOf(calls[0]!)).toBe('v1/searchByPhone');
    for (const call of calls) {
      expect(rawQuery(call)).toContain('phone=%2B33612345678');
      expect(call.searchParams.get('phone')).toBe('+33612345678');
    }
  });

  it('searchPersonalEmail and microblogByEmail send email', async () => {
    const { client, calls } = recorder(fixture('reverse-email'));
    await client.searchPersonalEmail({ email: ' tom+work@example.org ' });
    await client.microblogByEmail({ email: 'tom@example.org' });
    expect(pathOf(calls[0]!)).toBe('v1/searchByEmail');
    expect(rawQuery(calls[0])).toContain('email=tom%2Bwork%40example.org');
    expect(pathOf(calls[1]!)).toBe('v1/twitter/by_email');
    expect(calls[1]?.searchParams.get('email')).toBe('tom@example.org');
  });

  it('microblogByUsername: the @ is stripped, the profile URL travels as network', async () => {
    const { client, calls } = recorder(fixture('microblog'));
    await client.microblogByUsername({ username: '@jdupont_example', profileUrl: 'https://www.linkedin.com/in/jeanne-dupont-example/' });
    expect(pathOf(calls[0]!)).toBe('v1/twitter/by_username');
    expect(Object.fromEntries(calls[0]!.searchParams)).toEqual({
      username: 'jdupont_example',
      network: 'https://www.linkedin.com/in/jeanne-dupont-example/',
      apiId: KEY,
    });
  });

  it('every request is a GET asking for JSON, without cookies', async () => {
    const inits: Array<RequestInit | undefined> = [];
    const { client } = clientWith(() => json(fixture('balance')), {
      fetch: (async (_input: RequestInfo | URL, init?: RequestInit) => {
        inits.push(init);
        return json(fixture('balance'));
      }) as typeof fetch,
    });
    await client.getCredits();
    expect(inits[0]).toMatchObject({ method: 'GET', credentials: 'omit', headers: { Accept: 'application/json' } });
  });
});

describe('invalid input is refused before any request', () => {
  const cases: Array<[string, (c: Client) => Promise<{ ok: boolean }>, RegExp]> = [
    ['no parameter group', (c) => c.fullEnrich({} as never), /profile address or work email/],
    ['an incomplete group', (c) => c.fullEnrich({ firstName: 'Jeanne', company: 'Acme' } as never), /profile address or work email/],
    ['empty data', (c) => c.fullEnrich({ data: '   ' }), /cannot be empty/],
    ['an invalid email as data', (c) => c.fullEnrich({ data: 'jeanne@' }), /valid email/],
    ['not a URL nor an email as data', (c) => c.fullEnrich({ data: 'jeanne dupont' }), /profile address/],
    ['an empty company', (c) => c.fullEnrich({ fullName: 'Jeanne Dupont', company: '' }), /company’s name/],
    ['a flag that is not a boolean', (c) => c.fullEnrich({ data: 'a@example.org', phoneFull: 'yes' } as never), /true or false/],
    ['null input', (c) => c.fullEnrich(null as never), /Nothing to look up/],
    ['company enrichment without a company', (c) => c.enrichCompany({ company: ' ' }), /company name, domain/],
    ['findEmail without a full name', (c) => c.findWorkEmail({ company: 'Acme' } as never), /person’s full name/],
    ['findEmail without company or slug', (c) => c.findWorkEmail({ fullName: 'Jeanne Dupont' }), /either a company or a profile slug/],
    ['findEmail with step 1', (c) => c.findWorkEmail({ fullName: 'A B', company: 'Acme', step: 1 as never }), /2 \(domain only\) or 3/],
    ['phone search with nothing', (c) => c.searchPhone({}), /profile address, an email address, or both/],
    ['phone search with an invalid email', (c) => c.searchPhone({ email: 'not-an-email' }), /valid email/],
    ['phone search with minimumMatch 0', (c) => c.searchPhone({ email: 'a@example.org', minimumMatch: 0 }), /minimum match/],
    ['personal email search with an invalid email', (c) => c.searchPersonalEmail({ email: 'a@b' }), /valid email/],
    ['an unparseable phone', (c) => c.reversePhone({ phone: 'call me maybe' }), /valid phone number/],
    ['a phone too short to exist', (c) => c.reversePhone({ phone: '+33 6 12' }), /valid phone number/],
    ['a national phone without a region', (c) => c.reversePhone({ phone: '06 12 34 56 78' }), /valid phone number/],
    ['an unknown region', (c) => c.reversePhone({ phone: '0612345678', defaultRegion: 'ZZ' }), /two-letter code/],
    ['an empty phone', (c) => c.reversePhone({ phone: '' }), /valid phone number/],
    ['microblog with nothing', (c) => c.microblogByUsername({}), /username or a professional profile/],
    ['microblog with a bad username', (c) => c.microblogByUsername({ username: 'two words' }), /Enter a username/],
    ['microblog by an empty email', (c) => c.microblogByEmail({ email: '' }), /valid email/],
  ];

  it.each(cases)('%s', async (_label, call, message) => {
    const { client, calls } = recorder();
    const result = await call(client);
    expect(result.ok).toBe(false);
    const error = (result as { ok: false; error: { kind: string; message: string; retryable: boolean } }).error;
    expect(error.kind).toBe('invalid_input');
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(message);
    expect(calls).toHaveLength(0);
  });
});

type Client = ReturnType<typeof clientWith>['client'];
