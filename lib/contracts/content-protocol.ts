import { defineExtensionMessaging } from '@webext-core/messaging';
import type { FramePlacement } from '@/lib/panel/tab-state';

/**
 * Messages the background sends to a tab's content script (its top frame only): where to put
 * the panel's frame, or null to remove it. Never carries page data back, nor anything paid
 * for: the frame's content comes from the worker, not from the content script.
 */
export interface ContentProtocolMap {
  /** Answers true when the frame is placed (false: this page cannot host it). */
  placeFrame(placement: FramePlacement | null): boolean;
}

export const contentMessenger = defineExtensionMessaging<ContentProtocolMap>({ logger: undefined });
