import type { z } from 'zod';
import { parseRetryAfter } from '@/lib/api/retry-after';
import { t } from '@/lib/platform/i18n';
import { withRetry, type RetryPolicy } from '@/lib/lookup/worker/retry';
import { fail, ok, type CrmError, type CrmResult } from '@/lib/crm/types';

export interface CrmRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON unless it is already a string (a webhook signs the exact bytes it sends). */
  body?: unknown;
  /**
   * Whether sending it twice leaves the CRM as sending it once (searches, reads, upserts keyed
   * by email, updates by id). Only those are retried on the spot; a create is retried by the
   * outbox, after matching again, so that a lost answer cannot make a second record.
   */
  idempotent: boolean;
}

export interface CrmResponse<T> {
  status: number;
  body: T;
  headers: Headers;
  /** The answer was a redirect, let through because the caller asked for `redirect: 'manual'`. */
  redirected?: true;
}

export interface HttpOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Every secret this connection holds: removed from any text that leaves the adapter. */
  secrets: readonly string[];
  /** Further scrubbing of any text that leaves the adapter (a webhook masks its own address). */
  redact?: (text: string) => string;
  /** The CRM's own error message in a JSON body, when the body has one. */
  messageOf(body: unknown): string | null;
  /** The CRM's own error code and the records its refusal names (a duplicate rule's matches). */
  detailsOf?(body: unknown): Pick<CrmError, 'code' | 'recordIds' | 'scopes'> | null;
  /** Waits for a slot under the CRM's rate limits (HubSpot's search has its own, so the request is told). */
  acquire?: (request: CrmRequest) => Promise<void>;
  /** How long this CRM's 429 asks to wait when it sends no Retry-After. */
  rateLimit?: RateLimitPolicy;
  retry?: RetryPolicy;
  now?: () => number;
  /**
   * `error` (the default, every CRM): a redirect is a failed exchange. `manual`: a "see other"
   * redirect (302, 303, or a browser's opaque one) is the answer, returned with `redirected` for the
   * caller to judge (a webhook receiver that did the work and points elsewhere for its result),
   * and a move (301, 307, 308: nothing was done here) is refused as one. `follow`: followed, and
   * refused as a move when `moved` says the final address is the same place moved.
   */
  redirect?: 'error' | 'manual' | 'follow';
  /** With `follow`: whether the address the redirects ended at is where the request was meant to go, moved (another scheme, a trailing slash). */
  moved?: (finalUrl: string) => boolean;
}

/** What a CRM's own rate-limit headers say of a 429. */
export interface RateLimitReading {
  retryAfterMs: number;
  /** The day's allowance is spent: the wait runs to its reset, and the outbox counts no failed attempt. */
  daily?: boolean;
}

export interface RateLimitPolicy {
  /**
   * The vendor's documented window: most CRMs answer 429 without Retry-After, and a generic short
   * backoff would retry inside the same window and be refused again.
   */
  windowMs: number;
  /** The vendor's own headers (HubSpot's X-HubSpot-RateLimit-*, Pipedrive's x-ratelimit-*), when they say more than the window. */
  read?(headers: Headers, now: number): RateLimitReading | undefined;
}

/** Until the next midnight UTC: the reset of daily allowances whose vendor names no other clock. */
export function untilNextUtcDay(now: number): number {
  const day = new Date(now);
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1) - now;
}

/** Quick retries for idempotent calls only: the outbox owns the long ones. */
export const QUICK_RETRY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 300, maxDelayMs: 2_000, maxRetryAfterMs: 3_000 };

export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret && secret.length >= 4) out = out.split(secret).join('***');
  return out;
}

/** "See other": the request was handled, its result is elsewhere. */
const SEE_OTHER = new Set([302, 303]);
/** "Moved": send it over there instead; nothing was handled here. */
const MOVES = new Set([301, 307, 308]);

/**
 * A browser hides a manual redirect behind an `opaqueredirect` answer (status 0), which says
 * neither which nor where: counted as handled (a receiver's Test connection follows its
 * redirects to tell a move). Node's fetch returns the 3xx itself.
 */
function isSeeOther(response: Response): boolean {
  return response.type === 'opaqueredirect' || SEE_OTHER.has(response.status);
}

function kindOf(status: number): Pick<CrmError, 'kind' | 'retryable'> {
  if (status === 401 || status === 403) return { kind: 'auth', retryable: false };
  if (status === 429) return { kind: 'rate_limited', retryable: true };
  if (status === 409) return { kind: 'conflict', retryable: false };
  if (status === 404) return { kind: 'not_found', retryable: false };
  if (status === 408 || status >= 500) return { kind: 'unavailable', retryable: true };
  return { kind: 'rejected', retryable: false };
}

