import { t } from '@/lib/platform/i18n';
import { formatDay } from '@/lib/platform/i18n/relative-time';
import { isOperationName } from '@/lib/lookup/operation-names';
import type { EmailFact, EmailGrade, PhoneFact, Source } from '@/lib/book/model';

/**
 * Where a value came from, in a salesperson's words: the lookup by the name the screens give it
 * ("Find work email", "From your CRM"), the day of its answer, whether credits were spent on it
 * ("paid", or "not charged" for a repeat the ledger answered and a free answer), the service's
 * grade of an email and the WhatsApp check of a phone. The card's row menus, the book's export
 * and the CRM notes all say it through here, so that they say it alike.
 *
 * `day` writes a date: the reader's own format on screens (the default), an ISO day in files and
 * CRM notes, which other people and programs read.
 */
export type DayFormat = (at: number) => string;

/** The op the CRM check records its answers under (lib/book/answer.ts). */
export const CRM_CHECK_OP = 'crmCheck';

/** A source as every writer has it: the book's, or the one a CRM contact carries (lib/crm/contact.ts). */
export type SourceLike = Pick<Source, 'op' | 'at' | 'paid'>;

export const isoDay: DayFormat = (at) => new Date(at).toISOString().slice(0, 10);

/** The lookup's name as the screens say it; an operation this release does not know is "an earlier lookup". */
export function lookupName(op: string): string {
  if (op === CRM_CHECK_OP) return t('source.fromCrm');
  return isOperationName(op) ? t(`ops.${op}`) : t('source.otherLookup');
}

/** "paid" or "not charged"; null for the CRM check, which no one pays for and whose line says so. */
export function chargeName(source: SourceLike): string | null {
  if (source.op === CRM_CHECK_OP) return null;
  return source.paid ? t('source.paid') : t('source.notCharged');
}

/** "Find work email · 12 Mar 2026 · paid", "From your CRM · 12 Mar 2026". */
export function sourceLine(source: SourceLike, day: DayFormat = formatDay): string {
  const charge = chargeName(source);
  const lookup = lookupName(source.op);
  const date = day(source.at);
  return charge === null ? t('source.crmLine', { lookup, date }) : t('source.line', { lookup, date, charge });
}

/** "Verified", "Catch-all domain", "Most probable", "Unverified". */
export function gradeName(grade: EmailGrade): string {
  return t(`source.grade.${grade}`);
}

/** "On WhatsApp, checked 12 Mar 2026", "Not on WhatsApp, checked …"; undated for a record kept before the date was; null when nobody checked. */
export function whatsappLine(phone: Pick<PhoneFact, 'whatsapp' | 'whatsappCheckedAt'>, day: DayFormat = formatDay): string | null {
  if (phone.whatsapp === undefined) return null;
  const at = phone.whatsappCheckedAt;
  if (at === undefined) return phone.whatsapp ? t('source.whatsapp.yesUndated') : t('source.whatsapp.noUndated');
  return phone.whatsapp ? t('source.whatsapp.yes', { date: day(at) }) : t('source.whatsapp.no', { date: day(at) });
}

/** What a screen or a file says of one email: its grade, then where it came from. */
export function emailSourceLines(email: Pick<EmailFact, 'grade' | 'source'>, day: DayFormat = formatDay): string[] {
  return [gradeName(email.grade), sourceLine(email.source, day)];
}

/** What a screen or a file says of one phone: where it came from, then its WhatsApp check when there was one. */
export function phoneSourceLines(phone: Pick<PhoneFact, 'source' | 'whatsapp' | 'whatsappCheckedAt'>, day: DayFormat = formatDay): string[] {
  const whatsapp = whatsappLine(phone, day);
  return [sourceLine(phone.source, day), ...(whatsapp ? [whatsapp] : [])];
}
