import { browser, type Browser } from 'wxt/browser';
import type { WebAuthFlow } from '@/lib/crm/web-auth/flow';

/**
 * AUTOMATION BUILD ONLY (entrypoints/background.ts installs it under `__DOSSIER_AUTOMATION__`,
 * so release builds do not contain it): the browser's auth window replaced by an ordinary tab,
 * because headless Chromium driven by Playwright cannot show `identity.launchWebAuthFlow`'s
 * window. Everything else is the real flow: the tab loads the authorize URL (the emulator's
 * login host), follows its redirect, and the flow answers the URL the tab reached on our
 * redirect URI (`https://<id>.chromiumapp.org/…`, which needs the build's `<all_urls>` to be
 * read from the tab), from which the worker takes the code exactly as from the real window.
 */
export function tabWebAuthFlow(redirectUri: () => string = () => browser.identity.getRedirectURL()): WebAuthFlow {
  return ({ url }) =>
    new Promise<string>((resolve, reject) => {
      const expected = redirectUri();
      let tabId: number | undefined;
      let done = false;
      // Updates that arrive before `tabs.create` answers with the tab's id, kept until it does.
      const early = new Map<number, string>();
      const finish = (outcome: () => void) => {
        if (done) return;
        done = true;
        browser.tabs.onUpdated.removeListener(onUpdated);
        browser.tabs.onRemoved.removeListener(onRemoved);
        outcome();
      };
      const reached = (tab: { url?: string; pendingUrl?: string }, changed?: string) => [changed, tab.url, tab.pendingUrl].find((u) => u?.startsWith(expected));
      function onUpdated(id: number, change: Browser.tabs.OnUpdatedInfo, tab: Browser.tabs.Tab) {
        const redirected = reached(tab, change.url);
        if (tabId === undefined && redirected) early.set(id, redirected);
        if (id !== tabId || !redirected) return;
        // Closed as the browser closes its auth window, once the redirect shows.
        finish(() => resolve(redirected));
        void browser.tabs.remove(id).catch(() => {});
      }
      // The user closing the tab is the user closing the window: the same refusal launchWebAuthFlow gives.
      function onRemoved(id: number) {
        if (id === tabId) finish(() => reject(new Error('The user did not approve access.')));
      }
      browser.tabs.onUpdated.addListener(onUpdated);
      browser.tabs.onRemoved.addListener(onRemoved);
      browser.tabs.create({ url, active: true }).then(
        (tab) => {
          tabId = tab.id;
          const redirected = reached(tab) ?? early.get(tab.id!);
          if (redirected) {
            finish(() => resolve(redirected));
            void browser.tabs.remove(tab.id!).catch(() => {});
          }
        },
        (error: unknown) => finish(() => reject(error instanceof Error ? error : new Error(String(error)))),
      );
    });
}
