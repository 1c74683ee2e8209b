/**
 * Runs `task` at once, then at most once per `gapMs` (read at each call): calls in between are
 * folded into one more run at the end of the gap, so the last call is always followed by a run,
 * and a call while it runs is owed one more. The worker reads the balance again after each paid
 * lookup; a bulk run makes ten a second, and one read per gap keeps the balance current without
 * taking the gateway's rate from the lookups.
 */
export interface Throttled {
  (): void;
  /** Settles once no run is under way or owed (tests wait for it before the next starts). */
  idle(): Promise<void>;
  /**
   * The gap has changed (a bulk run ended): an owed run waits for the new gap, not the one it was
   * timed by, so the balance after a bulk run's last lookup is read at once, not 10 s later.
   */
  regap(): void;
}

export function throttle(task: () => Promise<unknown>, gapMs: number | (() => number), now: () => number = Date.now): Throttled {
  const gap = typeof gapMs === 'number' ? () => gapMs : gapMs;
  let last = Number.NEGATIVE_INFINITY;
  let running = false;
  let owed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<unknown> = Promise.resolve();

  function fire(): void {
    if (running) {
      owed = true;
      return;
    }
    const wait = last + gap() - now();
    if (wait > 0) {
      owed = true;
      timer ??= setTimeout(() => {
        timer = undefined;
        if (owed) fire();
      }, wait);
      return;
    }
    owed = false;
    running = true;
    last = now();
    current = task();
    void current
      .catch(() => {})
      .finally(() => {
        running = false;
        if (owed) fire();
      });
  }
  async function idle(): Promise<void> {
    while (running || owed || timer !== undefined) {
      await current.catch(() => {});
      if (timer !== undefined) await new Promise((resolve) => setTimeout(resolve, Math.max(0, last + gap() - now())));
      await Promise.resolve();
    }
  }
  function regap(): void {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    if (owed) fire();
  }
  return Object.assign(fire, { idle, regap });
}
