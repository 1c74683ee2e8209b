import { openExtensionPage } from '@/lib/platform/extension-pages';
import { openSidePanel, type SidePanelApis } from '@/lib/panel/page/side-panel';

/** What the popup's header buttons do, the same from its first paint as from the React page. */
export function openSettings() {
  void openExtensionPage('settings');
}

/** The settings at the LinkedIn safety section, where the counter's limits are. */
export function openSafetySettings() {
  void openExtensionPage('settings', 'settings-safety');
}

export function openWelcome() {
  void openExtensionPage('welcome');
  window.close();
}

export function openContactBook() {
  void openExtensionPage('book');
  window.close();
}

export function openBulk() {
  void openExtensionPage('bulk');
  window.close();
}

export const sidePanelApis = browser as unknown as SidePanelApis;

/** Opens the side panel (or Firefox's sidebar) straight from the click, then closes the popup that would cover it. */
export function openBeside(windowId: number | undefined) {
  const opening = openSidePanel(sidePanelApis, windowId);
  void opening?.then(() => window.close(), () => {});
}
