import { describe, expect, it, vi } from 'vitest';
import { createEnrichmentClient } from '@/lib/api';

/**
 * Which failures prove the gateway did not serve (and so did not bill) a request. Only those
 * may be re-sent for a paid lookup; every other failure is a lost answer.
 */
function clientAnswering(respond: () => Promise<Response> | Response, options: { timeoutMs?: number; beforeRequest?: () => Promise<void> } = {}) {
  return createEnrichmentClient({ baseUrl: 'https://gateway.example/api/ingress/', apiKey: 'k', fetch: async () => respond(), ...options });
}

const body = (status: number, value: unknown, headers: Record<string, string> = {}) =>
  new Response(typeof value === 'string' ? value : JSON.stringify(value), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('answerLost', () => {
  it.each([
    ['the gateway’s error body on a 500', () => body(500, { code: 2, message: 'internal' }), 'server_error', false],
    ['the gateway’s 429 body', () => body(429, { code: 8, message: 'slow down' }, { 'retry-after': '1' }), 'rate_limited', false],
    ['a bare 429 from a proxy', () => body(429, ''), 'rate_limited', false],
    ['a bare 503 from a proxy (its router may have timed out after passing the request on)', () => body(503, '<html>busy</html>'), 'server_error', true],
    ['a bare 408 from a proxy', () => body(408, ''), 'server_error', true],
    ['a 502 page from a proxy', () => body(502, '<!doctype html><title>502</title>'), 'server_error', true],
    ['a 504 without body', () => body(504, ''), 'server_error', true],
    ['a 200 cut short', () => body(200, '{"data": {"fullName": "Tru'), 'unexpected_response', true],
    ['a 200 of another shape', () => body(200, { ok: true, results: [] }), 'unexpected_response', true],
    ['a dropped connection', () => Promise.reject(new TypeError('Failed to fetch')), 'network_error', true],
  ] as const)('%s', async (_, respond, kind, lost) => {
    const result = await clientAnswering(respond).fullEnrich({ data: 'https://www.linkedin.com/in/maya-chen/' });
    expect(result).toMatchObject({ ok: false, error: { kind, answerLost: lost } });
  });

  it('a time-out after the request left is a lost answer', async () => {
    const result = await clientAnswering(() => new Promise<Response>(() => {}), { timeoutMs: 30 }).fullEnrich({ data: 'https://www.linkedin.com/in/maya-chen/' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'timeout', answerLost: true } });
  });

  it('waiting for a rate slot sends nothing and does not eat into the time-out', async () => {
    const fetch = vi.fn(async () => body(200, { data: { fullName: 'Maya Chen' }, creditBurn: '2' }));
    const client = createEnrichmentClient({
      baseUrl: 'https://gateway.example/api/ingress/',
      apiKey: 'k',
      timeoutMs: 30,
      fetch,
      beforeRequest: () => new Promise((r) => setTimeout(r, 80)),
    });
    expect(await client.fullEnrich({ data: 'https://www.linkedin.com/in/maya-chen/' })).toMatchObject({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('every HTTP request takes a rate slot, each alias tried included, and a Retry-After pauses them all', async () => {
    const beforeRequest = vi.fn(async () => {});
    const onRetryAfter = vi.fn();
    const replies = [new Response('not found', { status: 404 }), body(429, { code: 8, message: 'slow down' }, { 'retry-after': '2' })];
    const client = createEnrichmentClient({ baseUrl: 'https://gateway.example/api/ingress/', apiKey: 'k', fetch: async () => replies.shift()!, beforeRequest, onRetryAfter });
    expect(await client.getCredits()).toMatchObject({ ok: false, error: { kind: 'rate_limited' } });
    expect(beforeRequest).toHaveBeenCalledTimes(2);
    expect(onRetryAfter).toHaveBeenCalledWith(2000);
  });

  it('a slot counts from when its request leaves: after what the lookup does first (its journal entry), right before the fetch', async () => {
    const events: string[] = [];
    const slot = { leaving: vi.fn(() => events.push('leaving')), unused: vi.fn() };
    const client = createEnrichmentClient({
      baseUrl: 'https://gateway.example/api/ingress/',
      apiKey: 'k',
      fetch: async () => (events.push('fetch'), body(200, { data: { fullName: 'Maya Chen' }, creditBurn: '2' })),
      beforeRequest: async () => (events.push('slot'), slot),
    });
    const sender = client.sending!(async () => void events.push('journal'));
    expect(await sender.fullEnrich({ data: 'https://www.linkedin.com/in/maya-chen/' })).toMatchObject({ ok: true });
    expect(events).toEqual(['slot', 'journal', 'leaving', 'fetch']);
    expect(slot.unused).not.toHaveBeenCalled();
  });

  it('a slot whose request never leaves is given back: stopped before it left, or its journal entry not written', async () => {
    const stopped = { leaving: vi.fn(), unused: vi.fn() };
    const controller = new AbortController();
    const fetch = vi.fn();
    const stoppedClient = createEnrichmentClient({
      baseUrl: 'https://gateway.example/api/ingress/',
      apiKey: 'k',
      fetch,
      signal: controller.signal,
      beforeRequest: async () => (controller.abort(), stopped),
    });
    expect(await stoppedClient.fullEnrich({ data: 'https://www.linkedin.com/in/maya-chen/' })).toMatchObject({ ok: false, error: { answerLost: false } });
    expect(stopped.unused).toHaveBeenCalledTimes(1);
    expect(stopped.leaving).not.toHaveBeenCalled();

    const unwritten = { leaving: vi.fn(), unused: vi.fn() };
    const client = createEnrichmentClient({ baseUrl: 'https://gateway.example/api/ingress/', apiKey: 'k', fetch, beforeRequest: async () => unwritten });
    const sender = client.sending!(async () => Promise.reject(new Error('storage full')));
    expect(await sender.fullEnrich({ data: 'https://www.linkedin.com/in/maya-chen/' })).toMatchObject({ ok: false, error: { detail: expect.stringContaining('storage full') } });
    expect(unwritten.unused).toHaveBeenCalledTimes(1);
    expect(fetch).not.toHaveBeenCalled();
  });
});
