import { describe, expect, it } from 'vitest';
import { clientAnswering, fixture } from '@/test/unit/api/fake-gateway';

/** Recorded bodies of both dialects, through the whole client, down to the normalised model. */

function expectOk<T>(result: { ok: true; value: T; creditBurn: number; path: string } | { ok: false; error: unknown }) {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result;
}

describe('full enrichment', () => {
  it('reads the interface record {data:{…}}', async () => {
    const { client } = clientAnswering(fixture('full-interface'));
    const result = expectOk(await client.fullEnrich({ data: 'https://www.linkedin.com/in/jeanne-dupont-example/' }));
    const { person, company } = result.value;
    expect(result.path).toBe('v2/full');
    expect(result.creditBurn).toBe(0);
    expect(person?.fullName).toBe('Jeanne Dupont');
    expect(person?.firstName).toBe('Jeanne');
    expect(person?.lastName).toBe('Dupont');
    expect(person?.jobTitle).toBe('Head of Procurement');
    expect(person?.companyName).toBe('Acme Example SAS');
    expect(person?.confidence).toBe(92);
    expect(person?.networkUrl).toBe('https://www.linkedin.com/in/jeanne-dupont-example/');
    expect(person?.location).toBe('Lyon, Auvergne-Rhône-Alpes, France');
    expect(person?.country).toBe('France');
    expect(person?.emails).toEqual([{ address: 'jeanne.dupont@acme-example.fr', status: 'unknown', verified: false }]);
    expect(person?.phones).toEqual([{ e164: '+33612345678', international: '+33 6 12 34 56 78' }]);
    expect(person?.extra).toEqual({ seniority: 'director', skills: ['sourcing', 'negotiation'] });
    expect(company).toEqual({
      name: 'Acme Example SAS',
      domain: 'acme-example.fr',
      networkUrl: 'https://www.linkedin.com/company/acme-example/',
      confidence: 88,
      extra: {},
    });
  });

  it('reads the live blocks: person.basic, phoneFull.phones[], company basic/premium/full, email and emailV2', async () => {
    const { client } = clientAnswering(fixture('full-live-phonefull'));
    const result = expectOk(await client.fullEnrich({ data: 'jeanne.dupont@acme-example.fr', phoneFull: true, companyPremium: true }));
    const { person, company, extra } = result.value;
    expect(result.creditBurn).toBe(1);
    expect(person?.fullName).toBe('Jeanne Dupont');
    expect(person?.firstName).toBe('Jeanne');
    expect(person?.lastName).toBe('Dupont');
    expect(person?.jobTitle).toBe('Head of Procurement');
    expect(person?.headline).toBe('Buying better at Acme');
    expect(person?.companyName).toBe('Acme Example SAS');
    expect(person?.networkUrl).toBe('https://www.linkedin.com/in/jeanne-dupont-example/');
    expect(person?.location).toBe('Lyon, France');
    expect(person?.city).toBe('Lyon');
    expect(person?.region).toBe('Auvergne-Rhône-Alpes');
    expect(person?.country).toBe('France');
    expect(person?.emails).toEqual([
      { address: 'jeanne.dupont@acme-example.fr', status: 'unknown', verified: false },
      { address: 'j.dupont@acme-example.fr', status: 'verified', verified: true },
    ]);
    expect(person?.phones).toEqual([
      { e164: '+33612345678', international: '+33 6 12 34 56 78', type: 'mobile', whatsapp: true },
      { e164: '+447400123456', international: '+44 7400 123456', type: 'mobile', whatsapp: false },
    ]);
    expect(person?.extra).toEqual({
      connections: 500,
      full: { skills: ['sourcing'] },
      unreadablePhones: [{ displayInternational: 'not a number' }],
    });
    expect(company?.name).toBe('Acme Example SAS');
    expect(company?.website).toBe('https://www.acme-example.fr/');
    expect(company?.domain).toBe('acme-example.fr');
    expect(company?.networkUrl).toBe('https://www.linkedin.com/company/acme-example/');
    expect(company?.industry).toBe('Industrial Machinery');
    expect(company?.industries).toEqual(['Industrial Machinery', 'Automation']);
    expect(company?.size).toBe('201-500');
    expect(company?.founded).toBe('1987');
    expect(company?.headquarters).toBe('Villeurbanne, France');
    expect(company?.country).toBe('France');
    expect(company?.specialties).toEqual(['pumps', 'valves']);
    expect(company?.extra).toMatchObject({ full: { fundingRounds: [{ round: 'Series A', year: 2015 }] } });
    expect(extra).toEqual({ requestId: 'req-8c1f' });
  });

  it('states each phone’s line as the gateway words it, and never guesses: an undecided or unknown word is no type', async () => {
    const phones = [
      { number: '+14155550110', type: 'mobile' },
      { number: '+14155550111', type: 'Landline' },
      { number: '+14155550112', type: 'cell' },
      { number: '+14155550113', type: 'landline-or-mobile' },
      { number: '+14155550114', type: 'satellite' },
    ];
    const { client } = clientAnswering({ data: { fullName: 'Jane Roe', phones } });
    const result = expectOk(await client.fullEnrich({ data: 'https://www.linkedin.com/in/jane-roe/' }));
    expect(result.value.person?.phones.map((p) => p.type)).toEqual(['mobile', 'landline', 'mobile', undefined, undefined]);
  });

  it('says whose each address is: the entry’s own type, the key it came under, or the type stated beside it', async () => {
    const { client } = clientAnswering({
      data: {
        fullName: 'Jane Roe',
        email: 'jane.roe@acme.example',
        emailType: 'work',
        personalEmail: 'jane@home.example',
        emails: [{ address: 'jroe@mail.example', type: 'personal', status: 'Valid' }, { address: 'jane.roe@acme.example', status: 'Valid' }],
      },
    });
    const result = expectOk(await client.fullEnrich({ data: 'https://www.linkedin.com/in/jane-roe/' }));
    expect(result.value.person?.emails).toEqual([
      { address: 'jane.roe@acme.example', status: 'verified', verified: true, type: 'work' },
      { address: 'jroe@mail.example', status: 'verified', verified: true, type: 'personal' },
      { address: 'jane@home.example', status: 'unknown', verified: false, type: 'personal' },
    ]);
    expect(result.value.person?.extra).not.toHaveProperty('emailType');
  });

  it('lists the other public profiles and reads the company facts the card shows', async () => {
    const { client } = clientAnswering({
      data: {
        fullName: 'Jane Roe',
        networkUrl: 'https://www.linkedin.com/in/jane-roe/',
        microblogUrl: 'https://x.com/janeroe',
        socialProfiles: [{ network: 'professional', url: 'https://www.linkedin.com/in/jane-roe/' }, { network: 'code', url: 'https://git.example/janeroe' }],
        company: {
          name: 'Acme',
          type: 'Privately Held',
          revenueRange: '$10M-$50M',
          funding: { totalRaisedUsd: '31000000', lastRound: 'Series B', lastRoundDate: '2023-02-01' },
          specialities: ['pumps'],
          technologies: ['Python', 'Postgres'],
          locations: ['Lyon'],
        },
      },
    });
    const { person, company } = expectOk(await client.fullEnrich({ data: 'https://www.linkedin.com/in/jane-roe/' })).value;
    expect(person?.urls).toEqual(['https://www.linkedin.com/in/jane-roe/', 'https://git.example/janeroe', 'https://x.com/janeroe']);
    expect(person?.extra).toEqual({});
    expect(company).toMatchObject({
      type: 'Privately Held',
      revenueRange: '$10M-$50M',
      funding: { totalRaisedUsd: 31_000_000, lastRound: 'Series B', lastRoundDate: '2023-02-01' },
      specialties: ['pumps'],
      technologies: ['Python', 'Postgres'],
      extra: { locations: ['Lyon'] },
    });
  });

  it('reads phone.mobiles[] and the company switchboard in phone.workPhones[]; a cached repeat costs 0', async () => {
    const { client } = clientAnswering(fixture('full-live-mobiles'));
    const result = expectOk(await client.fullEnrich({ firstName: 'Tom', lastName: 'Baker', company: 'Northwind' }));
    const { person, company } = result.value;
    expect(result.creditBurn).toBe(0);
    expect(person?.fullName).toBe('Tom Baker');
    expect(person?.networkUrl).toBe('https://www.linkedin.com/in/tom-baker-example');
    expect(person?.phones).toEqual([{ e164: '+447400123456', international: '+44 7400 123456', type: 'mobile' }]);
    expect(company?.name).toBe('Northwind Example Ltd');
    expect(company?.domain).toBe('northwind-example.co.uk');
    expect(company?.size).toBe('11-50');
    expect(company?.phone).toEqual({ e164: '+442079460958', international: '+44 20 7946 0958', type: 'work' });
  });

  it('enriches a company from company.basic and company.premium', async () => {
    const { client, calls } = clientAnswering(fixture('company-live-premium'));
    const result = expectOk(await client.enrichCompany({ company: 'globex-example.com' }));
    expect(calls[0]?.searchParams.get('companyPremium')).toBe('true');
    expect(result.creditBurn).toBe(1);
    expect(result.value).toEqual({
      name: 'Globex Example Inc',
      website: 'https://globex-example.com',
      domain: 'globex-example.com',
      networkUrl: 'https://www.linkedin.com/company/globex-example',
      industry: 'Software',
      industries: ['Software'],
      size: '1001-5000',
      founded: '1989',
      description: 'Example software for examples.',
      country: 'United States',
      headquarters: 'Springfield, Oregon, United States',
      // premium's own name and size are other spellings of fields the model already holds
      extra: {},
    });
  });

  it('is a no_match when a company enrichment holds no company', async () => {
    const { client } = clientAnswering({ person: { basic: { name: 'Only A Person' } }, creditBurn: '0' });
    const result = await client.enrichCompany({ company: 'Nobody Corp' });
    expect(result.ok ? null : result.error.kind).toBe('no_match');
  });
});

