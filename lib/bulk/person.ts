import type { CountryCode } from 'libphonenumber-js';
import { email as emailSchema } from '@/lib/enrichment/input-rules';
import { parseTypedPhone } from '@/lib/enrichment/phone';
import { t } from '@/lib/platform/i18n';
import { normaliseDomain, normaliseEmail } from '@/lib/identity/keys';
import { isNetworkHost, parseNetworkProfileUrl } from '@/lib/identity/network-profile';
import type { BulkField, BulkOperation, BulkPerson, ColumnMapping } from '@/lib/bulk/model';

/**
 * One row of a list, read through the column mapping into the person it names: the values
 * normalised the way the lookups take them (a profile's canonical URL, a lowercased email, a
 * phone in E.164), each bad value named in the user's words. Rows come from spreadsheets people
 * typed by hand, so nothing here throws: a row that cannot be used says why, and the run goes on.
 */

export interface PersonOptions {
  /** The region a phone number written without its country code is read in (the user's preference). */
  defaultRegion?: CountryCode;
}

export interface PersonReading {
  /** The person, when the row can be used for at least one lookup; null otherwise. */
  person: BulkPerson | null;
  /** Why the row cannot be used at all (its bad values first); null when it can. */
  problem: string | null;
  /** Values of a usable row that were left out because they are not what their column says. */
  ignored: string[];
}

