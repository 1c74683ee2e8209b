import Papa from 'papaparse';
import { escapeText, foldLine } from '@/lib/crm/export/vcard';
import { t } from '@/lib/platform/i18n';
import { safeHttpUrl } from '@/lib/platform/ui/safe-url';
import { neutraliseRow } from '@/lib/platform/ui/spreadsheet-cell';
import type { Contact, EmailFact, EmailGrade, PhoneFact, Source } from '@/lib/book/model';
import { CRM_CHECK_OP, emailSourceLines, isoDay, lookupName, phoneSourceLines, whatsappLine } from '@/lib/book/source-label';
import { nameOf } from '@/lib/book/page/row';

/**
 * The contact book's exports: CSV for a spreadsheet or a CRM import (the user's tags
 * included), vCard 3.0 (RFC 2426, what older address books read) or 4.0 (RFC 6350). Built in
 * batches (`exportBook`) so that 100,000 contacts never hold the page for long: each batch is
 * read, written as text and handed on, and the page gets a turn before the next one.
 */
export type BookExportFormat = 'csv' | 'vcard3' | 'vcard4';

export interface ExportOptions {
  /** Personal addresses are left out in EU mode, as the card hides them. */
  personalEmails: boolean;
}

export const BOOK_CSV_COLUMNS = [
  'kind',
  'name',
  'company',
  'job_title',
  'email',
  'email_grade',
  'other_emails',
  'mobile_phone',
  'other_phones',
  'profile_url',
  'location',
  'company_domain',
  'website',
  'tags',
  'in_crm',
  'updated_at',
  // Where the values came from (after the columns older files had, so imports mapped by position still read).
  'email_lookup',
  'email_lookup_date',
  'email_paid',
  'mobile_phone_lookup',
  'mobile_phone_lookup_date',
  'mobile_phone_paid',
  'mobile_phone_whatsapp',
  'mobile_phone_whatsapp_checked',
  'other_emails_sources',
  'other_phones_sources',
] as const;

const yesNo = (value: boolean | undefined) => (value === undefined ? '' : value ? 'yes' : 'no');

/** The lookup, its day and whether it was paid, each in a column of its own; empty cells when there is no value. */
function sourceCells(value: { source: Source } | undefined): [string, string, string] {
  if (!value) return ['', '', ''];
  return [lookupName(value.source.op), isoDay(value.source.at), value.source.op === CRM_CHECK_OP ? '' : yesNo(value.source.paid)];
}

/** One value's source in a list cell: "Catch-all domain · Find work email · 2026-03-12 · paid". */
const emailSource = (email: EmailFact) => emailSourceLines(email, isoDay).join(' · ');
const phoneSource = (phone: PhoneFact) => phoneSourceLines(phone, isoDay).join(' · ');

const list = (values: readonly string[]) => values.join('; ');

function csvRow(contact: Contact, options: ExportOptions): unknown[] {
  const crm = contact.crm ? (contact.crm.found ? 'yes' : 'no') : '';
  const common = { tags: list(contact.tags), crm, updated: new Date(contact.updatedAt).toISOString() };
  if (contact.kind === 'company') {
    return [
      'company', nameOf(contact), '', contact.industry?.value ?? '', '', '', '', '', contact.phone?.e164 ?? '',
      contact.networkUrl?.value ?? '', contact.headquarters?.value ?? '', contact.domain?.value ?? '', contact.website?.value ?? '',
      common.tags, common.crm, common.updated,
      '', '', '', '', '', '', '', '', '', contact.phone ? phoneSource(contact.phone) : '',
    ];
  }
  const [best, ...others] = contact.workEmails;
  const personal = options.personalEmails ? contact.personalEmails : [];
  const mobile = contact.phones.find((p) => p.kind === 'mobile');
  const otherPhones = contact.phones.filter((p) => p !== mobile);
  const otherEmails = [...others, ...personal];
  return [
    'person',
    nameOf(contact),
    contact.companyName?.value ?? '',
    contact.title?.value ?? '',
    best?.address ?? '',
    best?.grade ?? '',
    list(otherEmails.map((e) => e.address)),
    mobile?.e164 ?? '',
    list(otherPhones.map((p) => p.e164)),
    contact.networkUrl?.value ?? '',
    contact.location?.value ?? '',
    '',
    '',
    common.tags,
    common.crm,
    common.updated,
    ...sourceCells(best),
    ...sourceCells(mobile),
    yesNo(mobile?.whatsapp),
    mobile?.whatsappCheckedAt !== undefined ? isoDay(mobile.whatsappCheckedAt) : '',
    // In the order of the addresses and numbers of the columns they describe.
    list(otherEmails.map(emailSource)),
    list(otherPhones.map(phoneSource)),
  ];
}

