import { crmContactSchema, splitName, type CrmContact, type CrmEmail, type CrmPhone, type CrmSource } from '@/lib/crm/contact';
import { normaliseDomain } from '@/lib/identity/keys';
import { parseNetworkProfileUrl } from '@/lib/identity/network-profile';
import { safeHttpUrl } from '@/lib/platform/ui/safe-url';
import type { CompanyContact, EmailGrade, PersonContact, PhoneFact, Source } from '@/lib/book/model';
import { saidAt, type DatedEmail } from '@/lib/book/freshness';

/**
 * A person of the contact book as a CRM takes them (lib/crm/contact.ts): the merged values,
 * the company's domain and website from the company's own contact when the book has it. Only
 * work emails go (a CRM holds work contacts); only a verified one may become the primary email,
 * anything else travels as the guess it is. A company alone is not a CRM contact: null.
 */
const STATUS: Record<EmailGrade, CrmEmail['status']> = {
  verified: 'verified',
  most_probable: 'most_probable',
  catch_all: 'unknown',
  unverified: 'unknown',
};

/** The canonical profile URL: the contact's own, else the one its `person:<slug>` key stands for. */
export function profileUrlOf(contact: PersonContact): string | undefined {
  const fromFact = contact.networkUrl ? parseNetworkProfileUrl(contact.networkUrl.value) : null;
  if (fromFact?.kind === 'person') return fromFact.canonicalUrl;
  const slug = contact.keys.find((k) => k.startsWith('person:'))?.slice('person:'.length);
  return slug ? `https://www.linkedin.com/in/${encodeURIComponent(slug)}/` : undefined;
}

/** The note says the lookup, its day and its charge; the history entry stays in the book. */
const sourceOf = (source: Source): CrmSource => ({ op: source.op, at: source.at, paid: source.paid });

function phoneOf(phone: PhoneFact): CrmPhone {
  return {
    e164: phone.e164,
    ...(phone.kind !== 'unknown' ? { type: phone.kind } : {}),
    source: sourceOf(phone.source),
    ...(phone.whatsapp !== undefined ? { whatsapp: phone.whatsapp } : {}),
    ...(phone.whatsappCheckedAt !== undefined ? { whatsappCheckedAt: phone.whatsappCheckedAt } : {}),
  };
}

const clean = (value: string | undefined) => value?.replace(/\s+/g, ' ').trim().slice(0, 500) || undefined;

export function crmContactOf(contact: PersonContact, company: CompanyContact | null): CrmContact | null {
  const fullName = clean(contact.name?.value);
  if (!fullName) return null;
  const website = safeHttpUrl(company?.website?.value) ?? undefined;
  const domain = (company?.domain && normaliseDomain(company.domain.value)) ?? (website ? normaliseDomain(website) : null) ?? undefined;
  const companyName = clean(contact.companyName?.value) ?? clean(company?.name?.value);
  const emails = contact.workEmails.map((e) => ({ address: e.address, status: STATUS[e.grade], grade: e.grade, source: sourceOf(e.source) }));
  // Verified first: whichever comes first is the one a CRM may file as primary.
  emails.sort((a, b) => Number(b.status === 'verified') - Number(a.status === 'verified'));
  return crmContactSchema.parse({
    identity: contact.id,
    fullName,
    ...splitName(fullName),
    jobTitle: clean(contact.title?.value),
    location: clean(contact.location?.value),
    emails,
    phones: contact.phones.filter((p) => /^\+[1-9]\d{4,15}$/.test(p.e164)).map(phoneOf),
    profileUrl: profileUrlOf(contact),
    company: companyName || domain || website ? { name: companyName, domain, website } : undefined,
    enrichedAt: contact.updatedAt,
    historyId: contact.name?.source.historyId ?? null,
  });
}

/** The work emails a push sends, each with when an answer last gave it (lib/book/freshness.ts). */
export function datedWorkEmails(contact: PersonContact): DatedEmail[] {
  return contact.workEmails.map((email) => ({ address: email.address, at: saidAt(email) }));
}
