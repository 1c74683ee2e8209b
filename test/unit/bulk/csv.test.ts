import { describe, expect, it, vi } from 'vitest';
import { asHeaderless, badLineText, parseCsv, tooManyRowsMessage, type CsvParse, type CsvTable } from '@/lib/bulk/page/csv';
import { BULK_MAX_CELL, BULK_MAX_ROWS } from '@/lib/bulk/model';
import { t } from '@/lib/platform/i18n';

function table(result: CsvParse): CsvTable {
  if (!result.ok) throw new Error(`not parsed: ${result.message}`);
  return result.table;
}

const PEOPLE = [
  ['Maya Chen', 'Northwind', 'maya@northwind.example'],
  ['Bo Li', 'Acme', 'bo@acme.example'],
];

describe('parseCsv: delimiters', () => {
  it.each([
    [',', 'Name,Company,Email\nMaya Chen,Northwind,maya@northwind.example\nBo Li,Acme,bo@acme.example\n'],
    [';', 'Name;Company;Email\nMaya Chen;Northwind;maya@northwind.example\nBo Li;Acme;bo@acme.example\n'],
    ['\t', 'Name\tCompany\tEmail\nMaya Chen\tNorthwind\tmaya@northwind.example\nBo Li\tAcme\tbo@acme.example\n'],
  ])('%j', async (delimiter, text) => {
    const read = table(await parseCsv(text));
    expect(read).toEqual({ headers: ['Name', 'Company', 'Email'], rows: PEOPLE, delimiter, skippedEmpty: 0, firstRow: ['Name', 'Company', 'Email'], firstRowLooksLikeData: false, badLines: [] });
  });

  it('semicolons with commas inside the cells (a French spreadsheet)', async () => {
    const read = table(await parseCsv('Nom;Société;Adresse\nChen, Maya;Northwind, Inc.;12, rue de la Paix\nLi, Bo;Acme;3, place Carnot\n'));
    expect(read.delimiter).toBe(';');
    expect(read.rows).toEqual([
      ['Chen, Maya', 'Northwind, Inc.', '12, rue de la Paix'],
      ['Li, Bo', 'Acme', '3, place Carnot'],
    ]);
  });
});

describe('parseCsv: encodings', () => {
  it('UTF-8 with a BOM: the header does not keep it, from a string or a file', async () => {
    const text = '\uFEFFName,Company\nMaya Chen,Northwind\n';
    expect(table(await parseCsv(text)).headers).toEqual(['Name', 'Company']);
    const bom = new Uint8Array([0xef, 0xbb, 0xbf]);
    const file = new Blob([bom, new TextEncoder().encode('Prénom,Société\nMaya,Northwind\n')]);
    const read = table(await parseCsv(file));
    expect(read.headers).toEqual(['Prénom', 'Société']);
    expect(read.headers[0]!.charCodeAt(0)).toBe('P'.charCodeAt(0));
  });

  it('UTF-8 without a BOM, Windows-1252 (Excel in western Europe) and UTF-16 (Excel’s Unicode text)', async () => {
    expect(table(await parseCsv(new Blob(['Prénom;Société\nRenée;Crème Brûlée SARL\n']))).rows).toEqual([['Renée', 'Crème Brûlée SARL']]);
    // "Prénom;Société\nRenée;Crème\n" as Windows-1252 bytes.
    const latin1 = new Uint8Array([...'Pr', 0xe9, ...'nom;Soci', 0xe9, ...'t', 0xe9, ...'\nRen', 0xe9, ...'e;Cr', 0xe8, ...'me\n'].flatMap((c) => (typeof c === 'number' ? [c] : [...c].map((ch) => ch.charCodeAt(0)))));
    expect(table(await parseCsv(new Blob([latin1])))).toMatchObject({ headers: ['Prénom', 'Société'], rows: [['Renée', 'Crème']] });
    const utf16 = 'Name\tCompany\nRenée\tNorthwind\n';
    const bytes = new Uint8Array(2 + utf16.length * 2);
    bytes.set([0xff, 0xfe]);
    for (let i = 0; i < utf16.length; i += 1) {
      bytes[2 + i * 2] = utf16.charCodeAt(i) & 0xff;
      bytes[3 + i * 2] = utf16.charCodeAt(i) >> 8;
    }
    expect(table(await parseCsv(new Blob([bytes])))).toMatchObject({ headers: ['Name', 'Company'], rows: [['Renée', 'Northwind']], delimiter: '\t' });
  });
});

