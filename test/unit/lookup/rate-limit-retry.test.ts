import { describe, expect, it, vi } from 'vitest';
import { createInflight } from '@/lib/lookup/worker/inflight';
import { createRateLimiter } from '@/lib/lookup/worker/rate-limiter';
import { withRetry, type RetryPolicy } from '@/lib/lookup/worker/retry';

function fakeClock() {
  let t = 0;
  return {
    now: () => t,
    sleep: vi.fn(async (ms: number) => {
      t += ms;
    }),
  };
}

describe('rate limiter', () => {
  it('lets at most 10 requests start in any second, in arrival order', async () => {
    const clock = fakeClock();
    const { acquire } = createRateLimiter({ limit: 10, windowMs: 1000, ...clock });
    const starts: number[] = [];
    await Promise.all(Array.from({ length: 25 }, () => acquire().then(() => starts.push(clock.now()))));
    expect(starts).toHaveLength(25);
    for (let i = 10; i < starts.length; i++) expect(starts[i]! - starts[i - 10]!).toBeGreaterThanOrEqual(1000);
    expect(starts.slice(0, 10).every((s) => s === 0)).toBe(true);
    expect(starts[24]).toBe(2000);
  });

  it('holds every caller back while the gateway asked for a pause', async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ limit: 10, windowMs: 1000, ...clock });
    await limiter.acquire();
    limiter.pauseFor(3000);
    const starts: number[] = [];
    await Promise.all([limiter.acquire(), limiter.acquire()].map((p) => p.then(() => starts.push(clock.now()))));
    expect(starts).toEqual([3000, 3000]);
  });

  it('caps a pause the gateway asks for, so an hour-long Retry-After cannot stall every call', async () => {
    const clock = fakeClock();
    const limiter = createRateLimiter({ limit: 10, windowMs: 1000, maxPauseMs: 20_000, ...clock });
    limiter.pauseFor(3_600_000);
    await limiter.acquire();
    expect(clock.now()).toBe(20_000);
  });
});

describe('retry', () => {
  const policy = (clock: ReturnType<typeof fakeClock>): RetryPolicy => ({
    maxAttempts: 4,
    baseDelayMs: 100,
    maxDelayMs: 1000,
    maxRetryAfterMs: 5000,
    random: () => 1,
    sleep: clock.sleep,
  });
  const fail = (kind: string, retryable: boolean, retryAfterMs?: number) => ({ ok: false as const, error: { kind, retryable, retryAfterMs } });

  it.each(['server_error', 'network_error', 'timeout'])('retries %s with growing backoff, then succeeds', async (kind) => {
    const clock = fakeClock();
    const attempt = vi.fn().mockResolvedValueOnce(fail(kind, true)).mockResolvedValueOnce(fail(kind, true)).mockResolvedValue({ ok: true, value: 7 });
    const result = await withRetry(attempt, policy(clock));
    expect(result).toMatchObject({ ok: true, value: 7, attempts: 3 });
    expect(clock.sleep.mock.calls.map(([ms]) => ms)).toEqual([100, 200]);
  });

  it('waits for Retry-After on a 429', async () => {
    const clock = fakeClock();
    const attempt = vi.fn().mockResolvedValueOnce(fail('rate_limited', true, 1500)).mockResolvedValue({ ok: true, value: 1 });
    await withRetry(attempt, policy(clock));
    expect(clock.sleep).toHaveBeenCalledWith(1500);
  });

  it('gives up after the last attempt with the typed error', async () => {
    const clock = fakeClock();
    const attempt = vi.fn().mockResolvedValue(fail('server_error', true));
    expect(await withRetry(attempt, policy(clock))).toMatchObject({ ok: false, error: { kind: 'server_error' }, attempts: 4 });
    expect(attempt).toHaveBeenCalledTimes(4);
    expect(clock.sleep.mock.calls.map(([ms]) => ms)).toEqual([100, 200, 400]);
  });

  it('does not wait for a Retry-After beyond its bound', async () => {
    const clock = fakeClock();
    const attempt = vi.fn().mockResolvedValue(fail('rate_limited', true, 60_000));
    expect(await withRetry(attempt, policy(clock))).toMatchObject({ ok: false, attempts: 1 });
  });

  it.each(['invalid_key', 'no_credits', 'invalid_input', 'no_match'])('never retries %s', async (kind) => {
    const clock = fakeClock();
    const attempt = vi.fn().mockResolvedValue(fail(kind, false));
    await withRetry(attempt, policy(clock));
    expect(attempt).toHaveBeenCalledTimes(1);
    expect(clock.sleep).not.toHaveBeenCalled();
  });

  it('spreads retries with jitter', async () => {
    const clock = fakeClock();
    const attempt = vi.fn().mockResolvedValueOnce(fail('server_error', true)).mockResolvedValue({ ok: true, value: 1 });
    await withRetry(attempt, { ...policy(clock), random: () => 0.25 });
    expect(clock.sleep).toHaveBeenCalledWith(25);
  });
});

describe('in-flight sharing', () => {
  it('makes one call for identical concurrent keys, and a new one after it settles', async () => {
    const inflight = createInflight<number>();
    const start = vi.fn(async () => 42);
    const [a, b] = await Promise.all([inflight.run('k', start), inflight.run('k', start)]);
    expect([a, b]).toEqual([42, 42]);
    expect(start).toHaveBeenCalledTimes(1);
    await inflight.run('k', start);
    expect(start).toHaveBeenCalledTimes(2);
    expect(inflight.size).toBe(0);
  });
});
