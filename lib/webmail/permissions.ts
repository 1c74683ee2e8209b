import { browser } from 'wxt/browser';
import { WEBMAIL_MATCHES } from './hosts';

/**
 * Access to the web mail clients' hosts, asked for when the user turns web mail on and given
 * back when they turn it off. The manifest lists them under its optional `<all_urls>`; the e2e
 * build declares `<all_urls>` up front, so there the access is always on and cannot be given back.
 * Chrome shows the prompt only while the click's user gesture is on the stack: callers await
 * this before anything else.
 */
export const WEBMAIL_ORIGINS: readonly string[] = WEBMAIL_MATCHES;

export async function hasWebmailAccess(): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: [...WEBMAIL_ORIGINS] });
  } catch {
    return false;
  }
}

/**
 * Asks for (or gives back) every web mail host at once, and answers the state the browser really
 * ended in: a refused prompt leaves it off; access the browser will not remove (declared by the
 * manifest, or covered by all-sites access the user granted) leaves it on.
 */
export async function setWebmailAccess(enabled: boolean): Promise<boolean> {
  try {
    if (enabled) await browser.permissions.request({ origins: [...WEBMAIL_ORIGINS] });
    else await browser.permissions.remove({ origins: [...WEBMAIL_ORIGINS] });
  } catch {
    // Reported through the state below, which is what the switch shows.
  }
  return hasWebmailAccess();
}

/** Calls back with the real state whenever permissions change (here, or in the browser's own settings). */
export function watchWebmailAccess(onChange: (granted: boolean) => void): () => void {
  const recheck = () => void hasWebmailAccess().then(onChange);
  browser.permissions.onAdded.addListener(recheck);
  browser.permissions.onRemoved.addListener(recheck);
  return () => {
    browser.permissions.onAdded.removeListener(recheck);
    browser.permissions.onRemoved.removeListener(recheck);
  };
}