describe('parseCsv: quoting and line ends', () => {
  it('quoted multi-line cells, quotes inside quotes, delimiters inside quotes', async () => {
    const text = 'Name,Note,Company\r\n"Maya ""The Analyst"" Chen","line one\r\nline two, with a comma\nline three",Northwind\r\nBo Li,"say ""hi""",Acme\r\n';
    expect(table(await parseCsv(text)).rows).toEqual([
      ['Maya "The Analyst" Chen', 'line one\r\nline two, with a comma\nline three', 'Northwind'],
      ['Bo Li', 'say "hi"', 'Acme'],
    ]);
  });

  it('CRLF line ends', async () => {
    expect(table(await parseCsv('Name;Company\r\nMaya Chen;Northwind\r\nBo Li;Acme\r\n'))).toEqual({
      headers: ['Name', 'Company'],
      rows: [['Maya Chen', 'Northwind'], ['Bo Li', 'Acme']],
      delimiter: ';',
      skippedEmpty: 0,
      firstRow: ['Name', 'Company'],
      firstRowLooksLikeData: false,
      badLines: [],
    });
  });

  it('reads the same table whatever the chunk boundaries, multi-line cells across them', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => [`Person ${i}`, `"note ${i}\nsecond line, ""quoted"""`, `company${i}.example`]);
    const text = `Name,Note,Company\n${rows.map((r) => r.join(',')).join('\n')}\n`;
    const whole = table(await parseCsv(text));
    expect(whole.rows).toHaveLength(60);
    expect(whole.rows[59]).toEqual(['Person 59', 'note 59\nsecond line, "quoted"', 'company59.example']);
    for (const chunkSize of [7, 64, 333]) {
      expect(table(await parseCsv(text, { chunkSize }))).toEqual(whole);
    }
  });
});

describe('parseCsv: the shape of the table', () => {
  it('pads short rows, keeps long ones (naming their columns), drops trailing empty cells', async () => {
    const read = table(await parseCsv('Name,Company,,\nMaya Chen\nBo Li,Acme,extra,more,,,\nAna,Ruiz SA,,\n'));
    expect(read.headers).toEqual(['Name', 'Company', t('bulk.csv.column', { number: 3 }), t('bulk.csv.column', { number: 4 })]);
    expect(read.rows).toEqual([
      ['Maya Chen', '', '', ''],
      ['Bo Li', 'Acme', 'extra', 'more'],
      ['Ana', 'Ruiz SA', '', ''],
    ]);
  });

  it('skips and counts empty lines, not those after the last row', async () => {
    const read = table(await parseCsv('\n\nName,Company\n\nMaya Chen,Northwind\n , \n\nBo Li,Acme\n\n\n'));
    expect(read.rows).toEqual([['Maya Chen', 'Northwind'], ['Bo Li', 'Acme']]);
    expect(read.skippedEmpty).toBe(5);
  });

  it('cuts cells at the limit', async () => {
    const long = 'x'.repeat(BULK_MAX_CELL + 500);
    const read = table(await parseCsv(`Name,Note\nMaya,"${long}"\n`));
    expect(read.rows[0]![1]).toHaveLength(BULK_MAX_CELL);
  });

  it('a one-column file', async () => {
    expect(table(await parseCsv('Email\nmaya@northwind.example\nbo@acme.example'))).toMatchObject({ headers: ['Email'], rows: [['maya@northwind.example'], ['bo@acme.example']] });
  });
});

