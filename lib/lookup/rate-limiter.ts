/**
 * The gateway allows 10 requests per second per key. Every lookup from every context goes
 * through the background, so one limiter here bounds them all together. It only has to
 * remember the last second, so living in worker memory is fine: a restarted worker takes
 * longer than that to come back.
 */
export interface RateLimiterOptions {
  limit: number;
  windowMs: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export function createRateLimiter({ limit, windowMs, now = Date.now, sleep = defaultSleep }: RateLimiterOptions) {
  const starts: number[] = [];
  let queue: Promise<void> = Promise.resolve();

  async function takeSlot(): Promise<void> {
    for (;;) {
      const t = now();
      while (starts.length && starts[0]! <= t - windowMs) starts.shift();
      if (starts.length < limit) {
        starts.push(t);
        return;
      }
      await sleep(starts[0]! + windowMs - t);
    }
  }

  /** Resolves when a request may start; callers are served in arrival order. */
  return function acquire(): Promise<void> {
    const turn = queue.then(takeSlot);
    queue = turn.catch(() => {});
    return turn;
  };
}

export function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
