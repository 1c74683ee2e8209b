import { describe, expect, it } from 'vitest';
import { asHeaderless, parseCsv, type CsvParse, type CsvTable } from '@/lib/bulk/page/csv';
import { guessMapping } from '@/lib/bulk/columns';
import { firstRowLooksLikeData } from '@/lib/bulk/page/header-row';
import { t } from '@/lib/platform/i18n';

function table(result: CsvParse): CsvTable {
  if (!result.ok) throw new Error(`not parsed: ${result.message}`);
  return result.table;
}

/** Files as people have them: exports with their header row, and lists without one. */
const WITH_HEADER: Record<string, string> = {
  'a CRM export': 'First Name,Last Name,Email,Company,Phone\nMaya,Chen,maya@northwind.example,Northwind,+33 6 12 34 56 78\nBo,Li,bo@acme.example,Acme,+44 20 7946 0958\n',
  'a French Excel sheet': 'Prénom;Nom;Société;Adresse e-mail\nMaya;Chen;Northwind;maya@northwind.example\nBo;Li;Acme;bo@acme.example\n',
  'a German sheet with profiles': 'Vorname\tNachname\tLinkedIn\nMaya\tChen\thttps://www.linkedin.com/in/maya-chen\nBo\tLi\thttps://www.linkedin.com/in/bo-li\n',
  'column names Dossier does not know, over emails': 'Attendee,Org,Contact info,Badge\nMaya Chen,Northwind,maya@northwind.example,A12\nBo Li,Northwind,bo@northwind.example,B7\n',
  'a header over a column of repeated companies': 'Who,Where\nMaya Chen,Northwind\nBo Li,Northwind\nAna Ruiz,Acme\n',
};

const WITHOUT_HEADER: Record<string, string> = {
  'names, companies and emails': 'Maya Chen,Northwind,maya@northwind.example\nBo Li,Acme,bo@acme.example\n',
  'profile URLs only': 'https://www.linkedin.com/in/maya-chen\nhttps://www.linkedin.com/in/bo-li\n',
  'names and phones': 'Maya Chen;+33 6 12 34 56 78\nBo Li;+44 20 7946 0958\n',
  'names and company domains': 'Maya,Chen,northwind.example\nBo,Li,acme.example\n',
  'names and a company that comes back': 'Maya Chen,Northwind\nBo Li,Acme\nAna Ruiz,Northwind\n',
};

describe('firstRowLooksLikeData', () => {
  it.each(Object.entries(WITH_HEADER))('a file with its header row is not asked about: %s', async (_, text) => {
    expect(table(await parseCsv(text)).firstRowLooksLikeData).toBe(false);
  });

  it.each(Object.entries(WITHOUT_HEADER))('a file without a header row is: %s', async (_, text) => {
    expect(table(await parseCsv(text)).firstRowLooksLikeData).toBe(true);
  });

  it('an empty first row, or one of short words, says nothing', () => {
    expect(firstRowLooksLikeData(['', ''], [['a', 'b']])).toBe(false);
    expect(firstRowLooksLikeData(['Id', 'Tag'], [['1', 'x'], ['2', 'y']])).toBe(false);
  });
});

describe('asHeaderless: the first row as the first person', () => {
  it('columns named Column 1, 2..., the first row kept as read, the mapping guessed from the values', async () => {
    const read = asHeaderless(table(await parseCsv('Maya Chen,Northwind,maya@northwind.example, +33 6 12 34 56 78\nBo Li,Acme,bo@acme.example,+44 20 7946 0958\n')));
    expect(read.headers).toEqual([1, 2, 3, 4].map((number) => t('bulk.csv.column', { number })));
    expect(read.rows).toEqual([
      ['Maya Chen', 'Northwind', 'maya@northwind.example', ' +33 6 12 34 56 78'],
      ['Bo Li', 'Acme', 'bo@acme.example', '+44 20 7946 0958'],
    ]);
    expect(read.firstRowLooksLikeData).toBe(false);
    expect(guessMapping(read.headers, read.rows)).toEqual([null, null, 'email', 'phone']);
  });

  it('a file of one person and no header row is a list of one, not refused', async () => {
    const read = table(await parseCsv('Maya Chen,Northwind,maya@northwind.example\n'));
    expect(read.rows).toEqual([]);
    expect(read.firstRowLooksLikeData).toBe(true);
    expect(asHeaderless(read).rows).toEqual([['Maya Chen', 'Northwind', 'maya@northwind.example']]);
  });

  it('a first row wider than the rows below keeps all its cells', async () => {
    const read = asHeaderless(table(await parseCsv('maya@northwind.example,Northwind,note\nbo@acme.example,Acme\n')));
    expect(read.rows).toEqual([
      ['maya@northwind.example', 'Northwind', 'note'],
      ['bo@acme.example', 'Acme', ''],
    ]);
  });
});
