import { defineExtensionMessaging } from '@webext-core/messaging';
import type { Detection } from '../extract/detection';
import type { LookupResponse } from '../lookup/service';

/** A result the background shows in a tab's panel (right-click and keyboard lookups). */
export interface TabNotice {
  title: string;
  /** A lookup that ran; absent when nothing was looked up (the message says why). */
  response?: LookupResponse;
  message: string;
}

/** Messages the background sends to content scripts; never carries a secret. */
export interface ContentProtocolMap {
  /** Answered by the detector; false when the page cannot show a panel (quiet mode). */
  showLookupResult(notice: TabNotice): boolean;
  /** What the page's detector saw, for the popup and the side panel. */
  getDetection(): Detection | null;
}

export const contentMessenger = defineExtensionMessaging<ContentProtocolMap>({ logger: undefined });
