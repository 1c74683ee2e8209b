import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectionInputSchema } from '@/lib/crm/connection';
import {
  authorizeSalesforce,
  authorizeUrl,
  codeFromRedirect,
  createPkce,
  exchangeCode,
  pkceChallenge,
  refreshAccessToken,
  revokeToken,
  type WebAuthFlow,
} from '@/lib/crm/worker/salesforce/oauth';
import { SALESFORCE_CLIENT_ID, SALESFORCE_CONSUMER_SECRET, startSalesforceEmulator } from '@/test/emulators/salesforce';
import { followRedirect, REDIRECT_URI } from '@/test/unit/crm/salesforce-connect';

type Emulator = Awaited<ReturnType<typeof startSalesforceEmulator>>;
let sf: Emulator;
const input = () => ({ clientId: SALESFORCE_CLIENT_ID, clientSecret: SALESFORCE_CONSUMER_SECRET, loginHost: 'production' as const, apiBase: sf.origin });
const client = { clientId: SALESFORCE_CLIENT_ID, clientSecret: SALESFORCE_CONSUMER_SECRET };

beforeAll(async () => {
  sf = await startSalesforceEmulator();
});
afterAll(() => sf.server.close());
beforeEach(() => {
  sf.state.reset();
  sf.control.reset();
});

/** The emulator's authorize page, followed to its redirect by hand: a code, and the verifier the flow used. */
async function codeFor(verifier: string): Promise<string> {
  const url = authorizeUrl({ base: sf.origin, clientId: SALESFORCE_CLIENT_ID, redirectUri: REDIRECT_URI, challenge: await pkceChallenge(verifier), state: 's1' });
  return new URL((await followRedirect({ url, interactive: true }))!).searchParams.get('code')!;
}

