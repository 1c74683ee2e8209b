import { currentLocale, t } from './index';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "3 minutes ago", "yesterday": how old a stored value is, in the locale's own words.
 * Past a month the date itself says more than a count of days. A time slightly in the
 * future (another device's clock) reads as "just now" rather than "in 2 minutes".
 */
export function formatAge(at: number, now: number): string {
  const age = now - at;
  if (age < 45 * SECOND) return t('time.justNow');
  const rtf = new Intl.RelativeTimeFormat(currentLocale(), { numeric: 'auto' });
  if (age < 45 * MINUTE) return rtf.format(-Math.max(1, Math.round(age / MINUTE)), 'minute');
  if (age < 22 * HOUR) return rtf.format(-Math.round(age / HOUR), 'hour');
  if (age < 30 * DAY) return rtf.format(-Math.max(1, Math.round(age / DAY)), 'day');
  return t('time.onDate', { date: formatDay(at) });
}

export function formatDay(at: number): string {
  return new Date(at).toLocaleDateString(currentLocale(), { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatDateTime(at: number): string {
  return new Date(at).toLocaleString(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });
}
