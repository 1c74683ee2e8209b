import { browser } from 'wxt/browser';

/**
 * Keeps the background running while it has work in flight. Firefox suspends its event page
 * 30 s after the last extension event, even with a fetch or a page's message still awaiting
 * its answer (measured in Firefox 153: a lookup's reply was cut off with "Receiving end does
 * not exist", and a bulk run would stop between two of its 30 s alarms). An extension API
 * call counts as activity there, so a busy background makes a cheap one every few seconds.
 * Chrome counts API calls as activity too, so the same holds for its worker.
 */
export const KEEP_ALIVE_EVERY_MS = 5_000;
/** Work still unsettled after this long no longer holds the background up (a promise that never settles must not keep it forever). */
export const KEEP_ALIVE_AT_MOST_MS = 5 * 60_000;

export interface KeepAliveDeps {
  /** A cheap extension API call. */
  ping(): Promise<unknown>;
  everyMs: number;
  atMostMs: number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface KeepAlive {
  /** Runs the work with the background kept alive until it settles. */
  during<T>(work: () => Promise<T>): Promise<T>;
  /** Keeps it alive while a named state lasts (a bulk run running), until set off. */
  hold(reason: string, on: boolean): void;
  readonly busy: boolean;
}

export function createKeepAlive(deps: KeepAliveDeps): KeepAlive {
  let inFlight = 0;
  const held = new Set<string>();
  let timer: unknown;

  function follow() {
    const busy = inFlight > 0 || held.size > 0;
    if (busy && timer === undefined) timer = deps.setInterval(() => void deps.ping().catch(() => {}), deps.everyMs);
    else if (!busy && timer !== undefined) {
      deps.clearInterval(timer);
      timer = undefined;
    }
  }

  return {
    async during(work) {
      let counted = true;
      const release = () => {
        if (!counted) return;
        counted = false;
        inFlight--;
        follow();
      };
      inFlight++;
      follow();
      const limit = deps.setTimeout(release, deps.atMostMs);
      try {
        return await work();
      } finally {
        deps.clearTimeout(limit);
        release();
      }
    },
    hold(reason, on) {
      if (on) held.add(reason);
      else held.delete(reason);
      follow();
    },
    get busy() {
      return timer !== undefined;
    },
  };
}

/** The background's one keep-alive. */
export const keepAlive = createKeepAlive({
  ping: () => browser.runtime.getPlatformInfo(),
  everyMs: KEEP_ALIVE_EVERY_MS,
  atMostMs: KEEP_ALIVE_AT_MOST_MS,
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
});
