import { readFileSync } from 'node:fs';
import { createEnrichmentClient, type EnrichmentClientConfig } from '@/lib/api';

export const BASE_URL = 'http://127.0.0.1:8787/api/ingress/';
export const KEY = 'test-key-4f2a9c';

export function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../../fixtures/gateway/${name}.json`, import.meta.url), 'utf8')) as unknown;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export function text(body: string, status: number, contentType = 'text/html'): Response {
  return new Response(body, { status, headers: { 'content-type': contentType } });
}

type Responder = (url: URL) => Response | Promise<Response>;

/** A fetch that answers from `respond` and remembers every URL it was asked for. */
export function fakeFetch(respond: Responder) {
  const calls: URL[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    calls.push(url);
    return respond(url);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

/** Path relative to the base, e.g. `v1/mine`. */
export function pathOf(url: URL): string {
  return url.pathname.replace('/api/ingress/', '');
}

export function clientWith(respond: Responder, config: Partial<EnrichmentClientConfig> = {}) {
  const fake = fakeFetch(respond);
  const client = createEnrichmentClient({ baseUrl: BASE_URL, apiKey: KEY, fetch: fake.fetch, ...config });
  return { client, calls: fake.calls };
}

/** A client whose gateway answers every request with the same recorded body. */
export function clientAnswering(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return clientWith(() => json(body, status, headers));
}
