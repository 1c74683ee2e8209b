import { browser } from 'wxt/browser';
import { hostPermissionFor, isLoopbackUrl } from './gateway';

/**
 * Optional host permissions, asked for at the moment the user turns a feature on. Chrome only
 * shows the prompt while a user gesture is on the stack, so each request here is the first
 * thing awaited by a click handler: no message, no storage read before it.
 */
export const ALL_SITES = '<all_urls>';

/** Loopback hosts (the sandbox) are declared in the manifest; any other gateway is asked for. */
export async function requestGatewayAccess(baseUrl: string): Promise<boolean> {
  if (isLoopbackUrl(baseUrl)) return true;
  try {
    return await browser.permissions.request({ origins: [hostPermissionFor(baseUrl)] });
  } catch {
    return false;
  }
}

export async function hasAllSitesAccess(): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: [ALL_SITES] });
  } catch {
    return false;
  }
}

/**
 * Turns all-sites access on or off and answers the state the browser really ended in: a
 * refused prompt, or a permission the manifest requires (it cannot be removed), leaves it
 * unchanged.
 */
export async function setAllSitesAccess(enabled: boolean): Promise<boolean> {
  try {
    if (enabled) await browser.permissions.request({ origins: [ALL_SITES] });
    else await browser.permissions.remove({ origins: [ALL_SITES] });
  } catch {
    // Reported through the state below, which is what the checkbox shows.
  }
  return hasAllSitesAccess();
}

/** Calls back with the real state whenever permissions change (here, or in chrome://extensions). */
export function watchAllSitesAccess(onChange: (granted: boolean) => void): () => void {
  const recheck = () => void hasAllSitesAccess().then(onChange);
  browser.permissions.onAdded.addListener(recheck);
  browser.permissions.onRemoved.addListener(recheck);
  return () => {
    browser.permissions.onAdded.removeListener(recheck);
    browser.permissions.onRemoved.removeListener(recheck);
  };
}

/** Host patterns the manifest asks for at install: the browser refuses to remove them. */
function requiredHostPatterns(): Set<string> {
  const manifest = browser.runtime.getManifest();
  const scripts = (manifest.content_scripts ?? []).flatMap((script) => script.matches ?? []);
  return new Set([...(manifest.host_permissions ?? []), ...scripts]);
}

/**
 * Gives back host access granted at a prompt: the given patterns (a disconnected CRM), or,
 * with none given, every optional host (deleting all data). One at a time, so that a pattern
 * the browser will not remove cannot keep the others.
 */
export async function releaseHostAccess(patterns?: readonly string[]): Promise<void> {
  const granted = patterns ?? (await browser.permissions.getAll()).origins ?? [];
  const required = requiredHostPatterns();
  for (const origin of granted.filter((o) => !required.has(o))) {
    try {
      await browser.permissions.remove({ origins: [origin] });
    } catch {
      // Not granted, or required after all: nothing to give back.
    }
  }
}
