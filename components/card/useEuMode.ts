import { useEffect } from 'react';
import { sendMessage } from '@/lib/contracts/messenger';
import { startPreferencesMirror, usePreferences } from '@/components/settings/preferences-store';
import { readsThroughWorker } from '@/components/card/book-access';

let started = false;

/** The panel's frame cannot read the vault: it asks the worker, now and whenever it comes back into view. */
function askTheWorker(): void {
  const ask = () =>
    void sendMessage('getPreferences', undefined)
      .then((reply) => reply.ok && usePreferences.setState({ prefs: reply.value, loaded: true }))
      .catch(() => {});
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && ask());
  ask();
}

/**
 * EU mode hides personal emails on every card. The popup and the settings mirror the
 * preferences already; another page (the history, the side panel) starts the mirror once, and
 * the panel's frame asks the worker. Until the preferences are known, personal emails stay
 * hidden rather than flash on screen.
 */
export function useEuMode(): boolean {
  useEffect(startCardPreferences, []);
  return usePreferences((s) => !s.loaded || s.prefs.privacy.euMode);
}

/** Once per page, and only where nothing mirrors the preferences yet (the card's other settings start it too). */
export function startCardPreferences(): void {
  if (started || usePreferences.getState().loaded) return;
  started = true;
  if (readsThroughWorker()) askTheWorker();
  else startPreferencesMirror();
}
