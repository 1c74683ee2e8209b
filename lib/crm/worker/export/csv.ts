import Papa from 'papaparse';
import { neutraliseRow } from '@/lib/platform/ui/spreadsheet-cell';
import { primaryEmail, unverifiedEmails, type CrmContact } from '@/lib/crm/contact';

export const CONTACT_CSV_COLUMNS = [
  'full_name',
  'first_name',
  'last_name',
  'job_title',
  'email',
  'unverified_emails',
  'mobile_phone',
  'other_phones',
  'profile_url',
  'company',
  'company_domain',
  'website',
  'location',
  'enriched_at',
] as const;

/**
 * Contacts for a spreadsheet or a CRM import. `email` holds a verified address only; guesses
 * have their own column. Cells a spreadsheet would run as a formula get a leading quote, on
 * every line; an E.164 number (or a list of them) is data a CRM import must read as it is.
 */
export function contactsToCsv(contacts: readonly CrmContact[]): string {
  const rows = contacts.map((c) => {
    const mobile = c.phones.find((p) => p.type === 'mobile');
    return [
      c.fullName,
      c.firstName ?? '',
      c.lastName ?? '',
      c.jobTitle ?? '',
      primaryEmail(c) ?? '',
      unverifiedEmails(c)
        .map((e) => e.address)
        .join('; '),
      mobile?.e164 ?? '',
      c.phones
        .filter((p) => p !== mobile)
        .map((p) => p.e164)
        .join('; '),
      c.profileUrl ?? '',
      c.company?.name ?? '',
      c.company?.domain ?? '',
      c.company?.website ?? '',
      c.location ?? '',
      new Date(c.enrichedAt).toISOString(),
    ];
  });
  const safe = rows.map((row) => neutraliseRow(row, { keepPhoneNumbers: true }));
  return Papa.unparse({ fields: [...CONTACT_CSV_COLUMNS], data: safe }, { newline: '\r\n' });
}
