/**
 * The gateway allows 10 requests per second per key. Every request from every context goes
 * through the background's one client, and that client takes a slot here before each HTTP
 * request (alias fallbacks and balance checks included), so one limiter bounds them all.
 * It only has to remember the last second, so living in worker memory is fine: a restarted
 * worker takes longer than that to come back.
 */
export interface RateLimiterOptions {
  limit: number;
  /** The window at its narrowest: the limit's own, with the margin a quiet network needs. */
  windowMs: number;
  /**
   * A "retry after" says requests arrived closer together than they left (a busy machine or
   * network delays some more than others): each widens the window by `stepMs`, up to `widestMs`;
   * after a minute without one, it narrows back a quarter step at most every 10 s. Without it, a machine whose
   * jitter outgrows the margin is turned away again and again, each time pausing every lookup.
   */
  margin?: { stepMs: number; widestMs: number };
  /** The longest pause a Retry-After may impose on everyone (an hour would stall even free calls). */
  maxPauseMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * A place under the limit, given before the request leaves. What runs between (a paid lookup's
 * journal write, which must precede the request) takes longer on a busy machine: counted from
 * the moment it was given, a request held up there would leave late and share the gateway's second
 * with those given after it. So a slot counts as leaving any moment until `leaving()` stamps the
 * real departure, or `unused()` gives it back.
 */
export interface RateSlot {
  leaving(): void;
  unused(): void;
}

export interface RateLimiter {
  /** Resolves when a request may start (and counts it as started); callers are served in arrival order. */
  acquire(): Promise<void>;
  /** Resolves with a slot when a request may start; it counts from when it leaves (RateSlot). */
  reserve(): Promise<RateSlot>;
  /** The gateway said "retry after": nobody sends before then, whichever lookup was told. */
  pauseFor(ms: number): void;
  /** The window as it is now (RateLimiterOptions.margin). */
  windowMs(): number;
}

/** A slot whose request has not left yet after this long is taken as gone: a lost slot must not stop every call. */
const HELD_AT_MOST_MS = 60_000;

const HELD_POLL_MS = 10;

interface Start {
  at: number;
  /** Given but not yet left: it counts as leaving now, and does not age out of the window. */
  held: boolean;
}

/** How long without a "retry after" before the window narrows, and how often it then does. */
const CALM_MS = 60_000;
const NARROW_EVERY_MS = 10_000;

export function createRateLimiter({ limit, windowMs, margin, maxPauseMs = 20_000, now = Date.now, sleep = defaultSleep }: RateLimiterOptions): RateLimiter {
  let starts: Start[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  let notBefore = 0;
  let window = windowMs;
  let lastPause = -Infinity;
  let lastNarrowed = -Infinity;

  function narrowWhenCalm(t: number): void {
    if (!margin || window <= windowMs || t - lastPause < CALM_MS || t - lastNarrowed < NARROW_EVERY_MS) return;
    window = Math.max(windowMs, window - margin.stepMs / 4);
    lastNarrowed = t;
  }

  async function takeSlot(held: boolean): Promise<Start> {
    for (;;) {
      const t = now();
      if (t < notBefore) {
        await sleep(notBefore - t);
        continue;
      }
      narrowWhenCalm(t);
      starts = starts.filter((start) => (start.held ? t - start.at < HELD_AT_MOST_MS : start.at > t - window));
      if (starts.length < limit) {
        const start = { at: t, held };
        starts.push(start);
        return start;
      }
      // A held slot frees no earlier than a window after it leaves: the first to free is a sent one's
      // (when every slot is held, look again soon).
      const sent = starts.filter((start) => !start.held);
      await sleep(sent.length ? Math.max(1, Math.min(...sent.map((start) => start.at)) + window - t) : HELD_POLL_MS);
    }
  }

  function inTurn<T>(take: () => Promise<T>): Promise<T> {
    const turn = queue.then(take);
    queue = turn.catch(() => {});
    return turn;
  }

  return {
    acquire: () =>
      inTurn(async () => {
        await takeSlot(false);
      }),
    reserve: () =>
      inTurn(async () => {
        const start = await takeSlot(true);
        return {
          leaving() {
            if (!start.held) return;
            start.held = false;
            start.at = Math.max(start.at, now());
          },
          unused() {
            starts = starts.filter((other) => other !== start);
          },
        };
      }),
    pauseFor(ms) {
      if (!Number.isFinite(ms) || ms <= 0) return;
      const t = now();
      // Lookups turned away together are told one after another: one step for them all.
      if (margin && t >= notBefore) window = Math.min(margin.widestMs, window + margin.stepMs);
      notBefore = Math.max(notBefore, t + Math.min(ms, maxPauseMs));
      lastPause = t;
    },
    windowMs: () => window,
  };
}

export function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
