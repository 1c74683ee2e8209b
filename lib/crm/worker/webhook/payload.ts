import { primaryEmail, type CrmContact } from '@/lib/crm/contact';
import { sha256Hex } from '@/lib/crm/worker/webhook/sign';

/** Keys in a fixed order, so the same content always gives the same bytes. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The content the key stands for: the fields the payload's `contact` is built from, as the
 * outbox stored them before values had sources. Named one by one rather than "all but": where
 * and when a value was found (`source`, `grade`, the WhatsApp check, the article 14 notice) is
 * provenance the webhook does not send, and a later field added to CrmContact must not change
 * the key of a person whose sent data did not change. A contact without those fields hashes to
 * the same bytes as in earlier releases, so the key a receiver already saw stays the same.
 */
function keyContent(contact: CrmContact) {
  return {
    identity: contact.identity,
    fullName: contact.fullName,
    firstName: contact.firstName,
    lastName: contact.lastName,
    jobTitle: contact.jobTitle,
    location: contact.location,
    emails: contact.emails.map((e) => ({ address: e.address, status: e.status })),
    phones: contact.phones.map((p) => ({ e164: p.e164, type: p.type })),
    profileUrl: contact.profileUrl,
    company: contact.company ? { name: contact.company.name, domain: contact.company.domain, website: contact.company.website } : undefined,
  };
}

/**
 * Stable per person and content: the same contact sent again (a retry, a second push of an
 * unchanged enrichment, the same person from the ledger or the book) carries the same key, so an
 * automation tool can drop the repeat; a changed contact gets a new one. When or from which
 * lookup it came, and whether it was paid, does not count.
 */
export async function idempotencyKey(contact: CrmContact): Promise<string> {
  return `dossier-${(await sha256Hex(canonical(keyContent(contact)))).slice(0, 40)}`;
}

export interface WebhookPayload {
  event: 'contact.push';
  version: 1;
  idempotencyKey: string;
  contact: {
    identity: string;
    fullName: string;
    firstName: string | null;
    lastName: string | null;
    jobTitle: string | null;
    location: string | null;
    /** A verified address, or null: a guess is never presented as the email. */
    primaryEmail: string | null;
    emails: { address: string; status: 'verified' | 'most_probable' | 'unknown'; verified: boolean }[];
    phones: { e164: string; type: string | null }[];
    profileUrl: string | null;
    company: { name: string | null; domain: string | null; website: string | null } | null;
  };
  enrichedAt: string;
}

export function webhookPayload(contact: CrmContact, key: string): WebhookPayload {
  return {
    event: 'contact.push',
    version: 1,
    idempotencyKey: key,
    contact: {
      identity: contact.identity,
      fullName: contact.fullName,
      firstName: contact.firstName ?? null,
      lastName: contact.lastName ?? null,
      jobTitle: contact.jobTitle ?? null,
      location: contact.location ?? null,
      primaryEmail: primaryEmail(contact) ?? null,
      emails: contact.emails.map((e) => ({ address: e.address, status: e.status, verified: e.status === 'verified' })),
      phones: contact.phones.map((p) => ({ e164: p.e164, type: p.type ?? null })),
      profileUrl: contact.profileUrl ?? null,
      company: contact.company ? { name: contact.company.name ?? null, domain: contact.company.domain ?? null, website: contact.company.website ?? null } : null,
    },
    enrichedAt: new Date(contact.enrichedAt).toISOString(),
  };
}
