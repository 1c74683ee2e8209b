/**
 * What automation needs beyond clicks, shared by the demo tour and the e2e suite: a message to
 * the background sent as Dossier's own pages send it, and a context-menu click (which
 * automation cannot open) delivered to the handler the automation build exposes.
 */
import type { Page, Worker } from 'playwright-core';

/**
 * Sends one protocol message to the background from an extension page, in webext-core
 * messaging's wire format, and returns the background's Outcome.
 */
export async function callBackground<T = any>(page: Page, type: string, data?: unknown): Promise<T> {
  return page.evaluate(
    async ({ type, data }) => {
      const reply = await chrome.runtime.sendMessage({ id: Math.floor(Math.random() * 1e9), type, data, timestamp: Date.now() });
      if (reply?.err) throw new Error(`background threw: ${JSON.stringify(reply.err)}`);
      return reply?.res;
    },
    { type, data },
  );
}

/** A click on one of Dossier's context-menu items, with what Chrome would pass: the item, the selection and the tab. */
export async function contextMenuClick(worker: Worker, pageUrl: string, click: { menuItemId: string; selectionText?: string; linkUrl?: string }): Promise<void> {
  await worker.evaluate(
    async ({ pageUrl, click }) => {
      const [tab] = await chrome.tabs.query({ url: pageUrl });
      const hook = (globalThis as unknown as { dossierAutomation?: { contextMenuClick(click: object, tab: object): Promise<void> } }).dossierAutomation;
      if (!hook) throw new Error('This build has no automation hook: build it with DOSSIER_E2E=1.');
      await hook.contextMenuClick(click, tab!);
    },
    { pageUrl, click },
  );
}
