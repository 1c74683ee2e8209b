import { isLanguageChoice, type LanguageChoice } from '@/lib/platform/i18n/locales';
import { defineVaultItem } from '@/lib/platform/storage/vault-item';

/**
 * The interface language: "auto" (the browser's) or the one chosen in the settings. An item of
 * its own rather than a field of the preferences: every page reads it before its first paint,
 * and it is small, whatever the length of the suppression list.
 */
export const languageItem = defineVaultItem<LanguageChoice>('language', {
  fallback: 'auto',
  version: 1,
});

export function languageOf(stored: unknown): LanguageChoice {
  return isLanguageChoice(stored) ? stored : 'auto';
}

export async function readLanguage(): Promise<LanguageChoice> {
  return languageOf(await languageItem.getValue());
}
