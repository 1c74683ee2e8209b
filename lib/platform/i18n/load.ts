import type { Catalog } from '@/lib/platform/i18n/catalog';
import { en } from '@/lib/platform/i18n/en';
import { currentLocale, setCatalog } from '@/lib/platform/i18n/index';
import { PSEUDO_ALLOWED, PSEUDO_LOCALE, type DisplayLocale } from '@/lib/platform/i18n/locales';

/**
 * Each translation is a chunk of its own, fetched only when it is the one in use: a page in
 * English loads no other catalog, a page in French loads French alone. English is always there
 * (index.ts), as the fallback for a key a translation would lack.
 */
async function catalogOf(locale: DisplayLocale): Promise<Catalog> {
  switch (locale) {
    case 'fr':
      return (await import('@/lib/platform/i18n/fr')).fr;
    case 'de':
      return (await import('@/lib/platform/i18n/de')).de;
    case 'es':
      return (await import('@/lib/platform/i18n/es')).es;
    case PSEUDO_LOCALE:
      if (PSEUDO_ALLOWED) return (await import('@/lib/platform/i18n/pseudo')).pseudoCatalog(en);
      return en;
    default:
      return en;
  }
}

let latest: Promise<void> = Promise.resolve();
let wanted: DisplayLocale | null = null;

/**
 * Installs the catalog of `locale`. When calls overlap (the choice changed twice quickly), the
 * last one asked wins, whatever order the chunks arrive in.
 */
export function applyLocale(locale: DisplayLocale): Promise<void> {
  wanted = locale;
  latest = catalogOf(locale).then(
    (catalog) => {
      if (wanted === locale) setCatalog(locale === PSEUDO_LOCALE && !PSEUDO_ALLOWED ? 'en' : locale, catalog);
    },
    () => {
      // A chunk that cannot load (an extension updated under an open page): stay readable in English.
      if (wanted === locale) setCatalog('en', en);
    },
  );
  return latest;
}

/**
 * Starts fetching a catalog without installing it: a page guesses the browser's language while it
 * reads the stored choice, which is "browser default" for most, so both come in together.
 */
export function prefetchLocale(locale: DisplayLocale): void {
  if (locale !== 'en') void catalogOf(locale).catch(() => {});
}

export { currentLocale };
