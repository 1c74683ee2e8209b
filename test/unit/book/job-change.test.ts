import { describe, expect, it } from 'vitest';
import type { Detection } from '@/lib/detect/detection';
import { jobChangeOf, jobsSeen, judgeJob, namesACompany, observeJob, sameCompany, sameTitle, SEARCH_ROW_AFTER_DAYS, withoutAnsweredChange, type JobSeen } from '@/lib/book/job-change';
import type { ContactAnswer } from '@/lib/book/answer';
import { mergeAnswer } from '@/lib/book/merge';
import { personContactSchema, type Fact, type PersonContact } from '@/lib/book/model';

const MAYA = 'https://www.linkedin.com/in/maya-chen/';
const OTHER_MAYA = 'https://www.linkedin.com/in/maya-chen-8a1b2c3d/';
const src = (at: number) => ({ op: 'enrichPerson', historyId: `h${at}`, at, paid: true });
const fact = (value: string, at = 1, alternates: Fact['alternates'] = []): Fact => ({ value, source: src(at), alternates });

function maya(over: Partial<PersonContact> = {}): PersonContact {
  return {
    kind: 'person',
    id: 'person:maya-chen',
    keys: ['person:maya-chen', 'email:maya@globex.com'],
    words: [],
    tags: [],
    firstSeenAt: 1,
    updatedAt: 1,
    name: fact('Maya Chen'),
    title: fact('Head of Data'),
    companyName: fact('Globex Corporation'),
    networkUrl: fact(MAYA),
    urls: [],
    workEmails: [{ address: 'maya@globex.com', kind: 'work', grade: 'verified', foundAt: 1, source: src(1) }],
    personalEmails: [],
    phones: [],
    ...over,
  };
}

const seen = (over: Partial<JobSeen> = {}): JobSeen => ({ profileUrl: MAYA, title: 'Head of Data', company: 'Globex', seenOn: 'profile', ...over });

describe('judgeJob: same person, new company', () => {
  it('is a company change, with what the record said and what the page says', () => {
    expect(judgeJob(maya(), seen({ company: 'Initech', title: 'VP Data' }), 50)).toEqual({
      kind: 'company',
      was: { title: 'Head of Data', company: 'Globex Corporation' },
      now: { title: 'VP Data', company: 'Initech' },
      seenAt: 50,
      profileUrl: MAYA,
      seenOn: 'profile',
    });
  });

  it('needs no title on the page', () => {
    expect(judgeJob(maya(), seen({ company: 'Initech', title: undefined }), 5)?.now).toEqual({ company: 'Initech' });
  });

  it('is the same person whatever form of her profile URL the page gives', () => {
    expect(judgeJob(maya(), seen({ profileUrl: 'https://fr.linkedin.com/in/Maya-Chen?trk=x', company: 'Initech' }), 5)?.kind).toBe('company');
  });
});

describe('judgeJob: a namesake is not a job change', () => {
  it('another profile with the same name says nothing', () => {
    expect(judgeJob(maya(), seen({ profileUrl: OTHER_MAYA, company: 'Initech' }), 5)).toBeUndefined();
  });

  it('a contact known only by a name at a company is never the page’s person', () => {
    const byName = maya({ id: 'name:maya chen|globex', keys: ['name:maya chen|globex'] });
    expect(judgeJob(byName, seen({ company: 'Initech' }), 5)).toBeUndefined();
  });

  it('a company page or a URL that is no profile says nothing', () => {
    expect(judgeJob(maya(), seen({ profileUrl: 'https://www.linkedin.com/company/maya-chen/', company: 'Initech' }), 5)).toBeUndefined();
    expect(judgeJob(maya(), seen({ profileUrl: 'javascript:alert(1)', company: 'Initech' }), 5)).toBeUndefined();
  });
});

