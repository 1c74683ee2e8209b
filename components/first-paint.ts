import { useLayoutEffect } from 'react';
import { handOver } from '@/lib/ui/handover';

/**
 * A page drawn first without React (its first paint) is replaced by the React page once that
 * page says it shows the same: `awaitTakeOver` registers the swap, `useTakeOver(ready)` runs it
 * after the commit in which `ready` first holds, before the browser paints (a microtask, so that
 * the events it sends to the new controls reach React outside its commit).
 */
let pending: (() => void) | null = null;

export function awaitTakeOver(swap: () => void): void {
  pending = swap;
}

export function useTakeOver(ready: boolean): void {
  useLayoutEffect(() => {
    if (!ready || !pending) return;
    const swap = pending;
    pending = null;
    queueMicrotask(swap);
  }, [ready]);
}

/** Past this, a page that never settles (a read that never answers) is shown as it is, rather than a first paint that waits for good. */
const TAKE_OVER_LIMIT_MS = 3000;

/**
 * For a page whose first paint is in `root`: a container, a copy of `root`, for the React page to
 * render into aside; it takes `root`'s place (lib/ui/handover.ts) once the page's useTakeOver
 * sees it ready, and marks 'dossier:takeover' for the benches.
 */
export function renderAside(root: HTMLElement): HTMLElement {
  const container = root.cloneNode(false) as HTMLElement;
  let done = false;
  const takeOver = () => {
    if (done) return;
    done = true;
    handOver(root, container);
    performance.mark('dossier:takeover');
  };
  awaitTakeOver(takeOver);
  setTimeout(takeOver, TAKE_OVER_LIMIT_MS);
  return container;
}
