import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxCost } from '@/sandbox/prices';
import { expectError, json, startHarness, type Harness } from '@/test/conformance/helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ rateLimitPerSecond: 1000 });
});
afterAll(() => h.stop());

type Data = Record<string, unknown> & { company: Record<string, unknown> };
async function full(params: Record<string, string>): Promise<Data> {
  const res = await h.get('v2/full', params);
  const body = await json<{ data: Data }>(res);
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(Object.keys(body)).toEqual(['data']);
  return body.data;
}

const MAYA = 'https://www.linkedin.com/in/maya-chen';
const JOSE = 'https://www.linkedin.com/in/jos%C3%A9-mu%C3%B1oz';

describe('/v2/full: the interface’s record', () => {
  it('carries every field of the interface, typed as specified, plus creditBurn 2', async () => {
    const data = await full({ data: MAYA });
    expect(data).toMatchObject({
      fullName: 'Maya Chen',
      firstName: 'Maya',
      lastName: 'Chen',
      email: 'maya.chen@northwind-analytics.example',
      jobTitle: 'VP of Engineering',
      company: { name: 'Northwind Analytics', domain: 'northwind-analytics.example', networkUrl: 'https://www.linkedin.com/company/northwind-analytics' },
      creditBurn: 2,
    });
    expect(Number.isInteger(data.personConfidenceScore)).toBe(true);
    expect(Number.isInteger(data.companyConfidence)).toBe(true);
    expect(data.personConfidenceScore).toBeGreaterThanOrEqual(0);
    expect(data.personConfidenceScore).toBeLessThanOrEqual(100);
  });

  /** Fields of the record, the company block's counted with the rest (the interface counts them so). */
  const fieldCount = (data: Data) => Object.keys(data).length - 1 + Object.keys(data.company).length;

  it.each(['maya-chen', 'hugo-bernard', 'priya-raman', 'søren-østergaard-1a2b3c'])('carries 50 or more fields without any flag, as the interface says: %s', async (slug) => {
    const data = await full({ data: `https://www.linkedin.com/in/${encodeURIComponent(slug)}` });
    expect(fieldCount(data)).toBeGreaterThanOrEqual(50);
  });

  it('carries more with every flag on', async () => {
    const data = await full({ data: MAYA, companyPremium: 'true', companyFull: 'true', personFull: 'true', phoneFull: 'true', whatsappCheck: 'true' });
    expect(fieldCount(data)).toBeGreaterThan(fieldCount(await full({ data: MAYA })));
  });

  it('says what can be found without revealing it, and where and when the person works', async () => {
    expect(await full({ data: MAYA })).toMatchObject({
      timezone: 'America/Los_Angeles',
      continent: 'North America',
      industry: 'Software Development',
      isDecisionMaker: true,
      yearsInRole: 9,
      previousCompany: 'Kestrel & Finch',
      emailDomain: 'northwind-analytics.example',
      emailType: 'work',
      hasPhone: true,
      hasMobile: true,
      hasPersonalEmail: true,
      socialProfiles: [
        { network: 'professional', url: MAYA, username: 'maya-chen' },
        { network: 'microblog', url: 'https://x.com/mayabuilds', username: 'mayabuilds' },
      ],
    });
    // In the EU a personal email is never offered, not even as a hint; nor is a phone that is not there.
    const emilie = await full({ data: 'https://www.linkedin.com/in/emilie-lefevre' });
    expect(emilie).toMatchObject({ hasPersonalEmail: false, timezone: 'Europe/Paris', continent: 'Europe' });
    expect(await full({ data: 'https://www.linkedin.com/in/priya-raman' })).toMatchObject({ hasPhone: false, hasMobile: false });
  });
});

