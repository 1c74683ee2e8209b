/**
 * The browser's interface language (`fr-CA`, `de`), what "browser default" follows. Read through
 * the `chrome` namespace (Firefox has it too) rather than `wxt/browser`, whose polyfill a page
 * that needs nothing else from it (the panel's frame) would load for this one call. Where the
 * i18n API is missing, the page's language says the same.
 */
export function browserUiLanguage(): string | undefined {
  try {
    return chrome.i18n.getUILanguage();
  } catch {
    return globalThis.navigator?.language;
  }
}
