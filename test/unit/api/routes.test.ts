import { describe, expect, it } from 'vitest';
import { ROUTES } from '@/lib/api';
import { clientWith, fixture, json, pathOf, text } from '@/test/unit/api/fake-gateway';

/** A gateway that only has the live aliases, as gateway-notes.md describes it. */
function liveOnly(answers: Record<string, unknown>) {
  return clientWith((url) => {
    const body = answers[pathOf(url)];
    return body === undefined ? text('404 page not found', 404, 'text/plain') : json(body);
  });
}

describe('route table', () => {
  it('lists the interface path first, then the aliases', () => {
    expect(ROUTES.getCredits).toEqual(['v1/getCredit', 'v1/mine']);
    expect(ROUTES.searchPersonalEmail).toEqual(['v1/searchByEmail', 'v1/reverse_email']);
    expect(ROUTES.reversePhone).toEqual(['v1/searchByPhone', 'v1/reverse_phone_lookup']);
    expect(ROUTES.findWorkEmail).toEqual(['v6/findEmail', 'v8/findEmail']);
  });
});

describe('alias fallback', () => {
  it.each([
    ['getCredits', 'v1/mine', 'balance', (c: Client) => c.getCredits()],
    ['searchPersonalEmail', 'v1/reverse_email', 'reverse-email', (c: Client) => c.searchPersonalEmail({ email: 'tom@example.org' })],
    ['reversePhone', 'v1/reverse_phone_lookup', 'reverse-phone', (c: Client) => c.reversePhone({ phone: '+33612345678' })],
    ['findWorkEmail', 'v8/findEmail', 'find-email-valid', (c: Client) => c.findWorkEmail({ fullName: 'A B', company: 'Acme' })],
  ])('%s: a 404 without a {code} body moves on to %s', async (_op, alias, name, call) => {
    const { client, calls } = liveOnly({ [alias]: fixture(name) });
    const result = await call(client);
    expect(result.ok).toBe(true);
    expect(result.ok && result.path).toBe(alias);
    expect(calls.map(pathOf)).toEqual([...(ROUTES as Record<string, readonly string[]>)[_op]!]);
  });

  it('an empty 404 and an HTML 404 both mean the route is missing', async () => {
    for (const missing of [() => new Response(null, { status: 404 }), () => text('<html><h1>Not Found</h1></html>', 404)]) {
      const { client, calls } = clientWith((url) => (pathOf(url) === 'v1/mine' ? json(fixture('balance')) : missing()));
      expect((await client.getCredits()).ok).toBe(true);
      expect(calls).toHaveLength(2);
    }
  });

  it('a JSON 404 without {code, message} means the route is missing', async () => {
    const { client, calls } = clientWith((url) => (pathOf(url) === 'v1/mine' ? json(fixture('balance')) : json({ detail: 'nope' }, 404)));
    expect((await client.getCredits()).ok).toBe(true);
    expect(calls.map(pathOf)).toEqual(['v1/getCredit', 'v1/mine']);
  });

  it('a JSON {"code":5} 404 is a no-match and does NOT fall back', async () => {
    const { client, calls } = clientWith(() => json(fixture('error-not-found'), 404));
    const result = await client.reversePhone({ phone: '+33612345678' });
    expect(result.ok ? null : result.error).toMatchObject({ kind: 'no_match', status: 404, code: 5, retryable: false });
    expect(calls.map(pathOf)).toEqual(['v1/searchByPhone']);
  });

  it('other errors on the interface path do not fall back either', async () => {
    const { client, calls } = clientWith(() => json(fixture('error-invalid-key'), 401));
    expect((await client.getCredits()).ok).toBe(false);
    expect(calls).toHaveLength(1);
  });

  it('when no path exists, the error says the address may be wrong', async () => {
    const { client, calls } = liveOnly({});
    const result = await client.getCredits();
    expect(result.ok ? null : result.error).toMatchObject({ kind: 'unexpected_response', status: 404, retryable: false });
    expect(result.ok ? '' : result.error.detail).toContain('gateway address');
    expect(calls.map(pathOf)).toEqual(['v1/getCredit', 'v1/mine']);
  });

  it('remembers the working alias for the next call of the same client', async () => {
    const { client, calls } = liveOnly({ 'v1/mine': fixture('balance') });
    await client.getCredits();
    await client.getCredits();
    expect(calls.map(pathOf)).toEqual(['v1/getCredit', 'v1/mine', 'v1/mine']);
  });

  it('an operation with a single path reports its missing route', async () => {
    const { client, calls } = liveOnly({});
    const result = await client.microblogByUsername({ username: 'someone' });
    expect(result.ok ? null : result.error.kind).toBe('unexpected_response');
    expect(calls.map(pathOf)).toEqual(['v1/twitter/by_username']);
  });

  it('the timeout covers the aliases together', async () => {
    let n = 0;
    const { client, calls } = clientWith(
      () => (n++ === 0 ? text('', 404, 'text/plain') : new Promise<Response>(() => undefined)),
      { timeoutMs: 30 },
    );
    const result = await client.getCredits();
    expect(result.ok ? null : result.error.kind).toBe('timeout');
    expect(calls).toHaveLength(2);
  });
});

type Client = ReturnType<typeof clientWith>['client'];
