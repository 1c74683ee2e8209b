import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnrichmentClient, type ApiError } from '@/lib/api';
import { TRANSPORT_MESSAGES } from '@/lib/enrichment/messages';
import { MAX_ANSWER_BYTES } from '@/lib/api/transport';
import { BASE_URL, KEY } from '@/test/unit/api/fake-gateway';

/**
 * The key rides in the query string, so a redirect would carry it to another host; and a body
 * is read with a byte limit, so a huge or endless answer cannot fill the worker's memory.
 */

function errorOf(result: { ok: true } | { ok: false; error: ApiError }): ApiError {
  if (result.ok) throw new Error('expected an error');
  return result.error;
}

function clientWithFetch(fetch: typeof globalThis.fetch, baseUrl = BASE_URL) {
  return createEnrichmentClient({ baseUrl, apiKey: KEY, fetch, timeoutMs: 10_000 });
}

/** A stream of `chunk`-sized pieces that never ends on its own; counts what was pulled. */
function endlessBody(chunk = 64 * 1024) {
  const pulled = { bytes: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled.bytes += chunk;
      controller.enqueue(new Uint8Array(chunk).fill(0x20));
    },
    cancel() {
      pulled.cancelled = true;
    },
  });
  return { stream, pulled };
}

describe('redirects, with a fake fetch', () => {
  it('asks fetch not to follow them', async () => {
    const inits: (RequestInit | undefined)[] = [];
    const client = clientWithFetch((async (_url: RequestInfo | URL, init?: RequestInit) => {
      inits.push(init);
      return new Response('{"currentCredit":"5"}', { status: 200 });
    }) as typeof fetch);
    await client.getCredits();
    expect(inits[0]?.redirect).toBe('manual');
  });

  it.each([301, 302, 303, 307, 308])('a %i is a failure that names the redirect, not followed, without the key', async (status) => {
    const urls: string[] = [];
    const client = clientWithFetch((async (url: RequestInfo | URL) => {
      urls.push(String(url));
      return new Response(null, { status, headers: { location: `https://elsewhere.example/steal?apiId=${KEY}` } });
    }) as typeof fetch);
    const error = errorOf(await client.getCredits());
    expect(error).toMatchObject({ kind: 'unexpected_response', status, retryable: false, message: TRANSPORT_MESSAGES.redirect });
    expect(JSON.stringify(error)).not.toContain(KEY);
    expect(urls).toHaveLength(1);
  });

  it('a browser\'s opaque redirect (status 0) is a failure too', async () => {
    const client = clientWithFetch((async () => {
      const response = new Response(null, { status: 200 });
      Object.defineProperty(response, 'type', { value: 'opaqueredirect' });
      Object.defineProperty(response, 'status', { value: 0 });
      return response;
    }) as typeof fetch);
    const error = errorOf(await client.getCredits());
    expect(error).toMatchObject({ kind: 'unexpected_response', message: TRANSPORT_MESSAGES.redirect });
    expect(error.status).toBeUndefined();
  });
});

describe('answer size, with a fake fetch', () => {
  it('an endless body is cut off just past the limit and reported', async () => {
    const { stream, pulled } = endlessBody();
    const client = clientWithFetch((async () => new Response(stream, { status: 200 })) as typeof fetch);
    const error = errorOf(await client.getCredits());
    expect(error).toMatchObject({ kind: 'unexpected_response', status: 200, message: TRANSPORT_MESSAGES.tooLarge, answerLost: true });
    expect(JSON.stringify(error)).not.toContain(KEY);
    // Read in chunks and stopped: a handful of chunks past the limit at most, then cancelled.
    expect(pulled.bytes).toBeLessThan(MAX_ANSWER_BYTES + 8 * 64 * 1024);
    expect(pulled.cancelled).toBe(true);
  });

  it('a declared length past the limit is refused before reading', async () => {
    const { stream, pulled } = endlessBody();
    const client = clientWithFetch((async () => new Response(stream, { status: 200, headers: { 'content-length': String(50 * 1024 * 1024) } })) as typeof fetch);
    expect(errorOf(await client.getCredits()).message).toBe(TRANSPORT_MESSAGES.tooLarge);
    expect(pulled.bytes).toBeLessThanOrEqual(64 * 1024 * 2);
  });

  it('an answer just under the limit is read whole, multi-byte characters intact', async () => {
    const padding = 'é'.repeat(Math.floor((MAX_ANSWER_BYTES - 100) / 2));
    const body = JSON.stringify({ currentCredit: '7', padding });
    expect(new TextEncoder().encode(body).byteLength).toBeLessThan(MAX_ANSWER_BYTES);
    const client = clientWithFetch((async () => new Response(body, { status: 200 })) as typeof fetch);
    const result = await client.getCredits();
    expect(result.ok && result.value.credits).toBe(7);
  });
});

describe('against a real server on 127.0.0.1', () => {
  let gateway: Server;
  let thief: Server;
  let base = '';
  let thiefHits: string[] = [];
  let bytesSent = 0;
  let endlessClosed: Promise<void> = Promise.resolve();

  const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

  beforeAll(async () => {
    thief = createServer((req, res) => {
      thiefHits.push(req.url ?? '');
      res.end('{"currentCredit":"999"}');
    });
    const thiefPort = await listen(thief);
    gateway = createServer((req, res) => {
      if (req.url?.includes('mode=redirect') || req.url?.startsWith('/redirect/')) {
        res.writeHead(302, { location: `http://127.0.0.1:${thiefPort}${req.url}` });
        res.end();
        return;
      }
      // Endless: writes as fast as the client reads, until it hangs up.
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      endlessClosed = new Promise((resolve) => res.on('close', () => resolve()));
      const write = () => {
        while (!res.destroyed && res.write(chunk)) bytesSent += chunk.length;
        if (!res.destroyed) res.once('drain', write);
      };
      write();
    });
    base = `http://127.0.0.1:${await listen(gateway)}`;
  });

  afterAll(async () => {
    for (const server of [gateway, thief]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a 302 to another host is not followed: the other host never sees the key', async () => {
    thiefHits = [];
    const client = createEnrichmentClient({ baseUrl: `${base}/redirect/api/ingress/`, apiKey: KEY, timeoutMs: 10_000 });
    const error = errorOf(await client.getCredits());
    expect(error).toMatchObject({ kind: 'unexpected_response', status: 302, message: TRANSPORT_MESSAGES.redirect });
    expect(thiefHits).toEqual([]);
    expect(JSON.stringify(error)).not.toContain(KEY);
  });

  it('an endless answer is cut off and the connection dropped', async () => {
    bytesSent = 0;
    const client = createEnrichmentClient({ baseUrl: `${base}/endless/api/ingress/`, apiKey: KEY, timeoutMs: 10_000 });
    const error = errorOf(await client.getCredits());
    expect(error).toMatchObject({ kind: 'unexpected_response', status: 200, message: TRANSPORT_MESSAGES.tooLarge });
    await endlessClosed;
    // Socket buffers hold a few megabytes at most; an unbounded read would have run to the time-out.
    expect(bytesSent).toBeLessThan(MAX_ANSWER_BYTES + 16 * 1024 * 1024);
  });
});
