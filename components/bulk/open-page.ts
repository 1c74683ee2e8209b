import { browser } from 'wxt/browser';

/** Opens one of Dossier's pages in a new tab, from an extension page ("/bulk.html#run=…"). */
export async function openExtensionPage(path: string): Promise<void> {
  await browser.tabs.create({ url: browser.runtime.getURL(path as '/bulk.html') });
}

/** The bulk page's address for a run, as the contact book and the page itself link to it. */
export function bulkRunPath(runId: string): string {
  return `/bulk.html#run=${encodeURIComponent(runId)}`;
}
