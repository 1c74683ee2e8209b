import Papa from 'papaparse';
import { beforeEach, describe, expect, it } from 'vitest';
import { BOOK_CSV_COLUMNS, contactToVCard, exportBook, type BookExportFormat } from '@/lib/book/page/export';
import type { Contact } from '@/lib/book/model';
import { setCatalog } from '@/lib/platform/i18n';
import { en } from '@/lib/platform/i18n/en';
import { readInBatches } from '@/lib/book/page/search';
import { BOB, MAYA, MAYA_NAMESAKE, NORTHWIND, person, putContacts } from '@/test/unit/book/book-fixtures';

const OPTIONS = { personalEmails: true };

async function* batchesOf(contacts: Contact[], size = 2) {
  for (let i = 0; i < contacts.length; i += size) yield contacts.slice(i, i + size);
}

async function fileOf(contacts: Contact[], format: BookExportFormat, options = OPTIONS): Promise<string> {
  const parts: string[] = [];
  await exportBook({ batches: batchesOf(contacts), format, options, write: (part) => parts.push(part), pause: async () => {} });
  return parts.join('');
}

function parseCsv(text: string) {
  return Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
}

describe('CSV export: where each value came from', () => {
  const MARCH_12 = Date.UTC(2026, 2, 12, 10);
  const JUNE_1 = Date.UTC(2026, 5, 1, 10);
  const sourced = {
    ...MAYA,
    workEmails: [
      { address: 'maya.chen@northwind.example', kind: 'work' as const, grade: 'verified' as const, foundAt: MARCH_12, source: { op: 'enrichPerson', historyId: 'h1', at: MARCH_12, paid: true } },
      { address: 'm.chen@northwind.example', kind: 'work' as const, grade: 'catch_all' as const, foundAt: JUNE_1, source: { op: 'findWorkEmail', historyId: 'h2', at: JUNE_1, paid: false } },
    ],
    personalEmails: [],
    phones: [
      { e164: '+33612345678', international: '+33 6 12 34 56 78', kind: 'mobile' as const, whatsapp: true, whatsappCheckedAt: MARCH_12, foundAt: MARCH_12, source: { op: 'searchPhone', historyId: 'h3', at: JUNE_1, paid: false } },
      { e164: '+33140000000', international: '+33 1 40 00 00 00', kind: 'landline' as const, foundAt: MARCH_12, source: { op: 'enrichPerson', historyId: 'h1', at: MARCH_12, paid: true } },
    ],
  };

  it('adds the lookup, its day, the charge and the WhatsApp check after the columns it had, in their order', async () => {
    const csv = parseCsv(await fileOf([sourced, NORTHWIND], 'csv'));
    expect(csv.errors).toEqual([]);
    expect(csv.meta.fields!.slice(0, 16)).toEqual(['kind', 'name', 'company', 'job_title', 'email', 'email_grade', 'other_emails', 'mobile_phone', 'other_phones', 'profile_url', 'location', 'company_domain', 'website', 'tags', 'in_crm', 'updated_at']);
    expect(csv.data[0]).toMatchObject({
      email: 'maya.chen@northwind.example',
      email_grade: 'verified',
      email_lookup: 'Enrich person',
      email_lookup_date: '2026-03-12',
      email_paid: 'yes',
      mobile_phone: '+33612345678',
      mobile_phone_lookup: 'Find phone numbers',
      mobile_phone_lookup_date: '2026-06-01',
      mobile_phone_paid: 'no',
      mobile_phone_whatsapp: 'yes',
      // The check's own day, not the later lookup's that found the number again.
      mobile_phone_whatsapp_checked: '2026-03-12',
      other_emails: 'm.chen@northwind.example',
      other_emails_sources: 'Catch-all domain · Find work email · 2026-06-01 · not charged',
      other_phones: '+33140000000',
      other_phones_sources: 'Enrich person · 2026-03-12 · paid',
    });
    // A company has no email nor mobile: those cells stay empty.
    expect(csv.data[1]).toMatchObject({ kind: 'company', email_lookup: '', mobile_phone_whatsapp: '', other_emails_sources: '' });
  });

  it('the vCard’s note says where each email and phone came from, one line each', () => {
    const note = contactToVCard(sourced, 4, OPTIONS).replace(/\r\n /g, '').split('\r\n').find((l) => l.startsWith('NOTE:'))!;
    expect(note.slice('NOTE:'.length).split('\\n')).toEqual([
      'maya.chen@northwind.example — Enrich person\\, 2026-03-12',
      'm.chen@northwind.example — Find work email\\, 2026-06-01',
      '+33612345678 — Find phone numbers\\, 2026-06-01\\; On WhatsApp\\, checked 2026-03-12',
      '+33140000000 — Enrich person\\, 2026-03-12',
    ]);
  });

  it('neutralises the source cells as every other cell', async () => {
    setCatalog('en', { ...en, 'ops.enrichPerson': '=HYPERLINK("http://evil.example")' });
    try {
      const row = parseCsv(await fileOf([sourced], 'csv')).data[0]!;
      expect(row.email_lookup).toBe(`'=HYPERLINK("http://evil.example")`);
      expect(row.other_phones_sources).toBe(`'=HYPERLINK("http://evil.example") · 2026-03-12 · paid`);
    } finally {
      setCatalog('en', en);
    }
  });
});

