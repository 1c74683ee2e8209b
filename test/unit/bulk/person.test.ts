import { describe, expect, it } from 'vitest';
import { t } from '@/lib/platform/i18n';
import { BULK_OPERATIONS, type BulkPerson, type ColumnMapping } from '@/lib/bulk/model';
import { fullNameOf, personOf, requestFor } from '@/lib/bulk/person';
import { OPERATIONS } from '@/lib/lookup/worker/operations';

const MAPPING: ColumnMapping = ['profileUrl', 'email', 'firstName', 'lastName', 'fullName', 'company', 'phone', null];
/** Cells in MAPPING's order; the last column is not mapped. */
const row = (cells: Partial<Record<'profileUrl' | 'email' | 'firstName' | 'lastName' | 'fullName' | 'company' | 'phone' | 'note', string>>) => [
  cells.profileUrl ?? '',
  cells.email ?? '',
  cells.firstName ?? '',
  cells.lastName ?? '',
  cells.fullName ?? '',
  cells.company ?? '',
  cells.phone ?? '',
  cells.note ?? '',
];

describe('personOf reads a row through the mapping', () => {
  it('trims cells and normalises each value the way the lookups take it', () => {
    const { person, problem, ignored } = personOf(
      row({
        profileUrl: '  fr.linkedin.com/in/Maya-Chen/details/experience/ ',
        email: ' Maya.Chen@Northwind.example ',
        firstName: ' Maya ',
        lastName: 'Chen',
        fullName: 'Maya   Chen',
        company: 'Northwind Analytics',
        phone: '+33 6 12 34 56 78',
        note: 'not read',
      }),
      MAPPING,
    );
    expect(problem).toBeNull();
    expect(ignored).toEqual([]);
    expect(person).toEqual({
      profileUrl: 'https://www.linkedin.com/in/maya-chen/',
      email: 'maya.chen@northwind.example',
      firstName: 'Maya',
      lastName: 'Chen',
      fullName: 'Maya Chen',
      company: 'Northwind Analytics',
      phone: '+33612345678',
    });
  });

  it('reads a company web address as its domain, and a name as written', () => {
    expect(personOf(row({ fullName: 'Maya Chen', company: 'https://www.northwind.example/about' }), MAPPING).person?.company).toBe('northwind.example');
    expect(personOf(row({ fullName: 'Maya Chen', company: 'northwind.example' }), MAPPING).person?.company).toBe('northwind.example');
    expect(personOf(row({ fullName: 'Maya Chen', company: 'AT&T / Bell Labs' }), MAPPING).person?.company).toBe('AT&T / Bell Labs');
  });

  it('reads a phone without its country code in the region given, and not otherwise', () => {
    expect(personOf(row({ phone: '06 12 34 56 78' }), MAPPING, { defaultRegion: 'FR' }).person?.phone).toBe('+33612345678');
    const { person, problem } = personOf(row({ phone: '06 12 34 56 78' }), MAPPING);
    expect(person).toBeNull();
    expect(problem).toContain('“06 12 34 56 78” is not a phone number');
  });

  it('takes the first readable value of a cell that lists several', () => {
    const { person } = personOf(row({ email: 'not one; maya@northwind.example; bo@northwind.example', phone: '+33612345678; +14155550110' }), MAPPING);
    expect(person?.email).toBe('maya@northwind.example');
    expect(person?.phone).toBe('+33612345678');
    expect(personOf(row({ email: 'Maya Chen <Maya@Northwind.example>' }), MAPPING).person?.email).toBe('maya@northwind.example');
  });

  it('a usable row keeps going without its bad values, and says which were left out', () => {
    const { person, problem, ignored } = personOf(row({ profileUrl: 'https://www.linkedin.com/in/maya/', email: 'maya at northwind', phone: '12' }), MAPPING);
    expect(problem).toBeNull();
    expect(person).toEqual({ profileUrl: 'https://www.linkedin.com/in/maya/' });
    expect(ignored).toEqual([t('bulk.bad.email', { value: 'maya at northwind' }), t('bulk.bad.phone', { value: '12' })]);
  });

  it('a row with nothing usable says what is missing, its bad values first', () => {
    const cases: [Parameters<typeof row>[0], string][] = [
      [{}, t('bulk.problem.nothing')],
      [{ note: 'only an unmapped cell' }, t('bulk.problem.nothing')],
      [{ email: 'n/a', phone: '-', fullName: '—' }, t('bulk.problem.nothing')],
      [{ fullName: 'Maya Chen' }, t('bulk.problem.noCompany', { name: 'Maya Chen' })],
      [{ firstName: 'Maya', lastName: 'Chen' }, t('bulk.problem.noCompany', { name: 'Maya Chen' })],
      [{ firstName: 'Maya', company: 'Northwind' }, t('bulk.problem.halfName', { name: 'Maya' })],
      [{ company: 'Northwind' }, t('bulk.problem.companyOnly', { company: 'Northwind' })],
      [{ profileUrl: 'https://www.linkedin.com/company/northwind/' }, `${t('bulk.bad.companyPage', { value: 'https://www.linkedin.com/company/northwind/' })} ${t('bulk.problem.nothing')}`],
      [{ profileUrl: 'https://example.com/in/maya' }, `${t('bulk.bad.profileUrl', { value: 'https://example.com/in/maya' })} ${t('bulk.problem.nothing')}`],
      [{ email: 'maya@', fullName: 'Maya Chen' }, `${t('bulk.bad.email', { value: 'maya@' })} ${t('bulk.problem.noCompany', { name: 'Maya Chen' })}`],
    ];
    for (const [cells, problem] of cases) {
      expect(personOf(row(cells), MAPPING), JSON.stringify(cells)).toEqual({ person: null, problem, ignored: [] });
    }
  });

  it('never throws, whatever the cells and the mapping', () => {
    const odd: ColumnMapping = ['email', 'email', null, 'phone'];
    expect(() => personOf([], odd)).not.toThrow();
    expect(personOf(['', 'b@x.example'], odd).person?.email).toBe('b@x.example');
    expect(personOf(['%%%', '\u0000', 'x'.repeat(5000), '+'], MAPPING).problem).toContain('%%%');
    const long = personOf(row({ email: 'y'.repeat(3000) }), MAPPING).problem!;
    expect(long.length).toBeLessThan(300);
  });
});

