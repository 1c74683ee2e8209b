import { storage } from 'wxt/utils/storage';
import type { ThemeChoice } from '@/lib/settings/theme-choice';

/**
 * The worker's copy of the theme, for the panel's frame, which cannot open the vault (see
 * language-mirror.ts: the same reasons, the same area).
 */
export const themeMirrorItem = storage.defineItem<ThemeChoice>('session:themeMirror', {
  fallback: 'system',
  version: 1,
});
