import { defineExtensionMessaging } from '@webext-core/messaging';
import type { LookupResponse } from '@/lib/lookup/service';
import type { FramePlacement } from '@/lib/panel/tab-state';

/** A result the background shows in a tab's panel (right-click and keyboard lookups). */
export interface TabNotice {
  title: string;
  /** A lookup that ran; absent when nothing was looked up (the message says why). */
  response?: LookupResponse;
  message: string;
}

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
