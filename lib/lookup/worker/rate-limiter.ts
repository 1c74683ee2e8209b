/**
 * The gateway allows 10 requests per second per key. Every request from every context goes
 * through the background's one client, and that client takes a slot here before each HTTP
 * request (alias fallbacks and balance checks included), so one limiter bounds them all.
 * It only has to remember the last second, so living in worker memory is fine: a restarted
 * worker takes longer than that to come back.
 */
export interface RateLimiterOptions {
  limit: number;
  windowMs: number;
  /** The longest pause a Retry-After may impose on everyone (an hour would stall even free calls). */
  maxPauseMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface RateLimiter {
  /** Resolves when a request may start; callers are served in arrival order. */
  acquire(): Promise<void>;
  /** The gateway said "retry after": nobody sends before then, whichever lookup was told. */
  pauseFor(ms: number): void;
}

export function createRateLimiter({ limit, windowMs, maxPauseMs = 20_000, now = Date.now, sleep = defaultSleep }: RateLimiterOptions): RateLimiter {
  const starts: number[] = [];
  let queue: Promise<void> = Promise.resolve();
  let notBefore = 0;

  async function takeSlot(): Promise<void> {
    for (;;) {
      const t = now();
      if (t < notBefore) {
        await sleep(notBefore - t);
        continue;
      }
      while (starts.length && starts[0]! <= t - windowMs) starts.shift();
      if (starts.length < limit) {
        starts.push(t);
        return;
      }
      await sleep(starts[0]! + windowMs - t);
    }
  }

  return {
    acquire() {
      const turn = queue.then(takeSlot);
      queue = turn.catch(() => {});
      return turn;
    },
    pauseFor(ms) {
      if (Number.isFinite(ms) && ms > 0) notBefore = Math.max(notBefore, now() + Math.min(ms, maxPauseMs));
    },
  };
}

export function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
