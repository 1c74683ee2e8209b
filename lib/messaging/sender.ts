export interface SenderInfo {
  id?: string;
  url?: string;
  origin?: string;
  tab?: { id?: number };
  frameId?: number;
}

/**
 * A message comes from one of the extension's own pages (popup, options, side panel) when
 * its URL lies under the extension's origin. Content scripts carry the web page's URL, and
 * other extensions carry another id, so neither passes.
 */
export function isExtensionPageSender(sender: SenderInfo, extensionId: string, extensionOrigin: string): boolean {
  if (sender.id !== extensionId) return false;
  const url = sender.url ?? sender.origin;
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