describe('find work email', () => {
  it('Valid is verified', async () => {
    const { client } = clientAnswering(fixture('find-email-valid'));
    const result = expectOk(await client.findWorkEmail({ fullName: 'Jeanne Dupont', company: 'Acme Example' }));
    expect(result.creditBurn).toBe(1);
    expect(result.value).toEqual({
      status: 'verified',
      email: { address: 'jeanne.dupont@acme-example.fr', status: 'verified', verified: true },
      candidates: [],
      domain: 'acme-example.fr',
      catchAll: false,
      mxFound: true,
      smtpCheck: true,
      patterns: ['{first}.{last}', '{f}{last}'],
      extra: {},
    });
  });

  it('MostProbable with a string mostProbableEmail is a free guess, not verified', async () => {
    const { client } = clientAnswering(fixture('find-email-most-probable-string'));
    const result = expectOk(await client.findWorkEmail({ fullName: 'Hank Scorpio', company: 'Globex' }));
    expect(result.creditBurn).toBe(0);
    expect(result.value.status).toBe('most_probable');
    expect(result.value.email).toEqual({ address: 'hank.scorpio@globex-example.com', status: 'most_probable', verified: false, type: 'work' });
    expect(result.value.candidates).toEqual([result.value.email]);
    expect(result.value.catchAll).toBe(true);
    expect(result.value.smtpCheck).toBe(false);
  });

  it('MostProbable with an array keeps every readable candidate in order', async () => {
    const { client } = clientAnswering(fixture('find-email-most-probable-array'));
    const result = expectOk(await client.findWorkEmail({ fullName: 'Hank Scorpio', company: 'Globex' }));
    expect(result.creditBurn).toBe(0);
    expect(result.value.email?.address).toBe('hank.scorpio@globex-example.com');
    expect(result.value.candidates.map((c) => [c.address, c.status, c.verified])).toEqual([
      ['hank.scorpio@globex-example.com', 'most_probable', false],
      ['hscorpio@globex-example.com', 'most_probable', false],
    ]);
    expect(result.value.catchAll).toBe(true);
  });

  it('NotFound is a result with no address, at no cost', async () => {
    const { client } = clientAnswering(fixture('find-email-not-found'));
    const result = expectOk(await client.findWorkEmail({ fullName: 'Peter Gibbons', company: 'Initech' }));
    expect(result.creditBurn).toBe(0);
    expect(result.value.status).toBe('not_found');
    expect(result.value.email).toBeUndefined();
    expect(result.value.domain).toBe('initech-example.com');
    expect(result.value.mxFound).toBe(false);
  });

  it('Unknown is not verified', async () => {
    const { client } = clientAnswering(fixture('find-email-unknown'));
    const result = expectOk(await client.findWorkEmail({ fullName: 'Peter Gibbons', company: 'Initech' }));
    expect(result.value.status).toBe('unknown');
    expect(result.value.email).toEqual({ address: 'peter.gibbons@initech-example.com', status: 'unknown', verified: false });
  });
});

