import { create } from 'zustand';
import { applyThemeChoice, themeOf, type ThemeChoice } from '@/lib/settings/theme-choice';
import { mirrorItem } from '@/components/platform/mirror-store';

/** Where a page reads the theme: the vault, or (the panel's frame, which cannot) the worker's copy. */
export type ThemeSource = Parameters<typeof mirrorItem<unknown>>[0];

export const useTheme = create<{ choice: ThemeChoice | null }>(() => ({ choice: null }));

/** Keeps the root's theme (applyThemeChoice) on the stored choice, from the first read and on every change, whichever page saved it. */
export function startTheme(source: ThemeSource, root: HTMLElement = document.documentElement): () => void {
  return mirrorItem(source, (value) => {
    const choice = themeOf(value);
    applyThemeChoice(root, choice);
    useTheme.setState({ choice });
  });
}
