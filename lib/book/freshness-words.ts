import { t, tn } from '@/lib/platform/i18n';
import { formatDay } from '@/lib/platform/i18n/relative-time';
import { DAY_MS, type DatedEmail } from '@/lib/book/freshness';

/**
 * How old a value is, in the words a salesperson weighs it by: days under two months, then
 * months, then years ("8 months"). The relative-time formatter says a date past a month, which
 * tells when but not how long ago.
 */
export function ageWords(at: number, now: number): string {
  const days = Math.max(0, Math.floor((now - at) / DAY_MS));
  if (days < 60) return tn('freshness.days', days);
  if (days < 730) return tn('freshness.months', Math.round(days / 30.44));
  return tn('freshness.years', Math.floor(days / 365.25));
}

/** Addresses a warning names in full; the rest are counted. */
const NAMED = 3;

/** "Stale email: maya@…, found 8 months ago (Mar 3, 2026). It may bounce." */
export function staleWarning(emails: readonly DatedEmail[], now: number): string {
  const named = emails.slice(0, NAMED).map((email) => t('crm.stale.email', { address: email.address, age: ageWords(email.at, now), date: formatDay(email.at) }));
  const more = emails.length - named.length;
  const list = more > 0 ? [...named, tn('crm.stale.more', more)].join('; ') : named.join('; ');
  return t(emails.length === 1 ? 'crm.stale.warningOne' : 'crm.stale.warningMany', { emails: list });
}
