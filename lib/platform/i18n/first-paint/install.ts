import type { Catalog } from '@/lib/platform/i18n/catalog';
import { isLanguageChoice, PSEUDO_ALLOWED, PSEUDO_LOCALE, resolveLocale, type DisplayLocale, type Locale } from '@/lib/platform/i18n/locales';
import { pseudoCatalog } from '@/lib/platform/i18n/pseudo';
import { setCatalog, setFallback } from '@/lib/platform/i18n/translate';
import { browserUiLanguage } from '@/lib/platform/i18n/ui-language';

/**
 * The pseudo-locale is for automation and development only. Tested here, with the build's own
 * constants rather than PSEUDO_ALLOWED from another module, so that the release build drops the
 * branch and, with it, the pseudo-locale's code (test/e2e/packages.e2e.ts looks for it).
 */
const PSEUDO_BUILD = (typeof __DOSSIER_AUTOMATION__ !== 'undefined' && __DOSSIER_AUTOMATION__) || import.meta.env.DEV;

/**
 * Installs a page's first-paint messages in the user's language (their choice, stored as
 * `stored`, else the browser's), English behind them; says which language that is.
 */
export function installFirstPaintMessages(stored: unknown, catalogs: Readonly<Record<Locale, object>>): DisplayLocale {
  // Not lib/settings/language's languageOf, the same test: it would bring the vault's storage items into the first paint.
  const wanted = resolveLocale(isLanguageChoice(stored) ? stored : 'auto', browserUiLanguage());
  const locale = wanted === PSEUDO_LOCALE && !PSEUDO_ALLOWED ? 'en' : wanted;
  setFallback(catalogs.en);
  setCatalog(locale, PSEUDO_BUILD && locale === PSEUDO_LOCALE ? pseudoCatalog(catalogs.en as Catalog) : catalogs[locale as Locale]);
  return locale;
}
