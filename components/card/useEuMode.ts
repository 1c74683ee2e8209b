import { startPreferencesMirror, usePreferences } from '../stores/preferences';

let mirrored = false;

/**
 * EU mode hides personal emails on every card. The popup and the settings mirror the
 * preferences already; a page that does not (the panel's frame, the history) starts the mirror
 * once and keeps it for its lifetime.
 */
export function useEuMode(): boolean {
  if (!mirrored && !usePreferences.getState().loaded) {
    mirrored = true;
    startPreferencesMirror();
  }
  // Until the preferences are read, personal emails stay hidden rather than flash on screen.
  return usePreferences((s) => !s.loaded || s.prefs.privacy.euMode);
}
