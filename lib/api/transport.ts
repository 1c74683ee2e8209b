import type { ResolvedConfig } from './config';
import { startDeadline, type Deadline } from './deadline';
import { apiError, type ApiError } from './errors';
import type { Params } from './inputs/common';

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
      await config.beforeRequest?.();
      deadline ??= startDeadline(config.timeoutMs, config.signal);
      const stopped = deadline.cause();
      if (stopped) return { ok: false, error: apiError(stopped, { detail: `${path}: stopped (${stopped}) before the request was sent.`, answerLost: false }, config.apiKey) };
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

async function sendOnce(config: ResolvedConfig & { base: URL }, deadline: Deadline, path: string, params: Params): Promise<Sent> {
  const url = buildUrl(config.base, path, params, config.apiKey);
  let status: number | undefined;
  try {
    const response = await deadline.race(
      config.fetch(url.toString(), {
        method: 'GET',
        headers: { Accept: 'application/json' },
        credentials: 'omit',
        signal: deadline.signal,
      }),
    );
    status = response.status;
    const body = await deadline.race(response.text());
    return { ok: true, reply: { path, status, headers: response.headers, ...readBody(body) } };
  } catch (thrown) {
    return { ok: false, error: failure(deadline, thrown, path, status, config.apiKey) };
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
