import { ERROR_MESSAGES } from '@/lib/enrichment/messages';
import type { ApiErrorKind } from '@/lib/enrichment/error-kinds';
import { redactApiKey } from '@/lib/api/redact';

// The kinds live apart so that the sentences (messages.ts) and the errors (here) both depend on
// them, and not on each other.
export { API_ERROR_KINDS, type ApiErrorKind } from '@/lib/enrichment/error-kinds';

export interface ApiError {
  kind: ApiErrorKind;
  /** A sentence for the user: what happened and what to do. Never holds the key. */
  message: string;
  /** Technical context for logs (path, gateway text); redacted like the message. */
  detail?: string;
  /** HTTP status, when an answer arrived. */
  status?: number;
  /** The gateway's own `{code}` (gRPC status style), when its body carried one. */
  code?: number;
  /** How long the gateway asked us to wait before the next request. */
  retryAfterMs?: number;
  /** Whether the same request may succeed later unchanged; the caller owns the retrying. */
  retryable: boolean;
  /**
   * The request may have reached the gateway (and been charged) but no answer we can trust came
   * back: a time-out, a dropped connection, an unreadable 200. Only an error the gateway itself
   * answered is known to be free (billing rule 2), so only that may be re-sent for a paid lookup.
   */
  answerLost: boolean;
}

/** Only failures of time or transport can heal on their own; everything else needs a change. */
const RETRYABLE: ReadonlySet<ApiErrorKind> = new Set<ApiErrorKind>([
  'rate_limited',
  'server_error',
  'network_error',
  'timeout',
]);

export function isRetryable(kind: ApiErrorKind): boolean {
  return RETRYABLE.has(kind);
}

export interface ApiErrorDetails {
  message?: string;
  detail?: string;
  status?: number;
  code?: number;
  retryAfterMs?: number;
  /** See ApiError.answerLost; defaults to true for failures of transport and time. */
  answerLost?: boolean;
}

/** A request stopped in flight may have been served: nothing says it was not. */
const LOST_BY_DEFAULT: ReadonlySet<ApiErrorKind> = new Set<ApiErrorKind>(['network_error', 'timeout', 'cancelled']);

/** The one way errors are made, so that every one is redacted and carries its retry verdict. */
export function apiError(kind: ApiErrorKind, details: ApiErrorDetails = {}, apiKey?: string): ApiError {
  const error: ApiError = {
    kind,
    message: redactApiKey(details.message ?? ERROR_MESSAGES[kind], apiKey),
    retryable: isRetryable(kind),
    answerLost: details.answerLost ?? LOST_BY_DEFAULT.has(kind),
  };
  if (details.detail !== undefined) error.detail = redactApiKey(details.detail, apiKey);
  if (details.status !== undefined) error.status = details.status;
  if (details.code !== undefined) error.code = details.code;
  if (details.retryAfterMs !== undefined && error.retryable) error.retryAfterMs = details.retryAfterMs;
  return error;
}
