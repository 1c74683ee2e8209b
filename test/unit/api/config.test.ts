import { describe, expect, it } from 'vitest';
import { createEnrichmentClient, DEFAULT_TIMEOUT_MS } from '@/lib/api';
import { MAX_TIMEOUT_MS, resolveConfig } from '@/lib/api/config';

describe('resolveConfig', () => {
  it('defaults the timeout to 20 s, under the 30 s Chrome gives a worker fetch', () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(20_000);
    expect(resolveConfig({ baseUrl: 'https://gw.example/api/ingress/', apiKey: 'k' }).timeoutMs).toBe(20_000);
  });

  it.each([
    [50, 50],
    [0, DEFAULT_TIMEOUT_MS],
    [-1, DEFAULT_TIMEOUT_MS],
    [Number.NaN, DEFAULT_TIMEOUT_MS],
    [60_000, MAX_TIMEOUT_MS],
  ])('timeoutMs %d → %d', (given, expected) => {
    expect(resolveConfig({ baseUrl: 'https://gw.example/api/ingress/', apiKey: 'k', timeoutMs: given }).timeoutMs).toBe(expected);
  });

  it('normalises the base URL and drops a query or fragment', () => {
    expect(resolveConfig({ baseUrl: ' https://gw.example/api/ingress?x=1#y ', apiKey: 'k' }).base?.href).toBe(
      'https://gw.example/api/ingress/',
    );
  });

  it.each(['', 'gw.example/api/ingress/', 'ftp://gw.example/', 'javascript:alert(1)'])('refuses the base URL %j', (baseUrl) => {
    expect(resolveConfig({ baseUrl, apiKey: 'k' }).base).toBeUndefined();
  });

  it('trims the key', () => {
    expect(resolveConfig({ baseUrl: 'https://gw.example/', apiKey: ' key-1\n' }).apiKey).toBe('key-1');
  });
});

describe('createEnrichmentClient', () => {
  it('never throws, even for nonsense configuration', async () => {
    const client = createEnrichmentClient({ baseUrl: 42, apiKey: undefined } as never);
    const result = await client.getCredits();
    expect(result.ok).toBe(false);
  });

  it('calls the global fetch through a wrapper, so a browser never sees it detached', async () => {
    const original = globalThis.fetch;
    const seen: string[] = [];
    globalThis.fetch = async function (this: unknown, input: RequestInfo | URL) {
      seen.push(String(input));
      return new Response(JSON.stringify({ currentCredit: '1' }));
    } as typeof fetch;
    try {
      const client = createEnrichmentClient({ baseUrl: 'https://gw.example/api/ingress/', apiKey: 'key-1' });
      const result = await client.getCredits();
      expect(result.ok && result.value.credits).toBe(1);
      expect(seen).toEqual(['https://gw.example/api/ingress/v1/getCredit?apiId=key-1']);
    } finally {
      globalThis.fetch = original;
    }
  });
});