describe('/v2/full: input groups, in order of preference', () => {
  it('1. data = a profile URL', async () => {
    expect(await full({ data: MAYA })).toMatchObject({ fullName: 'Maya Chen', matchedBy: 'networkUrl' });
  });

  it('1. data = a work email, case-insensitively', async () => {
    expect(await full({ data: 'Maya.Chen@Northwind-Analytics.EXAMPLE' })).toMatchObject({ fullName: 'Maya Chen', matchedBy: 'email' });
  });

  it('2. firstName + lastName + company, case- and accent-insensitively', async () => {
    expect(await full({ firstName: 'emilie', lastName: 'LEFEVRE', company: 'brightwater labs' })).toMatchObject({
      fullName: 'Émilie Lefèvre',
      matchedBy: 'firstName+lastName+company',
    });
  });

  it('2. company may be given as the web domain', async () => {
    expect(await full({ firstName: 'Søren', lastName: 'Ostergaard', company: 'www.fjordlys.example' })).toMatchObject({ fullName: 'Søren Østergaard' });
  });

  it('3. fullName + company', async () => {
    expect(await full({ fullName: 'Jurgen Muller', company: 'Tessellate Robotics' })).toMatchObject({ fullName: 'Jürgen Müller', matchedBy: 'fullName+company' });
    expect(await full({ fullName: '李明', company: 'Northwind Analytics' })).toMatchObject({ lastName: '李' });
  });

  it('the company tells apart two people with the same name', async () => {
    expect(await full({ fullName: 'Alex Morgan', company: 'Northwind Analytics' })).toMatchObject({ jobTitle: 'Account Executive' });
    expect(await full({ fullName: 'Alex Morgan', company: 'Halcyon Freight' })).toMatchObject({ jobTitle: 'Fleet Operations Director' });
  });

  it('when several groups are sent, the preferred one wins', async () => {
    const data = await full({ data: MAYA, firstName: 'Priya', lastName: 'Raman', company: 'Northwind Analytics', fullName: 'Alex Morgan' });
    expect(data.fullName).toBe('Maya Chen');
    const second = await full({ firstName: 'Priya', lastName: 'Raman', fullName: 'Alex Morgan', company: 'Northwind Analytics' });
    expect(second.fullName).toBe('Priya Raman');
  });

  it('personConfidenceScore is highest for an identifier, lower for names', async () => {
    const byUrl = await full({ data: MAYA });
    const byName = await full({ fullName: 'Maya Chen', company: 'Northwind Analytics' });
    expect(byUrl.personConfidenceScore as number).toBeGreaterThan(byName.personConfidenceScore as number);
  });

  it.each<[Record<string, string>, string]>([
    [{}, 'nothing'],
    [{ firstName: 'Maya', company: 'Northwind Analytics' }, 'firstName without lastName'],
    [{ firstName: 'Maya', lastName: 'Chen' }, 'names without company'],
    [{ fullName: 'Maya Chen' }, 'fullName without company'],
    [{ company: 'Northwind Analytics' }, 'a company without companyPremium'],
    [{ data: 'Maya Chen' }, 'data that is neither a URL nor an email'],
    [{ data: 'maya@' }, 'a malformed email'],
    [{ data: 'https://www.linkedin.com/feed/' }, 'a network URL that is not a profile'],
    [{ data: 'https://www.linkedin.com/company/northwind-analytics' }, 'a company URL without companyPremium'],
    [{ data: MAYA, phoneFull: 'yes' }, 'a flag that is neither true nor false'],
  ])('missing or invalid parameters answer 400, code 3: %j (%s)', async (params) => {
    await expectError(await h.get('v2/full', params), 400, 3);
  });

  it('a parameter repeated with two different values is contradictory: 400, code 3', async () => {
    await expectError(await h.get('v2/full', { data: MAYA }, { raw: `data=${encodeURIComponent(JOSE)}` }), 400, 3);
  });

  it('a parameter repeated with the same value is accepted', async () => {
    const res = await h.get('v2/full', { data: MAYA }, { raw: `data=${encodeURIComponent(MAYA)}` });
    expect(res.status).toBe(200);
  });

  it.each<Record<string, string>>([
    { data: 'https://www.linkedin.com/in/nobody-at-all' },
    { data: 'nobody@northwind-analytics.example' },
    { data: 'maya.chen@mail.example' },
    { firstName: 'Maya', lastName: 'Chen', company: 'Halcyon Freight' },
    { fullName: 'Maya Chen', company: 'No Such Company' },
    { company: 'No Such Company', companyPremium: 'true' },
  ])('no match answers 404 {code:5, message:"Not found"}: %j', async (params) => {
    const res = await h.get('v2/full', params);
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ code: 5, message: 'Not found' });
  });
});

