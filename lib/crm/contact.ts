import { z } from 'zod';
import type { Enrichment } from '@/lib/enrichment/model';
import { identity, normaliseDomain, normaliseEmail } from '@/lib/identity/keys';
import { parseNetworkProfileUrl } from '@/lib/identity/network-profile';
import { safeHttpUrl } from '@/lib/platform/ui/safe-url';
import type { FieldValues } from '@/lib/crm/types';
import { EMAIL_GRADES } from '@/lib/book/grades';

/**
 * One person as Dossier hands them to a CRM, whatever the gateway's dialect was. Stored in the
 * outbox, so it is a zod schema: an outbox written by an older release is read back, not trusted.
 */
/**
 * Where a value came from, for the CRM note (lib/book/source-label.ts says it): the lookup, the
 * day of its answer, whether it was paid. Optional: an outbox written before it was kept still reads.
 */
export const crmSourceSchema = z.object({ op: z.string().min(1), at: z.number(), paid: z.boolean() });
export type CrmSource = z.infer<typeof crmSourceSchema>;

export const crmEmailSchema = z.object({
  address: z.string().min(3),
  /** Only `verified` may become a primary email; anything else is a guess and is labelled so. */
  status: z.enum(['verified', 'most_probable', 'unknown']),
  /** The book's finer grade, which tells a catch-all domain from an unknown status. */
  grade: z.enum(EMAIL_GRADES).optional(),
  source: crmSourceSchema.optional(),
});

export const crmPhoneSchema = z.object({
  e164: z.string().regex(/^\+[1-9]\d{4,15}$/),
  type: z.enum(['mobile', 'work', 'landline', 'other']).optional(),
  source: crmSourceSchema.optional(),
  /** The WhatsApp check, with its own day (a later lookup may have found the number again without checking). */
  whatsapp: z.boolean().optional(),
  whatsappCheckedAt: z.number().optional(),
});

export const crmContactSchema = z.object({
  /** Who this is, as the ledger names people: `person:<slug>`, `email:<address>` or `name:<name>|<org>`. */
  identity: z.string().min(1),
  fullName: z.string().min(1),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  jobTitle: z.string().optional(),
  location: z.string().optional(),
  emails: z.array(crmEmailSchema),
  phones: z.array(crmPhoneSchema),
  /** Canonical `https://www.linkedin.com/in/<slug>/`, the form every CRM search compares. */
  profileUrl: z.string().optional(),
  company: z
    .object({ name: z.string().optional(), domain: z.string().optional(), website: z.string().optional() })
    .optional(),
  enrichedAt: z.number(),
  /** The lookup it came from, so history can link the push to what was paid for. */
  historyId: z.string().nullable(),
  /** The article 14 notice the user added to this push's note (lib/notice/), as they saw it. */
  notice: z.object({ text: z.string().min(1).max(20_000), preparedAt: z.number() }).optional(),
});

export type CrmContact = z.infer<typeof crmContactSchema>;
export type CrmEmail = z.infer<typeof crmEmailSchema>;
export type CrmPhone = z.infer<typeof crmPhoneSchema>;

function clean(value: string | undefined | null): string | undefined {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, 500) : undefined;
}

/** Names a CRM can file: the gateway's when it gave them, else split once at the first space. */
export function splitName(fullName: string, first?: string, last?: string): { firstName?: string; lastName?: string } {
  if (first || last) return { firstName: first, lastName: last };
  const at = fullName.indexOf(' ');
  return at > 0 ? { firstName: fullName.slice(0, at), lastName: fullName.slice(at + 1) } : { firstName: fullName };
}

/**
 * Builds the contact from a full enrichment, or null when there is no person to push. Gateway
 * data is untrusted: URLs that are not http(s) are dropped, emails and domains are normalised.
 */
export function contactFromEnrichment(enrichment: Enrichment, source: { historyId: string | null; at: number; paid?: boolean }): CrmContact | null {
  const person = enrichment.person;
  const fullName = clean(person?.fullName) ?? clean([person?.firstName, person?.lastName].filter(Boolean).join(' '));
  if (!person || !fullName) return null;
  const profile = person.networkUrl ? parseNetworkProfileUrl(person.networkUrl) : null;
  const profileUrl = profile?.kind === 'person' ? profile.canonicalUrl : undefined;

  // The enrichment gave every value: one source for all, when the caller knows whether it was paid.
  const from = source.paid === undefined ? null : { op: 'enrichPerson', at: source.at, paid: source.paid };
  const emails: CrmEmail[] = [];
  for (const email of person.emails) {
    const address = normaliseEmail(email.address);
    if (!address || email.status === 'not_found' || emails.some((e) => e.address === address)) continue;
    emails.push({ address, status: email.status, ...(from ? { source: from } : {}) });
  }
  // Verified first: whichever comes first is the one a CRM may file as primary.
  emails.sort((a, b) => Number(b.status === 'verified') - Number(a.status === 'verified'));

  const companySource = enrichment.company;
  const website = safeHttpUrl(companySource?.website) ?? undefined;
  const domain = normaliseDomain(companySource?.domain ?? '') ?? (website ? normaliseDomain(website) : null) ?? undefined;
  const companyName = clean(companySource?.name) ?? clean(person.companyName);
  const company = companyName || domain || website ? { name: companyName, domain, website } : undefined;

  const key =
    (profileUrl ? identity.networkProfile(profileUrl) : null) ??
    emails.filter((e) => e.status === 'verified').map((e) => identity.email(e.address))[0] ??
    identity.nameAtCompany(fullName, domain ?? companyName ?? '') ??
    `name:${fullName.toLowerCase()}`;

  return crmContactSchema.parse({
    identity: key,
    fullName,
    ...splitName(fullName, clean(person.firstName), clean(person.lastName)),
    jobTitle: clean(person.jobTitle),
    location: clean(person.location),
    emails,
    phones: person.phones
      .filter((p) => /^\+[1-9]\d{4,15}$/.test(p.e164))
      .map((p) => ({ e164: p.e164, type: p.type, ...(from ? { source: from } : {}), ...(p.whatsapp !== undefined ? { whatsapp: p.whatsapp, whatsappCheckedAt: source.at } : {}) })),
    profileUrl,
    company,
    enrichedAt: source.at,
    historyId: source.historyId,
  });
}

export function primaryEmail(contact: CrmContact): string | undefined {
  return contact.emails.find((e) => e.status === 'verified')?.address;
}

export function unverifiedEmails(contact: CrmContact): CrmEmail[] {
  return contact.emails.filter((e) => e.status !== 'verified');
}

/** The contact in Dossier's field names: what a plan compares against a CRM record. */
export function contactValues(contact: CrmContact): FieldValues {
  const mobile = contact.phones.find((p) => p.type === 'mobile');
  const other = contact.phones.find((p) => p.type !== 'mobile');
  const values: FieldValues = {
    firstName: contact.firstName,
    lastName: contact.lastName,
    fullName: contact.fullName,
    jobTitle: contact.jobTitle,
    email: primaryEmail(contact),
    phone: other?.e164,
    mobilePhone: mobile?.e164,
    profileUrl: contact.profileUrl,
    companyName: contact.company?.name,
    website: contact.company?.website,
  };
  for (const key of Object.keys(values) as (keyof FieldValues)[]) if (!values[key]) delete values[key];
  return values;
}
