import type { MiddlewareHandler } from 'hono';

/** The key is a secret even in a sandbox's log: users paste real keys into the wrong place. */
export function redactApiId(pathAndQuery: string): string {
  return pathAndQuery.replace(/([?&]apiId=)[^&#]*/gi, '$1***');
}

/** One request as the gateway's log keeps it: when it arrived (what a rate limit counts), not when it was answered. */
export interface LoggedRequest {
  arrivedAt: number;
  method: string;
  /** Path and query, the key redacted. */
  path: string;
  status: number;
  ms: number;
}

/**
 * One line per request (method, path with query (key redacted), status, duration) and, for
 * measurements, the request itself with its arrival time on the sandbox's clock.
 */
export function requestLog(log: (line: string) => void, now: () => number, record?: (request: LoggedRequest) => void): MiddlewareHandler {
  return async (c, next) => {
    const arrivedAt = now();
    const started = performance.now();
    await next();
    const url = new URL(c.req.url);
    const request: LoggedRequest = { arrivedAt, method: c.req.method, path: redactApiId(url.pathname + url.search), status: c.res.status, ms: Math.round(performance.now() - started) };
    log(`${request.method} ${request.path} ${request.status} ${request.ms}ms`);
    record?.(request);
  };
}

/**
 * The most requests that arrived within any one window of `windowMs` (half-open, sliding): what a
 * gateway counting over a sliding window sees, where fixed one-second buckets can hide a burst
 * that straddles a second's edge.
 */
export function busiestWindow(arrivals: readonly number[], windowMs = 1_000): number {
  const sorted = [...arrivals].sort((a, b) => a - b);
  let busiest = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last += 1) {
    while (sorted[last]! - sorted[first]! >= windowMs) first += 1;
    busiest = Math.max(busiest, last - first + 1);
  }
  return busiest;
}