describe('phone search', () => {
  it('reads person.phones[] in their display forms, the WhatsApp flags, and possiblePersons', async () => {
    const { client } = clientAnswering(fixture('phone-search'));
    const result = expectOk(await client.searchPhone({ profileUrl: 'https://www.linkedin.com/in/jeanne-dupont-example/' }));
    const { person, candidates } = result.value;
    expect(result.creditBurn).toBe(30);
    expect(person?.fullName).toBe('Jeanne Dupont');
    expect(person?.firstName).toBe('Jeanne');
    expect(person?.lastName).toBe('Dupont');
    expect(person?.jobTitle).toBe('Head of Procurement');
    expect(person?.companyName).toBe('Acme Example SAS');
    expect(person?.photoUrl).toBe('https://images.example/jeanne.jpg');
    expect(person?.urls).toEqual(['https://www.linkedin.com/in/jeanne-dupont-example/']);
    expect(person?.phones).toEqual([
      { e164: '+33612345678', international: '+33 6 12 34 56 78', type: 'mobile', whatsapp: true },
      { e164: '+33698765432', international: '+33 6 98 76 54 32', whatsapp: false },
    ]);
    expect(person?.emails.map((e) => e.address)).toEqual(['jeanne.dupont@acme-example.fr', 'jeanne.d@example.org']);
    expect(person?.extra).toEqual({ gender: 'female' });
    expect(candidates).toHaveLength(1);
    expect(candidates[0]?.match).toBe(0.62);
    expect(candidates[0]?.fullName).toBe('Jeanne Dupond');
    expect(candidates[0]?.phones.map((p) => p.e164)).toEqual(['+33612345679']);
    expect(result.value.personsCount).toBe(1);
    expect(result.value.warnings).toEqual(['Partial match on name']);
  });

  it('reads candidates spelled possible_persons', async () => {
    const { client } = clientAnswering(fixture('phone-search-snake'));
    const result = expectOk(await client.searchPhone({ email: 'tom@example.org' }));
    expect(result.value.person).toBeUndefined();
    expect(result.value.candidates.map((c) => [c.fullName, c.match, c.phones[0]?.e164])).toEqual([['Tom Baker', 0.45, '+447400123456']]);
    expect(result.value.personsCount).toBe(0);
  });

  it('is a no_match when no one is in the answer', async () => {
    const { client } = clientAnswering({ personsCount: 0, warnings: [], creditBurn: 0 });
    const result = await client.searchPhone({ email: 'nobody@example.org' });
    expect(result.ok ? null : result.error.kind).toBe('no_match');
  });
});

