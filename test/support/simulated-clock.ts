/**
 * Time that passes only when every task is waiting: `sleep` schedules a wake-up, and `runUntilIdle`
 * jumps to the earliest one, lets what it woke run to its next wait, and goes on. Many callers
 * can wait at once (a fake clock that adds each sleep to one counter cannot say that).
 */
export function simulatedClock() {
  let time = 0;
  let order = 0;
  const timers: { at: number; order: number; wake: () => void }[] = [];
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    now: () => time,
    sleep: (ms: number) =>
      new Promise<void>((wake) => {
        timers.push({ at: time + Math.max(0, ms), order: order++, wake });
      }),
    /** Runs the simulation until nothing waits for time any more (or `limitMs` of simulated time passed). */
    async runUntilIdle(limitMs = 24 * 3_600_000): Promise<void> {
      await settle();
      while (timers.length) {
        timers.sort((a, b) => a.at - b.at || a.order - b.order);
        const next = timers.shift()!;
        if (next.at > limitMs) throw new Error(`Still waiting after ${limitMs} ms of simulated time.`);
        time = next.at;
        next.wake();
        await settle();
      }
    },
  };
}

/** The same numbers on every run: a small linear congruential generator. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}