describe('/v2/full: profile URLs match whatever their form', () => {
  it.each([
    'https://www.linkedin.com/in/maya-chen',
    'https://www.linkedin.com/in/maya-chen/',
    'http://www.linkedin.com/in/maya-chen',
    'https://linkedin.com/in/maya-chen',
    'https://fr.linkedin.com/in/maya-chen/',
    'www.linkedin.com/in/maya-chen',
    'linkedin.com/in/maya-chen',
    'https://www.linkedin.com/in/maya-chen?miniProfileUrn=urn%3Ali%3Afs_miniProfile%3AACoAA',
    'https://www.linkedin.com/in/maya-chen/details/experience/',
    'https://www.linkedin.com/in/Maya-Chen#about',
    '  https://www.linkedin.com/in/maya-chen  ',
  ])('%s', async (url) => {
    expect((await full({ data: url })).fullName).toBe('Maya Chen');
  });

  it.each([
    ['percent-encoded UTF-8', 'https://www.linkedin.com/in/jos%C3%A9-mu%C3%B1oz/'],
    ['raw UTF-8', 'https://www.linkedin.com/in/josé-muñoz'],
    ['percent-encoded, upper-case hex in lower-case', 'https://es.linkedin.com/in/jos%c3%a9-mu%c3%b1oz'],
    ['decomposed accents (NFD)', 'https://www.linkedin.com/in/' + 'josé-muñoz'.normalize('NFD')],
  ])('a non-ASCII slug, %s', async (_label, url) => {
    expect((await full({ data: url })).fullName).toBe('José Muñoz');
  });

  it('the query value itself is percent-encoded once by the client; the slug inside stays encoded', async () => {
    // URLSearchParams encodes "%" as "%25": the server decodes the query once and the slug once more.
    const res = await h.get('v2/full', {}, { raw: `data=${encodeURIComponent(JOSE)}` });
    expect((await json<{ data: Data }>(res)).data.fullName).toBe('José Muñoz');
  });
});

