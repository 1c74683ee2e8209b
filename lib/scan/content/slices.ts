/**
 * Long tasks make a page janky: the scanner works in slices of a few milliseconds and
 * yields to the page between them, so no task it runs comes near 50 ms.
 */

export const DEFAULT_SLICE_MS = 8;

/** `scheduler.yield()` keeps our place in the queue ahead of other tasks; a timeout is the fallback. */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export class Slices {
  private sliceStart = performance.now();

  constructor(
    private readonly budgetMs: number,
    private readonly pause: () => Promise<void>,
    private readonly signal?: AbortSignal,
  ) {
    signal?.throwIfAborted();
  }

  /** Whether this slice has used its budget (synchronous: an `await` per check would cost more than the work). */
  due(): boolean {
    return performance.now() - this.sliceStart >= this.budgetMs;
  }

  /** Gives the page its turn; throws the signal's reason once aborted. */
  async next(): Promise<void> {
    await this.pause();
    this.signal?.throwIfAborted();
    this.sliceStart = performance.now();
  }
}