export function csvHeader(): string {
  return Papa.unparse([[...BOOK_CSV_COLUMNS]], { newline: '\r\n' }) + '\r\n';
}

/**
 * Rows for a batch of contacts, each line ended. Cells that a spreadsheet would run as a formula
 * get a leading quote, on every line of the cell; an E.164 number stays as it is.
 */
export function csvRows(contacts: readonly Contact[], options: ExportOptions): string {
  if (!contacts.length) return '';
  const rows = contacts.map((c) => neutraliseRow(csvRow(c, options), { keepPhoneNumbers: true }));
  return Papa.unparse(rows, { newline: '\r\n' }) + '\r\n';
}

const GRADE_NOTE: Record<Exclude<EmailGrade, 'verified'>, () => string> = {
  catch_all: () => t('book.grade.catch_all'),
  most_probable: () => t('book.grade.most_probable'),
  unverified: () => t('book.grade.unverified'),
};

/** A note line that says where a value came from: "maya@northwind.example — Enrich person, 2026-03-12". */
function noteWithSource(line: string, source: Source, whatsapp: string | null = null): string {
  const from = t('crm.note.from', { lookup: lookupName(source.op), date: isoDay(source.at) });
  return t('crm.note.withSource', { line, source: whatsapp ? `${from}; ${whatsapp}` : from });
}

function uri(value: string | undefined): string | null {
  const safe = safeHttpUrl(value);
  return safe === null ? null : safe.replace(/\\/g, '%5C');
}

function stamp(ms: number, version: 3 | 4): string {
  const iso = new Date(ms).toISOString().replace(/\.\d{3}/, '');
  return version === 4 ? iso.replace(/[-:]/g, '') : iso;
}

function splitName(full: string): [last: string, first: string] {
  const at = full.indexOf(' ');
  return at > 0 ? [full.slice(at + 1), full.slice(0, at)] : ['', full];
}

function emailLine(email: EmailFact, version: 3 | 4, first: boolean): string {
  const type = email.kind === 'work' ? 'work' : 'home';
  if (version === 4) return `EMAIL;TYPE=${type}${first ? ';PREF=1' : ''}:${escapeText(email.address)}`;
  return `EMAIL;TYPE=INTERNET,${type.toUpperCase()}${first ? ',PREF' : ''}:${escapeText(email.address)}`;
}

function telLine(e164: string, kind: string, version: 3 | 4, first: boolean): string | null {
  // Written into a URI unescaped: only ever an E.164 number.
  if (!/^\+[1-9]\d{4,15}$/.test(e164)) return null;
  const type = kind === 'mobile' ? 'cell' : kind === 'work' ? 'work' : 'voice';
  if (version === 4) return `TEL;VALUE=uri;TYPE=${type}${first ? ';PREF=1' : ''}:tel:${e164}`;
  return `TEL;TYPE=${type.toUpperCase()}${first ? ',PREF' : ''}:${e164}`;
}

/**
 * One vCard. A verified (or catch-all) work email is an EMAIL; a guess is not, it goes in the
 * NOTE said to be one, as the CRM export does. The NOTE says where each email and phone came
 * from, one line each. The user's tags are CATEGORIES.
 */
