import type { ApiErrorKind } from '@/lib/api/errors';

/**
 * How the gateway's failures map onto our kinds. Its bodies are gRPC-style `{code, message}`
 * and are more precise than the HTTP status, so the code decides when there is one.
 */
export function kindForGatewayCode(code: number, message: string): ApiErrorKind | undefined {
  // Phone lookups answer 400/500 "no access" until the provider activates the phone module.
  if ((code === 3 || code === 13) && NO_ACCESS.test(message)) return 'restricted';
  switch (code) {
    case 16:
      return 'invalid_key';
    case 13:
      // 13 is gRPC INTERNAL; the gateway reuses it for "can't get credit" (also sent for a malformed key).
      return /credit/i.test(message) ? 'no_credits' : 'server_error';
    case 5:
      return 'no_match';
    case 3:
    case 11:
      return 'invalid_input';
    case 7:
    case 9:
      return 'restricted';
    case 8:
      return 'rate_limited';
    case 1:
    case 2:
    case 4:
    case 10:
    case 14:
    case 15:
      return 'server_error';
    default:
      return undefined;
  }
}

const NO_ACCESS = /no access|not activated|access denied/i;

/** For answers without a usable body, and for codes we have never seen. */
export function kindForHttpStatus(status: number): ApiErrorKind {
  if (status === 400 || status === 422) return 'invalid_input';
  if (status === 401) return 'invalid_key';
  if (status === 402) return 'no_credits';
  if (status === 403) return 'restricted';
  if (status === 404) return 'no_match';
  if (status === 429) return 'rate_limited';
  if (status === 408 || status >= 500) return 'server_error';
  return 'unexpected_response';
}