describe('reverse lookups', () => {
  it('reverse phone: {name, linkedinPubProfileUrl, facebookID}', async () => {
    const { client } = clientAnswering(fixture('reverse-phone'));
    const result = expectOk(await client.reversePhone({ phone: '+33 6 12 34 56 78' }));
    expect(result.creditBurn).toBe(1);
    expect(result.value.phone).toEqual({ e164: '+33612345678', international: '+33 6 12 34 56 78' });
    expect(result.value.facebookId).toBe('100000000000001');
    expect(result.value.person.fullName).toBe('Jeanne Dupont');
    expect(result.value.person.networkUrl).toBe('https://www.linkedin.com/in/jeanne-dupont-example/');
    expect(result.value.person.phones.map((p) => p.e164)).toEqual(['+33612345678']);
    expect(result.value.person.extra).toEqual({ carrier: 'Example Mobile' });
  });

  it('personal email: {personalInformation, positions, schools}', async () => {
    const { client } = clientAnswering(fixture('reverse-email'));
    const result = expectOk(await client.searchPersonalEmail({ email: 'tom.baker@example.org' }));
    const { person, positions, schools, email } = result.value;
    expect(result.creditBurn).toBe(1);
    expect(email).toBe('tom.baker@example.org');
    expect(person.fullName).toBe('Tom Baker');
    expect(person.headline).toBe('Selling since 2001');
    expect(person.location).toBe('London, United Kingdom');
    expect(person.networkUrl).toBe('https://www.linkedin.com/in/tom-baker-example');
    expect(person.emails).toEqual([{ address: 'tom.baker@example.org', status: 'unknown', verified: false }]);
    expect(person.extra).toEqual({ hobby: 'sailing' });
    expect(positions).toEqual([
      { title: 'Sales Director', companyName: 'Northwind Example Ltd', startDate: '2019-03', extra: { current: true } },
      { title: 'Account Manager', companyName: 'Contoso Example', startDate: '2012', endDate: '2019', extra: {} },
    ]);
    expect(schools).toEqual([{ name: 'Example University', degree: 'BA', fieldOfStudy: 'Economics', endDate: '2001', extra: {} }]);
  });
});

