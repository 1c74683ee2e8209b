import { browser } from 'wxt/browser';

/**
 * Dossier's own pages, named once: every screen, the worker and the content scripts address them
 * through here (their file names come from entrypoints/ and are part of saved links, so they do
 * not change). `hash` selects a place on the page; each feature writes its own (lib/history/address.ts,
 * lib/bulk/address.ts).
 */
export const EXTENSION_PAGES = {
  welcome: '/welcome.html',
  settings: '/options.html',
  history: '/lookup-history.html',
  book: '/contacts.html',
  bulk: '/bulk.html',
  panelFrame: '/panel-frame.html',
} as const;

export type ExtensionPage = keyof typeof EXTENSION_PAGES;

/** A page's full address, at `hash` (already encoded by the feature that writes it) when given. */
export function extensionPageUrl(page: ExtensionPage, hash?: string): string {
  const path = EXTENSION_PAGES[page];
  return browser.runtime.getURL((hash ? `${path}#${hash}` : path) as '/welcome.html');
}

/**
 * Opens a page in a tab of its own. The settings go through `openOptionsPage`, which brings an
 * open settings tab forward instead of opening a second one.
 */
export async function openExtensionPage(page: ExtensionPage, hash?: string): Promise<void> {
  if (page === 'settings' && !hash) await browser.runtime.openOptionsPage();
  else await browser.tabs.create({ url: extensionPageUrl(page, hash) });
}
