import { browser } from 'wxt/browser';
import { MICROBLOG_MATCHES, NETWORK_MATCHES } from '../content/hosts';
import { loadPreferences } from '../storage/items';

const SCANNER_ID = 'dossier-scanner';
export const ALL_SITES = ['<all_urls>'];

/**
 * The all-sites scanner runs only when the user both turned it on and granted the all-sites
 * permission; this keeps the registered script in step with those two facts.
 */
export async function syncScannerRegistration(): Promise<boolean> {
  const prefs = await loadPreferences();
  const wanted = Boolean(prefs.pageAccess?.scanAllSites) && (await browser.permissions.contains({ origins: ALL_SITES }));
  const existing = await browser.scripting.getRegisteredContentScripts({ ids: [SCANNER_ID] });
  if (wanted && !existing.length) {
    await browser.scripting.registerContentScripts([
      {
        id: SCANNER_ID,
        js: ['/content-scripts/scanner.js'],
        matches: ALL_SITES,
        // The network's pages have their own detector and panel.
        excludeMatches: [...NETWORK_MATCHES, ...MICROBLOG_MATCHES],
        runAt: 'document_idle',
        persistAcrossSessions: true,
      },
    ]);
  } else if (!wanted && existing.length) {
    await browser.scripting.unregisterContentScripts({ ids: [SCANNER_ID] });
  }
  return wanted;
}
