import { browser } from 'wxt/browser';

/**
 * The browser's interface language (`fr-CA`, `de`), what "browser default" follows. Where the
 * i18n API is missing (a test's fake browser), the page's language says the same.
 */
export function browserUiLanguage(): string | undefined {
  try {
    return browser.i18n.getUILanguage();
  } catch {
    return globalThis.navigator?.language;
  }
}
