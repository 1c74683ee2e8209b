import { t } from '../../i18n';
import { primaryEmail, unverifiedEmails, type CrmContact } from '../contact';
import { unverifiedEmailLine } from '../summary';

/** RFC 6350 §3.4: backslash, comma and semicolon are escaped in text values; newlines become `\n`. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * RFC 6350 §3.2: lines longer than 75 octets are folded with CRLF and one space, never inside
 * a multi-octet UTF-8 character.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A URI value is not text-escaped, but it must never break the line it sits on. */
function uri(value: string): string {
  return value.replace(/[\r\n]/g, '');
}

function stamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** One vCard 4.0 for a contact. An unverified email is not an EMAIL: it is in the NOTE, said to be unverified. */
export function toVCard(contact: CrmContact): string {
  const lines = ['BEGIN:VCARD', 'VERSION:4.0'];
  lines.push(`UID:urn:dossier:${encodeURIComponent(contact.identity)}`);
  lines.push(`FN:${escapeText(contact.fullName)}`);
  lines.push(`N:${[contact.lastName ?? '', contact.firstName ?? '', '', '', ''].map(escapeText).join(';')}`);
  if (contact.jobTitle) lines.push(`TITLE:${escapeText(contact.jobTitle)}`);
  if (contact.company?.name) lines.push(`ORG:${escapeText(contact.company.name)}`);
  const email = primaryEmail(contact);
  if (email) lines.push(`EMAIL;TYPE=work;PREF=1:${escapeText(email)}`);
  for (const other of contact.emails.filter((e) => e.status === 'verified' && e.address !== email)) lines.push(`EMAIL;TYPE=work:${escapeText(other.address)}`);
  contact.phones.forEach((phone, index) => {
    const type = phone.type === 'mobile' ? 'cell' : phone.type === 'work' ? 'work' : 'voice';
    lines.push(`TEL;VALUE=uri;TYPE=${type}${index === 0 ? ';PREF=1' : ''}:tel:${uri(phone.e164)}`);
  });
  if (contact.profileUrl) lines.push(`URL:${uri(contact.profileUrl)}`);
  if (contact.company?.website) lines.push(`URL;TYPE=work:${uri(contact.company.website)}`);
  const notes = unverifiedEmails(contact).map(unverifiedEmailLine);
  if (contact.company?.domain) notes.push(t('crm.note.companyDomain', { domain: contact.company.domain }));
  if (contact.location) notes.push(t('crm.note.location', { location: contact.location }));
  if (notes.length) lines.push(`NOTE:${escapeText(notes.join('\n'))}`);
  lines.push(`REV:${stamp(contact.enrichedAt)}`);
  lines.push('END:VCARD');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

export function toVCards(contacts: readonly CrmContact[]): string {
  return contacts.map(toVCard).join('');
}
