import { useLayoutEffect, useSyncExternalStore } from 'react';
import { handOver } from '@/lib/platform/ui/handover';

/**
 * A page drawn first without React (its first paint) is replaced by the React page once that
 * page says it shows the same: `awaitTakeOver` registers the swap, `useTakeOver(ready)` runs it
 * after the commit in which `ready` first holds, before the browser paints (a microtask, so that
 * the events it sends to the new controls reach React outside its commit).
 */
let pending: (() => void) | null = null;
/** A first paint is on screen, its swap not run yet. */
let waiting = false;
const listeners = new Set<() => void>();

/**
 * Registers the swap; returns it, run at most once, for the caller's own time limit (a page that
 * never settles). What waits for the swap (useTakenOver) hears when it has run.
 */
export function awaitTakeOver(swap: () => void): () => void {
  waiting = true;
  const run = () => {
    if (!waiting) return;
    pending = null;
    waiting = false;
    swap();
    for (const listener of listeners) listener();
  };
  pending = run;
  return run;
}

export function useTakeOver(ready: boolean): void {
  useLayoutEffect(() => {
    if (!ready || !pending) return;
    const swap = pending;
    pending = null;
    queueMicrotask(swap);
  }, [ready]);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Whether the page is its own: no first paint is waiting to be replaced. What the first paint
 * does not draw (further down, later) waits for it, so that the swap shows nothing new.
 */
export function useTakenOver(): boolean {
  return useSyncExternalStore(subscribe, () => !waiting);
}

/** Past this, a page that never settles (a read that never answers) is shown as it is, rather than a first paint that waits for good. */
const TAKE_OVER_LIMIT_MS = 3000;

/**
 * For a page whose first paint is in `root`: a container, a copy of `root`, for the React page to
 * render into aside; it takes `root`'s place (lib/platform/ui/handover.ts) once the page's useTakeOver
 * sees it ready, and marks 'dossier:takeover' for the benches.
 */
export function renderAside(root: HTMLElement): HTMLElement {
  const container = root.cloneNode(false) as HTMLElement;
  const takeOver = awaitTakeOver(() => {
    handOver(root, container);
    performance.mark('dossier:takeover');
  });
  setTimeout(takeOver, TAKE_OVER_LIMIT_MS);
  return container;
}
