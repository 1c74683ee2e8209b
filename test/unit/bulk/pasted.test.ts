import { describe, expect, it } from 'vitest';
import { BULK_MAX_CELL } from '@/lib/bulk/model';
import { tableFromCollected, tableFromContacts, tableFromLines } from '@/lib/bulk/pasted';
import { personOf } from '@/lib/bulk/person';
import { contactSchema, type Contact } from '@/lib/book/model';
import { t } from '@/lib/platform/i18n';

const HEADERS = ['Profile URL', 'Email', 'Phone', 'Full name', 'Company', 'Line'];

/** Each line's row as field → value, and what personOf makes of it. */
function read(text: string, options = {}) {
  const table = tableFromLines(text, options);
  return table.rows.map((row) => {
    const cells = Object.fromEntries(table.headers.map((h, i) => [h, row[i]]).filter(([h, v]) => v !== '' && h !== 'Line'));
    return { cells, line: row[5], ...personOf(row, table.mapping, options) };
  });
}

describe('tableFromLines', () => {
  it('has fixed, human headers and its mapping set', () => {
    const table = tableFromLines('https://www.linkedin.com/in/maya/');
    expect(table.headers).toEqual(HEADERS);
    expect(table.mapping).toEqual(['profileUrl', 'email', 'phone', 'fullName', 'company', null]);
  });

  it('one row per non-empty line, each line kept', () => {
    const table = tableFromLines('\n  maya@northwind.example  \r\n\r\n\tbo@acme.example\n\n');
    expect(table.rows.map((r) => r[5])).toEqual(['maya@northwind.example', 'bo@acme.example']);
  });

  it('recognises profile URLs, emails, phones and names with companies', () => {
    const rows = read(
      [
        'https://www.linkedin.com/in/maya-chen/',
        'linkedin.com/in/bo-li?trk=a,b',
        'Ana.Ruiz@Acme.example',
        '+33 6 12 34 56 78',
        '0033 1 23 45 67 89',
        'Maya Chen, Northwind Analytics',
        'Maya Chen, Northwind, Inc.',
        'Bo Li at Acme',
        'Renée Dupont chez Crème SARL',
        'Ana Ruiz\tTelefónica',
        'Maya Chen <maya@northwind.example>',
        'Bo Li, bo@acme.example',
        'Ana Ruiz\thttps://www.linkedin.com/in/ana/\t+34 612 34 56 78',
      ].join('\n'),
    );
    expect(rows.map((r) => r.cells)).toEqual([
      { 'Profile URL': 'https://www.linkedin.com/in/maya-chen/' },
      { 'Profile URL': 'linkedin.com/in/bo-li?trk=a,b' },
      { Email: 'Ana.Ruiz@Acme.example' },
      { Phone: '+33 6 12 34 56 78' },
      { Phone: '0033 1 23 45 67 89' },
      { 'Full name': 'Maya Chen', Company: 'Northwind Analytics' },
      { 'Full name': 'Maya Chen', Company: 'Northwind, Inc.' },
      { 'Full name': 'Bo Li', Company: 'Acme' },
      { 'Full name': 'Renée Dupont', Company: 'Crème SARL' },
      { 'Full name': 'Ana Ruiz', Company: 'Telefónica' },
      { 'Full name': 'Maya Chen', Email: 'maya@northwind.example' },
      { 'Full name': 'Bo Li', Email: 'bo@acme.example' },
      { 'Full name': 'Ana Ruiz', 'Profile URL': 'https://www.linkedin.com/in/ana/', Phone: '+34 612 34 56 78' },
    ]);
    for (const row of rows) expect(row.problem, row.line).toBeNull();
    expect(rows[2]!.person).toEqual({ email: 'ana.ruiz@acme.example' });
    expect(rows[4]!.person).toEqual({ phone: '+33123456789' });
  });

  it('reads national phone numbers in the region given', () => {
    expect(read('06 12 34 56 78', { defaultRegion: 'FR' })[0]!.person).toEqual({ phone: '+33612345678' });
  });

  it('a line that is none of these keeps only its line, and personOf says why it cannot be used', () => {
    const rows = read(['hello', 'Maya Chen', '12', 'see https://www.linkedin.com/in/maya later'].join('\n'));
    for (const row of rows) {
      expect(row.cells).toEqual({});
      expect(row.problem).toBe(t('bulk.problem.nothing'));
    }
    expect(rows.map((r) => r.line)).toEqual(['hello', 'Maya Chen', '12', 'see https://www.linkedin.com/in/maya later']);
  });

  it('what is meant as a URL, an email or a phone but is not readable is named by personOf', () => {
    const [company, site, mail, phone] = read(['https://www.linkedin.com/company/acme/', 'https://acme.example/team/bo', 'maya@', '06 12 34 56 78'].join('\n'));
    expect(company!.problem).toBe(`${t('bulk.bad.companyPage', { value: 'https://www.linkedin.com/company/acme/' })} ${t('bulk.problem.nothing')}`);
    expect(site!.problem).toContain(t('bulk.bad.profileUrl', { value: 'https://acme.example/team/bo' }));
    expect(mail!.problem).toContain(t('bulk.bad.email', { value: 'maya@' }));
    expect(phone!.problem).toContain(t('bulk.bad.phone', { value: '06 12 34 56 78' }));
  });

  it('cuts very long lines at the cell limit', () => {
    const table = tableFromLines(`${'x'.repeat(BULK_MAX_CELL + 10)}\n`);
    expect(table.rows[0]![5]).toHaveLength(BULK_MAX_CELL);
  });
});

