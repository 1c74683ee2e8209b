import { themeOf, type ThemeChoice } from '@/lib/settings/theme-choice';
import { defineVaultItem } from '@/lib/platform/storage/vault-item';

/**
 * Light, dark or the system's, for every Dossier page and the panel. An item of its own, as the
 * language is: every page reads it before its first paint. A user of an older release has none
 * stored and gets the fallback, which is what those releases did.
 */
export const themeItem = defineVaultItem<ThemeChoice>('theme', {
  fallback: 'system',
  version: 1,
});

export async function readTheme(): Promise<ThemeChoice> {
  return themeOf(await themeItem.getValue());
}