describe('microblog', () => {
  it('strips the @ of the username and reads the other block', async () => {
    const { client } = clientAnswering(fixture('microblog'));
    const result = expectOk(await client.microblogByUsername({ username: '@jdupont_example' }));
    const profile = result.value;
    expect(result.creditBurn).toBe(1);
    expect(profile.username).toBe('jdupont_example');
    expect(profile.displayName).toBe('Jeanne D.');
    expect(profile.bio).toBe('Procurement, pumps, and puns.');
    expect(profile.followers).toBe(1204);
    expect(profile.following).toBe(310);
    expect(profile.location).toBe('Lyon');
    expect(profile.extra).toEqual({ status: 'found', verified: false });
    expect(profile.person?.fullName).toBe('Jeanne Dupont');
    expect(profile.person?.networkUrl).toBe('https://www.linkedin.com/in/jeanne-dupont-example/');
    expect(profile.person?.microblogUsername).toBe('jdupont_example');
  });

  it('by email reads the same shape', async () => {
    const { client } = clientAnswering(fixture('microblog'));
    const result = expectOk(await client.microblogByEmail({ email: 'jeanne.dupont@acme-example.fr' }));
    expect(result.path).toBe('v1/twitter/by_email');
    expect(result.value.username).toBe('jdupont_example');
  });

  it('is a no_match without a username', async () => {
    const { client } = clientAnswering({ status: 'not found', twitter: {} });
    const result = await client.microblogByUsername({ username: 'nobody' });
    expect(result.ok ? null : result.error.kind).toBe('no_match');
  });
});

describe('credit balance', () => {
  it('reads currentCredit "3002" and keeps the account fields', async () => {
    const { client } = clientAnswering(fixture('balance'));
    const result = expectOk(await client.getCredits());
    expect(result.value).toEqual({
      credits: 3002,
      extra: { email: 'owner@team-example.com', plan: 'Popular', renewalDate: '2026-10-01' },
    });
    expect(result.creditBurn).toBe(0);
  });

  it.each([[3002], [{ currentCredit: 17 }], [{ data: { credits: '5' } }]])('reads %j', async (body) => {
    const { client } = clientAnswering(body);
    const result = expectOk(await client.getCredits());
    expect(result.value.credits).toBe(typeof body === 'number' ? 3002 : JSON.stringify(body).includes('17') ? 17 : 5);
  });
});

describe('creditBurn', () => {
  it.each([
    ['"2"', '2', 2],
    ['a number', 30, 30],
    ['"0"', '0', 0],
    ['a negative value (ignored)', -1, 0],
    ['a non-numeric string (ignored)', 'lots', 0],
    ['Infinity as text (ignored)', 'Infinity', 0],
  ])('%s', async (_label, creditBurn, expected) => {
    const { client } = clientAnswering({ ...(fixture('reverse-phone') as object), creditBurn });
    const result = expectOk(await client.reversePhone({ phone: '+33612345678' }));
    expect(result.creditBurn).toBe(expected);
  });
});
