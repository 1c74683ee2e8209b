import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Company, Person } from '@/lib/enrichment/model';
import { bulkRowSchema, bulkRunSchema, type BulkRow, type BulkTask } from '@/lib/bulk/model';
import { csvText, ENRICHED_HEADERS, enrichedColumnsOf, foundText, mergeColumns, resultsFile, resultsHeader, resultsRow, rowStatus } from '@/lib/bulk/results';
import { t } from '@/lib/platform/i18n';

const person: Person = {
  fullName: 'Maya Chen',
  jobTitle: 'Analyst',
  companyName: 'Northwind',
  networkUrl: 'https://www.linkedin.com/in/maya/',
  urls: [],
  emails: [
    { address: 'm.chen@northwind.example', verified: false, status: 'most_probable' },
    { address: 'Maya@Northwind.example', verified: true, status: 'verified' },
    { address: 'maya@gmail.com', verified: true, status: 'verified', type: 'personal' },
  ],
  phones: [
    { e164: '+33123456789', international: '+33 1 23 45 67 89', type: 'landline' },
    { e164: '+33612345678', international: '+33 6 12 34 56 78', type: 'mobile', whatsapp: true },
  ],
  extra: {},
};
const company: Company = { name: 'Northwind Analytics', domain: 'northwind.example', size: '51-200', industry: 'Software', extra: {} };

describe('enrichedColumnsOf reads each operation’s answer', () => {
  it('a full enrichment: best email and the others, the mobile first, title, company facts, profile', () => {
    expect(enrichedColumnsOf({ op: 'enrichPerson', result: { person, company, extra: {} } })).toEqual({
      email: 'maya@northwind.example',
      emailStatus: 'verified',
      otherEmails: 'm.chen@northwind.example; maya@gmail.com',
      phone: '+33612345678',
      phoneType: 'mobile',
      whatsapp: 'yes',
      otherPhones: '+33123456789',
      jobTitle: 'Analyst',
      company: 'Northwind',
      companyDomain: 'northwind.example',
      companySize: '51-200',
      industry: 'Software',
      profileUrl: 'https://www.linkedin.com/in/maya/',
    });
    expect(enrichedColumnsOf({ op: 'enrichPerson', result: { person, company, extra: {} } }, { personalEmails: false }).otherEmails).toBe('m.chen@northwind.example');
  });

  it('a work email search: the catch-all grade, the candidates, the domain', () => {
    const columns = enrichedColumnsOf({
      op: 'findWorkEmail',
      result: {
        status: 'most_probable',
        email: { address: 'maya@northwind.example', verified: false, status: 'most_probable' },
        candidates: [{ address: 'maya@northwind.example', verified: false, status: 'most_probable' }, { address: 'mchen@northwind.example', verified: false, status: 'most_probable' }],
        domain: 'northwind.example',
        catchAll: true,
        patterns: [],
        extra: {},
      },
    });
    expect(columns).toEqual({ email: 'maya@northwind.example', emailStatus: 'catch_all', otherEmails: 'mchen@northwind.example', companyDomain: 'northwind.example' });
  });

  it('a phone search and a reverse lookup', () => {
    expect(enrichedColumnsOf({ op: 'searchPhone', result: { person: { ...person, emails: [], phones: [{ e164: '+14155550110', international: '+1 415 555 0110', whatsapp: false }] }, candidates: [], warnings: [], extra: {} } })).toMatchObject({
      phone: '+14155550110',
      whatsapp: 'no',
      jobTitle: 'Analyst',
    });
    const reverse = enrichedColumnsOf({ op: 'reversePhone', result: { phone: { e164: '+14155550110', international: '+1 415 555 0110', type: 'work' }, person: { fullName: 'Bo Li', urls: [], emails: [], phones: [], extra: {} } } });
    expect(reverse).toEqual({ phone: '+14155550110', phoneType: 'work' });
    expect(enrichedColumnsOf({ op: 'searchPhone', result: { candidates: [], warnings: [], extra: {} } })).toEqual({});
  });
});

