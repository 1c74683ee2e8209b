import { afterEach, describe, expect, it } from 'vitest';
import { setCatalog, t, tn } from '@/lib/platform/i18n';
import { en } from '@/lib/platform/i18n/en';
import { formatAge } from '@/lib/platform/i18n/relative-time';

const NOW = new Date(2026, 2, 15, 12, 0, 0).getTime();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relative time', () => {
  it.each([
    [0, 'just now'],
    [44 * SECOND, 'just now'],
    [-5 * MINUTE, 'just now'],
    [50 * SECOND, '1 minute ago'],
    [3 * MINUTE, '3 minutes ago'],
    [44 * MINUTE, '44 minutes ago'],
    [50 * MINUTE, '1 hour ago'],
    [5 * HOUR + 10 * MINUTE, '5 hours ago'],
    [23 * HOUR, 'yesterday'],
    [3 * DAY, '3 days ago'],
    [29 * DAY, '29 days ago'],
  ])('%d ms ago reads %j', (age, expected) => {
    expect(formatAge(NOW - age, NOW)).toBe(expected);
  });

  it('past a month, gives the date', () => {
    expect(formatAge(NOW - 40 * DAY, NOW)).toBe('on Feb 3, 2026');
  });
});

describe('messages', () => {
  afterEach(() => setCatalog('en', en));

  it('fills placeholders and formats numbers for the locale', () => {
    expect(t('connection.ok', { credits: tn('credits', 1_000_000) })).toBe('Connected. Balance: 1,000,000 credits.');
    expect(tn('credits', 1)).toBe('1 credit');
    expect(tn('credits', 0)).toBe('0 credits');
  });

  it('uses an installed translation and falls back to English for what it lacks', () => {
    setCatalog('fr', { 'credits.one': '{count} crédit', 'credits.other': '{count} crédits', 'quick.submit': 'Rechercher' });
    expect(t('quick.submit')).toBe('Rechercher');
    expect(tn('credits', 1)).toBe('1 crédit');
    expect(tn('credits', 1500)).toBe('1 500 crédits'.replace(' ', '\u202f'));
    expect(t('quick.title')).toBe('Quick lookup');
  });
});