export function contactToVCard(contact: Contact, version: 3 | 4, options: ExportOptions): string {
  const lines = ['BEGIN:VCARD', `VERSION:${version}.0`];
  const name = nameOf(contact);
  const notes: string[] = [];
  if (version === 4) lines.push(`KIND:${contact.kind === 'company' ? 'org' : 'individual'}`);
  lines.push(`UID:urn:dossier:${encodeURIComponent(contact.id)}`);
  lines.push(`FN:${escapeText(name)}`);
  if (contact.kind === 'company') {
    lines.push('N:;;;;');
    lines.push(`ORG:${escapeText(name)}`);
    const tel = contact.phone && telLine(contact.phone.e164, contact.phone.kind === 'unknown' ? 'work' : contact.phone.kind, version, true);
    if (tel) lines.push(tel);
    if (contact.phone) notes.push(noteWithSource(contact.phone.e164, contact.phone.source, whatsappLine(contact.phone, isoDay)));
    const site = uri(contact.website?.value);
    if (site) lines.push(`URL;TYPE=work:${site}`);
    if (contact.domain) notes.push(t('crm.note.companyDomain', { domain: contact.domain.value }));
    if (contact.headquarters) notes.push(t('crm.note.location', { location: contact.headquarters.value }));
  } else {
    lines.push(`N:${splitName(name).map(escapeText).join(';')};;;`);
    if (contact.title) lines.push(`TITLE:${escapeText(contact.title.value)}`);
    if (contact.companyName) lines.push(`ORG:${escapeText(contact.companyName.value)}`);
    const emails = [...contact.workEmails.filter((e) => e.grade === 'verified' || e.grade === 'catch_all'), ...(options.personalEmails ? contact.personalEmails : [])];
    emails.forEach((email, i) => lines.push(emailLine(email, version, i === 0)));
    for (const email of emails) notes.push(noteWithSource(email.address, email.source));
    for (const guess of contact.workEmails.filter((e) => e.grade === 'most_probable' || e.grade === 'unverified')) {
      notes.push(noteWithSource(t('book.vcard.guess', { grade: GRADE_NOTE[guess.grade as 'most_probable' | 'unverified'](), address: guess.address }), guess.source));
    }
    contact.phones.forEach((phone, i) => {
      const tel = telLine(phone.e164, phone.kind, version, i === 0);
      if (tel) lines.push(tel);
      notes.push(noteWithSource(phone.e164, phone.source, whatsappLine(phone, isoDay)));
    });
    const profile = uri(contact.networkUrl?.value);
    if (profile) lines.push(`URL:${profile}`);
    if (contact.location) notes.push(t('crm.note.location', { location: contact.location.value }));
  }
  if (contact.tags.length) lines.push(`CATEGORIES:${contact.tags.map(escapeText).join(',')}`);
  if (notes.length) lines.push(`NOTE:${escapeText(notes.join('\n'))}`);
  lines.push(`REV:${stamp(contact.updatedAt, version)}`);
  lines.push('END:VCARD');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

export function fileNameFor(format: BookExportFormat, now: number): { filename: string; mimeType: string } {
  const day = new Date(now).toISOString().slice(0, 10);
  return format === 'csv'
    ? { filename: `dossier-contacts-${day}.csv`, mimeType: 'text/csv' }
    : { filename: `dossier-contacts-${day}${format === 'vcard3' ? '-v3' : ''}.vcf`, mimeType: 'text/vcard' };
}

export interface ExportRun {
  /** Batches of contacts, read one after the other (search.ts readInBatches). */
  batches: AsyncIterable<Contact[]>;
  format: BookExportFormat;
  options: ExportOptions;
  /** Takes each part of the file in turn (the page makes each a Blob at once, off the script heap). */
  write(part: string): void;
  /** Lets the page draw a frame and take input between two batches. */
  pause(): Promise<void>;
  onProgress?(written: number): void;
  signal?: AbortSignal;
}

/** Writes the file part by part, one per batch: no string of 100,000 contacts is ever built. Answers how many were written. */
export async function exportBook(run: ExportRun): Promise<number> {
  if (run.format === 'csv') run.write(csvHeader());
  const version = run.format === 'vcard3' ? 3 : 4;
  let written = 0;
  for await (const batch of run.batches) {
    run.signal?.throwIfAborted();
    run.write(run.format === 'csv' ? csvRows(batch, run.options) : batch.map((c) => contactToVCard(c, version, run.options)).join(''));
    written += batch.length;
    run.onProgress?.(written);
    await run.pause();
  }
  return written;
}