/** What spreadsheets and CRM exports write in a cell that has no value. */
export const PLACEHOLDER = /^(?:[-–—_.?]+|n\/?a|#n\/a|null|none|nil|undefined|unknown|nan)$/i;

/** A value quoted in a message: one line, short enough to read. */
function quoted(value: string): string {
  const line = value.replace(/\s+/g, ' ');
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/** The first non-empty cell of each field (a field mapped twice is a mapping problem, not a crash). */
function cellsByField(cells: readonly string[], mapping: ColumnMapping): Partial<Record<BulkField, string>> {
  const out: Partial<Record<BulkField, string>> = {};
  mapping.forEach((field, column) => {
    if (!field || out[field] !== undefined) return;
    const value = (cells[column] ?? '').replace(/\s+/g, ' ').trim();
    if (value && !PLACEHOLDER.test(value)) out[field] = value;
  });
  return out;
}

/**
 * A cell may hold several values ("a@x.com; b@y.com", as Dossier's own exports write lists):
 * the first readable one is taken.
 */
function firstReadable<T>(value: string, read: (part: string) => T | null): T | null {
  const whole = read(value);
  if (whole !== null) return whole;
  for (const part of value.split(/\s*[;,\n|]\s*|\s+\/\s+/)) {
    const got = part ? read(part) : null;
    if (got !== null) return got;
  }
  return null;
}

export function readEmail(value: string): string | null {
  // "Maya Chen <maya@northwind.example>", as mail programs copy an address.
  const address = /<([^<>]+)>\s*$/.exec(value)?.[1] ?? value;
  const normalised = normaliseEmail(address);
  // The lookups check addresses with zod's rule, stricter than the identity keys' one.
  return normalised && emailSchema.safeParse(normalised).success ? normalised : null;
}

export function readPhone(value: string, defaultRegion?: CountryCode): string | null {
  if (!/\d/.test(value)) return null;
  return parseTypedPhone(value, defaultRegion)?.e164 ?? null;
}

/** A person's profile URL, canonical (the ledger and the contact book key on its slug). */
export function readProfileUrl(value: string): { url: string } | { bad: 'profileUrl' | 'companyPage' } {
  const ref = parseNetworkProfileUrl(value);
  if (ref?.kind === 'person') return { url: ref.canonicalUrl };
  return { bad: ref?.kind === 'company' ? 'companyPage' : 'profileUrl' };
}

/** A company's name as written, or its web domain when the cell is a web address. */
export function readCompany(value: string): string {
  if (!/^(?:https?:\/\/|www\.)/i.test(value)) return value;
  const domain = normaliseDomain(value);
  if (!domain) return value;
  const host = value.replace(/^https?:\/\//i, '').split(/[/?#:]/)[0] ?? '';
  // A company page on the network goes as written: the gateway reads those itself.
  return isNetworkHost(host) ? value : domain;
}

/** The person's full name, built from first and last names when there is no full name. */
export function fullNameOf(person: BulkPerson): string | undefined {
  if (person.fullName) return person.fullName;
  if (person.firstName && person.lastName) return `${person.firstName} ${person.lastName}`;
  return undefined;
}

/** Whether a person gives at least one lookup something to work with. */
export function isUsable(person: BulkPerson): boolean {
  return Boolean(person.profileUrl || person.email || person.phone || (person.company && fullNameOf(person)));
}

function missing(person: BulkPerson): string {
  const name = fullNameOf(person);
  if (name) return t('bulk.problem.noCompany', { name: quoted(name) });
  const part = person.firstName ?? person.lastName;
  if (part) return t('bulk.problem.halfName', { name: quoted(part) });
  if (person.company) return t('bulk.problem.companyOnly', { company: quoted(person.company) });
  return t('bulk.problem.nothing');
}

/** Reads one row's cells through the mapping. Never throws. */
export function personOf(cells: string[], mapping: ColumnMapping, options: PersonOptions = {}): PersonReading {
  const raw = cellsByField(cells, mapping);
  const person: BulkPerson = {};
  const bad: string[] = [];

  if (raw.profileUrl) {
    const read = readProfileUrl(raw.profileUrl);
    if ('url' in read) person.profileUrl = read.url;
    else bad.push(t(read.bad === 'companyPage' ? 'bulk.bad.companyPage' : 'bulk.bad.profileUrl', { value: quoted(raw.profileUrl) }));
  }
  if (raw.email) {
    const email = firstReadable(raw.email, readEmail);
    if (email) person.email = email;
    else bad.push(t('bulk.bad.email', { value: quoted(raw.email) }));
  }
  if (raw.phone) {
    const phone = firstReadable(raw.phone, (part) => readPhone(part, options.defaultRegion));
    if (phone) person.phone = phone;
    else bad.push(t('bulk.bad.phone', { value: quoted(raw.phone) }));
  }
  if (raw.fullName) person.fullName = raw.fullName;
  if (raw.firstName) person.firstName = raw.firstName;
  if (raw.lastName) person.lastName = raw.lastName;
  if (raw.company) person.company = readCompany(raw.company);

  if (isUsable(person)) return { person, problem: null, ignored: bad };
  return { person: null, problem: [...bad, missing(person)].join(' '), ignored: [] };
}

export type RequestFor = { ok: true; input: Record<string, unknown> } | { ok: false; reason: string };

/**
 * The lookup input for one operation on one person, exactly as lib/lookup/worker/operations.ts's
 * input schemas take it, or why this person cannot be looked up that way.
 */
export function requestFor(op: BulkOperation, person: BulkPerson): RequestFor {
  const name = fullNameOf(person);
  switch (op) {
    case 'enrichPerson':
      // One group only, the gateway's order of preference: mixing them would let it pick for us.
      if (person.profileUrl) return { ok: true, input: { profileUrl: person.profileUrl } };
      if (person.email) return { ok: true, input: { email: person.email } };
      if (person.company && person.firstName && person.lastName) {
        return { ok: true, input: { firstName: person.firstName, lastName: person.lastName, company: person.company } };
      }
      if (person.company && name) return { ok: true, input: { fullName: name, company: person.company } };
      return { ok: false, reason: t('bulk.request.enrichPerson') };
    case 'findWorkEmail':
      if (!name) return { ok: false, reason: t('bulk.request.findWorkEmailName') };
      if (!person.company && !person.profileUrl) return { ok: false, reason: t('bulk.request.findWorkEmailCompany') };
      return {
        ok: true,
        input: { fullName: name, ...(person.company ? { company: person.company } : {}), ...(person.profileUrl ? { profileUrl: person.profileUrl } : {}) },
      };
    case 'searchPhone':
      if (!person.profileUrl && !person.email) return { ok: false, reason: t('bulk.request.searchPhone') };
      return { ok: true, input: { ...(person.profileUrl ? { profileUrl: person.profileUrl } : {}), ...(person.email ? { email: person.email } : {}) } };
    case 'reversePhone':
      if (!person.phone) return { ok: false, reason: t('bulk.request.reversePhone') };
      return { ok: true, input: { phone: person.phone } };
  }
}
