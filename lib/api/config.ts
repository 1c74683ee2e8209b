import { normaliseApiKey } from '@/lib/enrichment/api-key';

/** A place under the gateway's rate limit, held until the request leaves (lib/lookup/worker/rate-limiter.ts). */
export interface RequestSlot {
  leaving(): void;
  unused(): void;
}

export interface EnrichmentClientConfig {
  /** The gateway's address followed by `/api/ingress/`; the trailing slash is optional. */
  baseUrl: string;
  apiKey: string;
  /** Injected for tests and the in-process sandbox; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Budget for a whole call, aliases included. */
  timeoutMs?: number;
  /** Aborts every call of this client (e.g. when the lookup that wanted it is abandoned). */
  signal?: AbortSignal;
  /**
   * Awaited before every HTTP request (each alias tried included): the shared rate limiter. What it
   * gives is told when the request leaves, or that it never will (RequestSlot).
   */
  beforeRequest?: () => Promise<RequestSlot | void>;
  /** Told when the gateway asks for a pause (429 with Retry-After), so every caller waits. */
  onRetryAfter?: (ms: number) => void;
}

/**
 * Chrome cuts a service worker's fetch that has not answered within 30 s; our own timeout
 * must fire first so that the caller gets a typed `timeout` rather than a dead worker.
 */
export const DEFAULT_TIMEOUT_MS = 20_000;
export const MAX_TIMEOUT_MS = 25_000;

export interface ResolvedConfig {
  /** Undefined when the address cannot be a gateway; every call then fails without a request. */
  base: URL | undefined;
  /** Trimmed: a pasted key with a trailing newline drew misleading "can't get credit" errors. */
  apiKey: string;
  fetch: typeof fetch;
  timeoutMs: number;
  signal: AbortSignal | undefined;
  beforeRequest: (() => Promise<RequestSlot | void>) | undefined;
  onRetryAfter: ((ms: number) => void) | undefined;
}

/** Never throws: a bad setting is reported by each call, as data, like any other failure. */
export function resolveConfig(config: EnrichmentClientConfig): ResolvedConfig {
  const timeout = config.timeoutMs;
  return {
    base: baseUrlOf(config.baseUrl),
    apiKey: typeof config.apiKey === 'string' ? normaliseApiKey(config.apiKey) : '',
    // Called through a wrapper: a detached `fetch` throws "Illegal invocation" in browsers.
    fetch: config.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    timeoutMs: typeof timeout === 'number' && timeout > 0 ? Math.min(timeout, MAX_TIMEOUT_MS) : DEFAULT_TIMEOUT_MS,
    signal: config.signal,
    beforeRequest: config.beforeRequest,
    onRetryAfter: config.onRetryAfter,
  };
}

function baseUrlOf(value: unknown): URL | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    // Without the slash, relative paths would replace the last segment (`ingress`) instead of following it.
    if (!url.pathname.endsWith('/')) url.pathname += '/';
    url.search = '';
    url.hash = '';
    return url;
  } catch {
    return undefined;
  }
}
