import type { CrmContact } from './contact';

/**
 * The enrichment as a few readable lines, for the note added to a CRM record. Unverified
 * addresses are said to be unverified: this is where they go instead of the email field.
 */
export function summaryLines(contact: CrmContact): string[] {
  const lines = [`Enriched by Dossier on ${new Date(contact.enrichedAt).toISOString().slice(0, 10)}.`];
  const role = [contact.jobTitle, contact.company?.name].filter(Boolean).join(' at ');
  lines.push(role ? `${contact.fullName}: ${role}` : contact.fullName);
  for (const email of contact.emails) {
    lines.push(
      email.status === 'verified'
        ? `Verified email: ${email.address}`
        : `Unverified email (${email.status === 'most_probable' ? 'most probable' : 'status unknown'}, not verified): ${email.address}`,
    );
  }
  if (contact.phones.length) lines.push(`Phones: ${contact.phones.map((p) => (p.type ? `${p.e164} (${p.type})` : p.e164)).join(', ')}`);
  if (contact.profileUrl) lines.push(`Profile: ${contact.profileUrl}`);
  const company = contact.company;
  if (company?.name || company?.domain) lines.push(`Company: ${[company.name, company.domain && `(${company.domain})`, company.website].filter(Boolean).join(' ')}`);
  if (contact.location) lines.push(`Location: ${contact.location}`);
  return lines;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** CRMs render notes as HTML; gateway text (one headline holds a script tag) must stay text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export function summaryHtml(contact: CrmContact): string {
  return summaryLines(contact).map(escapeHtml).join('<br>');
}
