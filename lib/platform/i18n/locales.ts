/**
 * The languages Dossier speaks, and which one a user gets: their choice in the settings, or
 * the browser's interface language when they chose "browser default" (the default). A regional
 * variant reads as its language (fr-CA is French, es-MX Spanish); any other language is English.
 */
export const LOCALES = ['en', 'fr', 'de', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * A test language (every message accented and 40% longer, placeholders kept) for finding text
 * that overflows or escaped translation. Development and automation builds only: a release
 * build neither offers nor accepts it.
 */
export const PSEUDO_LOCALE = 'en-XA';
export type PseudoLocale = typeof PSEUDO_LOCALE;
export type DisplayLocale = Locale | PseudoLocale;

// `typeof`: the unit tests run without the build's definitions (their import.meta.env.DEV is true).
export const PSEUDO_ALLOWED: boolean = (typeof __DOSSIER_AUTOMATION__ !== 'undefined' && __DOSSIER_AUTOMATION__) || import.meta.env.DEV;

/** What the settings store: "auto" follows the browser's interface language. */
export type LanguageChoice = 'auto' | DisplayLocale;

const PSEUDO_CHOICES: readonly LanguageChoice[] = PSEUDO_ALLOWED ? [PSEUDO_LOCALE] : [];
export const LANGUAGE_CHOICES: readonly LanguageChoice[] = ['auto', ...LOCALES, ...PSEUDO_CHOICES];

/**
 * Each language named in itself, so that someone who cannot read the current one still finds
 * theirs in the list. Not translated, on purpose: these are not catalog messages.
 */
export const LANGUAGE_NAMES: Readonly<Record<DisplayLocale, string>> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  'en-XA': 'Ƥšéûđô (en-XA)',
};

export function isLanguageChoice(value: unknown): value is LanguageChoice {
  return typeof value === 'string' && (LANGUAGE_CHOICES as readonly string[]).includes(value);
}

/** The language of a BCP 47 tag such as `fr-CA` or `pt_BR` (Chrome's UI language uses either form). */
export function localeOfTag(tag: string | undefined): Locale {
  const language = (tag ?? '').split(/[-_]/)[0]!.toLowerCase();
  return (LOCALES as readonly string[]).includes(language) ? (language as Locale) : 'en';
}

/** The language to show: the user's choice, else the browser's interface language. */
export function resolveLocale(choice: unknown, uiLanguage: string | undefined): DisplayLocale {
  if (!isLanguageChoice(choice) || choice === 'auto') return localeOfTag(uiLanguage);
  return choice;
}
