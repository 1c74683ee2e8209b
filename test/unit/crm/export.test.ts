import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { contactsToCsv } from '@/lib/crm/worker/export/csv';
import { escapeText, foldLine, toVCard, toVCards } from '@/lib/crm/export/vcard';
import { contact, emilieEnrichment, mayaEnrichment } from '@/test/unit/crm/fixtures';

/** Undoes RFC 6350 folding, as a reader does. */
const unfold = (text: string) => text.replace(/\r\n /g, '');

describe('vCard 4.0', () => {
  it('escapes backslash, comma, semicolon and newlines in text values (RFC 6350 §3.4)', () => {
    expect(escapeText('a\\b,c;d\ne\r\nf')).toBe('a\\\\b\\,c\\;d\\ne\\nf');
  });

  it('folds lines over 75 octets without splitting a UTF-8 character', () => {
    const line = `NOTE:${'é'.repeat(60)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n')) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(unfold(folded)).toBe(line);
  });

  it('writes a verified email as the preferred EMAIL, phones as tel: URIs, CRLF line ends', () => {
    const card = toVCard(contact());
    expect(card.startsWith('BEGIN:VCARD\r\nVERSION:4.0\r\n')).toBe(true);
    expect(card.endsWith('END:VCARD\r\n')).toBe(true);
    const lines = unfold(card).split('\r\n');
    expect(lines).toContain('FN:Maya Chen');
    expect(lines).toContain('N:Chen;Maya;;;');
    expect(lines).toContain('ORG:Northwind Analytics');
    expect(lines).toContain('EMAIL;TYPE=work;PREF=1:maya.chen@northwind-analytics.example');
    expect(lines).toContain('TEL;VALUE=uri;TYPE=cell;PREF=1:tel:+14155550110');
    expect(lines).toContain('URL:https://www.linkedin.com/in/maya-chen/');
    expect(lines).toContain('REV:20260115T093000Z');
  });

  it("puts a 'Most Probable' address in the NOTE, labelled unverified, not in EMAIL", () => {
    const card = unfold(toVCard(contact(emilieEnrichment())));
    expect(card).not.toMatch(/^EMAIL/m);
    expect(card).toContain('NOTE:Unverified email (likely\\, not verified): emilie@brightwater-labs.example');
    expect(card).toContain('FN:Émilie Lefèvre');
  });

  it('hostile text cannot add a property: newlines and separators stay inside the value', () => {
    // Built by hand: contactFromEnrichment already flattens whitespace, the card must not rely on it.
    const lines = unfold(toVCard({ ...contact(), jobTitle: 'CEO\r\nEMAIL:attacker@evil.example;x,y' })).split('\r\n');
    expect(lines).toContain('TITLE:CEO\\nEMAIL:attacker@evil.example\\;x\\,y');
    expect(lines.filter((l) => l.startsWith('EMAIL'))).toHaveLength(1);
  });

  it('drops control characters a vCard value may not hold (RFC 6350 §3.3)', () => {
    expect(escapeText('a\u0000b\u0007c\u001bd\u007fe\tf')).toBe('abcde\tf');
  });

  it.each<[string, string]>([
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['a relative path', '/in/maya-chen'],
    ['file:', 'file:///etc/passwd'],
  ])('%s: never written, as profile or website', (_label, url) => {
    const card = unfold(toVCard({ ...contact(), profileUrl: url, company: { name: 'Northwind', website: url } }));
    expect(card).not.toMatch(/^URL/m);
    expect(card.toLowerCase()).not.toContain(url.slice(0, 8).toLowerCase());
  });

  it('http(s) URLs are written normalised: spaces encoded, no line break can ride along', () => {
    const lines = unfold(
      toVCard({ ...contact(), company: { name: 'Northwind', website: 'https://northwind.example/a b\\c\r\nEMAIL:attacker@evil.example?q=1\\2' } }),
    ).split('\r\n');
    expect(lines).toContain('URL;TYPE=work:https://northwind.example/a%20b/cEMAIL:attacker@evil.example?q=1%5C2');
    expect(lines.filter((l) => l.startsWith('EMAIL'))).toHaveLength(1);
  });

  it('several contacts are several cards', () => {
    expect(toVCards([contact(), contact(emilieEnrichment())]).match(/BEGIN:VCARD/g)).toHaveLength(2);
  });
});

describe('CSV', () => {
  it('one row per contact; email is verified only, guesses have their own column; formulas are neutralised', () => {
    const enrichment = mayaEnrichment();
    enrichment.person!.jobTitle = '=HYPERLINK("http://evil.example")';
    const csv = contactsToCsv([contact(enrichment), contact(emilieEnrichment())]);
    const { data } = Papa.parse<Record<string, string>>(csv, { header: true });
    expect(data).toHaveLength(2);
    expect(data[0]).toMatchObject({ full_name: 'Maya Chen', email: 'maya.chen@northwind-analytics.example', mobile_phone: '+14155550110', company_domain: 'northwind-analytics.example' });
    expect(data[0]!.job_title!.startsWith("'=")).toBe(true);
    expect(data[0]!.other_phones).toBe('+14155550111');
    expect(contactsToCsv([{ ...contact(), fullName: '+SUM(A1)' }])).toContain("'+SUM(A1)");
    expect(data[1]).toMatchObject({ full_name: 'Émilie Lefèvre', email: '', unverified_emails: 'emilie@brightwater-labs.example' });
  });
});
