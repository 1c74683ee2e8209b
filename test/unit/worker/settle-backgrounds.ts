import { afterEach, vi } from 'vitest';

interface Started {
  /** Settles once the balance it reads after a lookup is read. */
  balanceReadsIdle(): Promise<void>;
}

/**
 * Worker tests against the in-process sandbox: after each test, the balance each background it
 * started reads after a lookup is awaited (never left to reach the next test's sandbox or fetch),
 * then the stubbed fetch is restored. Answers the function that registers a background.
 */
export function settleBackgroundsAfterEach(): <B extends Started>(background: B) => B {
  const started: Started[] = [];
  // After a bulk run the last balance read comes at the end of the 10 s gap (wiring.ts
  // BALANCE_GAP_MS): the default 10 s hook limit was that gap plus nothing, and failed on a busy machine.
  afterEach(async () => {
    await Promise.all(started.splice(0).map((background) => background.balanceReadsIdle()));
    vi.unstubAllGlobals();
  }, 30_000);
  return (background) => {
    started.push(background);
    return background;
  };
}
