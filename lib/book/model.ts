import { z } from 'zod';
import { E164, EMAIL_GRADES, PHONE_KINDS, type EmailGrade, type PhoneKind } from '@/lib/book/grades';
import { personLabel } from '@/lib/book/naming';

export { EMAIL_GRADES, PHONE_KINDS, type EmailGrade, type PhoneKind };

/**
 * The contact book's record: one merged person or company, built from every answer about that
 * identity (paid, free, from the ledger, from the CRM check). Stored in the vault's `contacts`
 * store (one record each) and shown by the one contact card of the panel, popup, history and book.
 *
 * Every value says where it came from (`Source`) and when it was found, so the card can show its
 * age and the merge rules (merge.ts) can prefer a verified or newer value. A value that conflicts
 * with the one shown is kept in `alternates`, never dropped.
 */

/** What produced a value: an operation's answer (with its history entry) or the CRM check. */
export const sourceSchema = z.object({
  /** An operation name (lib/lookup/worker/operations.ts) or 'crmCheck'. */
  op: z.string().min(1),
  historyId: z.string().nullable(),
  at: z.number(),
  /** Whether credits were spent on the answer that gave it (a ledger repeat is not). */
  paid: z.boolean(),
});
export type Source = z.infer<typeof sourceSchema>;

const alternateSchema = z.object({ value: z.string(), source: sourceSchema });
export type Alternate = z.infer<typeof alternateSchema>;

/** A single-valued field (name, title, location…): the value shown and the conflicting others. */
export const factSchema = z.object({
  value: z.string(),
  source: sourceSchema,
  alternates: z.array(alternateSchema).default([]),
});
export type Fact = z.infer<typeof factSchema>;

export const emailFactSchema = z.object({
  /** Lowercased. */
  address: z.string().min(3),
  kind: z.enum(['work', 'personal']),
  grade: z.enum(EMAIL_GRADES),
  foundAt: z.number(),
  source: sourceSchema,
});
export type EmailFact = z.infer<typeof emailFactSchema>;

export const phoneFactSchema = z.object({
  e164: z.string().regex(E164),
  international: z.string(),
  kind: z.enum(PHONE_KINDS),
  /** Messaging-app presence; absent when nobody checked. */
  whatsapp: z.boolean().optional(),
  /**
   * When the answer that said `whatsapp` was given: a later lookup that finds the number again
   * without checking moves `source` on, not this. Absent on records written before it was kept.
   */
  whatsappCheckedAt: z.number().optional(),
  foundAt: z.number(),
  source: sourceSchema,
});
export type PhoneFact = z.infer<typeof phoneFactSchema>;

/** What the free "already in your CRM" check last said. */
export const crmPresenceSchema = z.object({
  crm: z.string(),
  found: z.boolean(),
  recordId: z.string().optional(),
  url: z.string().optional(),
  checkedAt: z.number(),
});
export type CrmPresence = z.infer<typeof crmPresenceSchema>;

/** A title and a company, either or both known. */
const jobSchema = z.object({ title: z.string().max(200).optional(), company: z.string().max(200).optional() });

/**
 * A job change seen for free (lib/book/job-change.ts): the person's own profile, or a search
 * row linking to it, named another company (or, at the same company, another title) than the
 * record's facts. An observation beside the facts, never one of them: the paid values stay as
 * they were until a lookup answers otherwise, which clears it.
 */
export const jobChangeSchema = z.object({
  /** company: they work elsewhere (the work emails are probably gone); title: a new title at the same company. */
  kind: z.enum(['company', 'title']),
  was: jobSchema,
  now: jobSchema,
  seenAt: z.number(),
  /** The profile it was seen for (canonical URL). */
  profileUrl: z.string().max(2_000),
  seenOn: z.enum(['profile', 'search']),
});
export type JobChange = z.infer<typeof jobChangeSchema>;

/** Derived from the record on every write, for the store's indexes and the book's filters. */
const indexedSchema = {
  /** Every identity key of the record (lib/identity/keys.ts), for index look-ups. */
  keys: z.array(z.string()).min(1),
  /** Lowercased search words: name, company, emails, phone digits (index.ts). */
  words: z.array(z.string()),
  tags: z.array(z.string()),
  firstSeenAt: z.number(),
  updatedAt: z.number(),
};

/**
 * The article 14 notice the user chose to add to this person's next CRM note (lib/notice/), as
 * they saw it; `notedAt` once a push carried it, so the next push's note does not repeat it.
 */
export const contactNoticeSchema = z.object({
  text: z.string().min(1).max(20_000),
  language: z.string().max(10),
  preparedAt: z.number(),
  notedAt: z.number().optional(),
});
export type ContactNotice = z.infer<typeof contactNoticeSchema>;

export const personContactSchema = z.object({
  kind: z.literal('person'),
  /** The primary identity key: the profile (person:<slug>), else a verified email, else a phone. */
  id: z.string().min(1),
  ...indexedSchema,
  name: factSchema.optional(),
  title: factSchema.optional(),
  headline: factSchema.optional(),
  location: factSchema.optional(),
  companyName: factSchema.optional(),
  /** The company contact's id (domain:<host> or company:<slug>), when known. */
  companyId: z.string().optional(),
  networkUrl: factSchema.optional(),
  photoUrl: factSchema.optional(),
  microblog: factSchema.optional(),
  /** Other public URLs the answers listed. */
  urls: z.array(z.string()).default([]),
  workEmails: z.array(emailFactSchema).default([]),
  personalEmails: z.array(emailFactSchema).default([]),
  phones: z.array(phoneFactSchema).default([]),
  crm: crmPresenceSchema.optional(),
  // Added with the article 14 notice: one that no longer reads is dropped, never the contact.
  notice: contactNoticeSchema.optional().catch(undefined),
  // Added with job changes: older records have none; one that no longer reads is dropped, never the contact.
  jobChange: jobChangeSchema.optional().catch(undefined),
});
export type PersonContact = z.infer<typeof personContactSchema>;

export const companyContactSchema = z.object({
  kind: z.literal('company'),
  /** domain:<host>, else company:<slug>, else company-name:<folded name>. */
  id: z.string().min(1),
  ...indexedSchema,
  name: factSchema.optional(),
  domain: factSchema.optional(),
  website: factSchema.optional(),
  networkUrl: factSchema.optional(),
  industry: factSchema.optional(),
  size: factSchema.optional(),
  employeeCount: factSchema.optional(),
  founded: factSchema.optional(),
  headquarters: factSchema.optional(),
  country: factSchema.optional(),
  description: factSchema.optional(),
  phone: phoneFactSchema.optional(),
  crm: crmPresenceSchema.optional(),
});
export type CompanyContact = z.infer<typeof companyContactSchema>;

export const contactSchema = z.discriminatedUnion('kind', [personContactSchema, companyContactSchema]);
export type Contact = z.infer<typeof contactSchema>;

/** A contact as read from the store: a record that no longer parses is left out, never thrown. */
export function parseContact(raw: unknown): Contact | null {
  const parsed = contactSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** "Maya Chen · Northwind Analytics", the handle only when no name is known. */
export function displayName(contact: Contact): string {
  if (contact.kind === 'company') return contact.name?.value ?? contact.domain?.value ?? contact.id.replace(/^[a-z-]+:/, '');
  return personLabel(contact.name?.value ?? contact.id.replace(/^[a-z-]+:/, ''), contact.companyName?.value);
}
