import { describe, expect, it } from 'vitest';
import { formatDayInput, parseDayInput } from '@/lib/platform/i18n/day-input';

describe('dates typed in the interface’s language', () => {
  it.each([
    ['en', '03/15/2026'],
    ['fr', '15/03/2026'],
    ['de', '15.03.2026'],
    ['es', '15/03/2026'],
  ])('%s writes 15 March 2026 as %s, and reads it back', (locale, text) => {
    expect(formatDayInput('2026-03-15', locale)).toBe(text);
    expect(parseDayInput(text, locale)).toEqual({ day: '2026-03-15' });
  });

  it.each([
    ['fr', '5/3/2026', '2026-03-05'],
    ['fr', '05-03-2026', '2026-03-05'],
    ['de', '5. 3. 2026', '2026-03-05'],
    ['en', '3/5/2026', '2026-03-05'],
    ['es', '29/02/2028', '2028-02-29'],
    // The international form reads the same in every language.
    ['fr', '2026-03-05', '2026-03-05'],
    ['en', ' 2026-03-05 ', '2026-03-05'],
  ])('%s reads %j as %s', (locale, text, day) => {
    expect(parseDayInput(text, locale)).toEqual({ day });
  });

  it('reads an empty field as no date', () => {
    expect(parseDayInput('  ', 'fr')).toEqual({ day: '' });
    expect(formatDayInput('', 'fr')).toBe('');
  });

  it.each([
    ['fr', '03/15/2026'], // the English order in French: there is no 15th month
    ['en', '15/03/2026'],
    ['fr', '31/02/2026'],
    ['fr', '29/02/2026'],
    ['fr', '15/03/26'], // two-digit years are ambiguous, and a year being typed looks like one
    ['fr', '15/03'],
    ['fr', 'demain'],
    ['de', '15.03.2026.1'],
    ['fr', '2026-13-01'],
  ])('%s cannot read %j', (locale, text) => {
    expect(parseDayInput(text, locale)).toBeNull();
  });
});
