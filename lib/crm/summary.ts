import { t } from '@/lib/platform/i18n';
import type { CrmContact } from '@/lib/crm/contact';

/**
 * The enrichment as a few readable lines, for the note added to a CRM record. Unverified
 * addresses are said to be unverified: this is where they go instead of the email field.
 */
export function summaryLines(contact: CrmContact): string[] {
  const lines = [t('crm.note.enrichedOn', { date: new Date(contact.enrichedAt).toISOString().slice(0, 10) })];
  const jobTitle = contact.jobTitle || undefined;
  const companyName = contact.company?.name || undefined;
  const role = jobTitle && companyName ? t('crm.note.roleAt', { jobTitle, company: companyName }) : (jobTitle ?? companyName);
  lines.push(role ? t('crm.note.nameRole', { name: contact.fullName, role }) : contact.fullName);
  for (const email of contact.emails) {
    lines.push(email.status === 'verified' ? t('crm.note.verifiedEmail', { address: email.address }) : unverifiedEmailLine(email));
  }
  if (contact.phones.length) lines.push(t('crm.note.phones', { phones: contact.phones.map((p) => (p.type ? `${p.e164} (${p.type})` : p.e164)).join(', ') }));
  if (contact.profileUrl) lines.push(t('crm.note.profile', { url: contact.profileUrl }));
  const company = contact.company;
  if (company?.name || company?.domain) lines.push(t('crm.note.company', { company: [company.name, company.domain && `(${company.domain})`, company.website].filter(Boolean).join(' ') }));
  if (contact.location) lines.push(t('crm.note.location', { location: contact.location }));
  // Last, after a blank line: the notice the person was sent, whole, as evidence it was given.
  if (contact.notice) lines.push('', t('crm.note.notice', { date: new Date(contact.notice.preparedAt).toISOString().slice(0, 10) }), ...contact.notice.text.split('\n'));
  return lines;
}

/** An address that was not verified says so, wherever it is written (note, vCard). */
export function unverifiedEmailLine(email: { address: string; status: string }): string {
  const status = email.status === 'most_probable' ? t('crm.note.mostProbable') : t('crm.note.statusUnknown');
  return t('crm.note.unverifiedEmail', { status, address: email.address });
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** CRMs render notes as HTML; gateway text (one headline holds a script tag) must stay text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export function summaryHtml(contact: CrmContact): string {
  return summaryLines(contact).map(escapeHtml).join('<br>');
}
