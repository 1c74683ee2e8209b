/**
 * When to try a push again: exponential from a few seconds to a quarter of an hour, with
 * jitter so that pushes queued together do not retry in step. A Retry-After from the CRM wins,
 * within an hour.
 */
export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
  /** Attempts in all before a retryable failure is kept for the user to retry by hand. */
  maxAttempts: number;
  maxRetryAfterMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 3_000, maxMs: 15 * 60_000, maxAttempts: 10, maxRetryAfterMs: 60 * 60_000 };

export function nextDelay(attempts: number, policy: BackoffPolicy, retryAfterMs: number | undefined, random: () => number = Math.random): number {
  if (retryAfterMs !== undefined) return Math.min(Math.max(retryAfterMs, 0), policy.maxRetryAfterMs);
  const exponential = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential * (0.5 + random() / 2));
}
