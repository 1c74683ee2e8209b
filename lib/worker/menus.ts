import { browser, type Browser } from 'wxt/browser';
import { DOSSIER_ERRORS } from '@/lib/contracts/error-catalog';
import { t } from '@/lib/platform/i18n';
import type { TabNotice } from '@/lib/panel/tab-state';
import { placeFrame, readLayout, updateTabState } from '@/lib/panel/worker/tabs';
import type { LookupService } from '@/lib/lookup/worker/service';
import { loadPreferences } from '@/lib/settings/stored';
import { parseNetworkProfileUrl } from '@/lib/identity/network-profile';
import { regionFor } from '@/lib/identity/region';
import { storedPageUrl } from '@/lib/platform/ui/page-url';
import { actionForMenuClick, MENU_ITEMS, type MenuClick } from '@/lib/lookup/worker/selection';
import { summarise, titleOf } from '@/lib/lookup/worker/summary';
import { openExtensionPage } from '@/lib/platform/extension-pages';
import { historyEntryHash } from '@/lib/history/address';

/** Created once per install or update: Chrome keeps context menus across worker restarts. */
export function createContextMenus(): void {
  browser.contextMenus.removeAll(() => {
    browser.contextMenus.create({ id: MENU_ITEMS.reversePhone, title: t('menu.reversePhone'), contexts: ['selection', 'link'] });
    browser.contextMenus.create({ id: MENU_ITEMS.enrichEmail, title: t('menu.enrichEmail'), contexts: ['selection', 'link'] });
    browser.contextMenus.create({ id: MENU_ITEMS.microblogByEmail, title: t('menu.microblogByEmail'), contexts: ['selection', 'link'] });
    browser.contextMenus.create({
      id: MENU_ITEMS.enrichProfile,
      title: t('menu.enrichProfile'),
      contexts: ['link'],
      targetUrlPatterns: ['*://*.linkedin.com/in/*', '*://linkedin.com/in/*'],
    });
  });
}

/**
 * Shows the outcome where the user is. It is kept as the tab's notice (storage.session, read
 * by the tab's panel frame and by the side panel, never by the page's content script), and
 * the tab's frame is opened for it where the user chose the in-page panel and the page can
 * host it (the network's pages). Otherwise (stealth mode, ordinary sites, browser pages) a
 * notification says it too, and opens the details.
 */
export async function deliver(tabId: number | undefined, notice: TabNotice): Promise<'panel' | 'notification'> {
  if (tabId !== undefined && tabId >= 0) {
    await updateTabState(tabId, { notice });
    const prefs = await loadPreferences();
    if (prefs.pageAccess.panelMode === 'frame' && (await placeFrame(tabId, await readLayout()))) return 'panel';
  }
  const historyId = notice.response?.historyId;
  await browser.notifications.create(historyId ? `dossier:${historyId}` : `dossier:${Date.now()}`, {
    type: 'basic',
    iconUrl: browser.runtime.getURL('/icon/128.png'),
    title: t('notification.title', { title: notice.title }),
    message: notice.message,
  });
  return 'notification';
}

export function openNotificationDetails(notificationId: string): void {
  if (!notificationId.startsWith('dossier:')) return;
  const id = notificationId.slice('dossier:'.length);
  void openExtensionPage('history', historyEntryHash(id));
  void browser.notifications.clear(notificationId);
}

async function pageLanguage(tabId: number | undefined): Promise<string | undefined> {
  if (tabId === undefined || tabId < 0) return undefined;
  try {
    return await browser.tabs.detectLanguage(tabId);
  } catch {
    return undefined;
  }
}

export async function runMenuClick(lookups: LookupService, click: MenuClick, tab: Browser.tabs.Tab | undefined): Promise<void> {
  const prefs = await loadPreferences();
  const region = regionFor(prefs.lookups.defaultPhoneRegion, await pageLanguage(tab?.id));
  const action = actionForMenuClick(click, region);
  if (!action.ok) {
    await deliver(tab?.id, { title: t('notification.nothingToLookUp'), message: action.message });
    return;
  }
  const response = await lookups.lookup({ ...action.request, pageUrl: storedPageUrl(tab?.url) });
  await deliver(tab?.id, { title: titleOf(response.op), response, message: summarise(response) });
}

/** The keyboard command: enrich the profile open in the current tab. */
export async function runProfileCommand(lookups: LookupService, tab: Browser.tabs.Tab | undefined): Promise<void> {
  const profile = tab?.url ? parseNetworkProfileUrl(tab.url) : null;
  if (!profile || profile.kind !== 'person') {
    await deliver(tab?.id, { title: t('notification.nothingToEnrich'), message: DOSSIER_ERRORS.no_profile_in_tab });
    return;
  }
  const response = await lookups.lookup({ op: 'enrichPerson', input: { profileUrl: profile.canonicalUrl }, pageUrl: storedPageUrl(tab?.url) });
  await deliver(tab?.id, { title: titleOf(response.op), response, message: summarise(response) });
}