describe('mergeColumns', () => {
  it('first non-empty wins; the other values go to the "other" columns, each once', () => {
    const a = { email: 'maya@northwind.example', emailStatus: 'verified', phone: '+33612345678', phoneType: 'mobile', jobTitle: 'Analyst' };
    const b = { email: 'MAYA@northwind.example', emailStatus: 'verified', otherEmails: 'm.chen@northwind.example', phone: '+33123456789', phoneType: 'landline', otherPhones: '+33612345678', jobTitle: 'Lead', industry: 'Software' };
    expect(mergeColumns(a, b)).toEqual({
      email: 'maya@northwind.example',
      emailStatus: 'verified',
      otherEmails: 'm.chen@northwind.example',
      phone: '+33612345678',
      phoneType: 'mobile',
      otherPhones: '+33123456789',
      jobTitle: 'Analyst',
      industry: 'Software',
    });
  });

  it('a better-graded email, or a mobile, takes the place of a lesser one', () => {
    const guess = { email: 'm.chen@northwind.example', emailStatus: 'most_probable', phone: '+33123456789', phoneType: 'landline' };
    const sure = { email: 'maya@northwind.example', emailStatus: 'verified', phone: '+33612345678', phoneType: 'mobile', whatsapp: 'yes' };
    expect(mergeColumns(guess, sure)).toEqual({
      email: 'maya@northwind.example',
      emailStatus: 'verified',
      otherEmails: 'm.chen@northwind.example',
      phone: '+33612345678',
      phoneType: 'mobile',
      whatsapp: 'yes',
      otherPhones: '+33123456789',
    });
  });

  it('an empty side changes nothing; the same number fills in what the first left blank', () => {
    const a = { phone: '+33612345678', jobTitle: 'Analyst' };
    expect(mergeColumns(a, {})).toEqual(a);
    expect(mergeColumns({}, a)).toEqual(a);
    expect(mergeColumns(a, { phone: '+33612345678', whatsapp: 'no' })).toEqual({ phone: '+33612345678', whatsapp: 'no', jobTitle: 'Analyst' });
  });
});

const run = bulkRunSchema.parse({ id: 'r1', name: 'List', source: 'csv', createdAt: 1, headers: ['Name', 'Note'], mapping: ['fullName', null], rowCount: 3, state: 'done', updatedAt: 1 });
const task = (extra: Partial<BulkTask>): BulkTask => ({ op: 'enrichPerson', state: 'done', attemptId: 'a', outcome: 'paid', cost: 2, quoted: 2, reason: null, requeued: 0, ...extra });
const row = (index: number, cells: string[], extra: Partial<BulkRow> = {}): BulkRow => bulkRowSchema.parse({ runId: 'r1', index, cells, person: null, ...extra });

