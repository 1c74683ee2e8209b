import { browserUiLanguage } from '@/lib/platform/i18n/ui-language';
import { create } from 'zustand';
import { currentLocale } from '@/lib/platform/i18n';
import { applyLocale, prefetchLocale } from '@/lib/platform/i18n/load';
import { resolveLocale, type DisplayLocale, type LanguageChoice } from '@/lib/platform/i18n/locales';
import { languageItem, languageOf } from '@/lib/settings/language';
import { mirrorItem } from '@/components/platform/mirror-store';

interface LanguageState {
  /** What the settings hold ("auto": the browser's language). */
  choice: LanguageChoice | null;
  /** The language in use, once its catalog is in; null before: the page waits to draw. */
  locale: DisplayLocale | null;
}

export const useLanguage = create<LanguageState>(() => ({ choice: null, locale: null }));

/** Where a page reads the choice: the vault, or (the panel's frame, which cannot) the worker's copy. */
export type LanguageSource = Parameters<typeof mirrorItem<unknown>>[0];

/**
 * A page that has not heard from storage by then draws in the browser's language rather than
 * stay blank (the vault waits for the worker's first start after an update, see vault.ts).
 */
const FIRST_READ_LIMIT_MS = 1500;

let turn = 0;

async function show(choice: LanguageChoice): Promise<void> {
  const mine = ++turn;
  await applyLocale(resolveLocale(choice, browserUiLanguage()));
  if (mine !== turn) return;
  useLanguage.setState({ choice, locale: currentLocale() as DisplayLocale });
}

/** Follows the stored choice: its catalog is loaded, then `useLanguage` says which is in use. */
export function startLanguage(source: LanguageSource = languageItem): () => void {
  prefetchLocale(resolveLocale('auto', browserUiLanguage()));
  const fallback = setTimeout(() => {
    if (useLanguage.getState().locale === null && turn === 0) void show('auto');
  }, FIRST_READ_LIMIT_MS);
  const stop = mirrorItem(source, (value) => {
    clearTimeout(fallback);
    const choice = languageOf(value);
    const state = useLanguage.getState();
    if (state.choice !== choice || state.locale === null) void show(choice);
  });
  return () => {
    clearTimeout(fallback);
    stop();
  };
}
