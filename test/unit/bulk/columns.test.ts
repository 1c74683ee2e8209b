import { describe, expect, it } from 'vitest';
import { guessMapping, mappingProblems } from '@/lib/bulk/columns';
import type { BulkField, ColumnMapping } from '@/lib/bulk/model';
import { t } from '@/lib/platform/i18n';

/** The mapping as header → field, for readable expectations. */
function guessed(headers: string[], sample: string[][] = []): Record<string, BulkField | null> {
  const mapping = guessMapping(headers, sample);
  expect(mapping).toHaveLength(headers.length);
  return Object.fromEntries(headers.map((header, i) => [header, mapping[i]!]));
}

describe('guessMapping reads header names', () => {
  it('English CRM exports', () => {
    expect(guessed(['First Name', 'Last Name', 'Company', 'Title', 'LinkedIn URL', 'E-mail', 'Mobile', 'Notes'])).toEqual({
      'First Name': 'firstName',
      'Last Name': 'lastName',
      Company: 'company',
      Title: null,
      'LinkedIn URL': 'profileUrl',
      'E-mail': 'email',
      Mobile: 'phone',
      Notes: null,
    });
    expect(guessed(['Full Name', 'Profile', 'Email Address', 'Company domain', 'Phone Number'])).toEqual({
      'Full Name': 'fullName',
      Profile: 'profileUrl',
      'Email Address': 'email',
      'Company domain': 'company',
      'Phone Number': 'phone',
    });
  });

  it('French, German and Spanish spreadsheets', () => {
    expect(guessed(['Prénom', 'Nom', 'Société', 'Courriel', 'Téléphone', 'Profil LinkedIn'])).toEqual({
      Prénom: 'firstName',
      Nom: 'lastName',
      Société: 'company',
      Courriel: 'email',
      Téléphone: 'phone',
      'Profil LinkedIn': 'profileUrl',
    });
    expect(guessed(['Vorname', 'Nachname', 'Firma', 'E-Mail-Adresse', 'Handy'])).toEqual({
      Vorname: 'firstName',
      Nachname: 'lastName',
      Firma: 'company',
      'E-Mail-Adresse': 'email',
      Handy: 'phone',
    });
    expect(guessed(['Nombre', 'Apellido', 'Empresa', 'Correo electrónico', 'Teléfono móvil'])).toEqual({
      Nombre: 'firstName',
      Apellido: 'lastName',
      Empresa: 'company',
      'Correo electrónico': 'email',
      'Teléfono móvil': 'phone',
    });
  });

  it('"Nom", "Name" and "Nombre" alone are the full name', () => {
    expect(guessed(['Nom', 'Entreprise'])).toEqual({ Nom: 'fullName', Entreprise: 'company' });
    expect(guessed(['Name', 'Company'])).toEqual({ Name: 'fullName', Company: 'company' });
    expect(guessed(['Nombre', 'Empresa'])).toEqual({ Nombre: 'fullName', Empresa: 'company' });
    expect(guessed(['Vorname', 'Name', 'Firma'])).toEqual({ Vorname: 'firstName', Name: 'lastName', Firma: 'company' });
  });

  it('the company’s own phone, page or email is not taken for the person’s', () => {
    expect(guessed(['Name', 'Company Name', 'Company LinkedIn URL', 'Company Phone', 'Person Linkedin Url'])).toEqual({
      Name: 'fullName',
      'Company Name': 'company',
      'Company LinkedIn URL': null,
      'Company Phone': null,
      'Person Linkedin Url': 'profileUrl',
    });
  });

  it('never gives one field to two columns: the surer header wins, then the leftmost', () => {
    expect(guessed(['Work Phone', 'Mobile', 'Phone'])).toEqual({ 'Work Phone': null, Mobile: 'phone', Phone: null });
    expect(guessed(['Email', 'Personal Email', 'E-mail'])).toEqual({ Email: 'email', 'Personal Email': null, 'E-mail': null });
    expect(guessed(['Website', 'Company', 'Company domain'])).toEqual({ Website: null, Company: null, 'Company domain': 'company' });
    const mapping = guessMapping(['Email', 'email', 'EMAIL', 'Courriel'], []);
    expect(mapping.filter((f) => f === 'email')).toHaveLength(1);
  });
});

describe('guessMapping reads the cells when the header says nothing', () => {
  const sample = [
    ['https://www.linkedin.com/in/maya-chen/', 'maya@northwind.example', '+33 6 12 34 56 78', 'Maya Chen', 'https://northwind.example', '2024-01-15', '75011'],
    ['linkedin.com/in/bo', 'bo@northwind.example', '+1 415 555 0110', 'Bo Li', 'www.acme.example', '2024-02-01', '10001'],
    ['', 'n/a', '0033 1 23 45 67 89', 'Ana Ruiz', '', '2024-03-09', '28001'],
  ];

  it('profile URLs, emails, international phones and websites in unnamed columns', () => {
    expect(guessMapping(['', 'Column 2', 'col3', 'x', '', 'Date', 'Zip'], sample)).toEqual(['profileUrl', 'email', 'phone', null, 'company', null, null]);
  });

  it('cells that clearly are something else win over a misleading header', () => {
    expect(guessMapping(['Contact', 'Website', 'Profile'], sample.map((r) => [r[1]!, r[0]!, r[3]!]))).toEqual(['email', 'profileUrl', null]);
    // A header is believed when its cells could be what it says, in any national form.
    expect(guessMapping(['Téléphone', 'Profile'], [['06 12 34 56 78', 'linkedin.com/in/maya'], ['01 23 45 67 89', 'https://www.linkedin.com/in/bo']])).toEqual(['phone', 'profileUrl']);
  });
});

describe('mappingProblems', () => {
  const cases: [ColumnMapping, string[]][] = [
    [['profileUrl', null], []],
    [['fullName', 'company'], []],
    [['firstName', 'lastName', 'company'], []],
    [['email', 'email', 'phone'], [t('bulk.mapping.twice', { field: 'Email', count: 2 })]],
    [[null, null], [t('bulk.mapping.nothing')]],
    [[], [t('bulk.mapping.nothing')]],
    [['company'], [t('bulk.mapping.companyOnly')]],
    [['fullName'], [t('bulk.mapping.nameWithoutCompany')]],
    [['firstName', 'company'], [t('bulk.mapping.firstWithoutLast')]],
    [['lastName', 'email'], [t('bulk.mapping.lastWithoutFirst')]],
  ];
  it.each(cases)('%j', (mapping, problems) => {
    expect(mappingProblems(mapping)).toEqual(problems);
  });

  it('speaks in sentences', () => {
    expect(mappingProblems(['email', 'email'])[0]).toBe('Email is chosen for 2 columns: keep it for one column only.');
  });
});