describe('judgeJob: the same company spelled differently is no change', () => {
  it.each([
    'Globex',
    'GLOBEX CORPORATION',
    'Globex Corp.',
    'Globex, Inc.',
    'at Globex',
    'Globex Corporation Europe',
    'globex.com',
  ])('%s', (company) => {
    expect(judgeJob(maya(), seen({ company }), 5)).toBeNull();
  });

  it.each([
    ['Société Générale', 'Societe Generale S.A.'],
    ['Müller GmbH', 'MÜLLER'],
    ['Capgemini SAS', 'chez Capgemini'],
    ['Siemens AG', 'bei Siemens'],
    ['Acme Ltd', 'ACME LIMITED'],
  ])('%s and %s', (a, b) => {
    expect(sameCompany(a, b)).toBe(true);
  });

  it('different companies differ, even sharing a legal form', () => {
    expect(sameCompany('Globex Inc.', 'Initech Inc.')).toBe(false);
    expect(sameCompany('Acme Robotics', 'Acme Foods')).toBe(false);
  });

  it('a company the record knew before is the page lagging behind a lookup, not a change', () => {
    const moved = maya({ companyName: fact('Initech', 9, [{ value: 'Globex Corporation', source: src(1) }]) });
    expect(judgeJob(moved, seen({ company: 'Globex' }), 10)).toBeUndefined();
  });
});

describe('judgeJob: missing fields say nothing', () => {
  it('no company on the page', () => {
    expect(judgeJob(maya(), seen({ company: undefined }), 5)).toBeUndefined();
    expect(judgeJob(maya(), seen({ company: '   ' }), 5)).toBeUndefined();
  });

  it('no company in the book', () => {
    expect(judgeJob(maya({ companyName: undefined }), seen({ company: 'Initech' }), 5)).toBeUndefined();
  });

  it('no title on either side: same company is no change', () => {
    expect(judgeJob(maya({ title: undefined }), seen({ title: 'VP Data' }), 5)).toBeNull();
    expect(judgeJob(maya(), seen({ title: undefined }), 5)).toBeNull();
  });
});

describe('judgeJob: a new title at the same company is the weaker signal', () => {
  it('is kind "title"', () => {
    expect(judgeJob(maya(), seen({ title: 'VP Data' }), 5)).toMatchObject({ kind: 'title', was: { title: 'Head of Data' }, now: { title: 'VP Data', company: 'Globex' } });
  });

  it('abbreviations, order, case and small words are the same title', () => {
    expect(sameTitle('VP Sales', 'Vice President of Sales')).toBe(true);
    expect(sameTitle('Sr. Engineer', 'SENIOR ENGINEER')).toBe(true);
    expect(sameTitle('Directrice des ventes', 'directrice ventes')).toBe(true);
    expect(sameTitle('Senior Engineer', 'Engineer')).toBe(false);
  });
});

describe('judgeJob: hostile strings', () => {
  it('control characters, bidi overrides and a megabyte are cleaned and capped', () => {
    const change = judgeJob(maya(), seen({ company: `\u202EInit\u0000ech${'x'.repeat(1_000_000)}`, title: '<img src=x onerror=alert(1)>' }), 5);
    expect(change?.kind).toBe('company');
    expect(change?.now.company?.startsWith('Initech')).toBe(true);
    expect(change?.now.company?.length).toBeLessThanOrEqual(200);
    // Kept as text (React renders it as text), and it still fits the stored schema.
    expect(change?.now.title).toBe('<img src=x onerror=alert(1)>');
    expect(personContactSchema.parse({ ...maya(), jobChange: change }).jobChange).toEqual(change);
  });

  it('punctuation only is no company', () => {
    expect(judgeJob(maya(), seen({ company: '— · —' }), 5)).toBeUndefined();
  });
});

