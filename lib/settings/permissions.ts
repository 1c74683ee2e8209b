import { browser } from 'wxt/browser';
import { t } from '@/lib/platform/i18n';
import { hostPermissionFor } from '@/lib/settings/gateway';

/**
 * Optional host permissions, asked for at the moment the user turns a feature on. Chrome only
 * shows the prompt while a user gesture is on the stack, so each request here is the first
 * thing awaited by a click handler: no message, no storage read before it.
 */
export const ALL_SITES = '<all_urls>';

/**
 * Whether this build's manifest grants these hosts at install, so that there is nothing to ask:
 * development and automation builds declare this computer's hosts (the sandbox, the CRM
 * emulators); store builds declare none, and ask for them where the user chooses them.
 * Synchronous, so that a request after it still runs within the click's gesture.
 */
export function declaresHosts(origins: readonly string[]): boolean {
  const declared = browser.runtime.getManifest().host_permissions ?? [];
  return declared.includes(ALL_SITES) || origins.every((origin) => declared.includes(origin));
}

/** Asks for hosts the manifest does not grant; false when refused (or asked outside a click). */
export async function requestHostAccess(origins: string[]): Promise<boolean> {
  if (declaresHosts(origins)) return true;
  try {
    return await browser.permissions.request({ origins });
  } catch {
    return false;
  }
}

/** A gateway's host, the sandbox's on this computer included, where the build does not declare it. */
export function requestGatewayAccess(baseUrl: string): Promise<boolean> {
  return requestHostAccess([hostPermissionFor(baseUrl)]);
}

/**
 * The same request, for the screens that save or test a key (welcome page, settings): null when
 * the host may be reached, else what to tell the user. The first thing a click handler awaits.
 */
export async function gatewayAccessRefusal(baseUrl: string): Promise<string | null> {
  if (await requestGatewayAccess(baseUrl)) return null;
  return t('connection.permissionRefused', { host: hostPermissionFor(baseUrl) });
}

/** One optional host access the user turns on and off as a whole (all sites, the web mail clients). */
export interface HostAccess {
  has(): Promise<boolean>;
  /**
   * Asks for (or gives back) every origin at once, and answers the state the browser really ended
   * in: a refused prompt leaves it off; access the browser will not remove (declared by the
   * manifest, or covered by a wider grant) leaves it on.
   */
  set(enabled: boolean): Promise<boolean>;
  /** Calls back with the real state whenever permissions change (here, or in the browser's own settings). */
  watch(onChange: (granted: boolean) => void): () => void;
}

export function hostAccess(origins: readonly string[]): HostAccess {
  async function has(): Promise<boolean> {
    try {
      return await browser.permissions.contains({ origins: [...origins] });
    } catch {
      return false;
    }
  }
  return {
    has,
    async set(enabled) {
      try {
        if (enabled) await browser.permissions.request({ origins: [...origins] });
        else await browser.permissions.remove({ origins: [...origins] });
      } catch {
        // Reported through the state below, which is what the switch shows.
      }
      return has();
    },
    watch(onChange) {
      const recheck = () => void has().then(onChange);
      browser.permissions.onAdded.addListener(recheck);
      browser.permissions.onRemoved.addListener(recheck);
      return () => {
        browser.permissions.onAdded.removeListener(recheck);
        browser.permissions.onRemoved.removeListener(recheck);
      };
    },
  };
}

export const allSitesAccess = hostAccess([ALL_SITES]);
export const hasAllSitesAccess = allSitesAccess.has;
export const setAllSitesAccess = allSitesAccess.set;
export const watchAllSitesAccess = allSitesAccess.watch;

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
