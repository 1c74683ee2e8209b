import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createKeepAlive } from '@/lib/platform/worker/keep-alive';

describe('keep-alive (Firefox suspends an event page 30 s after its last extension event, whatever is in flight)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const make = () => {
    const ping = vi.fn(async () => ({}));
    const timers = {
      setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
      clearTimeout: (h: unknown) => clearTimeout(h as never),
      setInterval: (fn: () => void, ms: number) => setInterval(fn, ms),
      clearInterval: (h: unknown) => clearInterval(h as never),
    };
    return { ping, keepAlive: createKeepAlive({ ping, everyMs: 5_000, atMostMs: 300_000, ...timers }) };
  };

  it('makes an extension API call every few seconds while work is in flight, and none after it settles', async () => {
    const { ping, keepAlive } = make();
    let finish!: () => void;
    const work = keepAlive.during(() => new Promise<string>((resolve) => (finish = () => resolve('answered'))));
    await vi.advanceTimersByTimeAsync(31_000);
    expect(ping).toHaveBeenCalledTimes(6);
    finish();
    expect(await work).toBe('answered');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ping).toHaveBeenCalledTimes(6);
    expect(keepAlive.busy).toBe(false);
  });

  it('stays on until the last of overlapping works ends, a failed one included', async () => {
    const { ping, keepAlive } = make();
    let finishA!: () => void;
    const a = keepAlive.during(() => new Promise<void>((resolve) => (finishA = resolve)));
    const b = keepAlive.during(async () => {
      await new Promise((resolve) => setTimeout(resolve, 12_000));
      throw new Error('gateway down');
    });
    // Watched before it fails: a rejection nobody awaits yet is reported as unhandled.
    const bFails = expect(b).rejects.toThrow('gateway down');
    await vi.advanceTimersByTimeAsync(12_000);
    await bFails;
    expect(keepAlive.busy).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ping).toHaveBeenCalledTimes(4);
    finishA();
    await a;
    expect(keepAlive.busy).toBe(false);
  });

  it('lets go of work that never settles after five minutes', async () => {
    const { ping, keepAlive } = make();
    void keepAlive.during(() => new Promise(() => {}));
    await vi.advanceTimersByTimeAsync(300_000);
    expect(keepAlive.busy).toBe(false);
    const pings = ping.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ping).toHaveBeenCalledTimes(pings);
  });

  it('is held while a state lasts (a bulk run running), with nothing in flight', async () => {
    const { ping, keepAlive } = make();
    keepAlive.hold('bulk', true);
    keepAlive.hold('bulk', true);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(ping).toHaveBeenCalledTimes(4);
    keepAlive.hold('bulk', false);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(ping).toHaveBeenCalledTimes(4);
  });
});
