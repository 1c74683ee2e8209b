import { t } from '@/lib/platform/i18n';
import { primaryEmail, type CrmContact } from '@/lib/crm/contact';
import { emailNoteLine, phoneNoteLine } from '@/lib/crm/summary';
import { safeHttpUrl } from '@/lib/platform/ui/safe-url';

/**
 * RFC 6350 §3.4: backslash, comma and semicolon are escaped in text values; newlines become `\n`.
 * Other control characters are not allowed in a value at all (§3.3 VALUE-CHAR): dropped.
 */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n')
    // eslint-disable-next-line no-control-regex -- a vCard line cannot hold control characters: they are dropped
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
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

/**
 * A URL property is a link a contacts app opens: only http(s), checked as the panel checks
 * links (a stored contact may come from an older outbox, so the contact's own checks are not
 * relied on). A URI value is not text-escaped (RFC 6350 §5.2 VALUE=uri, §6.7.8 URL); the URL serialiser has already
 * percent-encoded spaces and removed line breaks, and a backslash becomes %5C so that no reader
 * takes it for an escape.
 */
function httpUri(value: string | undefined): string | null {
  const safe = safeHttpUrl(value);
  return safe === null ? null : safe.replace(/\\/g, '%5C');
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
    // The schema allows E.164 only; checked again here, as it is written into a URI unescaped.
    if (!/^\+[1-9]\d{4,15}$/.test(phone.e164)) return;
    lines.push(`TEL;VALUE=uri;TYPE=${type}${index === 0 ? ';PREF=1' : ''}:tel:${phone.e164}`);
  });
  const profileUrl = httpUri(contact.profileUrl);
  if (profileUrl) lines.push(`URL:${profileUrl}`);
  const website = httpUri(contact.company?.website);
  if (website) lines.push(`URL;TYPE=work:${website}`);
  // A guess is said to be one; every value whose source is known says where it came from.
  const notes = [
    ...contact.emails.filter((e) => e.status !== 'verified' || e.source).map(emailNoteLine),
    ...contact.phones.filter((p) => p.source || p.whatsapp !== undefined).map(phoneNoteLine),
  ];
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
