import { defineExtensionMessaging } from '@webext-core/messaging';

/** Where Chromium's offscreen document lives (entrypoints/offscreen, absent from Firefox builds). */
export const OFFSCREEN_PATH = '/offscreen.html';

/**
 * The worker's one request to its offscreen document. A message sent with runtime.sendMessage
 * reaches every extension context, content scripts' senders included: the document answers only
 * Dossier's own extension contexts (entrypoints/offscreen/main.ts).
 */
export interface OffscreenProtocolMap {
  /** true when the browser accepted the write. */
  writeClipboard(text: string): boolean;
}

export const offscreenMessenger = defineExtensionMessaging<OffscreenProtocolMap>({ logger: undefined });
