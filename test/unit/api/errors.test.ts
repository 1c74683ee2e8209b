import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_ERROR_KINDS, ERROR_MESSAGES, type ApiError, type ApiErrorKind } from '@/lib/api';
import { clientWith, fixture, json, KEY, text } from '@/test/unit/api/fake-gateway';

function expectError(result: { ok: true } | { ok: false; error: ApiError }): ApiError {
  if (result.ok) throw new Error('expected an error');
  return result.error;
}

async function errorFor(response: () => Response): Promise<ApiError> {
  const { client } = clientWith(response);
  return expectError(await client.getCredits());
}

describe('gateway error bodies, read whatever the status', () => {
  it.each<[string, string, number, ApiErrorKind, boolean]>([
    ['code 16 / 401', 'error-invalid-key', 401, 'invalid_key', false],
    ['code 13 "can\'t get credit" / 500', 'error-no-credit', 500, 'no_credits', false],
    ['code 5 / 404 (JSON)', 'error-not-found', 404, 'no_match', false],
    ['code 3 / 400', 'error-invalid-argument', 400, 'invalid_input', false],
    ['code 7 / 403', 'error-restricted', 403, 'restricted', false],
    ['code 8 / 429', 'error-rate-limited', 429, 'rate_limited', true],
  ])('%s', async (_label, name, status, kind, retryable) => {
    const body = fixture(name) as { code: number };
    const error = await errorFor(() => json(body, status));
    expect(error).toMatchObject({ kind, status, code: body.code, retryable, message: ERROR_MESSAGES[kind] });
    expect(error.detail).toContain('v1/getCredit');
  });

  it('the code wins over the status (a 200 carrying code 16 is still an invalid key)', async () => {
    expect((await errorFor(() => json({ code: 16, message: 'apiId is not valid' }, 200))).kind).toBe('invalid_key');
    expect((await errorFor(() => json({ code: 13, message: "can't get credit" }, 200))).kind).toBe('no_credits');
  });

  it('code 13 without a credit message is a server error, which may be retried', async () => {
    expect(await errorFor(() => json({ code: 13, message: 'internal error' }, 500))).toMatchObject({ kind: 'server_error', retryable: true });
  });

  it('"no access" before the phone module is activated is restricted, from 400 or 500', async () => {
    expect((await errorFor(() => json({ code: 3, message: 'no access' }, 400))).kind).toBe('restricted');
    expect((await errorFor(() => json({ code: 13, message: 'No access to phone module' }, 500))).kind).toBe('restricted');
  });

  it('an unknown code falls back on the HTTP status', async () => {
    expect((await errorFor(() => json({ code: 42, message: 'odd' }, 503))).kind).toBe('server_error');
    expect((await errorFor(() => json({ code: 42, message: 'odd' }, 418))).kind).toBe('unexpected_response');
  });

  it('code 14 (unavailable) is a retryable server error', async () => {
    expect(await errorFor(() => json({ code: 14, message: 'unavailable' }, 503))).toMatchObject({ kind: 'server_error', retryable: true });
  });
});

