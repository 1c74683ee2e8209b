import { afterEach, describe, expect, it } from 'vitest';
import { currentLocale, formatNumber, t, tn } from '@/lib/platform/i18n';
import { de } from '@/lib/platform/i18n/de';
import { es } from '@/lib/platform/i18n/es';
import { fr } from '@/lib/platform/i18n/fr';
import { applyLocale } from '@/lib/platform/i18n/load';
import { isLanguageChoice, LANGUAGE_CHOICES, LANGUAGE_NAMES, localeOfTag, resolveLocale } from '@/lib/platform/i18n/locales';
import { pseudoMessage, PSEUDO_GROWTH } from '@/lib/platform/i18n/pseudo';
import { formatAge, formatDay, formatTime } from '@/lib/platform/i18n/relative-time';

const NNBSP = '\u202f';
const AT = new Date(2026, 2, 15, 14, 5, 9).getTime();

describe('which language a user gets', () => {
  it.each([
    ['fr', 'fr'],
    ['fr-CA', 'fr'],
    ['fr_FR', 'fr'],
    ['de-AT', 'de'],
    ['de-CH', 'de'],
    ['es-419', 'es'],
    ['es-MX', 'es'],
    ['en-GB', 'en'],
    ['pt-BR', 'en'],
    ['ja', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('the browser in %j reads %s', (tag, locale) => {
    expect(localeOfTag(tag)).toBe(locale);
    expect(resolveLocale('auto', tag)).toBe(locale);
  });

  it('follows the choice in the settings over the browser’s language', () => {
    expect(resolveLocale('de', 'fr-CA')).toBe('de');
    expect(resolveLocale('en', 'es-ES')).toBe('en');
    expect(resolveLocale('es', undefined)).toBe('es');
  });

  it('reads a stored value it does not know as "browser default"', () => {
    expect(isLanguageChoice('it')).toBe(false);
    expect(resolveLocale('it', 'de-DE')).toBe('de');
    expect(resolveLocale(42, 'fr')).toBe('fr');
    expect(resolveLocale(null, undefined)).toBe('en');
  });

  it('offers browser default and each language, named in itself (the pseudo-locale outside releases)', () => {
    expect(LANGUAGE_CHOICES).toEqual(['auto', 'en', 'fr', 'de', 'es', 'en-XA']);
    expect([LANGUAGE_NAMES.en, LANGUAGE_NAMES.fr, LANGUAGE_NAMES.de, LANGUAGE_NAMES.es]).toEqual(['English', 'Français', 'Deutsch', 'Español']);
  });
});

describe('loading a language', () => {
  afterEach(() => applyLocale('en'));

  it('installs its catalog: messages, plurals, numbers, dates and ages in that language', async () => {
    await applyLocale('fr');
    expect(currentLocale()).toBe('fr');
    expect(t('quick.submit')).toBe(fr['quick.submit']);
    expect(tn('credits', 1)).toBe('1 crédit');
    // French plural rules: 0 takes the singular.
    expect(tn('credits', 0)).toBe('0 crédit');
    expect(tn('credits', 1500)).toBe(`1${NNBSP}500 crédits`);
    expect(formatNumber(1234567)).toBe(`1${NNBSP}234${NNBSP}567`);
    expect(formatDay(AT)).toBe('15 mars 2026');
    expect(formatTime(AT)).toBe('14:05:09');
    expect(formatAge(AT - 3 * 60_000, AT)).toBe('il y a 3 minutes');
    expect(formatAge(AT - 40 * 86_400_000, AT)).toBe('le 3 févr. 2026');
  });

  it.each([
    ['de', de, '1.500 Credits', '15. März 2026', 'vor 3 Minuten'],
    ['es', es, '1500 créditos', '15 mar 2026', 'hace 3 minutos'],
    ['en', null, '1,500 credits', 'Mar 15, 2026', '3 minutes ago'],
  ] as const)('%s', async (locale, catalog, credits, day, age) => {
    await applyLocale(locale);
    if (catalog) expect(t('quick.submit')).toBe(catalog['quick.submit']);
    expect(tn('credits', 1500)).toBe(credits);
    expect(formatDay(AT)).toBe(day);
    expect(formatAge(AT - 3 * 60_000, AT)).toBe(age);
  });

  it('keeps the last language asked for when two loads overlap', async () => {
    const first = applyLocale('de');
    const second = applyLocale('es');
    await Promise.all([first, second]);
    expect(currentLocale()).toBe('es');
    expect(t('quick.submit')).toBe(es['quick.submit']);
  });

  it('loads the pseudo-locale here (a development build), placeholders intact', async () => {
    await applyLocale('en-XA');
    expect(t('connection.ok', { credits: '12 credits' })).toMatch(/^\[Çöññéçţéđ\. Ɓáļáñçé: 12 credits\. .*\]$/);
  });
});

describe('the pseudo-locale', () => {
  it.each(['Look up', 'This lookup may cost up to {credits}. Go ahead?', '{count} contacts selected', 'Rows {from}–{to} of {total}'])('%j: accented, 40%% longer, placeholders kept', (text) => {
    const pseudo = pseudoMessage(text);
    expect(pseudo.length).toBeGreaterThanOrEqual(Math.ceil(text.length * (1 + PSEUDO_GROWTH)));
    expect(pseudo.match(/\{\w+\}/g)).toEqual(text.match(/\{\w+\}/g));
    expect(pseudo.replace(/\{\w+\}/g, '')).not.toMatch(/[A-Za-z]/);
    expect(pseudo.startsWith('[') && pseudo.endsWith(']')).toBe(true);
  });

  it('leaves an empty message empty', () => {
    expect(pseudoMessage('')).toBe('');
  });
});
