const KEY_HINT = 'dossier:hasKey';

/**
 * A cold service worker reads all of its storage before it answers (a second with 10,000
 * history entries), so the popup does not wait for it to draw: it remembers, in the pages' own
 * localStorage, whether the last answer said a key was saved. Only a hint for drawing; every
 * action still goes through the background, and its answer replaces the hint at once.
 */
export function readKeyHint(): boolean {
  try {
    return localStorage.getItem(KEY_HINT) === '1';
  } catch {
    return false;
  }
}

export function writeKeyHint(hasKey: boolean): void {
  try {
    localStorage.setItem(KEY_HINT, hasKey ? '1' : '0');
  } catch {
    // Storage refused (private mode policies): the hint is only an optimisation.
  }
}
