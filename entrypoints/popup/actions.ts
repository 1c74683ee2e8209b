import { WELCOME_PATH } from '@/lib/welcome/welcome-page';
import { openSidePanel, type SidePanelApis } from '@/lib/panel/page/side-panel';

/** What the popup's header buttons do, the same from its first paint as from the React page. */
export function openSettings() {
  void browser.runtime.openOptionsPage();
}

export function openWelcome() {
  void browser.tabs.create({ url: browser.runtime.getURL(WELCOME_PATH) });
  window.close();
}

export function openContactBook() {
  void browser.tabs.create({ url: browser.runtime.getURL('/contacts.html') });
  window.close();
}

export function openBulk() {
  void browser.tabs.create({ url: browser.runtime.getURL('/bulk.html') });
  window.close();
}

export const sidePanelApis = browser as unknown as SidePanelApis;

/** Opens the side panel (or Firefox's sidebar) straight from the click, then closes the popup that would cover it. */
export function openBeside(windowId: number | undefined) {
  const opening = openSidePanel(sidePanelApis, windowId);
  void opening?.then(() => window.close(), () => {});
}