describe('answers without a usable body', () => {
  it.each<[number, ApiErrorKind]>([
    [401, 'invalid_key'],
    [403, 'restricted'],
    [429, 'rate_limited'],
    [500, 'server_error'],
    [502, 'server_error'],
    [503, 'server_error'],
    [400, 'invalid_input'],
  ])('HTTP %i without JSON → %s', async (status, kind) => {
    expect((await errorFor(() => text('', status, 'text/plain'))).kind).toBe(kind);
  });

  it('an HTML error page with a 5xx is a server error', async () => {
    const error = await errorFor(() => text('<!DOCTYPE html><html><body>502 Bad Gateway</body></html>', 502));
    expect(error).toMatchObject({ kind: 'server_error', status: 502, retryable: true });
    expect(error.detail).toContain('HTML');
  });

  it('an HTML page with 200 is an unexpected response, not a success', async () => {
    expect(await errorFor(() => text('<html><body>Sign in to the Wi-Fi</body></html>', 200))).toMatchObject({
      kind: 'unexpected_response',
      status: 200,
      retryable: false,
    });
  });

  it('malformed JSON is an unexpected response', async () => {
    expect((await errorFor(() => text('{"currentCredit": "30', 200, 'application/json'))).kind).toBe('unexpected_response');
  });

  it('an empty 200 is an unexpected response', async () => {
    expect((await errorFor(() => text('', 200, 'application/json'))).kind).toBe('unexpected_response');
  });

  it.each([[{ hello: 'world' }], [[1, 2, 3]], ['a string'], [null], [{ currentCredit: 'plenty' }]])(
    'JSON of the wrong shape (%j) is an unexpected response',
    async (body) => {
      expect((await errorFor(() => json(body))).kind).toBe('unexpected_response');
    },
  );

  it('every operation rejects a body of the wrong shape', async () => {
    const { client } = clientWith(() => json({ unrelated: true }));
    const results = await Promise.all([
      client.fullEnrich({ data: 'jeanne@acme-example.fr' }),
      client.enrichCompany({ company: 'Acme' }),
      client.findWorkEmail({ fullName: 'A B', company: 'Acme' }),
      client.searchPhone({ email: 'a@example.org' }),
      client.searchPersonalEmail({ email: 'a@example.org' }),
      client.reversePhone({ phone: '+33612345678' }),
      client.microblogByUsername({ username: 'abc' }),
      client.microblogByEmail({ email: 'a@example.org' }),
      client.getCredits(),
    ]);
    expect(results.map((r) => (r.ok ? 'ok' : r.error.kind))).toEqual(Array(9).fill('unexpected_response'));
  });
});

describe('Retry-After', () => {
  afterEach(() => vi.useRealTimers());

  it('in seconds', async () => {
    const error = await errorFor(() => json(fixture('error-rate-limited'), 429, { 'Retry-After': '7' }));
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 7000, retryable: true });
  });

  it('as an HTTP date', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-09-15T10:00:00Z'));
    const error = await errorFor(() => json(fixture('error-rate-limited'), 429, { 'Retry-After': 'Tue, 15 Sep 2026 10:00:30 GMT' }));
    expect(error.retryAfterMs).toBe(30_000);
  });

  it('absent or unreadable: no retryAfterMs, still retryable', async () => {
    const error = await errorFor(() => json(fixture('error-rate-limited'), 429, { 'Retry-After': 'soon' }));
    expect(error.retryAfterMs).toBeUndefined();
    expect(error.retryable).toBe(true);
  });

  it('a 503 that asks for a pause says so too', async () => {
    const { client } = clientWith(() => new Response('busy', { status: 503, headers: { 'Retry-After': '2' } }));
    expect(expectError(await client.getCredits())).toMatchObject({ kind: 'server_error', retryAfterMs: 2000 });
  });

  it('is not attached to final errors', async () => {
    const error = await errorFor(() => json(fixture('error-invalid-key'), 401, { 'Retry-After': '5' }));
    expect(error.retryAfterMs).toBeUndefined();
  });
});

