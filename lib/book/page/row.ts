import type { Contact, CrmPresence, EmailGrade, PhoneKind } from '@/lib/book/model';

/**
 * One line of the contact book, as the list, the CSV export and the vCard show it: the merged
 * contact's best values. The best work email is the first (merge.ts keeps them best grade
 * first), the mobile the first phone said to be one (merge.ts lists mobiles first).
 */
export interface BookRow {
  id: string;
  kind: Contact['kind'];
  name: string;
  company: string | null;
  /** A person's job title; a company has none (its industry is its own column). */
  title: string | null;
  /** A company's web address as shown: its domain, else its website. */
  domain: string | null;
  industry: string | null;
  /** "51-200 employees" as the gateway says it, else the head count it gave. */
  size: string | null;
  email: { address: string; grade: EmailGrade } | null;
  mobile: string | null;
  /** The phone to show: the mobile, else the first other one (a landline, a company's switchboard) with its kind. */
  phone: { e164: string; international: string; kind: PhoneKind } | null;
  tags: string[];
  crm: CrmPresence | null;
  updatedAt: number;
}

/** The contact's own name: a person's without the company, else the handle the id carries. */
export function nameOf(contact: Contact): string {
  if (contact.name?.value) return contact.name.value;
  if (contact.kind === 'company' && contact.domain?.value) return contact.domain.value;
  return contact.id.replace(/^[a-z-]+:/, '');
}

export function bookRow(contact: Contact): BookRow {
  const person = contact.kind === 'person' ? contact : null;
  const company = contact.kind === 'company' ? contact : null;
  const best = person?.workEmails[0] ?? null;
  const mobile = person?.phones.find((p) => p.kind === 'mobile') ?? null;
  const shown = mobile ?? (person ? person.phones[0] : company?.phone) ?? null;
  return {
    id: contact.id,
    kind: contact.kind,
    name: nameOf(contact),
    company: person ? (person.companyName?.value ?? null) : null,
    title: person?.title?.value ?? null,
    domain: company ? (company.domain?.value ?? company.website?.value ?? null) : null,
    industry: company?.industry?.value ?? null,
    size: company ? (company.size?.value ?? company.employeeCount?.value ?? null) : null,
    email: best ? { address: best.address, grade: best.grade } : null,
    mobile: mobile?.e164 ?? null,
    phone: shown && { e164: shown.e164, international: shown.international, kind: shown.kind },
    tags: contact.tags,
    crm: contact.crm ?? null,
    updatedAt: contact.updatedAt,
  };
}

/** Equal plain data (strings, numbers, null, arrays and objects of them), compared by value. */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * Whether two rows show the same thing: a contact read again by the next keystroke's search is
 * a new object with the same values, and a row that shows the same values needs no drawing.
 * Every field counts, those added later included.
 */
export function sameBookRow(a: BookRow, b: BookRow): boolean {
  return sameData(a, b);
}
