import { storage } from 'wxt/utils/storage';
import type { LanguageChoice } from '@/lib/platform/i18n/locales';

/**
 * The worker's copy of the choice, for the panel's frame: a frame inside a web page cannot open
 * the vault, but may read storage.session (trusted contexts only, never a content script). The
 * worker writes it before it answers any message, so by the time a frame is placed it is there.
 * A module of its own, so that the pages reading the vault do not load WXT's storage for it.
 */
export const languageMirrorItem = storage.defineItem<LanguageChoice>('session:languageMirror', {
  fallback: 'auto',
  version: 1,
});