describe('observeJob: what the worker writes', () => {
  it('records a change, and nothing else of the record moves', () => {
    const before = maya();
    const after = observeJob(before, seen({ company: 'Initech' }), 50);
    expect(after?.jobChange?.now.company).toBe('Initech');
    const { jobChange: _change, ...rest } = after!;
    expect(rest).toEqual(before);
  });

  it('seen again, the first sighting stays and nothing is written', () => {
    const once = observeJob(maya(), seen({ company: 'Initech' }), 50)!;
    expect(observeJob(once, seen({ company: 'Initech Inc.' }), 90)).toBeNull();
  });

  it('a page that agrees with the record ends a recorded change', () => {
    const once = observeJob(maya(), seen({ company: 'Initech' }), 50)!;
    expect(observeJob(once, seen({ company: 'Globex' }), 90)?.jobChange).toBeUndefined();
    expect(observeJob(maya(), seen({ company: 'Globex' }), 90)).toBeNull();
  });

  it('a namesake’s page leaves the record alone', () => {
    expect(observeJob(maya(), seen({ profileUrl: OTHER_MAYA, company: 'Initech' }), 50)).toBeNull();
  });
});

describe('jobChangeOf: what a card shows', () => {
  it('the page it sits on first, else what the book recorded', () => {
    const recorded = observeJob(maya(), seen({ company: 'Initech' }), 50)!;
    expect(jobChangeOf(recorded, null, 90)?.seenAt).toBe(50);
    expect(jobChangeOf(recorded, seen({ company: 'Initech' }), 90)?.seenAt).toBe(50);
    expect(jobChangeOf(recorded, seen({ company: 'Globex' }), 90)).toBeNull();
    expect(jobChangeOf(maya(), seen({ company: 'Hooli' }), 90)?.now.company).toBe('Hooli');
    expect(jobChangeOf(null, seen({ company: 'Hooli' }), 90)).toBeNull();
  });
});

describe('withoutAnsweredChange: a lookup that finds the new company clears it', () => {
  const changed = observeJob(maya(), seen({ company: 'Initech' }), 50)!;
  it('cleared once the record says Initech', () => {
    expect(withoutAnsweredChange({ ...changed, companyName: fact('Initech Inc', 60, [{ value: 'Globex Corporation', source: src(1) }]) }).jobChange).toBeUndefined();
  });
  it('kept while the record still says Globex', () => {
    expect(withoutAnsweredChange(changed).jobChange).toBeDefined();
  });
});

describe('jobsSeen: what a detection says', () => {
  const profile = (over: Partial<Detection> = {}): Detection => ({
    kind: 'person',
    url: MAYA,
    person: { fullName: 'Maya Chen', jobTitle: 'VP Data', company: 'Initech', profileUrl: MAYA, headline: 'VP Data at Initech' },
    confidence: 0.9,
    sources: [],
    ...over,
  });

  it('a confident profile', () => {
    expect(jobsSeen(profile())).toEqual([{ profileUrl: MAYA, title: 'VP Data', company: 'Initech', seenOn: 'profile' }]);
  });

  it('an unsure reading is no evidence', () => {
    expect(jobsSeen(profile({ confidence: 0.4 }))).toEqual([]);
  });

  it('search rows: "Title at Company" in the readers’ languages, not past jobs', () => {
    const search: Detection = {
      kind: 'peopleSearch',
      url: 'https://www.linkedin.com/search/results/people/?keywords=data',
      confidence: 1,
      sources: [],
      results: [
        { key: '1', headline: 'VP Data at Initech | Speaker', profileUrl: MAYA },
        { key: '2', headline: 'Directrice commerciale chez Hooli', profileUrl: 'https://www.linkedin.com/in/a/' },
        { key: '3', headline: 'Leiter Vertrieb bei Siemens', profileUrl: 'https://www.linkedin.com/in/b/' },
        { key: '4', headline: 'Former VP at Globex', profileUrl: 'https://www.linkedin.com/in/c/' },
        { key: '5', headline: 'Helping teams ship faster', profileUrl: 'https://www.linkedin.com/in/d/' },
        { key: '6', headline: 'CTO at Acme' },
      ],
    };
    expect(jobsSeen(search).map((s) => [s.title, s.company, s.seenOn])).toEqual([
      ['VP Data', 'Initech', 'search'],
      ['Directrice commerciale', 'Hooli', 'search'],
      ['Leiter Vertrieb', 'Siemens', 'search'],
    ]);
  });

  it('other pages say nothing', () => {
    expect(jobsSeen(null)).toEqual([]);
    expect(jobsSeen({ kind: 'company', url: 'https://www.linkedin.com/company/x/', confidence: 1, sources: [] })).toEqual([]);
  });
});