describe('/v2/full: optional flags', () => {
  it('without flags: no phones, no WhatsApp, the company’s basic facts only, no person extras', async () => {
    const data = await full({ data: MAYA });
    expect(data).not.toHaveProperty('phones');
    expect(data).not.toHaveProperty('hasWhatsapp');
    expect(data).not.toHaveProperty('skills');
    expect(data).not.toHaveProperty('experiences');
    expect(data).not.toHaveProperty('emails');
    expect(Object.keys(data.company).sort()).toEqual(['city', 'country', 'domain', 'industry', 'name', 'networkUrl', 'region', 'size', 'website']);
    for (const field of ['networkUrl', 'headline', 'location', 'city', 'region', 'country', 'seniority', 'department', 'emailStatus', 'microblogUsername']) {
      expect(data, field).toHaveProperty(field);
    }
  });

  it('phoneFull adds phones in E.164 with an international display and the line’s type, without WhatsApp flags', async () => {
    const data = await full({ data: MAYA, phoneFull: 'true' });
    expect(data.phones).toEqual([
      { number: '+14155550110', displayInternational: '+1 415 555 0110', countryCode: 'US', type: 'mobile' },
      { number: '+14155550111', displayInternational: '+1 415 555 0111', countryCode: 'US', type: 'landline' },
    ]);
    const oliver = await full({ data: 'https://www.linkedin.com/in/oliver-bennett', phoneFull: 'true' });
    expect((oliver.phones as { type: string }[]).map((p) => p.type)).toEqual(['landline', 'mobile']);
  });

  it('phoneFull charges 30 more per mobile number returned, landlines free: 2 to 92', async () => {
    expect((await full({ data: MAYA, phoneFull: 'true' })).creditBurn).toBe(2 + 30); // one mobile, one landline
    expect((await full({ data: MAYA, phoneFull: 'true', whatsappCheck: 'true', personFull: 'true' })).creditBurn).toBe(32);
    expect((await full({ data: 'https://www.linkedin.com/in/francois-lefebvre', phoneFull: 'true' })).creditBurn).toBe(2 + 2 * 30);
    const declan = await full({ data: 'https://www.linkedin.com/in/declan-murphy', phoneFull: 'true' });
    expect((declan.phones as { type: string }[]).map((p) => p.type)).toEqual(['mobile', 'mobile', 'mobile']);
    expect(declan.creditBurn).toBe(maxCost('full', { phoneFull: true }));
    expect(declan.creditBurn).toBe(92);
    expect((await full({ data: 'https://www.linkedin.com/in/declan-murphy' })).creditBurn).toBe(2);
    expect((await full({ data: 'Northwind Analytics', companyPremium: 'true', phoneFull: 'true' })).creditBurn).toBe(2);
  });

  it('phoneFull + whatsappCheck adds a WhatsApp flag per phone, and hasWhatsapp', async () => {
    const data = await full({ data: MAYA, phoneFull: 'true', whatsappCheck: 'true' });
    expect((data.phones as { whatsapp: boolean }[]).map((p) => p.whatsapp)).toEqual([true, false]);
    expect(data.hasWhatsapp).toBe(true);
  });

  it('whatsappCheck alone adds hasWhatsapp only', async () => {
    const data = await full({ data: MAYA, whatsappCheck: 'true' });
    expect(data.hasWhatsapp).toBe(true);
    expect(data).not.toHaveProperty('phones');
  });

  it('phoneFull on a person without a phone gives an empty list (still a match, still 2 credits)', async () => {
    const data = await full({ data: 'https://www.linkedin.com/in/priya-raman', phoneFull: 'true' });
    expect(data.phones).toEqual([]);
    expect(data.creditBurn).toBe(2);
  });

  it('false is the same as absent', async () => {
    expect(await full({ data: MAYA, phoneFull: 'false', personFull: 'false' })).toEqual(await full({ data: MAYA }));
  });

  it('personFull adds the person’s history, skills and emails; personal emails only outside the EU', async () => {
    const maya = await full({ data: MAYA, personFull: 'true' });
    for (const field of ['summary', 'skills', 'languages', 'experiences', 'education', 'yearsOfExperience', 'connections', 'followers', 'emails']) {
      expect(maya, field).toHaveProperty(field);
    }
    expect(maya.emails).toEqual([
      { address: 'maya.chen@northwind-analytics.example', type: 'work', status: 'Valid' },
      { address: 'maya.chen@mail.example', type: 'personal', status: 'Valid' },
    ]);
    const emilie = await full({ data: 'https://www.linkedin.com/in/emilie-lefevre', personFull: 'true' });
    expect(emilie.emails).toEqual([{ address: 'emilie@brightwater-labs.example', type: 'work', status: 'MostProbable' }]);
  });

  it('companyPremium adds firmographics to the company block', async () => {
    const data = await full({ data: MAYA, companyPremium: 'true' });
    expect(data.company).toMatchObject({ industry: 'Software Development', size: '201-500', founded: 2012, phone: '+14155550100' });
    expect(data.company).toHaveProperty('headquarters.city', 'San Francisco');
    expect(data.company).not.toHaveProperty('funding');
  });

  it('companyFull adds the wider company cards too', async () => {
    const data = await full({ data: MAYA, companyFull: 'true' });
    for (const field of ['industry', 'funding', 'technologies', 'specialties', 'revenueRange', 'locations']) {
      expect(data.company, field).toHaveProperty(field);
    }
  });

  it('flags but phoneFull cost nothing extra: still 2 credits per match', async () => {
    const data = await full({ data: MAYA, companyPremium: 'true', companyFull: 'true', personFull: 'true', whatsappCheck: 'true' });
    expect(data.creditBurn).toBe(2);
  });

  it('a catch-all company’s work email comes back labelled MostProbable', async () => {
    expect(await full({ data: 'https://www.linkedin.com/in/emilie-lefevre' })).toMatchObject({ email: 'emilie@brightwater-labs.example', emailStatus: 'MostProbable' });
    expect(await full({ data: MAYA })).toMatchObject({ emailStatus: 'Valid' });
    expect(await full({ data: 'https://www.linkedin.com/in/hugo-bernard' })).toMatchObject({ email: null, emailStatus: null });
  });
});

describe('/v2/full with companyPremium: enriching a company', () => {
  it.each([
    [{ data: 'Northwind Analytics' }, 'name'],
    [{ data: 'northwind analytics' }, 'name'],
    [{ data: 'northwind-analytics.example' }, 'domain'],
    [{ data: 'https://www.northwind-analytics.example/about' }, 'domain'],
    [{ company: 'Northwind Analytics' }, 'name'],
    [{ data: 'https://www.linkedin.com/company/northwind-analytics/about/' }, 'networkUrl'],
  ])('%j (by %s)', async (params, by) => {
    const data = await full({ ...params, companyPremium: 'true' });
    expect(data.company).toMatchObject({ name: 'Northwind Analytics', domain: 'northwind-analytics.example', industry: 'Software Development' });
    expect(data.matchedBy).toBe(`company:${by}`);
    expect(data).not.toHaveProperty('fullName');
    expect(data.creditBurn).toBe(2);
  });

  it('matches company names accent-insensitively', async () => {
    expect((await full({ data: 'ebene cosmetiques', companyPremium: 'true' })).company.name).toBe('Ébène Cosmétiques');
  });
});
