import { browser } from 'wxt/browser';
import { MICROBLOG_MATCHES, NETWORK_MATCHES } from '@/lib/platform/site-hosts';
import { ALL_SITES, hasAllSitesAccess } from '@/lib/settings/permissions';
import type { Preferences } from '@/lib/settings/preferences';
import { loadPreferences } from '@/lib/settings/stored';
import { hasWebmailAccess } from '@/lib/webmail/permissions';
import { WEBMAIL_MATCHES } from '@/lib/webmail/hosts';

/** A content script the worker registers at run time: its hosts are optional, asked for when the user turns it on. */
export interface RuntimeScript {
  id: string;
  js: string[];
  matches: string[];
  excludeMatches: string[];
}

export const SCANNER_SCRIPT: RuntimeScript = {
  id: 'dossier-scanner',
  js: ['/content-scripts/scanner.js'],
  matches: [ALL_SITES],
  // The network's pages have their own detector and panel. Web mail is never scanned: a message's
  // body is the sender's and the correspondents' private text, and the web mail reader reads only
  // the participants (and only when the user turned web mail on).
  excludeMatches: [...NETWORK_MATCHES, ...MICROBLOG_MATCHES, ...WEBMAIL_MATCHES],
};

export const WEBMAIL_SCRIPT: RuntimeScript = {
  id: 'dossier-webmail',
  js: ['/content-scripts/webmail.js'],
  matches: [...WEBMAIL_MATCHES],
  excludeMatches: [],
};

const sameList = (a: readonly string[] | undefined, b: readonly string[]) => (a ?? []).length === b.length && b.every((item) => (a ?? []).includes(item));

/**
 * Keeps one registered script in step with whether it is wanted: registered, unregistered, or
 * updated when an earlier release registered it with other hosts (registrations persist across
 * updates, so a new exclusion must reach the one already there).
 */
export async function syncRegistration(script: RuntimeScript, wanted: boolean): Promise<boolean> {
  const [existing] = await browser.scripting.getRegisteredContentScripts({ ids: [script.id] });
  const registration = { ...script, runAt: 'document_idle' as const, persistAcrossSessions: true };
  if (wanted && !existing) await browser.scripting.registerContentScripts([registration]);
  else if (wanted && existing && (!sameList(existing.matches, script.matches) || !sameList(existing.excludeMatches, script.excludeMatches) || !sameList(existing.js, script.js))) {
    await browser.scripting.updateContentScripts([registration]);
  } else if (!wanted && existing) await browser.scripting.unregisterContentScripts({ ids: [script.id] });
  return wanted;
}

/**
 * The opt-in content scripts run only when the user both turned them on and granted their hosts:
 * the all-sites scanner, and the web mail reader. Called at start, and whenever the preferences
 * or the permissions change (the user may take a permission back in the browser's own settings).
 */
export async function syncContentScripts(prefs?: Preferences): Promise<{ scanner: boolean; webmail: boolean }> {
  const current = prefs ?? (await loadPreferences());
  const scanner = Boolean(current.pageAccess?.scanAllSites) && (await hasAllSitesAccess());
  const webmail = Boolean(current.webmail?.enabled) && (await hasWebmailAccess());
  const [scannerOn, webmailOn] = await Promise.allSettled([syncRegistration(SCANNER_SCRIPT, scanner), syncRegistration(WEBMAIL_SCRIPT, webmail)]);
  return { scanner: scannerOn.status === 'fulfilled' && scannerOn.value, webmail: webmailOn.status === 'fulfilled' && webmailOn.value };
}
