import { kindForGatewayCode, kindForHttpStatus } from '@/lib/api/classify';
import { apiError, type ApiError } from '@/lib/api/errors';
import { parseRetryAfter } from '@/lib/api/retry-after';
import { gatewayErrorOf, type Reply } from '@/lib/api/transport';

export type Judged = { ok: true; body: unknown } | { ok: false; error: ApiError };

/**
 * Decides whether an answer is a success body or one of our error kinds. The JSON body is
 * read whatever the status: the gateway's `{code}` is more precise than HTTP, and a 200 may
 * still carry an error.
 */
export function judge(reply: Reply, apiKey: string, now: number = Date.now()): Judged {
  const { status, path } = reply;
  const gateway = gatewayErrorOf(reply.json?.value);
  const retryAfterMs = parseRetryAfter(reply.headers?.get('retry-after'), now);
  const fail = (kind: ApiError['kind'], detail: string, answerLost: boolean, code?: number): Judged => ({
    ok: false,
    error: apiError(kind, { status, code, retryAfterMs, answerLost, detail: `HTTP ${status} from ${path}: ${detail}` }, apiKey),
  });

  // The gateway's own error body says the lookup failed, and a failed lookup is free.
  if (gateway && gateway.code !== 0) {
    return fail(kindForGatewayCode(gateway.code, gateway.message) ?? kindForHttpStatus(status), gateway.message || '(no message)', false, gateway.code);
  }
  const success = status >= 200 && status < 300;
  if (!reply.json) {
    const what = reply.snippet === undefined ? 'empty body' : `the body is not JSON (${describeSnippet(reply.snippet)})`;
    // An HTML page with 200 is a captive portal or a wrong address, not a success.
    return fail(success ? 'unexpected_response' : kindForHttpStatus(status), what, answerLostWithoutBody(status));
  }
  if (!success) return fail(kindForHttpStatus(status), 'a JSON body without an error code', answerLostWithoutBody(status));
  return { ok: true, body: reply.json.value };
}

/**
 * Without the gateway's `{code}` body the answer came from something in front of it (a proxy,
 * a portal). Only a 429 says the request was turned away before any work; a 503 or a 408 from
 * a proxy may come after the gateway received it (a router time-out, an upstream reset), and a
 * 502, a 504 or a 200 we cannot read may come after it served and charged it. A bare 4xx
 * otherwise (auth, routing) is final and never retried, lost or not.
 */
function answerLostWithoutBody(status: number): boolean {
  if (status === 429) return false;
  if (status >= 400 && status < 500 && status !== 408) return false;
  return true;
}

function describeSnippet(snippet: string): string {
  return /<html|<!doctype/i.test(snippet) ? 'an HTML page' : JSON.stringify(snippet.slice(0, 80));
}
