import { isExtensionPageSender, type SenderInfo } from '@/lib/platform/messaging/sender';

/**
 * Runs in Chromium's offscreen document: what it answers the worker's writeClipboard. A runtime
 * message reaches every extension context, so a content script (or a confused one) could reach
 * it too: only Dossier's own extension contexts are answered.
 */
export function createOffscreenWriter(identity: { extensionId: string; extensionOrigin: string }, write: (text: string) => boolean) {
  return ({ data, sender }: { data: string; sender: SenderInfo }): boolean =>
    typeof data === 'string' && data.length > 0 && isExtensionPageSender(sender, identity.extensionId, identity.extensionOrigin) && write(data);
}
