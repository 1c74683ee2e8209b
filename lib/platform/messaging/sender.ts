export interface SenderInfo {
  id?: string;
  url?: string;
  origin?: string;
  tab?: { id?: number; url?: string };
  frameId?: number;
  /** Chrome: the sending document; a new one means the tab loaded a new page. */
  documentId?: string;
}

function isExtensionUrl(url: string | undefined, extensionOrigin: string): boolean {
  if (!url) return false;
  try {
    // URL.origin is "null" for non-web schemes such as chrome-extension:, so compare parts.
    const from = new URL(url);
    const ours = new URL(extensionOrigin);
    return from.protocol === ours.protocol && from.host === ours.host;
  } catch {
    return false;
  }
}

/**
 * A message comes from one of the extension's own pages (popup, options, side panel, the
 * panel's frame) when its URL lies under the extension's origin. Content scripts carry the
 * web page's URL, and other extensions carry another id, so neither passes.
 */
export function isExtensionPageSender(sender: SenderInfo, extensionId: string, extensionOrigin: string): boolean {
  if (sender.id !== extensionId) return false;
  return isExtensionUrl(sender.url ?? sender.origin, extensionOrigin);
}

/** One of this extension's content scripts, running in a web page's tab. */
export function isOwnContentScriptSender(sender: SenderInfo, extensionId: string, extensionOrigin: string): boolean {
  if (sender.id !== extensionId || sender.tab?.id === undefined || sender.tab.id < 0) return false;
  return !isExtensionUrl(sender.url ?? sender.origin, extensionOrigin);
}

/**
 * The panel's frame: an extension page embedded in a web page's tab (not the tab's top
 * document). Its tab is the sender's, so it can only ever show and arrange its own tab's panel.
 */
export function embeddingTabOf(sender: SenderInfo, extensionId: string, extensionOrigin: string): number | null {
  if (!isExtensionPageSender(sender, extensionId, extensionOrigin)) return null;
  const tabId = sender.tab?.id;
  return tabId !== undefined && tabId >= 0 && (sender.frameId ?? 0) > 0 ? tabId : null;
}

/**
 * The tab whose top document sent the message (a content script reporting for the page it runs
 * in), or null from a frame or from outside a tab: the tab comes from the sender, never from the
 * message, so a page can only ever speak for itself.
 */
export function topFrameTabOf(sender: SenderInfo): number | null {
  const tabId = sender.tab?.id;
  return tabId !== undefined && tabId >= 0 && (sender.frameId ?? 0) === 0 ? tabId : null;
}
