import { t } from '@/lib/platform/i18n';
import type { CrmContact, CrmEmail, CrmPhone, CrmSource } from '@/lib/crm/contact';
import { isoDay, lookupName, whatsappLine } from '@/lib/book/source-label';

/**
 * The enrichment as a few readable lines, for the note added to a CRM record. Unverified
 * addresses are said to be unverified: this is where they go instead of the email field. Each
 * email and phone has a line of its own that says where it came from (lookup and day).
 */
export function summaryLines(contact: CrmContact): string[] {
  const lines = [t('crm.note.enrichedOn', { date: isoDay(contact.enrichedAt) })];
  const jobTitle = contact.jobTitle || undefined;
  const companyName = contact.company?.name || undefined;
  const role = jobTitle && companyName ? t('crm.note.roleAt', { jobTitle, company: companyName }) : (jobTitle ?? companyName);
  lines.push(role ? t('crm.note.nameRole', { name: contact.fullName, role }) : contact.fullName);
  lines.push(...contact.emails.map(emailNoteLine), ...contact.phones.map(phoneNoteLine));
  if (contact.profileUrl) lines.push(t('crm.note.profile', { url: contact.profileUrl }));
  const company = contact.company;
  if (company?.name || company?.domain) lines.push(t('crm.note.company', { company: [company.name, company.domain && `(${company.domain})`, company.website].filter(Boolean).join(' ') }));
  if (contact.location) lines.push(t('crm.note.location', { location: contact.location }));
  // Last, after a blank line: the notice the person was sent, whole, as evidence it was given.
  if (contact.notice) lines.push('', t('crm.note.notice', { date: isoDay(contact.notice.preparedAt) }), ...contact.notice.text.split('\n'));
  return lines;
}

/** An address that was not verified says so, wherever it is written (note, vCard): likely, catch-all domain, or unknown. */
export function unverifiedEmailLine(email: { address: string; status: string; grade?: string }): string {
  const status = email.status === 'most_probable' ? t('crm.note.mostProbable') : email.grade === 'catch_all' ? t('crm.note.catchAll') : t('crm.note.statusUnknown');
  return t('crm.note.unverifiedEmail', { status, address: email.address });
}

/** "line — Find work email, 2026-03-12": where the value came from, when the contact says (an older outbox's may not). */
function withSource(line: string, source: CrmSource | undefined, extra: readonly string[] = []): string {
  const parts = [...(source ? [t('crm.note.from', { lookup: lookupName(source.op), date: isoDay(source.at) })] : []), ...extra];
  return parts.length ? t('crm.note.withSource', { line, source: parts.join('; ') }) : line;
}

/** One email, one line: its grade, the address and where it came from. */
export function emailNoteLine(email: CrmEmail): string {
  const line = email.status === 'verified' ? t('crm.note.verifiedEmail', { address: email.address }) : unverifiedEmailLine(email);
  return withSource(line, email.source);
}

/** One number, one line: its type, where it came from, and the WhatsApp check with its own day. */
export function phoneNoteLine(phone: CrmPhone): string {
  const whatsapp = whatsappLine(phone, isoDay);
  return withSource(t('crm.note.phone', { phone: phone.type ? `${phone.e164} (${phone.type})` : phone.e164 }), phone.source, whatsapp ? [whatsapp] : []);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** CRMs render notes as HTML; gateway text (one headline holds a script tag) must stay text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export function summaryHtml(contact: CrmContact): string {
  return summaryLines(contact).map(escapeHtml).join('<br>');
}
