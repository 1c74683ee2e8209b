import { browser } from 'wxt/browser';
import { copyBySelection } from '@/lib/clipboard/copy-by-selection';
import { offscreenMessenger } from '@/lib/clipboard/offscreen-contract';
import { createOffscreenWriter } from '@/lib/clipboard/offscreen/writer';

// The worker's offscreen document (Chromium), made for one copy and closed after it.
const identity = { extensionId: browser.runtime.id, extensionOrigin: browser.runtime.getURL('/') };
offscreenMessenger.onMessage('writeClipboard', createOffscreenWriter(identity, (text) => copyBySelection(document, text)));