describe('PKCE', () => {
  it('S256 of the verifier, as RFC 7636 appendix B computes it', async () => {
    expect(await pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('a fresh 43-character base64url verifier each time, with its challenge', async () => {
    const a = await createPkce();
    const b = await createPkce();
    expect(a.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.verifier).not.toBe(b.verifier);
    expect(a.challenge).toBe(await pkceChallenge(a.verifier));
  });
});

describe('the authorize URL and the redirect', () => {
  it('asks for a code with the S256 challenge, the state and the refresh_token scope on the chosen host', () => {
    const url = new URL(authorizeUrl({ base: 'https://test.salesforce.com', clientId: 'cid', redirectUri: REDIRECT_URI, challenge: 'ch', state: 'st' }));
    expect(url.origin + url.pathname).toBe('https://test.salesforce.com/services/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({ response_type: 'code', client_id: 'cid', redirect_uri: REDIRECT_URI, code_challenge: 'ch', code_challenge_method: 'S256', state: 'st', scope: 'api refresh_token' });
  });

  it('takes the code only from our redirect URL with our state; Salesforce’s error is said', () => {
    expect(codeFromRedirect(`${REDIRECT_URI}?code=abc&state=st`, REDIRECT_URI, 'st')).toEqual({ ok: true, value: 'abc' });
    expect(codeFromRedirect(`${REDIRECT_URI}?code=abc&state=other`, REDIRECT_URI, 'st')).toMatchObject({ ok: false, error: { kind: 'auth', message: expect.stringContaining('did not belong') } });
    expect(codeFromRedirect(`https://evil.example/?code=abc&state=st`, REDIRECT_URI, 'st')).toMatchObject({ ok: false, error: { kind: 'auth' } });
    expect(codeFromRedirect(`${REDIRECT_URI}?error=access_denied&error_description=end-user+denied+authorization&state=st`, REDIRECT_URI, 'st')).toMatchObject({
      ok: false,
      error: { message: 'Salesforce refused the connection: end-user denied authorization' },
    });
  });
});

describe('the flow against the emulator', () => {
  it('opens the auth window on the authorize page, exchanges the code with the verifier, keeps instance_url and tokens', async () => {
    const seen: string[] = [];
    const flow: WebAuthFlow = async (details) => {
      seen.push(details.url);
      expect(details.interactive).toBe(true);
      return followRedirect(details);
    };
    const result = await authorizeSalesforce(input(), { flow, redirectUri: REDIRECT_URI });
    expect(result).toMatchObject({ ok: true, value: { instanceUrl: sf.origin, identityUrl: expect.stringContaining('/id/00D') } });
    expect(seen[0]).toContain(`${sf.origin}/services/oauth2/authorize?`);
    expect(new URL(seen[0]!).searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.ok && sf.state.validToken(result.value.token)).toBe(true);
  });

  it('a redirect carrying another state is refused before any code is exchanged', async () => {
    const flow: WebAuthFlow = async (details) => (await followRedirect(details))!.replace(/state=[^&]+/, 'state=forged');
    const result = await authorizeSalesforce(input(), { flow, redirectUri: REDIRECT_URI });
    expect(result).toMatchObject({ ok: false, error: { kind: 'auth' } });
    expect(sf.state.sessions).toHaveLength(0);
    // The code was never spent: it is still pending in the org.
    expect(sf.state.codes.size).toBe(1);
  });

  it('the user closing the window is an auth error saying so', async () => {
    const result = await authorizeSalesforce(input(), { flow: async () => Promise.reject(new Error('The user did not approve access.')), redirectUri: REDIRECT_URI });
    expect(result).toMatchObject({ ok: false, error: { kind: 'auth', retryable: false, message: expect.stringContaining('The user did not approve access.') } });
  });

  it('the code exchange checks the verifier: a wrong one is refused, and the code is then spent', async () => {
    const code = await codeFor('the-right-verifier-0123456789-0123456789-abc');
    const wrong = await exchangeCode({ base: sf.origin, ...client, redirectUri: REDIRECT_URI, code, verifier: 'another-verifier-0123456789-0123456789-abcde' });
    expect(wrong).toMatchObject({ ok: false, error: { kind: 'auth', retryable: false, message: 'invalid code verifier' } });
    const again = await exchangeCode({ base: sf.origin, ...client, redirectUri: REDIRECT_URI, code, verifier: 'the-right-verifier-0123456789-0123456789-abc' });
    expect(again).toMatchObject({ ok: false, error: { message: 'invalid authorization code' } });
  });

  it('refresh gives a new access token and keeps the refresh token; revoke ends the grant', async () => {
    const first = await authorizeSalesforce(input(), { flow: followRedirect, redirectUri: REDIRECT_URI });
    if (!first.ok) throw new Error(first.error.message);
    const refreshed = await refreshAccessToken({ base: sf.origin, ...client, refreshToken: first.value.refreshToken });
    expect(refreshed).toMatchObject({ ok: true, value: { refreshToken: first.value.refreshToken, instanceUrl: sf.origin } });
    expect(refreshed.ok && refreshed.value.token).not.toBe(first.value.token);
    expect(await revokeToken({ base: sf.origin, token: first.value.refreshToken })).toEqual({ ok: true, value: undefined });
    expect(await refreshAccessToken({ base: sf.origin, ...client, refreshToken: first.value.refreshToken })).toMatchObject({ ok: false, error: { kind: 'auth', retryable: false } });
  });

  it('a token answer naming an instance outside Salesforce is refused: the token would go there', async () => {
    const fetchStub: typeof fetch = async () =>
      new Response(JSON.stringify({ access_token: '00D!AQtoken', refresh_token: '5Aep8refresh', instance_url: 'https://collector.evil.example', id: 'x' }), { status: 200, headers: { 'content-type': 'application/json' } });
    const result = await exchangeCode({ base: 'https://login.salesforce.com', clientId: 'cid', redirectUri: REDIRECT_URI, code: 'c0de', verifier: 'v'.repeat(43) }, { fetch: fetchStub });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_response', message: expect.stringContaining('collector.evil.example') } });
    const mydomain: typeof fetch = async () =>
      new Response(JSON.stringify({ access_token: '00D!AQtoken', refresh_token: '5Aep8refresh', instance_url: 'https://acme.my.salesforce.com' }), { status: 200 });
    expect(await exchangeCode({ base: 'https://login.salesforce.com', clientId: 'cid', redirectUri: REDIRECT_URI, code: 'c0de', verifier: 'v'.repeat(43) }, { fetch: mydomain })).toMatchObject({
      ok: true,
      value: { instanceUrl: 'https://acme.my.salesforce.com' },
    });
  });
});

describe('the app’s consumer secret', () => {
  const withoutSecret = () => ({ ...input(), clientSecret: undefined });
  const SETTINGS = /“Require secret for Web Server Flow” and “Require secret for Refresh Token Flow”/;

  it('is optional on the connect screen, and a piece of one is refused', () => {
    const base = { kind: 'salesforce', clientId: SALESFORCE_CLIENT_ID };
    expect(connectionInputSchema.parse(base)).not.toHaveProperty('clientSecret');
    expect(connectionInputSchema.parse({ ...base, clientSecret: ` ${SALESFORCE_CONSUMER_SECRET} ` })).toMatchObject({ clientSecret: SALESFORCE_CONSUMER_SECRET });
    expect(connectionInputSchema.safeParse({ ...base, clientSecret: 'abc' }).error?.issues[0]?.message).toBe('Paste the whole consumer secret, or leave it empty.');
  });

  it('goes as client_secret on the code exchange (with the PKCE verifier) and on the refresh', async () => {
    const bodies: URLSearchParams[] = [];
    const spy: typeof fetch = async (url, init) => {
      if (String(url).endsWith('/services/oauth2/token')) bodies.push(new URLSearchParams(String(init?.body)));
      return fetch(url, init);
    };
    const first = await authorizeSalesforce(input(), { flow: followRedirect, redirectUri: REDIRECT_URI, fetch: spy });
    if (!first.ok) throw new Error(first.error.message);
    expect(await refreshAccessToken({ base: sf.origin, ...client, refreshToken: first.value.refreshToken }, { fetch: spy })).toMatchObject({ ok: true });
    expect(bodies.map((b) => [b.get('grant_type'), b.get('client_secret')])).toEqual([
      ['authorization_code', SALESFORCE_CONSUMER_SECRET],
      ['refresh_token', SALESFORCE_CONSUMER_SECRET],
    ]);
    expect(bodies[0]!.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('connect without the secret the app requires: Salesforce’s invalid_client, said as the two ways out', async () => {
    const result = await authorizeSalesforce(withoutSecret(), { flow: followRedirect, redirectUri: REDIRECT_URI });
    expect(result).toMatchObject({ ok: false, error: { kind: 'auth', retryable: false, status: 400, code: 'invalid_client', message: expect.stringMatching(SETTINGS) } });
    expect(!result.ok && result.error.message).toContain('Paste its Consumer Secret in Dossier');
    expect(sf.state.sessions).toHaveLength(0);
  });

  it('a wrong secret is refused even by an app that requires none: the message says to copy it again', async () => {
    sf.state.requireSecret = { webServerFlow: false, refreshTokenFlow: false };
    const result = await authorizeSalesforce({ ...input(), clientSecret: 'an-old-secret-since-regenerated' }, { flow: followRedirect, redirectUri: REDIRECT_URI });
    expect(result).toMatchObject({ ok: false, error: { kind: 'auth', code: 'invalid_client', message: expect.stringContaining('Copy the app’s Consumer Secret again') } });
    expect(!result.ok && result.error.message).not.toContain('an-old-secret-since-regenerated');
  });

  it('an app with both “Require secret” settings off connects and refreshes without one', async () => {
    sf.state.requireSecret = { webServerFlow: false, refreshTokenFlow: false };
    const first = await authorizeSalesforce(withoutSecret(), { flow: followRedirect, redirectUri: REDIRECT_URI });
    if (!first.ok) throw new Error(first.error.message);
    expect(await refreshAccessToken({ base: sf.origin, clientId: SALESFORCE_CLIENT_ID, refreshToken: first.value.refreshToken })).toMatchObject({ ok: true });
  });

  it('the emulator’s admin switch turns a “Require secret” setting off, as a test in another process does it', async () => {
    const answer = await fetch(`${sf.origin}/__admin/require-secret`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ webServerFlow: false }) });
    expect(await answer.json()).toEqual({ webServerFlow: false, refreshTokenFlow: true });
    expect(await authorizeSalesforce(withoutSecret(), { flow: followRedirect, redirectUri: REDIRECT_URI })).toMatchObject({ ok: true });
  });

  it('a refresh without the secret the app requires for it names the setting, not an expired session', async () => {
    sf.state.requireSecret = { webServerFlow: false, refreshTokenFlow: true };
    const first = await authorizeSalesforce(withoutSecret(), { flow: followRedirect, redirectUri: REDIRECT_URI });
    if (!first.ok) throw new Error(first.error.message);
    const refreshed = await refreshAccessToken({ base: sf.origin, clientId: SALESFORCE_CLIENT_ID, refreshToken: first.value.refreshToken });
    expect(refreshed).toMatchObject({ ok: false, error: { kind: 'auth', retryable: false, code: 'invalid_client', message: expect.stringContaining('Turn off “Require secret for Refresh Token Flow” in the app') } });
    const wrong = await refreshAccessToken({ base: sf.origin, clientId: SALESFORCE_CLIENT_ID, clientSecret: 'an-old-secret-since-regenerated', refreshToken: first.value.refreshToken });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'invalid_client', message: expect.stringContaining('with the app’s current Consumer Secret') } });
  });

  it('an unknown consumer key: Salesforce’s invalid_client_id, said as the key to copy again', async () => {
    const result = await exchangeCode({ base: sf.origin, clientId: '3MVG9someOtherOrgsKey.42', clientSecret: SALESFORCE_CONSUMER_SECRET, redirectUri: REDIRECT_URI, code: 'c0de', verifier: 'v'.repeat(43) });
    expect(result).toMatchObject({ ok: false, error: { kind: 'auth', code: 'invalid_client_id', message: expect.stringContaining('Copy the app’s Consumer Key again') } });
  });

  it('never appears in an error’s text, whatever Salesforce echoes', async () => {
    const echo: typeof fetch = async (_url, init) =>
      new Response(JSON.stringify({ error: 'invalid_grant', error_description: `refused ${new URLSearchParams(String(init?.body)).get('client_secret')}` }), { status: 400 });
    const result = await refreshAccessToken({ base: sf.origin, ...client, refreshToken: '5Aep8someRefreshToken' }, { fetch: echo });
    expect(result).toMatchObject({ ok: false, error: { kind: 'auth', message: 'refused ***' } });
  });
});
