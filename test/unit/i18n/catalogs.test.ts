import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { de } from '@/lib/platform/i18n/de';
import { en } from '@/lib/platform/i18n/en';
import { es } from '@/lib/platform/i18n/es';
import { fr } from '@/lib/platform/i18n/fr';
import { LOCALES } from '@/lib/platform/i18n/locales';
import { pseudoCatalog } from '@/lib/platform/i18n/pseudo';
import { catalogProblems, placeholders } from '@/test/unit/i18n/catalog-problems';

const TRANSLATIONS = { fr, de, es } as const;
const CATALOGS: [string, Readonly<Record<string, string>>][] = [...Object.entries(TRANSLATIONS), ['en-XA', pseudoCatalog(en)]];

describe('the completeness check itself', () => {
  const whole = { 'a.title': 'Title', 'a.count.one': '{count} item', 'a.count.other': '{count} items', 'a.greet': 'Hello {name}, {count} new' };

  it('passes a whole catalog', () => {
    expect(catalogProblems(whole, { ...whole, 'a.title': 'Titre' })).toEqual([]);
  });

  it('names a missing key, an extra key, and a plural form without its pair', () => {
    const { 'a.title': _title, 'a.count.other': _other, ...rest } = whole;
    expect(catalogProblems(whole, { ...rest, 'a.typo': 'x' })).toEqual(['missing: a.title', 'missing: a.count.other', 'extra: a.typo', 'plural without its pair: a.count.one']);
  });

  it('names a placeholder renamed, dropped, added or mistyped', () => {
    expect(catalogProblems(whole, { ...whole, 'a.greet': 'Bonjour {nom}, {count} nouveaux' })).toEqual([expect.stringMatching(/^placeholders: a\.greet/)]);
    expect(catalogProblems(whole, { ...whole, 'a.greet': 'Bonjour, {count} nouveaux' })).toEqual([expect.stringMatching(/^placeholders: a\.greet/)]);
    expect(catalogProblems(whole, { ...whole, 'a.title': 'Titre {name}' })).toEqual([expect.stringMatching(/^placeholders: a\.title/)]);
    expect(catalogProblems(whole, { ...whole, 'a.greet': 'Bonjour {name}, {count nouveaux' })).toEqual([expect.stringMatching(/^placeholders: a\.greet/), 'stray brace: a.greet']);
  });

  it('names an empty translation', () => {
    expect(catalogProblems(whole, { ...whole, 'a.title': ' ' })).toEqual(['empty: a.title']);
  });
});

describe.each(CATALOGS)('the %s catalog', (_name, catalog) => {
  it('has every key of English and no other, each with English’s placeholders', () => {
    expect(catalogProblems(en, catalog)).toEqual([]);
  });
});

describe('the translations', () => {
  it('cover every language Dossier offers besides English', () => {
    expect(Object.keys(TRANSLATIONS).sort()).toEqual(LOCALES.filter((l) => l !== 'en').sort());
  });

  it.each(Object.entries(TRANSLATIONS))('%s translates what English says in words (not just copies it)', (_name, catalog) => {
    // Words, not names: product and vendor names ("Zoho CRM", "Dossier WhatsApp"), addresses and
    // hosts stay as they are.
    const copied = Object.entries(en).filter(([key, text]) => (catalog as Record<string, string>)[key] === text && /\b[a-z]{3,}\s+[a-z]{3,}\b/.test(text.replace(/\{\w+\}|\S*[@./]\S*/g, '')));
    expect(copied.map(([key]) => key)).toEqual([]);
  });

  it('writes French with French typography: no ordinary space before : ; ? ! or inside « », no English quotes', () => {
    for (const [key, text] of Object.entries(fr)) {
      expect(text, key).not.toMatch(/ [:;?!»]|« /);
      expect(text, key).not.toMatch(/[“”"]/);
      // Where French puts a space before them, it is a no-break one.
      expect(text, key).not.toMatch(/[^\s\u00a0\u202f/\d(]([;?!])(\s|$)/u);
    }
  });

  it('quotes as each language does: « » in French and Spanish, „ “ in German', () => {
    const quoted = Object.keys(en).filter((key) => en[key as keyof typeof en].includes('“'));
    expect(quoted.length).toBeGreaterThan(10);
    for (const key of quoted) {
      expect(fr[key as keyof typeof fr], key).toContain('«');
      expect(es[key as keyof typeof es], key).toContain('«');
      expect(de[key as keyof typeof de], key).toContain('„');
    }
  });

  it('opens every Spanish question', () => {
    for (const [key, text] of Object.entries(es)) if (/\p{L}\?(\s|$)/u.test(text)) expect(text, key).toContain('¿');
  });

  it('speaks formally: vous, Sie, usted', () => {
    const words = (text: string) => text.toLowerCase().split(/[^\p{L}]+/u);
    for (const [key, text] of Object.entries(fr)) expect(words(text), key).not.toContain('tu');
    for (const [key, text] of Object.entries(de)) expect(words(text).filter((w) => ['du', 'dein', 'deine', 'deinen', 'dich', 'dir'].includes(w)), key).toEqual([]);
    for (const [key, text] of Object.entries(es)) expect(words(text).filter((w) => ['tu', 'tú', 'tus', 'puedes', 'quieres'].includes(w)), key).toEqual([]);
  });
});

describe('the English catalog', () => {
  it('pairs every plural form', () => {
    expect(catalogProblems(en, en)).toEqual([]);
  });

  it('keeps a {count} in both forms of each plural', () => {
    for (const key of Object.keys(en).filter((k) => k.endsWith('.one') || k.endsWith('.other'))) {
      expect(placeholders(en[key as keyof typeof en]), key).toContain('count');
    }
  });
});

describe('the pseudo-locale', () => {
  it('is built in development and automation builds only', () => {
    const locales = readFileSync(join(__dirname, '../../../lib/platform/i18n/locales.ts'), 'utf8');
    expect(locales).toMatch(/PSEUDO_ALLOWED: boolean = \(typeof __DOSSIER_AUTOMATION__ !== 'undefined' && __DOSSIER_AUTOMATION__\) \|\| import\.meta\.env\.DEV/);
  });
});
