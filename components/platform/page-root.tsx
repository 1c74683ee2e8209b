import { Fragment, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { startLanguage, useLanguage, type LanguageSource } from '@/components/settings/language-store';
import { startTheme, type ThemeSource } from '@/components/settings/theme-store';
import { themeItem } from '@/lib/settings/theme';

export interface PageOptions {
  /** The browser tab's title, read in the page's language. */
  title?: () => string;
  /** Where the language choice is read (the vault by default; the panel's frame reads the worker's copy). */
  language?: LanguageSource;
  /** Where the theme is read (the vault by default; the panel's frame reads the worker's copy). */
  theme?: ThemeSource;
}

/**
 * Draws an extension page in the user's language once that language's catalog is in, and again
 * from scratch when the language changes: every string is read through t() while rendering, so
 * a new language is a new tree (the stores, and what they hold, stay).
 */
export function renderPage(container: HTMLElement, page: () => ReactNode, options: PageOptions = {}): void {
  const root = createRoot(container);
  const draw = (locale: string | null) => {
    if (!locale) return;
    document.documentElement.lang = locale;
    if (options.title) document.title = options.title();
    root.render(<Fragment key={locale}>{page()}</Fragment>);
  };
  useLanguage.subscribe((state, previous) => {
    if (state.locale !== previous.locale) draw(state.locale);
  });
  startTheme(options.theme ?? themeItem);
  startLanguage(options.language);
  draw(useLanguage.getState().locale);
}
