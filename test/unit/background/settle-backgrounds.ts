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
  afterEach(async () => {
    await Promise.all(started.splice(0).map((background) => background.balanceReadsIdle()));
    vi.unstubAllGlobals();
  });
  return (background) => {
    started.push(background);
    return background;
  };
}
