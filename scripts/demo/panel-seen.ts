import type { Frame } from 'playwright-core';
import { SHOWN_FOR_MS } from '@/lib/panel/page/visibility-guard';

/**
 * Waits, as a user looks before clicking, until the in-page panel has been in view and uncovered
 * for longer than a click needs to count (lib/panel/page/visibility-guard.ts): a click sooner, which a
 * script makes the moment a button appears, spends nothing by design. Read from inside the
 * frame with the browser's own visibility tracking; where the browser has none (or the panel is
 * never reported visible), it gives up after a few seconds and lets the caller see what happens.
 */
export async function panelSeen(frame: Frame, giveUpMs = 5_000): Promise<void> {
  // The frame's own guard starts watching when its script runs, which on a busy machine is well
  // after the frame exists: watch from when its content is drawn, so this wait never ends before
  // the guard's.
  await frame.waitForFunction(() => (document.querySelector('main')?.childElementCount ?? 0) > 0, undefined, { timeout: 15_000 }).catch(() => {});
  await frame
    .evaluate(
      ({ wait, giveUp }) =>
        new Promise<void>((resolve) => {
          if (!('isVisible' in IntersectionObserverEntry.prototype)) return resolve();
          let timer: ReturnType<typeof setTimeout> | undefined;
          const observer = new IntersectionObserver(
            (entries) => {
              clearTimeout(timer);
              if ((entries.at(-1) as IntersectionObserverEntry & { isVisible: boolean }).isVisible) timer = setTimeout(done, wait);
            },
            { trackVisibility: true, delay: 100 } as IntersectionObserverInit,
          );
          const stop = setTimeout(done, giveUp);
          function done() {
            observer.disconnect();
            clearTimeout(stop);
            resolve();
          }
          observer.observe(document.documentElement);
        }),
      { wait: SHOWN_FOR_MS + 150, giveUp: giveUpMs },
    )
    // The frame went (the panel closed, the page navigated): nothing to wait for.
    .catch(() => {});
}
