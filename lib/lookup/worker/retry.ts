import { defaultSleep } from '@/lib/lookup/worker/rate-limiter';

export interface RetryableError {
  kind: string;
  retryable: boolean;
  retryAfterMs?: number;
  /** The request may have been served and charged (see ApiError.answerLost). */
  answerLost?: boolean;
}

/** Which failures may be sent again. Free calls: any that can heal. */
export type RetryRule = (error: RetryableError) => boolean;

export const FREE_CALL: RetryRule = (error) => error.retryable;

/**
 * A paid call is sent again only when the gateway itself answered that it failed (a failed
 * lookup is free, billing rule 2). A lost answer may have been charged: asking the user is
 * the caller's job, never a silent second request.
 */
export const PAID_CALL: RetryRule = (error) => error.retryable && error.answerLost === false;

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the caller is told instead. */
  maxRetryAfterMs: number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 400,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 20_000,
};

type Attempt<T, E> = { ok: true; value: T } | { ok: false; error: E };

/**
 * Retries what `rule` allows (by default what can heal: 429 after its Retry-After, 5xx,
 * network errors and time-outs), with exponential backoff and full jitter so that many tabs
 * do not retry in step. An invalid key, no credits, invalid input or no match is final:
 * retrying cannot change the answer, and could only cost money. Paid calls pass PAID_CALL.
 */
export async function withRetry<T, E extends RetryableError, R extends Attempt<T, E>>(
  attempt: (n: number) => Promise<R>,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  rule: RetryRule = FREE_CALL,
): Promise<R & { attempts: number }> {
  const random = policy.random ?? Math.random;
  const sleep = policy.sleep ?? defaultSleep;
  for (let n = 1; ; n++) {
    const result = await attempt(n);
    if (result.ok || !rule(result.error) || n >= policy.maxAttempts) return { ...result, attempts: n };
    const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (n - 1)) * random();
    const wait = result.error.retryAfterMs ?? backoff;
    if (wait > policy.maxRetryAfterMs) return { ...result, attempts: n };
    await sleep(wait);
  }
}