describe('requestFor builds each operation’s input as the operation takes it', () => {
  const everything: BulkPerson = {
    profileUrl: 'https://www.linkedin.com/in/maya/',
    email: 'maya@northwind.example',
    firstName: 'Maya',
    lastName: 'Chen',
    fullName: 'Maya Chen',
    company: 'northwind.example',
    phone: '+33612345678',
  };
  const people: BulkPerson[] = [
    everything,
    { profileUrl: everything.profileUrl },
    { email: everything.email },
    { phone: everything.phone },
    { fullName: 'Maya Chen', company: 'Northwind' },
    { firstName: 'Maya', lastName: 'Chen', company: 'Northwind' },
    { firstName: 'Maya', lastName: 'Chen', profileUrl: everything.profileUrl },
    { email: everything.email, phone: everything.phone },
  ];

  it('every input it produces passes the real operation’s schema', () => {
    let built = 0;
    for (const person of people) {
      for (const op of BULK_OPERATIONS) {
        const request = requestFor(op, person);
        if (!request.ok) continue;
        built += 1;
        const parsed = OPERATIONS[op].input.safeParse(request.input);
        expect(parsed.success, `${op} ${JSON.stringify(request.input)}: ${parsed.error?.message}`).toBe(true);
      }
    }
    expect(built).toBe(19);
  });

  it('full enrichment sends one group: the profile, else the email, else the names with the company', () => {
    expect(requestFor('enrichPerson', everything)).toEqual({ ok: true, input: { profileUrl: everything.profileUrl } });
    expect(requestFor('enrichPerson', { email: 'a@b.example', fullName: 'A B', company: 'B' })).toEqual({ ok: true, input: { email: 'a@b.example' } });
    expect(requestFor('enrichPerson', { firstName: 'Maya', lastName: 'Chen', fullName: 'Maya Chen', company: 'Northwind' })).toEqual({
      ok: true,
      input: { firstName: 'Maya', lastName: 'Chen', company: 'Northwind' },
    });
    expect(requestFor('enrichPerson', { fullName: 'Maya Chen', company: 'Northwind' })).toEqual({ ok: true, input: { fullName: 'Maya Chen', company: 'Northwind' } });
    expect(requestFor('enrichPerson', { phone: '+33612345678' })).toEqual({ ok: false, reason: t('bulk.request.enrichPerson') });
  });

  it('a work email search takes a full name (built from first and last) with the company and/or the profile', () => {
    expect(requestFor('findWorkEmail', { firstName: 'Maya', lastName: 'Chen', company: 'Northwind' })).toEqual({ ok: true, input: { fullName: 'Maya Chen', company: 'Northwind' } });
    expect(requestFor('findWorkEmail', { fullName: 'Maya Chen', profileUrl: everything.profileUrl })).toEqual({
      ok: true,
      input: { fullName: 'Maya Chen', profileUrl: everything.profileUrl },
    });
    expect(requestFor('findWorkEmail', { profileUrl: everything.profileUrl })).toEqual({ ok: false, reason: t('bulk.request.findWorkEmailName') });
    expect(requestFor('findWorkEmail', { fullName: 'Maya Chen', email: 'maya@northwind.example' })).toEqual({ ok: false, reason: t('bulk.request.findWorkEmailCompany') });
  });

  it('a phone search takes the profile and/or the email; a reverse lookup the phone in E.164', () => {
    expect(requestFor('searchPhone', everything)).toEqual({ ok: true, input: { profileUrl: everything.profileUrl, email: everything.email } });
    expect(requestFor('searchPhone', { fullName: 'Maya Chen', company: 'Northwind' })).toEqual({ ok: false, reason: t('bulk.request.searchPhone') });
    expect(requestFor('reversePhone', everything)).toEqual({ ok: true, input: { phone: '+33612345678' } });
    expect(requestFor('reversePhone', { email: 'maya@northwind.example' })).toEqual({ ok: false, reason: 'no phone number for a reverse lookup' });
  });

  it('every row personOf accepts can be sent to at least one operation', () => {
    const mapping: ColumnMapping = ['profileUrl', 'email', 'fullName', 'company', 'phone'];
    const rows = [
      ['https://www.linkedin.com/in/maya/', '', '', '', ''],
      ['', 'maya@northwind.example', '', '', ''],
      ['', '', 'Maya Chen', 'Northwind', ''],
      ['', '', '', '', '+14155550110'],
    ];
    for (const cells of rows) {
      const { person } = personOf(cells, mapping);
      expect(person).not.toBeNull();
      expect(BULK_OPERATIONS.some((op) => requestFor(op, person!).ok)).toBe(true);
    }
    expect(fullNameOf({ firstName: 'Maya' })).toBeUndefined();
  });
});
