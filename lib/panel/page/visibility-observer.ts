import { CHECK_EVERY_MS, createVisibilityGuard, type VisibilityGuard } from '@/lib/panel/page/visibility-guard';

/** IntersectionObserver v2's options, which TypeScript's DOM types do not list yet. */
type VisibilityObserverInit = IntersectionObserverInit & { trackVisibility: boolean; delay: number };

/** Whether this browser says when an element is covered (Chromium's IntersectionObserver v2; not Firefox). */
export function reportsVisibility(win: Window & typeof globalThis): boolean {
  return typeof win.IntersectionObserverEntry === 'function' && 'isVisible' in win.IntersectionObserverEntry.prototype;
}

/**
 * The guard fed from inside the panel's own document: its root element, watched against the top
 * page's viewport, is "visible" only while nothing of the page covers any part of it and nothing
 * fades or distorts it. Returns the guard and the way to stop watching.
 */
export function watchPanelVisibility(doc: Document): { guard: VisibilityGuard; stop(): void } {
  const win = doc.defaultView as (Window & typeof globalThis) | null;
  const supported = win !== null && reportsVisibility(win);
  const guard = createVisibilityGuard({ supported });
  if (!supported) return { guard, stop: () => {} };
  const options: VisibilityObserverInit = { trackVisibility: true, delay: CHECK_EVERY_MS, threshold: [0] };
  const observer = new win.IntersectionObserver((entries) => {
    for (const entry of entries) guard.report({ isVisible: (entry as IntersectionObserverEntry & { isVisible: boolean }).isVisible, time: entry.time });
  }, options);
  observer.observe(doc.documentElement);
  return { guard, stop: () => observer.disconnect() };
}
