import { t } from '@/lib/platform/i18n';
import { untilNextUtcDay, type CrmRequest, type RateLimitPolicy } from '@/lib/crm/worker/http';
import type { CrmError, CrmTarget } from '@/lib/crm/types';
import { defaultSleep } from '@/lib/lookup/worker/rate-limiter';

/**
 * Each CRM's rate limits as its vendor documents them: how fast Dossier sends (the limiters), and
 * how long a 429 without Retry-After is waited out (the policies, read by `worker/http.ts`). The
 * sources are in /work/notes/i28-retry-after-rows.md and lib/crm/README.md.
 */

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** A whole or decimal count from a header, or nothing: a header that says something else is not guessed at. */
function count(headers: Headers, name: string): number | undefined {
  const value = headers.get(name)?.trim();
  return value && /^\d+(\.\d+)?$/.test(value) ? Number(value) : undefined;
}

/**
 * HubSpot sends no Retry-After: its X-HubSpot-RateLimit-* headers say the burst interval (10 s)
 * and what is left of it and of the day (the daily allowance resets at midnight in the account's
 * time zone, which the API does not tell: the outbox waits to midnight UTC, then hourly).
 */
export const HUBSPOT_RATE_LIMIT: RateLimitPolicy = {
  windowMs: 10 * SECOND,
  read(headers, now) {
    if (count(headers, 'x-hubspot-ratelimit-daily-remaining') === 0) return { retryAfterMs: untilNextUtcDay(now), daily: true };
    const interval = count(headers, 'x-hubspot-ratelimit-interval-milliseconds');
    if (count(headers, 'x-hubspot-ratelimit-remaining') === 0 && interval) return { retryAfterMs: interval };
    return undefined;
  },
};

/**
 * Pipedrive limits bursts per 2-second window (`x-ratelimit-reset`: seconds left of it) and the
 * day by a budget that "resets at the start of the next day"; `x-daily-requests-left` is counted
 * in UTC, so a 0 there waits for midnight UTC.
 */
export const PIPEDRIVE_RATE_LIMIT: RateLimitPolicy = {
  windowMs: 2 * SECOND,
  read(headers, now) {
    if (count(headers, 'x-daily-requests-left') === 0) return { retryAfterMs: untilNextUtcDay(now), daily: true };
    const reset = count(headers, 'x-ratelimit-reset');
    if (count(headers, 'x-ratelimit-remaining') === 0 && reset) return { retryAfterMs: reset * SECOND };
    return undefined;
  },
};

/** Close says to wait its `ratelimit` header's `reset` (seconds; the body's `rate_reset` is deprecated); limits are per second. */
export const CLOSE_RATE_LIMIT: RateLimitPolicy = {
  windowMs: SECOND,
  read(headers) {
    const reset = /(?:^|[\s,;])reset=(\d+(?:\.\d+)?)/.exec(headers.get('ratelimit') ?? '')?.[1];
    return reset ? { retryAfterMs: Math.max(Number(reset), 0) * SECOND } : undefined;
  },
};

/** Attio always sends Retry-After (a date, "usually the following second"); without it, that second. */
export const ATTIO_RATE_LIMIT: RateLimitPolicy = { windowMs: SECOND };

/** Zoho documents credits per rolling day and concurrency, no Retry-After and no window: a minute is the safe reading. */
export const ZOHO_RATE_LIMIT: RateLimitPolicy = { windowMs: MINUTE };

/**
 * Salesforce limits long-running concurrent requests (20 s or more each) and the org's requests
 * per rolling 24 hours, and documents no Retry-After: a minute lets long requests end.
 */
export const SALESFORCE_RATE_LIMIT: RateLimitPolicy = { windowMs: MINUTE };

/** A webhook receiver's limits are its own: a minute outlasts per-second and per-minute windows alike. */
export const WEBHOOK_RATE_LIMIT: RateLimitPolicy = { windowMs: MINUTE };

/** The org's requests of the last 24 hours are spent: retrying within minutes only spends what comes back. */
export const SALESFORCE_TOTAL_LIMIT_WAIT_MS = HOUR;

/**
 * Salesforce's 403 REQUEST_LIMIT_EXCEEDED is its rate limit, not a refusal of the token: the
 * 24-hour allowance spent (TotalRequests) waits an hour at a time and counts no failed attempt;
 * too many long requests at once is a short wait.
 */
export function salesforceLimit(error: CrmError): CrmError {
  const base = { ...error, kind: 'rate_limited' as const, retryable: true };
  if (/TotalRequests/i.test(error.message)) {
    return { ...base, retryAfterMs: error.retryAfterMs ?? SALESFORCE_TOTAL_LIMIT_WAIT_MS, dailyBudget: true, message: t('crm.error.salesforceApiLimit', { message: error.message }) };
  }
  return { ...base, retryAfterMs: error.retryAfterMs ?? SALESFORCE_RATE_LIMIT.windowMs };
}

interface Pace {
  limit: number;
  windowMs: number;
  /** Only requests to these paths count (a vendor's own lower limit for some endpoints). */
  paths?: RegExp;
}

/**
 * How fast Dossier sends to each CRM, all tabs together: HubSpot allows private apps 100 per
 * 10 s, and its CRM search 4 a second per token in its changelog (5 in the current reference: the
 * lower holds for both); Pipedrive 80 per 2 s on its lower plans. A CRM not listed (and a
 * webhook) gets the gentler pace.
 */
const PACES: Partial<Record<CrmTarget, readonly Pace[]>> = {
  hubspot: [
    { limit: 10, windowMs: SECOND },
    { limit: 4, windowMs: SECOND, paths: /\/crm\/v3\/objects\/[^/?#]+\/search$/ },
  ],
  pipedrive: [{ limit: 30, windowMs: 2 * SECOND }],
};
const DEFAULT_PACES: readonly Pace[] = [{ limit: 10, windowMs: SECOND }];

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/**
 * The slot-taker of one CRM's requests, in arrival order. Every pace a request falls under is
 * checked at the same instant and the slot taken in all of them at once, so that no sliding window
 * of any pace ever holds more than its limit (a slot held while waiting for another would be
 * counted before the request is sent).
 */
export function crmLimiter(target: CrmTarget, clock: Clock = { now: Date.now, sleep: defaultSleep }): (request: CrmRequest) => Promise<void> {
  const paces = (PACES[target] ?? DEFAULT_PACES).map((pace) => ({ ...pace, starts: [] as number[] }));
  let queue: Promise<void> = Promise.resolve();

  async function takeSlot(path: string): Promise<void> {
    const applying = paces.filter((pace) => !pace.paths || pace.paths.test(path));
    for (;;) {
      const now = clock.now();
      let wait = 0;
      for (const pace of applying) {
        while (pace.starts.length && pace.starts[0]! <= now - pace.windowMs) pace.starts.shift();
        if (pace.starts.length >= pace.limit) wait = Math.max(wait, pace.starts[0]! + pace.windowMs - now);
      }
      if (wait <= 0) {
        for (const pace of applying) pace.starts.push(now);
        return;
      }
      await clock.sleep(wait);
    }
  }

  return (request) => {
    const turn = queue.then(() => takeSlot(new URL(request.url, 'http://crm.invalid').pathname));
    queue = turn.catch(() => {});
    return turn;
  };
}