describe('the results file', () => {
  it('the original columns, then the enriched ones, then status, note and cost', () => {
    expect(ENRICHED_HEADERS).toHaveLength(13);
    expect(resultsHeader(run)).toEqual(['Name', 'Note', ...ENRICHED_HEADERS, t('bulk.results.status'), t('bulk.results.reason'), t('bulk.results.cost')]);
    const done = row(0, ['Maya Chen', 'x'], { tasks: [task({})], columns: { email: 'maya@northwind.example', emailStatus: 'most_probable', phoneType: 'mobile', whatsapp: 'no' } });
    const out = resultsRow(run, done);
    expect(out).toHaveLength(resultsHeader(run).length);
    expect(out.slice(0, 2)).toEqual(['Maya Chen', 'x']);
    expect(out.slice(2, 8)).toEqual(['maya@northwind.example', 'likely (not verified)', '', '', 'mobile', 'no']);
    expect(out.slice(-3)).toEqual(['done', '', '2']);
  });

  it('says per row what happened: done, no match, failed, unknown, skipped, with the reason and the cost', () => {
    expect(rowStatus(row(0, [], { problem: 'Only a company (Acme): no person’s name, profile URL, email or phone number.' }))).toEqual({
      state: 'skipped',
      reason: 'Only a company (Acme): no person’s name, profile URL, email or phone number.',
      cost: 0,
    });
    expect(rowStatus(row(0, [], { tasks: [task({ outcome: 'miss', cost: 0 })] }))).toEqual({ state: 'noMatch', reason: '', cost: 0 });
    expect(rowStatus(row(0, [], { tasks: [task({ state: 'failed', outcome: 'failed', cost: 0, reason: 'The enrichment service had a problem.' })] }))).toEqual({
      state: 'failed',
      reason: 'The enrichment service had a problem.',
      cost: 0,
    });
    expect(rowStatus(row(0, [], { tasks: [task({ state: 'unknown', outcome: null, cost: 0 })] })).reason).toBe(t('bulk.results.unknownReason'));
    expect(rowStatus(row(0, [], { tasks: [task({ state: 'skipped', outcome: null, cost: 0, reason: 'no phone number for a reverse lookup' })] }))).toEqual({
      state: 'skipped',
      reason: 'no phone number for a reverse lookup',
      cost: 0,
    });
    // Several operations: the answer counts, the others are noted by operation, the costs add up.
    const mixed = rowStatus(row(0, [], {
      tasks: [task({}), task({ op: 'searchPhone', outcome: 'miss', cost: 0 }), task({ op: 'reversePhone', state: 'skipped', outcome: null, cost: 0, reason: 'no phone number for a reverse lookup' })],
    }));
    expect(mixed).toEqual({ state: 'done', reason: 'Find phone numbers: no match; Reverse phone lookup: skipped (no phone number for a reverse lookup)', cost: 2 });
    expect(rowStatus(row(0, [], { tasks: [task({ op: 'findWorkEmail', outcome: 'cached', cost: 0 }), task({ op: 'searchPhone', outcome: 'paid', cost: 30 })] }))).toEqual({ state: 'done', reason: '', cost: 30 });
  });

  it('one output row per input row, in order, unusable rows included with their reason', () => {
    const rows = [
      row(2, ['Ana Ruiz', ''], { tasks: [task({ outcome: 'miss', cost: 0 })] }),
      row(0, ['Maya Chen', ''], { tasks: [task({})], columns: { email: 'maya@northwind.example' } }),
      row(1, ['Acme', ''], { problem: 'Only a company (Acme).' }),
    ];
    const parsed = Papa.parse<string[]>(resultsFile(run, rows), { skipEmptyLines: true }).data;
    expect(parsed).toHaveLength(4);
    expect(parsed.slice(1).map((r) => [r[0], r.at(-3), r.at(-2)])).toEqual([
      ['Maya Chen', 'done', ''],
      ['Acme', 'skipped', 'Only a company (Acme).'],
      ['Ana Ruiz', 'no match', ''],
    ]);
  });

  it('a formula-looking cell from the input is exported neutralised, phones kept as +E.164', () => {
    const hostile = ['=HYPERLINK("http://evil.example","click")', '@SUM(A1:A2)', '+cmd|\' /C calc\'!A0', 'x\n=1', '-2+3', '\t=1'];
    const rows = hostile.map((cell, i) => row(i, [cell, 'note, with "quotes"'], { tasks: [task({})], columns: { phone: '+33612345678', otherPhones: '+33123456789; +14155550110' } }));
    const text = csvText([resultsHeader(run), ...rows.map((r) => resultsRow(run, r))]);
    const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(parsed.slice(1).map((r) => r[0])).toEqual([`'=HYPERLINK("http://evil.example","click")`, "'@SUM(A1:A2)", "'+cmd|' /C calc'!A0", "x\n'=1", "'-2+3", "'\t=1"]);
    for (const r of parsed.slice(1)) {
      expect(r[1]).toBe('note, with "quotes"');
      expect(r[5]).toBe('+33612345678');
      expect(r[8]).toBe('+33123456789; +14155550110');
    }
    expect(text.endsWith('\r\n')).toBe(true);
    expect(csvText([])).toBe('');
  });
});

describe('foundText: what the page shows beside a row', () => {
  it('the email with its grade and the phone with its kind, each when found', () => {
    expect(foundText({ email: 'maya@northwind.example', emailStatus: 'verified', phone: '+33612345678', phoneType: 'mobile' })).toEqual([
      'Email: maya@northwind.example (verified)',
      'Phone: +33612345678 (mobile)',
    ]);
    expect(foundText({ email: 'bo@acme.example' })).toEqual(['Email: bo@acme.example']);
    expect(foundText({ phone: '+442079460958', phoneType: 'landline' })).toEqual(['Phone: +442079460958 (landline)']);
    expect(foundText({ jobTitle: 'CTO' })).toEqual([]);
  });
});