/** What Dossier says when a CRM refuses without words of its own (the status is added). */
const GENERIC = {
  auth: 'crm.error.auth',
  rate_limited: 'crm.error.rateLimited',
  conflict: 'crm.error.conflict',
  not_found: 'crm.error.notFound',
  unavailable: 'crm.error.unavailable',
  rejected: 'crm.error.rejected',
} as const;

async function readJson(response: Response): Promise<{ json: unknown; text: string }> {
  const text = await response.text();
  if (!text) return { json: undefined, text };
  try {
    return { json: JSON.parse(text), text };
  } catch {
    return { json: undefined, text };
  }
}

/**
 * One HTTP exchange with a CRM, turned into a result: network failures, timeouts, 429 with its
 * Retry-After, 5xx and refusals each become a CrmError carrying the CRM's own words. Tokens
 * travel in headers only, never in URLs, and are scrubbed from every message regardless.
 */
export function createCrmHttp(options: HttpOptions) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 15_000;
  const scrub = options.redact ?? ((text: string) => text);
  const clean = (text: string) => scrub(redact(text, options.secrets)).slice(0, 1_000);

  /** A spent daily allowance outlasts any Retry-After; otherwise Retry-After, the vendor's headers, its window. */
  function rateLimitWait(headers: Headers, retryAfterMs: number | undefined, now: number): Pick<CrmError, 'retryAfterMs' | 'dailyBudget'> {
    const read = options.rateLimit?.read?.(headers, now);
    if (read?.daily) return { retryAfterMs: read.retryAfterMs, dailyBudget: true };
    const wait = retryAfterMs ?? read?.retryAfterMs ?? options.rateLimit?.windowMs;
    return wait === undefined ? {} : { retryAfterMs: wait };
  }

  async function once<T>(request: CrmRequest, schema: z.ZodType<T>): Promise<CrmResult<CrmResponse<T>>> {
    await options.acquire?.(request);
    let response: Response;
    try {
      const body = request.body === undefined ? undefined : typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
      response = await doFetch(request.url, {
        method: request.method,
        headers: { accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...request.headers },
        body,
        signal: AbortSignal.timeout(timeoutMs),
        credentials: 'omit',
        redirect: options.redirect ?? 'error',
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return fail({
        kind: 'network',
        retryable: true,
        message: timedOut ? t('crm.error.timeout', { seconds: Math.round(timeoutMs / 1000) }) : t('crm.error.unreachable'),
      });
    }
    if (options.redirect === 'manual' && isSeeOther(response)) {
      const parsed = schema.safeParse(undefined);
      if (parsed.success) return ok({ status: response.status, body: parsed.data, headers: response.headers, redirected: true });
    }
    const moved = (options.redirect === 'manual' && MOVES.has(response.status)) || (options.redirect === 'follow' && response.redirected && options.moved?.(response.url) === true);
    if (moved) return fail({ kind: 'rejected', retryable: false, status: response.status, message: t('crm.error.receiverMoved') });
    const { json, text } = await readJson(response);
    if (!response.ok) {
      const { kind, retryable } = kindOf(response.status);
      const own = options.messageOf(json);
      const error: CrmError = { kind, retryable, status: response.status, message: clean(own ?? t('crm.error.withStatus', { message: t(GENERIC[kind as keyof typeof GENERIC]), status: String(response.status) })) };
      const now = (options.now ?? Date.now)();
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), now);
      if (kind === 'rate_limited') Object.assign(error, rateLimitWait(response.headers, retryAfterMs, now));
      else if (retryAfterMs !== undefined) error.retryAfterMs = retryAfterMs;
      Object.assign(error, options.detailsOf?.(json));
      return fail(error);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const where = parsed.error.issues[0]?.path.join('.') || 'body';
      const message = t(text ? 'crm.error.unexpectedShape' : 'crm.error.unexpectedShapeEmpty', { where });
      return fail({ kind: 'invalid_response', retryable: false, status: response.status, message: clean(message) });
    }
    return ok({ status: response.status, body: parsed.data, headers: response.headers, ...(response.redirected ? { redirected: true as const } : {}) });
  }

  return {
    async send<T>(request: CrmRequest, schema: z.ZodType<T>): Promise<CrmResult<CrmResponse<T>>> {
      if (!request.idempotent) return once(request, schema);
      const result = await withRetry(() => once(request, schema), options.retry ?? QUICK_RETRY);
      const { attempts: _attempts, ...rest } = result;
      return rest as CrmResult<CrmResponse<T>>;
    },
  };
}

export type CrmHttp = ReturnType<typeof createCrmHttp>;
