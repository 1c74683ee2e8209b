import { describe, expect, it } from 'vitest';
import { createRateLimiter, type RateLimiter, type RateLimiterOptions } from '@/lib/lookup/worker/rate-limiter';
import { GATEWAY_RATE } from '@/lib/worker/gateway-rate';
import { busiestWindow } from '@/sandbox/log';
import { seededRandom, simulatedClock } from '@/test/support/simulated-clock';

/**
 * A bulk run against a gateway that counts arrivals over a sliding one-second window, on a
 * simulated clock. Between the limiter's slot and the request's departure a paid lookup writes its
 * journal entry (lib/lookup/worker/service.ts): a few milliseconds, and now and then, on a busy
 * machine, a few hundred. Then the network's own small jitter.
 */
const NETWORK_JITTER_MS = 15;
/** A bulk run's lookups in flight (BULK_CONCURRENCY, lib/bulk/worker/wiring.ts). */
const CONCURRENCY = 8;
type Rate = Pick<RateLimiterOptions, 'limit' | 'windowMs'>;

/** How long the journal write takes: mostly a few milliseconds, one in twenty held up by a busy machine. */
const journalWrite = (random: () => number) => (random() < 0.05 ? 80 + random() * 170 : 2 + random() * 10);

async function bulkRun(rate: Rate, { seed = 7, tasks = 600, countFromDeparture = true } = {}) {
  const clock = simulatedClock();
  const random = seededRandom(seed);
  const limiter: RateLimiter = createRateLimiter({ ...rate, now: clock.now, sleep: clock.sleep });
  const arrivals: number[] = [];
  let left = tasks;

  async function lookup() {
    // As the gateway client takes it (lib/worker/gateway-client.ts), or, before, a slot counted from when it was given.
    const slot = countFromDeparture ? await limiter.reserve() : await limiter.acquire().then(() => null);
    await clock.sleep(journalWrite(random));
    slot?.leaving();
    const arrival = clock.now() + random() * NETWORK_JITTER_MS;
    arrivals.push(arrival);
    // The gateway's answer: 80 to 400 ms after it arrived.
    await clock.sleep(arrival - clock.now() + 80 + random() * 320);
  }
  async function runner() {
    while (left > 0) {
      left -= 1;
      await lookup();
    }
  }
  const running = Promise.all(Array.from({ length: CONCURRENCY }, runner));
  await clock.runUntilIdle();
  await running;
  const sorted = [...arrivals].sort((a, b) => a - b);
  const perSecond = (sorted.length - 1) / ((sorted.at(-1)! - sorted[0]!) / 1000);
  return { busiest: busiestWindow(arrivals, 1_000), perSecond };
}

/**
 * The same run against a gateway that turns away (429, Retry-After 1 s) a request arriving when it
 * already accepted 10 in the last second, as the sandbox does (sandbox/rate-limit.ts); the lookup
 * is sent again after the pause, as the client does for a 429 (free).
 */
async function bulkRunAgainstGateway(rate: Pick<RateLimiterOptions, 'limit' | 'windowMs' | 'margin'>, { postDepartureJitterMs }: { postDepartureJitterMs: number }, tasks = 1_200, seed = 3) {
  const clock = simulatedClock();
  const random = seededRandom(seed);
  const limiter = createRateLimiter({ ...rate, now: clock.now, sleep: clock.sleep });
  const accepted: number[] = [];
  let turnedAway = 0;
  let widestWindowMs = limiter.windowMs();
  let left = tasks;

  async function send(): Promise<void> {
    const slot = await limiter.reserve();
    await clock.sleep(journalWrite(random));
    slot.leaving();
    // A busy machine: most requests arrive within a few milliseconds, one in ten much later.
    await clock.sleep(random() < 0.1 ? random() * postDepartureJitterMs : random() * NETWORK_JITTER_MS);
    const arrival = clock.now();
    if (accepted.filter((at) => at > arrival - 1_000).length >= 10) {
      turnedAway += 1;
      limiter.pauseFor(1_000);
      widestWindowMs = Math.max(widestWindowMs, limiter.windowMs());
      return send();
    }
    accepted.push(arrival);
    await clock.sleep(80 + random() * 320);
  }
  async function runner() {
    while (left > 0) {
      left -= 1;
      await send();
    }
  }
  const first = clock.now();
  const running = Promise.all(Array.from({ length: CONCURRENCY }, runner));
  await clock.runUntilIdle();
  await running;
  return { turnedAway, widestWindowMs, perSecond: tasks / ((clock.now() - first) / 1000) };
}

