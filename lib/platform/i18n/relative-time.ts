import { cachedFormatter, t, tn } from '@/lib/platform/i18n/translate';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "3 minutes ago", "yesterday": how old a stored value is. Past a month the date itself says
 * more than a count of days. A time slightly in the future (another device's clock) reads as
 * "just now". Worded by the catalog rather than Intl.RelativeTimeFormat, whose locale data
 * takes about 30 ms to load in a fresh popup: a third of its budget.
 */
export function formatAge(at: number, now: number): string {
  const age = now - at;
  if (age < 45 * SECOND) return t('time.justNow');
  if (age < 45 * MINUTE) return tn('time.minutesAgo', Math.max(1, Math.round(age / MINUTE)));
  if (age < 22 * HOUR) return tn('time.hoursAgo', Math.round(age / HOUR));
  const days = Math.max(1, Math.round(age / DAY));
  if (days === 1) return t('time.yesterday');
  if (age < 30 * DAY) return tn('time.daysAgo', days);
  return t('time.onDate', { date: formatDay(at) });
}

export function formatDay(at: number): string {
  return cachedFormatter('day', (l) => new Intl.DateTimeFormat(l, { year: 'numeric', month: 'short', day: 'numeric' })).format(at);
}

/** A time of day to the second ("14:05:09", "2:05:09 PM"): when a retry is due. */
export function formatTime(at: number): string {
  return cachedFormatter('time', (l) => new Intl.DateTimeFormat(l, { hour: '2-digit', minute: '2-digit', second: '2-digit' })).format(at);
}

export function formatDateTime(at: number): string {
  return cachedFormatter('dateTime', (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' })).format(at);
}
