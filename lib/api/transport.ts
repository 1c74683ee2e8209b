import type { ResolvedConfig } from '@/lib/api/config';
import { startDeadline, type Deadline } from '@/lib/api/deadline';
import { apiError, type ApiError } from '@/lib/api/errors';
import type { Params } from '@/lib/enrichment/input-rules';
import { TRANSPORT_MESSAGES } from '@/lib/enrichment/messages';

/** An answer that arrived, before it is judged. `json` is absent when the body was not JSON. */
export interface Reply {
  path: string;
  status: number;
  headers: Headers | undefined;
  json?: { value: unknown };
  /** Start of a non-JSON body, for diagnostics only. */
  snippet?: string;
}

export type Sent = { ok: true; reply: Reply } | { ok: false; error: ApiError };

export function buildUrl(base: URL, path: string, params: Params, apiKey: string): URL {
  const url = new URL(path, base);
  // URLSearchParams percent-encodes every value: `+33…` becomes `%2B33…`, profile URLs are escaped whole.
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  url.searchParams.set('apiId', apiKey);
  return url;
}

/**
 * A route the gateway does not have answers 404 with no `{code, message}` body (a framework
 * page or nothing); a lookup that found no one answers 404 *with* `{"code":5,…}`.
 */
export function isMissingRoute(reply: Reply): boolean {
  return reply.status === 404 && gatewayErrorOf(reply.json?.value) === undefined;
}

export interface GatewayError {
  code: number;
  message: string;
}

/** The gateway's gRPC-style error body; `error` is the older grpc-gateway spelling of `message`. */
export function gatewayErrorOf(value: unknown): GatewayError | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { code, message, error } = value as Record<string, unknown>;
  if (typeof code !== 'number' || !Number.isInteger(code)) return undefined;
  const text = typeof message === 'string' ? message : typeof error === 'string' ? error : undefined;
  return text === undefined ? undefined : { code, message: text };
}

/**
 * Sends one operation: the route's paths in order (a remembered working path first), moving
 * on only while the gateway says the route does not exist. One deadline covers all of it.
 */
export async function send(config: ResolvedConfig & { base: URL }, paths: readonly string[], params: Params): Promise<Sent> {
  let deadline: Deadline | undefined;
  try {
    let missing: Reply | undefined;
    for (const path of paths) {
      // Waiting for a rate slot sends nothing: the clock starts with the first request, and a
      // call stopped before a request left is reported as such, never as a lost answer.
      const slot = await config.beforeRequest?.();
      deadline ??= startDeadline(config.timeoutMs, config.signal);
      const stopped = deadline.cause();
      if (stopped) {
        slot?.unused();
        return { ok: false, error: apiError(stopped, { detail: `${path}: stopped (${stopped}) before the request was sent.`, answerLost: false }, config.apiKey) };
      }
      slot?.leaving();
      const attempt = await sendOnce(config, deadline, path, params);
      if (!attempt.ok) return attempt;
      if (!isMissingRoute(attempt.reply)) return attempt;
      missing = attempt.reply;
    }
    return {
      ok: false,
      error: apiError(
        'unexpected_response',
        { status: missing?.status, detail: `No route answered (tried ${paths.join(', ')}): the gateway address may be wrong.` },
        config.apiKey,
      ),
    };
  } finally {
    deadline?.dispose();
  }
}

/**
 * The most a gateway answer may weigh. The largest real answers (a full enrichment with its
 * company) are a few tens of kilobytes; anything past this is a broken or hostile server, and
 * a worker that buffered it whole could run out of memory.
 */
export const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

async function sendOnce(config: ResolvedConfig & { base: URL }, deadline: Deadline, path: string, params: Params): Promise<Sent> {
  const url = buildUrl(config.base, path, params, config.apiKey);
  let status: number | undefined;
  try {
    const response = await deadline.race(
      config.fetch(url.toString(), {
        method: 'GET',
        headers: { Accept: 'application/json' },
        credentials: 'omit',
        // The key is in the query string: a redirect would hand it to whatever host it names.
        // `manual` (not `error`) so that a redirect is reported as one, not as a vague network error.
        redirect: 'manual',
        signal: deadline.signal,
      }),
    );
    status = response.status;
    if (isRedirect(response)) {
      void response.body?.cancel().catch(() => undefined);
      return { ok: false, error: apiError('unexpected_response', { status: status || undefined, message: TRANSPORT_MESSAGES.redirect, detail: `${path}: the gateway answered with a redirect, which was not followed.` }, config.apiKey) };
    }
    const body = await readLimitedText(response, MAX_ANSWER_BYTES, deadline);
    if (body === undefined) {
      // Whatever the status, the gateway may have served (and billed) what it was sending.
      return { ok: false, error: apiError('unexpected_response', { status, message: TRANSPORT_MESSAGES.tooLarge, detail: `${path}: the answer passed ${MAX_ANSWER_BYTES} bytes and was cut off.`, answerLost: true }, config.apiKey) };
    }
    return { ok: true, reply: { path, status, headers: response.headers, ...readBody(body) } };
  } catch (thrown) {
    return { ok: false, error: failure(deadline, thrown, path, status, config.apiKey) };
  }
}

/** A browser's `manual` redirect is an opaque answer with status 0; Node's is the 3xx itself. */
function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400 && response.status !== 304);
}

/**
 * The body as text, read chunk by chunk and abandoned as soon as it passes `limit` bytes
 * (undefined then): an endless or huge answer is cut off, never buffered whole.
 */
export async function readLimitedText(response: Response, limit: number, deadline: Deadline): Promise<string | undefined> {
  const declared = Number(response.headers?.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    void response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  try {
    for (;;) {
      const { done, value } = await deadline.race(reader.read());
      if (done) return text + decoder.decode();
      received += value.byteLength;
      if (received > limit) return undefined;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    // Stops the download of the rest (a no-op once the body is finished).
    void reader.cancel().catch(() => undefined);
  }
}

function readBody(body: string): Pick<Reply, 'json' | 'snippet'> {
  if (body.trim() === '') return {};
  try {
    return { json: { value: JSON.parse(body) as unknown } };
  } catch {
    return { snippet: body.slice(0, 200) };
  }
}

function failure(deadline: Deadline, thrown: unknown, path: string, status: number | undefined, apiKey: string): ApiError {
  const cause = deadline.cause();
  if (cause) return apiError(cause, { status, detail: `${path}: stopped (${cause}) before the answer arrived.` }, apiKey);
  const reason = thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown);
  return apiError('network_error', { status, detail: `${path}: ${reason}` }, apiKey);
}