describe('parseCsv: refusals', () => {
  it('more than 10,000 rows: refused with the limit, reading stopped at once', async () => {
    const line = 'Maya Chen,Northwind,maya@northwind.example\n';
    const text = `Name,Company,Email\n${line.repeat(BULK_MAX_ROWS + 5_000)}`;
    const progress = vi.fn();
    const result = await parseCsv(text, { onProgress: progress, chunkSize: 64 * 1024 });
    expect(result).toEqual({ ok: false, message: tooManyRowsMessage() });
    expect(tooManyRowsMessage()).toContain('10,000');
    // The chunks after the limit were never read.
    const lastSeen = progress.mock.calls.at(-1)?.[0] as number;
    expect(lastSeen).toBeLessThanOrEqual(BULK_MAX_ROWS);
    expect(progress.mock.calls.length).toBeLessThan(Math.ceil(text.length / (64 * 1024)));
  });

  it('exactly 10,000 rows is fine', async () => {
    const text = `Name,Company\n${'Maya,Northwind\n'.repeat(BULK_MAX_ROWS)}`;
    expect(table(await parseCsv(text)).rows).toHaveLength(BULK_MAX_ROWS);
  });

  it('an empty file, a file of empty lines, a header alone', async () => {
    expect(await parseCsv('')).toEqual({ ok: false, message: t('bulk.csv.empty') });
    expect(await parseCsv(new Blob([]))).toEqual({ ok: false, message: t('bulk.csv.empty') });
    expect(await parseCsv('\uFEFF\r\n\r\n  \n')).toEqual({ ok: false, message: t('bulk.csv.empty') });
    expect(await parseCsv('Name,Company\n\n')).toEqual({ ok: false, message: t('bulk.csv.noRows') });
  });

  it('a workbook or a binary file is not read as text', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0, 0, 0, 0]);
    expect(await parseCsv(new File([zip], 'people.xlsx'))).toEqual({ ok: false, message: t('bulk.csv.spreadsheet') });
    expect(await parseCsv(new Blob([zip]))).toEqual({ ok: false, message: t('bulk.csv.notText') });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    // Said with the line where the text stops: a PNG's signature holds two line ends.
    expect(await parseCsv(new Blob([png]))).toEqual({ ok: false, message: t('bulk.csv.notTextAt', { line: 3 }) });
    expect(await parseCsv('\u0001\u0002\u0003\u0004binary\u0005\u0006')).toEqual({ ok: false, message: t('bulk.csv.notTextAt', { line: 1 }) });
  });

  it('more than 200 columns', async () => {
    const header = Array.from({ length: 201 }, (_, i) => `c${i}`).join(',');
    expect(await parseCsv(`${header}\n${header}\n`)).toEqual({ ok: false, message: t('bulk.csv.tooManyColumns', { limit: 200 }) });
  });
});

describe('parseCsv: the page keeps its turns', () => {
  it('reads nothing more until the page has had its turn, and reports progress after each chunk', async () => {
    const waiting: (() => void)[] = [];
    const progress = vi.fn();
    const text = `Name,Company\n${'Maya Chen,Northwind\n'.repeat(1_000)}`;
    let done = false;
    const reading = parseCsv(text, { chunkSize: 2_000, yieldToPage: () => new Promise<void>((resolve) => waiting.push(resolve)), onProgress: progress }).then((r) => {
      done = true;
      return r;
    });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
    await settle();
    // One chunk read, then the parser waits for its turn.
    expect(progress).toHaveBeenCalledTimes(1);
    expect(waiting).toHaveLength(1);
    await settle();
    expect(progress).toHaveBeenCalledTimes(1);
    let turns = 0;
    while (!done) {
      waiting.shift()?.();
      turns += 1;
      await settle();
      if (!done) expect(progress).toHaveBeenCalledTimes(turns + 1);
    }
    expect(turns).toBeGreaterThanOrEqual(Math.floor(text.length / 2_000));
    expect(table(await reading).rows).toHaveLength(1_000);
    expect(progress.mock.calls.at(-1)).toEqual([1_000]);
  });

  it('stops when its signal is aborted, with the signal’s reason', async () => {
    const controller = new AbortController();
    const text = `Name,Company\n${'Maya Chen,Northwind\n'.repeat(1_000)}`;
    const reading = parseCsv(text, { chunkSize: 1_000, signal: controller.signal, onProgress: (rows) => rows > 100 && controller.abort(new Error('stopped by the user')) });
    await expect(reading).rejects.toThrow('stopped by the user');
    const aborted = new AbortController();
    aborted.abort(new Error('before'));
    await expect(parseCsv('a\nb', { signal: aborted.signal })).rejects.toThrow('before');
  });
});

