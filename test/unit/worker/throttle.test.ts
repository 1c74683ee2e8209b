import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from '@/lib/worker/throttle';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the balance read after paid lookups', () => {
  it('runs at once for one lookup', async () => {
    const task = vi.fn(async () => {});
    throttle(task, 5_000)();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('ten a second for a minute: one read per gap, the last one after the last call', async () => {
    const runs: number[] = [];
    const task = vi.fn(async () => void runs.push(Date.now()));
    const fire = throttle(task, 5_000);
    let lastCall = 0;
    for (let i = 0; i < 600; i++) {
      fire();
      lastCall = Date.now();
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs.length).toBeGreaterThanOrEqual(12);
    expect(runs.length).toBeLessThanOrEqual(13);
    expect(runs.at(-1)).toBeGreaterThanOrEqual(lastCall);
    for (let i = 1; i < runs.length; i++) expect(runs[i]! - runs[i - 1]!).toBeGreaterThanOrEqual(5_000);
  });

  it('a gap that ends early (the bulk run is over) reads the owed balance at once, not at the end of the old gap', async () => {
    const task = vi.fn(async () => {});
    let bulkRunning = true;
    const fire = throttle(task, () => (bulkRunning ? 10_000 : 0));
    fire();
    await vi.advanceTimersByTimeAsync(100);
    fire();
    expect(task).toHaveBeenCalledTimes(1);
    bulkRunning = false;
    fire.regap();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(2);
    // Nothing owed: a new gap alone reads nothing more.
    fire.regap();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('a call while a read is in flight is owed one more read, not dropped', async () => {
    let finish!: () => void;
    const task = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const fire = throttle(task, 1_000);
    fire();
    fire();
    expect(task).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('the gap is read at each call: none outside a bulk run, every read at once', async () => {
    let gap = 0;
    const task = vi.fn(async () => {});
    const fire = throttle(task, () => gap);
    fire();
    await vi.advanceTimersByTimeAsync(10);
    fire();
    await vi.advanceTimersByTimeAsync(10);
    expect(task).toHaveBeenCalledTimes(2);
    gap = 10_000;
    fire();
    await vi.advanceTimersByTimeAsync(10);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(task).toHaveBeenCalledTimes(3);
  });
});
