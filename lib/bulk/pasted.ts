import type { CountryCode } from 'libphonenumber-js';
import { t } from '@/lib/platform/i18n';
import type { Contact } from '@/lib/book/model';
import { fieldLabel } from '@/lib/bulk/columns';
import type { CollectedPerson } from '@/lib/bulk/contract';
import { BULK_MAX_CELL, type BulkField, type ColumnMapping } from '@/lib/bulk/model';
import { readPhone, readProfileUrl } from '@/lib/bulk/person';

/**
 * Lists that are not files, as tables a run is made of: lines the user pasted, the people
 * collected from search pages, a selection of the contact book. Each gets fixed, human headers
 * and its mapping already set; personOf then reads every row as it reads a CSV file's.
 */
export interface BulkTable {
  headers: string[];
  rows: string[][];
  mapping: ColumnMapping;
}

const cut = (cell: string) => (cell.length > BULK_MAX_CELL ? cell.slice(0, BULK_MAX_CELL) : cell);

function tableOf(columns: readonly (BulkField | 'line' | 'headline')[], rows: string[][]): BulkTable {
  return {
    headers: columns.map((c) => (c === 'line' ? t('bulk.paste.line') : c === 'headline' ? t('bulk.paste.headline') : fieldLabel(c))),
    rows: rows.map((row) => row.map(cut)),
    mapping: columns.map((c) => (c === 'line' || c === 'headline' ? null : c)),
  };
}

// ---- pasted lines ---------------------------------------------------------------------------

const LINE_COLUMNS = ['profileUrl', 'email', 'phone', 'fullName', 'company', 'line'] as const;

export interface LinesOptions {
  /** Where a phone number written without its country code is read (the user's preference). */
  defaultRegion?: CountryCode;
}

type Found = Partial<Record<'profileUrl' | 'email' | 'phone' | 'fullName' | 'company', string>>;

const looksLikeUrl = (part: string) => /^(?:https?:\/\/|www\.|(?:[a-z]{1,3}\.)?linkedin\.[a-z]+\/)\S*$/i.test(part);
const looksLikePhone = (part: string) => /^(?:tel:)?\s*[+(]?\d[\d\s().\-/]{4,}$/i.test(part);
/** A person's name: letters, with no sign of being an address, a number or a sentence. */
const looksLikeName = (part: string) => /\p{L}/u.test(part) && !/[@/\\:;<>|=]|\d{3}/.test(part) && part.length <= 120;

/**
 * One part of a line. What is clearly meant as a URL, an email or a phone goes to that column
 * even when unreadable, so that personOf names what is wrong with it.
 */
function classify(part: string, found: Found, texts: string[]): void {
  const put = (field: keyof Found, value: string) => {
    if (found[field] === undefined) found[field] = value;
  };
  if (looksLikeUrl(part)) return put('profileUrl', part);
  // "Maya Chen <maya@northwind.example>", as mail programs copy an address.
  const named = /^"?([^"<>]+?)"?\s*<([^<>]+)>$/.exec(part);
  if (named) {
    if (looksLikeName(named[1]!)) texts.push(named[1]!.trim());
    return put('email', named[2]!.trim());
  }
  if (/^\S*@\S*$/.test(part)) return put('email', part);
  if (looksLikePhone(part)) return put('phone', part);
  texts.push(part);
}

/** A person's line: "Full Name, Company", "Full Name at Company", tab-separated cells, or one identifier. */
function readLine(line: string, options: LinesOptions): Found {
  const found: Found = {};
  // A whole line that is one identifier, commas and all.
  if ('url' in readProfileUrl(line)) return { profileUrl: line };
  if (looksLikePhone(line) && readPhone(line, options.defaultRegion)) return { phone: line };

  const parts = (line.includes('\t') ? line.split('\t') : line.split(',')).map((p) => p.trim()).filter(Boolean);
  const texts: string[] = [];
  for (const part of parts) classify(part, found, texts);
  const names = texts.filter(looksLikeName);
  if (names.length >= 2 && names.length === texts.length) {
    found.fullName = names[0];
    // "Maya Chen, Northwind, Inc.": what follows the name is the company, commas and all.
    found.company = line.includes('\t') ? names[1] : names.slice(1).join(', ');
  } else if (texts.length === 1 && names.length === 1) {
    const at = /^(.+?)\s+(?:at|@|chez|bei)\s+(.+)$/i.exec(names[0]!);
    if (at && looksLikeName(at[1]!)) {
      found.fullName = at[1]!.trim();
      found.company = at[2]!.trim();
    } else if (found.profileUrl || found.email || found.phone) {
      found.fullName = names[0];
    }
  }
  return found;
}

/**
 * Pasted lines, one row per non-empty line: a profile URL, an email, a phone number, or
 * "Full Name, Company" (also "Full Name at Company", or tab-separated cells copied from a
 * spreadsheet). Every row keeps its line; a line that is none of these has nothing else, and
 * personOf says so.
 */
export function tableFromLines(text: string, options: LinesOptions = {}): BulkTable {
  const rows: string[][] = [];
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.replace(/^\uFEFF/, '').trim();
    if (!line) continue;
    const found = readLine(line, options);
    rows.push(LINE_COLUMNS.map((column) => (column === 'line' ? line : (found[column] ?? ''))));
  }
  return tableOf(LINE_COLUMNS, rows);
}

// ---- people collected from search pages -----------------------------------------------------

const COLLECTED_COLUMNS = ['profileUrl', 'fullName', 'headline'] as const;

export function tableFromCollected(people: CollectedPerson[]): BulkTable {
  return tableOf(
    COLLECTED_COLUMNS,
    people.map((p) => [p.profileUrl.trim(), (p.fullName ?? '').trim(), (p.headline ?? '').trim()]),
  );
}

// ---- contact book selection ------------------------------------------------------------------

const CONTACT_COLUMNS = ['profileUrl', 'email', 'phone', 'fullName', 'company'] as const;

/**
 * A person's profile, best work email (merge.ts keeps the best grade first), best phone (a
 * mobile first), name and company. A company contact keeps only its name as the company: the
 * row then says it is a company, not a person, and is not sent.
 */
export function tableFromContacts(contacts: Contact[]): BulkTable {
  const rows = contacts.map((contact) => {
    if (contact.kind === 'company') return ['', '', '', '', contact.name?.value ?? contact.domain?.value ?? contact.id.replace(/^[a-z-]+:/, '')];
    const phone = contact.phones.find((p) => p.kind === 'mobile') ?? contact.phones[0];
    const companyDomain = contact.companyId?.startsWith('domain:') ? contact.companyId.slice('domain:'.length) : '';
    return [
      contact.networkUrl?.value ?? '',
      contact.workEmails[0]?.address ?? '',
      phone?.e164 ?? '',
      contact.name?.value ?? '',
      contact.companyName?.value ?? companyDomain,
    ];
  });
  return tableOf(CONTACT_COLUMNS, rows);
}