describe('headlines are free text, often old: what they alone say is held to more', () => {
  const DAY = 86_400_000;
  const LATER = 1 + (SEARCH_ROW_AFTER_DAYS + 1) * DAY;
  const rows = (...headlines: string[]): Detection => ({
    kind: 'peopleSearch',
    url: 'https://www.linkedin.com/search/results/people/?keywords=x',
    confidence: 1,
    sources: [],
    results: headlines.map((headline, i) => ({ key: String(i), headline, profileUrl: `https://www.linkedin.com/in/p${i}/` })),
  });

  it.each([
    'Consultant en recrutement',
    'Ingeniero en sistemas',
    'Engineer na empresa',
    'Engenheiro em dados | Python',
    // Capitalised as titles often are: only the strict words keep these out.
    'Especialista en Marketing Digital',
    'Consultora en Recursos Humanos',
    'Gerente na Área Comercial',
    'Helping teams grow at scale',
    'Helping SaaS Teams Grow At Scale',
    'Sales at heart',
    'Working at home',
    'Designer at X',
  ])('the row "%s" names no new employer', (headline) => {
    expect(jobsSeen(rows(headline))).toEqual([]);
  });

  it('a row that says "VP Sales at Initech" still does, in each reader’s word for "at"', () => {
    expect(jobsSeen(rows('VP Sales at Initech', 'Ingegnere presso Fiat', 'Verkoper bij Philips', 'Dev @ Hooli')).map((seen) => seen.company)).toEqual(['Initech', 'Fiat', 'Philips', 'Hooli']);
  });

  const row = (headline = 'VP Sales at Initech', company = 'Initech'): JobSeen => ({ profileUrl: MAYA, title: 'VP Sales', company, seenOn: 'search', headline });

  it('a freshly enriched record and a stale row: no change, whatever the row says', () => {
    expect(judgeJob(maya(), row(), 5)).toBeUndefined();
    expect(observeJob(maya(), row(), 5)).toBeNull();
    expect(judgeJob(maya(), row(), SEARCH_ROW_AFTER_DAYS * DAY - 1)).toBeUndefined();
  });

  it('a record answered more than a month before the row: the row’s change counts', () => {
    expect(judgeJob(maya(), row(), LATER)).toMatchObject({ kind: 'company', now: { company: 'Initech' }, seenOn: 'search' });
  });

  it('the headline the lookup already read is no news, however old the record', () => {
    const read = maya({ headline: fact('VP Sales at Initech', 1) });
    expect(judgeJob(read, row('VP Sales  at  INITECH'), LATER)).toBeUndefined();
  });

  it('a row never replaces nor ends a change seen on her profile', () => {
    const onProfile = observeJob(maya(), seen({ company: 'Hooli' }), 50)!;
    expect(observeJob(onProfile, row(), LATER)).toBeNull();
    expect(observeJob(onProfile, row('Head of Data at Globex', 'Globex'), LATER)).toBeNull();
  });

  const profile = (headline: string, company: string, sources: string[]): Detection => ({
    kind: 'person',
    url: MAYA,
    person: { fullName: 'Maya Chen', headline, company, profileUrl: MAYA },
    confidence: 0.8,
    sources,
  });

  it('on a profile, a company only the headline gave is split by the strict words too', () => {
    expect(jobsSeen(profile('Consultant en recrutement', 'recrutement', ['h1', 'headline']))).toEqual([]);
    expect(jobsSeen(profile('VP Sales at Initech', 'Initech', ['h1', 'headline']))[0]?.company).toBe('Initech');
  });

  it('on a profile, a company its structure confirms counts whatever the headline’s words', () => {
    expect(jobsSeen(profile('Ingeniero en Telefónica', 'Telefónica', ['h1', 'aria-label', 'headline']))[0]?.company).toBe('Telefónica');
  });

  it('a fragment or a common word is no company, on a profile too', () => {
    for (const company of ['X', '.', 'scale', 'At Scale', 'Home', 'the moment']) {
      expect(namesACompany(company)).toBe(false);
      expect(judgeJob(maya(), seen({ company }), 5)).toBeUndefined();
    }
    expect(namesACompany('HP')).toBe(true);
    expect(namesACompany('3M')).toBe(true);
  });
});

