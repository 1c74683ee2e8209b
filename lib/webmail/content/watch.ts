import { scheduleDetections } from '@/lib/detect/content/redetect';
import { watchLocation } from '@/lib/platform/content/location';

// Gmail and Outlook re-render their panes often (typing, hovercards, new mail, relative times):
// at most one read this long after a change, however many changes come, and each read is a few
// queries. Throttled rather than debounced: a page that never stops changing is still read.
export const SETTLE_MS = 400;

/**
 * Calls `read` whenever the open message may have changed: after each single-page navigation
 * (Gmail's hash changes included), on the redetection schedule, and once the reading pane has
 * changed by itself (Outlook swaps the message without changing the URL in some layouts), at most
 * once per SETTLE_MS. The mutation records are never looked at: what changed is not read, only
 * that something did.
 */
export function watchOpenMessage(doc: Document, read: () => void, signal: AbortSignal, win: Window & typeof globalThis = window): void {
  let cancelSchedule = scheduleDetections(read, (cb, ms) => win.setTimeout(cb, ms), (id) => win.clearTimeout(id));
  watchLocation(() => {
    cancelSchedule();
    cancelSchedule = scheduleDetections(read, (cb, ms) => win.setTimeout(cb, ms), (id) => win.clearTimeout(id));
  }, signal, win);

  let settle: number | undefined;
  const observer = new win.MutationObserver(() => {
    if (settle !== undefined) return;
    settle = win.setTimeout(() => {
      settle = undefined;
      read();
    }, SETTLE_MS);
  });
  observer.observe(doc.body ?? doc.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-expanded'] });
  signal.addEventListener('abort', () => {
    observer.disconnect();
    cancelSchedule();
    win.clearTimeout(settle);
  });
}
