import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCrmHttp, type CrmRequest, type RateLimitPolicy } from '@/lib/crm/worker/http';
import { CLOSE_RATE_LIMIT, crmLimiter, HUBSPOT_RATE_LIMIT, PIPEDRIVE_RATE_LIMIT } from '@/lib/crm/worker/rate-limits';

/** A clock that moves only when the limiter sleeps: every start time is exact, and the test takes no real time. */
function simulatedClock() {
  let now = 0;
  return { now: () => now, sleep: async (ms: number) => void (now += Math.max(0, ms)) };
}

/** The most starts any one-second window [t, t + 1000) holds. */
function busiestSecond(starts: readonly number[]): number {
  return Math.max(0, ...starts.map((from) => starts.filter((t) => t >= from && t < from + 1_000).length));
}

const HUBSPOT = 'https://api.hubapi.com';
const search = (object: string): CrmRequest => ({ method: 'POST', url: `${HUBSPOT}/crm/v3/objects/${object}/search`, idempotent: true });
const read = (id: number): CrmRequest => ({ method: 'GET', url: `${HUBSPOT}/crm/v3/objects/contacts/${id}?properties=email`, idempotent: true });

describe('HubSpot’s rate limiters', () => {
  it('search is held to its own limit (4 a second), beside the 10 a second of every call: no one-second window above either', async () => {
    const clock = simulatedClock();
    const acquire = crmLimiter('hubspot', clock);
    const searches: number[] = [];
    const all: number[] = [];
    // A bulk run's pushes: each matches with searches (contacts, companies, notes) between reads and writes.
    for (let i = 0; i < 120; i += 1) {
      const request = i % 3 === 2 ? read(i) : search(['contacts', 'companies', 'notes'][i % 3]!);
      await acquire(request);
      all.push(clock.now());
      if (request.url.endsWith('/search')) searches.push(clock.now());
    }
    expect(busiestSecond(searches)).toBe(4);
    expect(busiestSecond(all)).toBeLessThanOrEqual(10);
    // Held, not stalled: 80 searches at 4 a second take about 20 s.
    expect(clock.now()).toBeLessThan(21_000);
  });

  it('calls that are not searches keep the 10 a second', async () => {
    const clock = simulatedClock();
    const acquire = crmLimiter('hubspot', clock);
    const starts: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      await acquire(read(i));
      starts.push(clock.now());
    }
    expect(busiestSecond(starts)).toBe(10);
    expect(clock.now()).toBeLessThan(5_000);
  });
});

describe('the vendors’ own rate-limit headers on a 429', () => {
  const headers = (entries: Record<string, string>) => new Headers(entries);

  it('HubSpot: remaining 0 waits for X-HubSpot-RateLimit-Interval-Milliseconds; a spent daily allowance waits for the next day', () => {
    expect(HUBSPOT_RATE_LIMIT.read!(headers({ 'X-HubSpot-RateLimit-Remaining': '0', 'X-HubSpot-RateLimit-Interval-Milliseconds': '10000', 'X-HubSpot-RateLimit-Max': '190' }), 0)).toEqual({ retryAfterMs: 10_000 });
    // The interval is HubSpot's to say: a shorter one is not stretched to the default window.
    expect(HUBSPOT_RATE_LIMIT.read!(headers({ 'X-HubSpot-RateLimit-Remaining': '0', 'X-HubSpot-RateLimit-Interval-Milliseconds': '1000' }), 0)).toEqual({ retryAfterMs: 1_000 });
    expect(HUBSPOT_RATE_LIMIT.read!(headers({ 'X-HubSpot-RateLimit-Remaining': '12', 'X-HubSpot-RateLimit-Interval-Milliseconds': '10000' }), 0)).toBeUndefined();
    const at = Date.UTC(2026, 10, 29, 23, 0, 0);
    expect(HUBSPOT_RATE_LIMIT.read!(headers({ 'X-HubSpot-RateLimit-Daily-Remaining': '0', 'X-HubSpot-RateLimit-Remaining': '40' }), at)).toEqual({ retryAfterMs: 3_600_000, daily: true });
    // Nothing said (the search endpoints send none): the 10-second interval, HubSpot's window.
    expect(HUBSPOT_RATE_LIMIT.read!(headers({}), 0)).toBeUndefined();
    expect(HUBSPOT_RATE_LIMIT.windowMs).toBe(10_000);
  });

  it('Pipedrive: x-ratelimit-reset when the window is spent, x-daily-requests-left 0 till midnight UTC', () => {
    expect(PIPEDRIVE_RATE_LIMIT.read!(headers({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1', 'x-daily-requests-left': '120' }), 0)).toEqual({ retryAfterMs: 1_000 });
    expect(PIPEDRIVE_RATE_LIMIT.read!(headers({ 'x-daily-requests-left': '0' }), Date.UTC(2026, 10, 29, 18, 30, 0))).toEqual({ retryAfterMs: 5.5 * 3_600_000, daily: true });
    expect(PIPEDRIVE_RATE_LIMIT.windowMs).toBe(2_000);
  });

  it('Close: its ratelimit header’s reset, in seconds', () => {
    expect(CLOSE_RATE_LIMIT.read!(headers({ ratelimit: 'limit=40, remaining=0, reset=4' }), 0)).toEqual({ retryAfterMs: 4_000 });
    expect(CLOSE_RATE_LIMIT.read!(headers({ ratelimit: 'limit=40, remaining=0, reset=0.5' }), 0)).toEqual({ retryAfterMs: 500 });
    expect(CLOSE_RATE_LIMIT.read!(headers({}), 0)).toBeUndefined();
  });
});

describe('a refusal for rate, as createCrmHttp reads it', () => {
  const NOW = Date.UTC(2026, 10, 29, 20, 0, 0);
  async function refusal(status: number, headers: Record<string, string>, rateLimit: RateLimitPolicy) {
    const fetch = async () => new Response('{}', { status, headers });
    const http = createCrmHttp({ fetch, secrets: [], messageOf: () => null, rateLimit, now: () => NOW });
    const result = await http.send({ method: 'POST', url: 'https://crm.example/x', idempotent: false }, z.unknown());
    return result.ok ? null : result.error;
  }

  it('a spent daily allowance outlasts Retry-After; Retry-After outlasts the other headers; the window comes last', async () => {
    expect(await refusal(429, { 'retry-after': '2', 'x-daily-requests-left': '0' }, PIPEDRIVE_RATE_LIMIT)).toMatchObject({ kind: 'rate_limited', retryAfterMs: 4 * 3_600_000, dailyBudget: true });
    expect(await refusal(429, { 'retry-after': '3', 'x-hubspot-ratelimit-remaining': '0', 'x-hubspot-ratelimit-interval-milliseconds': '10000' }, HUBSPOT_RATE_LIMIT)).toMatchObject({ retryAfterMs: 3_000 });
    const bare = await refusal(429, {}, PIPEDRIVE_RATE_LIMIT);
    expect(bare).toMatchObject({ kind: 'rate_limited', retryable: true, retryAfterMs: 2_000 });
    expect(bare!.dailyBudget).toBeUndefined();
  });

  it('the window is a rate limit’s: a 503 without Retry-After keeps the outbox’s own backoff', async () => {
    expect((await refusal(503, {}, HUBSPOT_RATE_LIMIT))!.retryAfterMs).toBeUndefined();
  });
});
