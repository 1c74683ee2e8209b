import { useLayoutEffect } from 'react';

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