describe('long facts still make a change that reads back', () => {
  const long = maya({ title: fact(`Head of ${'Data '.repeat(100)}`), companyName: fact(`Globex ${'Holdings '.repeat(60)}`) });

  it('a 500-character title and company are cut to the stored limit', () => {
    const change = judgeJob(long, seen({ company: 'Initech', title: 'T'.repeat(500) }), 50)!;
    expect(change.was.title!.length).toBeLessThanOrEqual(200);
    expect(change.was.company!.length).toBeLessThanOrEqual(200);
    expect(change.now.title!.length).toBeLessThanOrEqual(200);
    expect(personContactSchema.parse({ ...long, jobChange: change }).jobChange).toEqual(change);
  });

  it('stored and read back, the next view of the same page writes nothing', () => {
    const stored = personContactSchema.parse(observeJob(long, seen({ company: 'Initech', title: 'T'.repeat(500) }), 50));
    expect(stored.jobChange?.kind).toBe('company');
    expect(observeJob(stored, seen({ company: 'Initech', title: 'T'.repeat(500) }), 90)).toBeNull();
  });
});

describe('the stored record', () => {
  it('a record written before job changes still reads', () => {
    const { jobChange: _none, ...old } = maya();
    expect(personContactSchema.safeParse(old).success).toBe(true);
  });

  it('a change that no longer reads is dropped, never the contact', () => {
    const parsed = personContactSchema.safeParse({ ...maya(), jobChange: { kind: 'moved', seenAt: 'yesterday' } });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.jobChange).toBeUndefined();
  });
});

describe('the merge: a later paid lookup that finds the new company clears the change', () => {
  const changed = () => observeJob(maya(), seen({ company: 'Initech', title: 'VP Data' }), 50)!;
  const workEmailAt = (company: string, address: string): ContactAnswer => ({
    op: 'findWorkEmail',
    result: { status: 'verified', email: { address, status: 'verified', verified: true }, candidates: [], patterns: [], extra: {} },
    at: 60,
    historyId: 'h60',
    paid: true,
    requestKeys: ['person:maya-chen'],
    input: { fullName: 'Maya Chen', company, profileUrl: MAYA },
  });
  const merged = async (answer: ContactAnswer) => {
    const { upserts } = await mergeAnswer(answer, async () => [changed()]);
    return upserts.find((c): c is PersonContact => c.kind === 'person')!;
  };

  it('the work email at Initech: the change is now the record’s, and no longer news', async () => {
    const after = await merged(workEmailAt('Initech', 'maya@initech.example'));
    expect(after.companyName?.value).toBe('Initech');
    expect(after.jobChange).toBeUndefined();
  });

  it('a lookup at the old company keeps it', async () => {
    const after = await merged(workEmailAt('Globex Corporation', 'maya@globex.com'));
    expect(after.jobChange?.now.company).toBe('Initech');
  });
});