describe('the gateway limiter, over a simulated clock', () => {
  it('lets no more than 10 requests arrive in any one-second window, while a bulk run keeps at least 9 a second', async () => {
    for (const seed of [1, 7, 42, 1_234]) {
      const { busiest, perSecond } = await bulkRun(GATEWAY_RATE, { seed });
      expect(busiest).toBeLessThanOrEqual(10);
      expect(perSecond).toBeGreaterThanOrEqual(9);
    }
  });

  it('counts a request from when it leaves: counted from when its slot was given, one held up by its journal write arrives among later ones', async () => {
    const { busiest } = await bulkRun(GATEWAY_RATE, { countFromDeparture: false });
    expect(busiest).toBeGreaterThan(10);
  });

  it('on a busy machine, whose jitter outgrows the margin, learns a wider window from the first 429s instead of being turned away all run long', async () => {
    const busy = { postDepartureJitterMs: 160 };
    const learning = await bulkRunAgainstGateway(GATEWAY_RATE, busy);
    const fixed = await bulkRunAgainstGateway({ limit: GATEWAY_RATE.limit, windowMs: GATEWAY_RATE.windowMs }, busy);
    expect(learning.turnedAway).toBeLessThan(fixed.turnedAway / 2);
    expect(learning.widestWindowMs).toBeGreaterThan(GATEWAY_RATE.windowMs);
    expect(learning.widestWindowMs).toBeLessThanOrEqual(GATEWAY_RATE.margin.widestMs);
  });

  it('on a quiet machine, keeps its narrowest window: no 429, at least 9 a second', async () => {
    const quiet = await bulkRunAgainstGateway(GATEWAY_RATE, { postDepartureJitterMs: NETWORK_JITTER_MS });
    expect(quiet.turnedAway).toBe(0);
    expect(quiet.widestWindowMs).toBe(GATEWAY_RATE.windowMs);
    expect(quiet.perSecond).toBeGreaterThanOrEqual(9);
  });

  it('widens its window once for the lookups a 429 turned away together, and narrows it back after a calm minute', async () => {
    const clock = simulatedClock();
    const limiter = createRateLimiter({ ...GATEWAY_RATE, now: clock.now, sleep: clock.sleep });
    limiter.pauseFor(1_000);
    limiter.pauseFor(1_000);
    expect(limiter.windowMs()).toBe(GATEWAY_RATE.windowMs + GATEWAY_RATE.margin.stepMs);
    const windows: number[] = [];
    const later = (async () => {
      for (const at of [30_000, 61_000, 75_000, 200_000, 211_000, 300_000]) {
        await clock.sleep(at - clock.now());
        (await limiter.reserve()).leaving();
        windows.push(limiter.windowMs());
      }
    })();
    await clock.runUntilIdle();
    await later;
    // Still wide within the minute; then a quarter step at most every 10 s while in use, never below the narrowest.
    expect(windows).toEqual([1_110, 1_100, 1_090, 1_080, 1_070, 1_070]);
  });

  it('holds a slot until its request leaves, and gives back one whose request never does', async () => {
    const clock = simulatedClock();
    const limiter = createRateLimiter({ limit: 2, windowMs: 1_000, now: clock.now, sleep: clock.sleep });
    const given: number[] = [];
    const run = (async () => {
      const held = await limiter.reserve();
      const dropped = await limiter.reserve();
      const third = limiter.reserve().then((slot) => (given.push(clock.now()), slot));
      await clock.sleep(500);
      dropped.unused();
      await clock.sleep(1_500);
      held.leaving();
      (await third).leaving();
      const fourth = limiter.reserve().then(() => given.push(clock.now()));
      await fourth;
    })();
    await clock.runUntilIdle();
    await run;
    // The third waits for the dropped slot; the fourth for the held one, counted from its departure at 2 s.
    expect(given[0]).toBeGreaterThanOrEqual(500);
    expect(given[0]).toBeLessThan(520);
    expect(given[1]).toBeGreaterThanOrEqual(3_000);
  });

  it('makes a lookup after a quiet moment wait for nothing', async () => {
    const clock = simulatedClock();
    const limiter = createRateLimiter({ ...GATEWAY_RATE, now: clock.now, sleep: clock.sleep });
    const grants: number[] = [];
    const lookups = (async () => {
      (await limiter.reserve()).leaving();
      grants.push(clock.now());
      await clock.sleep(5_000);
      (await limiter.reserve()).leaving();
      grants.push(clock.now());
    })();
    await clock.runUntilIdle();
    await lookups;
    expect(grants).toEqual([0, 5_000]);
  });
});

describe('the busiest window of a request log', () => {
  it('counts a burst that straddles a second’s edge, which fixed seconds split', () => {
    const arrivals = [...Array.from({ length: 6 }, (_, i) => 900 + i * 10), ...Array.from({ length: 6 }, (_, i) => 1_000 + i * 10)];
    expect(busiestWindow(arrivals, 1_000)).toBe(12);
    expect(busiestWindow([0, 999, 1_000, 1_999], 1_000)).toBe(2);
    expect(busiestWindow([], 1_000)).toBe(0);
  });
});
