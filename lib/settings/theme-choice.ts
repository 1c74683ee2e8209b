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

/**
 * The tokens (components/tokens.css) follow the system unless the root says `data-theme="light"`
 * or `"dark"`: the stored choice, put on the root.
 */
export function applyThemeChoice(root: HTMLElement, choice: ThemeChoice): void {
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}
