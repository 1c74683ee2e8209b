import { defineExtensionMessaging } from '@webext-core/messaging';
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
  showLookupResult(notice: TabNotice): boolean;
}

export const contentMessenger = defineExtensionMessaging<ContentProtocolMap>({ logger: undefined });
