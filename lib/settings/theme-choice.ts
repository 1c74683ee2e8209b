/**
 * "system" follows the system's light or dark (prefers-color-scheme); the others override it.
 * Apart from the stored item, so that the messages and the pages' theme code load no storage.
 */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (THEME_CHOICES as readonly string[]).includes(value);
}

export function themeOf(stored: unknown): ThemeChoice {
  return isThemeChoice(stored) ? stored : 'system';
}
