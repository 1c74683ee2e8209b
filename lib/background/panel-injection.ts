import { browser } from 'wxt/browser';
import { loadPreferences } from '../storage/items';

/**
 * Injects the panel's script into the tab that asked for it. Its code (React included) is
 * only loaded here, when a page has something to show. In quiet mode nothing is injected
 * into the page: the same panel lives in the browser's side panel instead.
 */
export async function injectPanel(tabId: number, frameId: number): Promise<boolean> {
  const prefs = await loadPreferences();
  if ((prefs as { pageAccess?: { quietMode?: boolean } }).pageAccess?.quietMode) return false;
  try {
    await browser.scripting.executeScript({ target: { tabId, frameIds: [frameId] }, files: ['/content-scripts/panel.js'] });
    return true;
  } catch {
    return false;
  }
}