describe('CSV export of the contact book', () => {
  it('one row per contact with the merged data, the tags in their own column', async () => {
    const csv = parseCsv(await fileOf([MAYA, BOB, NORTHWIND], 'csv'));
    expect(csv.errors).toEqual([]);
    expect(csv.meta.fields).toEqual([...BOOK_CSV_COLUMNS]);
    expect(csv.data).toHaveLength(3);
    expect(csv.data[0]).toMatchObject({
      kind: 'person',
      name: 'Maya Chen',
      company: 'Northwind Analytics',
      job_title: 'Head of Data',
      email: 'maya.chen@northwind.example',
      email_grade: 'verified',
      mobile_phone: '+33612345678',
      profile_url: 'https://www.linkedin.com/in/maya-chen/',
      tags: 'Paris event',
      in_crm: 'yes',
    });
    expect(csv.data[1]).toMatchObject({ name: 'Bob Stone', email_grade: 'catch_all', in_crm: 'no', tags: '' });
    expect(csv.data[2]).toMatchObject({ kind: 'company', name: 'Northwind Analytics', company_domain: 'northwind.example', in_crm: '' });
  });

  it('neutralises cells a spreadsheet would run as formulas, on every line, and keeps phone numbers as they are', async () => {
    const evil = person({
      id: 'person:evil',
      name: '=HYPERLINK("http://evil.example","Click")',
      company: '@SUM(A1)',
      title: 'Fine\n-2+3',
      phones: [{ e164: '+14155550110', international: '+1 415 555 0110', kind: 'mobile' }],
      tags: ['+tag', 'ok'],
    });
    const row = parseCsv(await fileOf([evil], 'csv')).data[0]!;
    expect(row.name).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(row.company).toBe(`'@SUM(A1)`);
    expect(row.job_title).toBe("Fine\n'-2+3");
    expect(row.tags).toBe("'+tag; ok");
    expect(row.mobile_phone).toBe('+14155550110');
  });

  it('quotes cells holding commas, quotes and line breaks, and reads back the same', async () => {
    const quoted = person({ id: 'person:q', name: 'Chen, Maya "MC"', company: 'A; B', tags: ['Paris, 2026'] });
    const text = await fileOf([quoted], 'csv');
    expect(text).toContain('"Chen, Maya ""MC"""');
    expect(parseCsv(text).data[0]).toMatchObject({ name: 'Chen, Maya "MC"', company: 'A; B', tags: 'Paris, 2026' });
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(2);
  });

  it('leaves personal emails out when asked (EU mode)', async () => {
    const withPersonal = person({ id: 'person:p', name: 'P', emails: [{ address: 'p@work.example', grade: 'verified' }], personalEmails: ['p@gmail.com'] });
    expect(parseCsv(await fileOf([withPersonal], 'csv')).data[0]!.other_emails).toBe('p@gmail.com');
    expect(parseCsv(await fileOf([withPersonal], 'csv', { personalEmails: false })).data[0]!.other_emails).toBe('');
  });
});