describe('parseCsv: lines that cannot be read are listed with their line, the others kept', () => {
  it('a quote that opens and never closes costs its own line, not the rest of the file', async () => {
    const text = 'Name,Company,Email\nMaya Chen,Northwind,maya@northwind.example\nBo Li,"Acme,bo@acme.example\nAna Ruiz,Initech,ana@initech.example\nLea Roth,Umbrella,lea@umbrella.example\n';
    const read = table(await parseCsv(text));
    expect(read.badLines).toEqual([{ line: 3, problem: 'openQuote' }]);
    expect(read.rows.map((row) => row[0])).toEqual(['Maya Chen', 'Ana Ruiz', 'Lea Roth']);
    expect(badLineText(read.badLines[0]!)).toBe('Line 3: a quote opens and never closes');
  });

  it('counts lines as an editor does: quoted cells spanning lines, CRLF, empty lines', async () => {
    const text = 'Name,Note,Email\r\n"Maya Chen","first line\r\nsecond line\nthird",maya@northwind.example\r\n\r\nBo Li,"say ""hi""",bo@acme.example\r\nAna "Ruiz",x,"ana@initech.example\r\nLea Roth,ok,lea@umbrella.example\r\n';
    for (const chunkSize of [5, 17, 64, 100_000]) {
      const read = table(await parseCsv(text, { chunkSize }));
      expect(read.badLines).toEqual([{ line: 7, problem: 'openQuote' }]);
      expect(read.rows.map((row) => row[0])).toEqual(['Maya Chen', 'Bo Li', 'Lea Roth']);
    }
  });

  it('a quote that closes in the middle of a cell', async () => {
    const read = table(await parseCsv('Name,Company\nMaya,Northwind\n"Bo" Li,Acme\nAna,Initech\n'));
    expect(read.badLines).toEqual([{ line: 3, problem: 'strayQuote' }]);
    expect(read.rows).toEqual([['Maya', 'Northwind'], ['Ana', 'Initech']]);
    expect(badLineText(read.badLines[0]!)).toBe('Line 3: a quote closes in the middle of a cell');
  });

  it('a headerless file with a stray quote: the first person is still asked about, not swallowed', async () => {
    const read = table(await parseCsv('Maya Chen,"Northwind,maya@northwind.example\nBo Li,Acme,bo@acme.example\nAna Ruiz,Initech,ana@initech.example\n'));
    expect(read.badLines).toEqual([{ line: 1, problem: 'openQuote' }]);
    expect(read.firstRowLooksLikeData).toBe(true);
    expect(asHeaderless(read).rows).toHaveLength(2);
  });

  it('UTF-8 with a damaged byte keeps its accents and lists the damaged line', async () => {
    const good = new TextEncoder().encode('Name,Company\nZoë Faure,Société Générale\n');
    const bad = new Uint8Array([...new TextEncoder().encode('Bo '), 0xff, ...new TextEncoder().encode(' Li,Acme\nAna,Initech\n')]);
    const read = table(await parseCsv(new Blob([good, bad])));
    expect(read.rows).toEqual([['Zoë Faure', 'Société Générale'], ['Ana', 'Initech']]);
    expect(read.badLines).toEqual([{ line: 3, problem: 'unreadable' }]);
    expect(badLineText(read.badLines[0]!)).toBe('Line 3: some characters cannot be read (bytes that are not text)');
  });

  it('a file of garbage bytes is refused with the line where it stops being text', async () => {
    const garbage = new Uint8Array(600).map((_, i) => (i * 7919 + 13) % 256);
    const result = await parseCsv(new Blob([new TextEncoder().encode('Name,Company\nMaya,Northwind\n'), garbage]));
    expect(result).toEqual({ ok: false, message: t('bulk.csv.notTextAt', { line: 3 }) });
    expect(t('bulk.csv.notTextAt', { line: 3 })).toMatch(/^Line 3: /);
  });
});