describe('tableFromCollected', () => {
  it('profile, name and headline, in the same shape', () => {
    const table = tableFromCollected([
      { profileUrl: 'https://www.linkedin.com/in/maya/', fullName: 'Maya Chen', headline: 'Analyst at Northwind' },
      { profileUrl: 'https://www.linkedin.com/in/bo/' },
    ]);
    expect(table).toEqual({
      headers: ['Profile URL', 'Full name', 'Headline'],
      rows: [
        ['https://www.linkedin.com/in/maya/', 'Maya Chen', 'Analyst at Northwind'],
        ['https://www.linkedin.com/in/bo/', '', ''],
      ],
      mapping: ['profileUrl', 'fullName', null],
    });
    expect(personOf(table.rows[0]!, table.mapping).person).toEqual({ profileUrl: 'https://www.linkedin.com/in/maya/', fullName: 'Maya Chen' });
  });
});

describe('tableFromContacts', () => {
  const source = { op: 'enrichPerson', historyId: 'h1', at: 1, paid: true };
  const base = { keys: ['x'], words: [], tags: [], firstSeenAt: 1, updatedAt: 1 };
  const contact = (raw: object): Contact => contactSchema.parse({ ...base, ...raw });
  const maya = contact({
    kind: 'person',
    id: 'person:maya',
    name: { value: 'Maya Chen', source },
    companyName: { value: 'Northwind', source },
    networkUrl: { value: 'https://www.linkedin.com/in/maya/', source },
    workEmails: [
      { address: 'maya@northwind.example', kind: 'work', grade: 'verified', foundAt: 1, source },
      { address: 'm.chen@northwind.example', kind: 'work', grade: 'most_probable', foundAt: 1, source },
    ],
    personalEmails: [{ address: 'maya@gmail.com', kind: 'personal', grade: 'verified', foundAt: 1, source }],
    phones: [
      { e164: '+33123456789', international: '+33 1 23 45 67 89', kind: 'landline', foundAt: 1, source },
      { e164: '+33612345678', international: '+33 6 12 34 56 78', kind: 'mobile', foundAt: 1, source },
    ],
  });
  const bo = contact({ kind: 'person', id: 'email:bo@acme.example', name: { value: 'Bo Li', source }, companyId: 'domain:acme.example' });
  const acme = contact({ kind: 'company', id: 'domain:acme.example', name: { value: 'Acme', source }, domain: { value: 'acme.example', source } });

  it('a person’s profile, best work email, best phone, name and company', () => {
    const table = tableFromContacts([maya, bo, acme]);
    expect(table.headers).toEqual(['Profile URL', 'Email', 'Phone', 'Full name', 'Company']);
    expect(table.mapping).toEqual(['profileUrl', 'email', 'phone', 'fullName', 'company']);
    expect(table.rows).toEqual([
      ['https://www.linkedin.com/in/maya/', 'maya@northwind.example', '+33612345678', 'Maya Chen', 'Northwind'],
      ['', '', '', 'Bo Li', 'acme.example'],
      ['', '', '', '', 'Acme'],
    ]);
  });

  it('a company contact becomes a row whose problem is that it is a company', () => {
    const table = tableFromContacts([acme]);
    expect(personOf(table.rows[0]!, table.mapping)).toEqual({ person: null, problem: t('bulk.problem.companyOnly', { company: 'Acme' }), ignored: [] });
  });
});