describe('vCard export of the contact book', () => {
  const unfold = (text: string) => text.replace(/\r\n /g, '').split('\r\n');

  it('4.0: a person with a verified email, a mobile as a tel: URI, the profile and the tags as categories', () => {
    const lines = unfold(contactToVCard(MAYA, 4, OPTIONS));
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VCARD',
        'VERSION:4.0',
        'KIND:individual',
        'FN:Maya Chen',
        'N:Chen;Maya;;;',
        'ORG:Northwind Analytics',
        'TITLE:Head of Data',
        'EMAIL;TYPE=work;PREF=1:maya.chen@northwind.example',
        'TEL;VALUE=uri;TYPE=cell;PREF=1:tel:+33612345678',
        'URL:https://www.linkedin.com/in/maya-chen/',
        'CATEGORIES:Paris event',
        'END:VCARD',
      ]),
    );
    expect(lines.find((l) => l.startsWith('REV:'))).toMatch(/^REV:\d{8}T\d{6}Z$/);
  });

  it('3.0: the same person as version 3 address books read it', () => {
    const lines = unfold(contactToVCard(MAYA, 3, OPTIONS));
    expect(lines).toEqual(
      expect.arrayContaining(['VERSION:3.0', 'FN:Maya Chen', 'N:Chen;Maya;;;', 'EMAIL;TYPE=INTERNET,WORK,PREF:maya.chen@northwind.example', 'TEL;TYPE=CELL,PREF:+33612345678', 'CATEGORIES:Paris event']),
    );
    expect(lines.some((l) => l.startsWith('KIND:'))).toBe(false);
    expect(lines.find((l) => l.startsWith('REV:'))).toMatch(/^REV:\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('a guessed email is no EMAIL: it is in the note, said to be a guess', () => {
    const lines = unfold(contactToVCard(MAYA_NAMESAKE, 4, OPTIONS));
    expect(lines.some((l) => l.startsWith('EMAIL'))).toBe(false);
    // Each value says where it came from (the fixture's answers are dated at 4 seconds past the epoch).
    expect(lines.find((l) => l.startsWith('NOTE:'))).toBe(
      'NOTE:Email maya@contoso.example: likely (not verified) — Enrich person\\, 1970-01-01\\n+14155550110 — Enrich person\\, 1970-01-01',
    );
  });

  it('escapes commas and semicolons in text and tags, a company is an org', () => {
    const odd = person({ id: 'person:odd', name: 'Ann Lee', company: 'Acme, Inc; EU', tags: ['a,b', 'c;d'] });
    const lines = unfold(contactToVCard(odd, 4, OPTIONS));
    expect(lines).toContain('ORG:Acme\\, Inc\\; EU');
    expect(lines).toContain('CATEGORIES:a\\,b,c\\;d');
    expect(unfold(contactToVCard(NORTHWIND, 4, OPTIONS))).toEqual(expect.arrayContaining(['KIND:org', 'FN:Northwind Analytics', 'ORG:Northwind Analytics', 'URL;TYPE=work:https://northwind.example/']));
  });

  it('a file of several cards, one after the other', async () => {
    const text = await fileOf([MAYA, BOB, NORTHWIND], 'vcard3');
    expect(text.match(/BEGIN:VCARD/g)).toHaveLength(3);
    expect(text.match(/END:VCARD\r\n/g)).toHaveLength(3);
  });
});

describe('exporting in batches', () => {
  const people = Array.from({ length: 60 }, (_, i) => person({ id: `person:p${String(i).padStart(3, '0')}`, name: `P ${i}`, tags: i % 2 ? ['odd'] : [] }));
  beforeEach(() => putContacts(people));

  it('reads the selection in batches, whether most of the book or a few are selected', async () => {
    const everyone: string[] = [];
    let batches = 0;
    for await (const batch of readInBatches(people.map((p) => p.id), 25)) {
      batches += 1;
      everyone.push(...batch.map((c) => c.id));
    }
    expect(batches).toBe(3);
    expect(everyone.sort()).toEqual(people.map((p) => p.id).sort());

    const few: string[] = [];
    for await (const batch of readInBatches(['person:p007', 'person:p003', 'person:nobody'], 25)) few.push(...batch.map((c) => c.id));
    expect(few).toEqual(['person:p003', 'person:p007']);
  });

  it('gives the page a turn after every batch and says how far it got', async () => {
    const events: string[] = [];
    const parts: string[] = [];
    const written = await exportBook({
      batches: readInBatches(people.map((p) => p.id), 20),
      format: 'csv',
      options: OPTIONS,
      write: (part) => (parts.push(part), events.push('part')),
      pause: async () => void events.push('pause'),
      onProgress: (n) => events.push(String(n)),
    });
    expect(written).toBe(60);
    expect(events).toEqual(['part', 'part', '20', 'pause', 'part', '40', 'pause', 'part', '60', 'pause']);
    expect(parseCsv(parts.join('')).data).toHaveLength(60);
  });
});
