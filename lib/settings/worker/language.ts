import { browserUiLanguage } from '@/lib/platform/i18n/ui-language';
import { applyLocale } from '@/lib/platform/i18n/load';
import { resolveLocale, type DisplayLocale, type LanguageChoice } from '@/lib/platform/i18n/locales';
import { languageItem, languageOf, readLanguage } from '@/lib/settings/language';
import { languageMirrorItem } from '@/lib/settings/language-mirror';

/**
 * The worker speaks the user's language too: its notifications, context menu titles, toolbar
 * title and every message it answers with. `ready` settles once the chosen catalog is in (the
 * worker answers no message before, see entrypoints/background.ts); a later choice is applied
 * as it is saved, and `onChange` then renews what the browser keeps (the context menus).
 */
export function startWorkerLanguage(onChange: (locale: DisplayLocale) => void): { ready: Promise<void> } {
  let shown: DisplayLocale | null = null;
  let latest = 0;

  async function use(choice: LanguageChoice): Promise<void> {
    const turn = ++latest;
    const locale = resolveLocale(choice, browserUiLanguage());
    await applyLocale(locale);
    if (turn !== latest) return;
    // The panel's frame reads this copy (it cannot open the vault); written on every start, so
    // it is there before any frame is placed.
    await languageMirrorItem.setValue(choice).catch(() => {});
    const changed = shown !== null && shown !== locale;
    shown = locale;
    if (changed) onChange(locale);
  }

  languageItem.watch((choice) => void use(languageOf(choice)));
  const ready = readLanguage()
    .then(use)
    .catch(() => {});
  return { ready };
}