describe('transport failures', () => {
  it('fetch throwing is a retryable network error', async () => {
    const { client } = clientWith(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(expectError(await client.getCredits())).toMatchObject({ kind: 'network_error', retryable: true, message: ERROR_MESSAGES.network_error });
  });

  it('fetch rejecting with a non-Error is a network error', async () => {
    const { client } = clientWith(() => Promise.reject('socket hang up'));
    expect(expectError(await client.getCredits()).kind).toBe('network_error');
  });

  it('a body that fails while being read is a network error', async () => {
    const broken = new Response(new ReadableStream({ start: (c) => c.error(new Error('connection reset')) }), { status: 200 });
    const { client } = clientWith(() => broken);
    expect(expectError(await client.getCredits()).kind).toBe('network_error');
  });

  it('a fetch that never answers times out at timeoutMs, even when it ignores the signal', async () => {
    const { client } = clientWith(() => new Promise<Response>(() => undefined), { timeoutMs: 30 });
    const started = Date.now();
    const error = expectError(await client.getCredits());
    expect(error).toMatchObject({ kind: 'timeout', retryable: true, message: ERROR_MESSAGES.timeout });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('the fetch is given a signal that aborts on timeout', async () => {
    let seen: AbortSignal | undefined;
    const { client } = createWithInit((init) => {
      seen = init?.signal ?? undefined;
      return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    });
    expect(expectError(await client.getCredits()).kind).toBe('timeout');
    expect(seen?.aborted).toBe(true);
  });

  it("the caller's signal cancels, without a retry verdict", async () => {
    const controller = new AbortController();
    const { client } = clientWith(() => new Promise<Response>(() => undefined), { signal: controller.signal });
    const pending = client.getCredits();
    controller.abort();
    expect(expectError(await pending)).toMatchObject({ kind: 'cancelled', retryable: false });
  });

  it('an already-aborted signal makes no request wait', async () => {
    const { client } = clientWith(() => new Promise<Response>(() => undefined), { signal: AbortSignal.abort() });
    expect(expectError(await client.getCredits()).kind).toBe('cancelled');
  });

  it('a fetch returning something that is not a Response is reported, not thrown', async () => {
    const { client } = clientWith(() => ({}) as Response);
    const result = await client.getCredits();
    expect(result.ok).toBe(false);
  });
});

describe('configuration problems are reported per call, without a request', () => {
  it('an empty (or whitespace) key', async () => {
    const { client, calls } = clientWith(() => json(fixture('balance')), { apiKey: ' \n' });
    expect(expectError(await client.getCredits())).toMatchObject({ kind: 'invalid_key', retryable: false });
    expect(calls).toHaveLength(0);
  });

  it('a base URL that is not a web address', async () => {
    const { client, calls } = clientWith(() => json(fixture('balance')), { baseUrl: 'not a url' });
    expect(expectError(await client.getCredits()).kind).toBe('invalid_input');
    expect(calls).toHaveLength(0);
  });
});

describe('the key never appears in an error', () => {
  const keys = [KEY, 'sk_live_51Habc-DEF.ghi', 'key with spaces?&=', 'ÅPÏ-ḱëý-ünïcödé-0042', `${'x'.repeat(64)}`];
  const echoes: Array<[string, (key: string) => Response]> = [
    ['gateway echoes the URL in its message', (key) => json({ code: 16, message: `apiId=${key} is not valid` }, 401)],
    ['gateway echoes the bare key', (key) => json({ code: 13, message: `can't get credit for ${key}` }, 500)],
    ['HTML page quoting the request', (key) => text(`<html>GET /v1/getCredit?apiId=${encodeURIComponent(key)} failed</html>`, 502)],
    ['rate limited', () => json({ code: 8, message: 'slow down' }, 429, { 'Retry-After': '1' })],
    ['unexpected body', (key) => json({ weird: key })],
    ['no match', (key) => json({ code: 5, message: `Not found (${key})` }, 404)],
  ];

  it.each(keys)('key %j', async (key) => {
    const failures: Array<() => Response> = echoes.map(([, make]) => () => make(key));
    for (const respond of failures) {
      const { client } = clientWith(respond, { apiKey: `  ${key}\n` });
      const error = expectError(await client.getCredits());
      const everything = JSON.stringify(error);
      expect(everything).not.toContain(key);
      expect(everything).not.toContain(encodeURIComponent(key));
    }
    const thrower = clientWith(
      (url) => {
        throw new TypeError(`request to ${url.href} failed`);
      },
      { apiKey: key },
    );
    const error = expectError(await thrower.client.getCredits());
    expect(error.detail).toContain('apiId=***');
    expect(JSON.stringify(error)).not.toContain(encodeURIComponent(key));
  });

  it('every kind has a message, and no message is a template for the key', () => {
    for (const kind of API_ERROR_KINDS) {
      expect(ERROR_MESSAGES[kind].length).toBeGreaterThan(20);
      expect(ERROR_MESSAGES[kind]).not.toMatch(/apiId/i);
    }
  });
});

/** A client whose fetch sees the RequestInit, to check what the client passes along. */
function createWithInit(fetchImpl: (init: RequestInit | undefined) => Promise<Response>) {
  return clientWith(() => new Response(), {
    timeoutMs: 30,
    fetch: ((_input: RequestInfo | URL, init?: RequestInit) => fetchImpl(init)) as typeof fetch,
  });
}
