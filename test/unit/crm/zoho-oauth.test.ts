import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectionAddress, connectionInputSchema, connectionOrigins, ZOHO_DATA_CENTRES, type ZohoDataCentre } from '@/lib/crm/connection';
import { accountsBase, authorizeUrl, authorizeZoho, codeFromRedirect, refreshAccessToken, revokeToken, trustedApiDomain, ZOHO_SCOPES } from '@/lib/crm/worker/zoho/oauth';
import type { WebAuthFlow } from '@/lib/crm/web-auth/flow';
import { startZohoEmulator, ZOHO_CLIENT_ID, ZOHO_CLIENT_SECRET } from '@/test/emulators/zoho';
import { connectZoho, followRedirect, REDIRECT_URI, zohoInput } from '@/test/unit/crm/zoho-connect';

type Emulator = Awaited<ReturnType<typeof startZohoEmulator>>;
let zoho: Emulator;

beforeAll(async () => {
  zoho = await startZohoEmulator();
});
afterAll(() => zoho.server.close());
beforeEach(() => {
  zoho.state.reset();
  zoho.control.reset();
});

/** Every request the OAuth client sent, seen through the fetch it was given. */
function recordingFetch(sent: { url: string; body: string }[]): typeof fetch {
  return async (input, init) => {
    sent.push({ url: String(input), body: String(init?.body ?? '') });
    return fetch(input, init);
  };
}

describe('data centres', () => {
  const expected: Record<ZohoDataCentre, { accounts: string; api: string }> = {
    com: { accounts: 'https://accounts.zoho.com', api: 'https://*.zohoapis.com/*' },
    eu: { accounts: 'https://accounts.zoho.eu', api: 'https://*.zohoapis.eu/*' },
    in: { accounts: 'https://accounts.zoho.in', api: 'https://*.zohoapis.in/*' },
    'com.au': { accounts: 'https://accounts.zoho.com.au', api: 'https://*.zohoapis.com.au/*' },
    jp: { accounts: 'https://accounts.zoho.jp', api: 'https://*.zohoapis.jp/*' },
    ca: { accounts: 'https://accounts.zohocloud.ca', api: 'https://*.zohoapis.ca/*' },
  };

  it.each(Object.keys(expected) as ZohoDataCentre[])('%s: sign-in, tokens and revocation at its accounts server; host access asked for it and its API domain', (dataCentre) => {
    const input = connectionInputSchema.parse({ kind: 'zoho', clientId: ZOHO_CLIENT_ID, dataCentre });
    expect(accountsBase({ dataCentre })).toBe(expected[dataCentre].accounts);
    expect(connectionAddress(input)).toBe(expected[dataCentre].accounts);
    expect(connectionOrigins(input)).toEqual([`${expected[dataCentre].accounts}/*`, expected[dataCentre].api]);
    expect(new URL(authorizeUrl({ base: accountsBase({ dataCentre }), clientId: 'c', redirectUri: REDIRECT_URI, challenge: 'ch', state: 'st' })).origin).toBe(expected[dataCentre].accounts);
  });

  it('the United States is the default; an unknown data centre, a blank client id or a short secret are refused', () => {
    expect(connectionInputSchema.parse({ kind: 'zoho', clientId: ZOHO_CLIENT_ID })).toMatchObject({ dataCentre: 'com', recordType: 'lead' });
    expect(connectionInputSchema.safeParse({ kind: 'zoho', clientId: ZOHO_CLIENT_ID, dataCentre: 'cn' }).success).toBe(false);
    expect(connectionInputSchema.safeParse({ kind: 'zoho', clientId: ' ' }).error?.issues[0]?.message).toBe('Paste the Client ID from Zoho’s API console.');
    expect(connectionInputSchema.safeParse({ kind: 'zoho', clientId: ZOHO_CLIENT_ID, clientSecret: 'abc' }).error?.issues[0]?.message).toBe('Paste the whole client secret, or leave it empty.');
  });

  it('only the chosen data centre’s Zoho API hosts, over https, may receive the token', () => {
    expect(trustedApiDomain('https://www.zohoapis.eu', { dataCentre: 'eu' })).toBe(true);
    expect(trustedApiDomain('https://zohoapis.eu', { dataCentre: 'eu' })).toBe(true);
    expect(trustedApiDomain('https://www.zohoapis.ca', { dataCentre: 'ca' })).toBe(true);
    expect(trustedApiDomain('https://www.zohoapis.com', { dataCentre: 'eu' })).toBe(false);
    expect(trustedApiDomain('http://www.zohoapis.eu', { dataCentre: 'eu' })).toBe(false);
    expect(trustedApiDomain('https://www.zohoapis.eu.attacker.example', { dataCentre: 'eu' })).toBe(false);
    expect(trustedApiDomain('https://evilzohoapis.eu', { dataCentre: 'eu' })).toBe(false);
    expect(trustedApiDomain('https://www.zohoapis.eu:8443', { dataCentre: 'eu' })).toBe(false);
    // An emulator on this machine: only its own origin.
    expect(trustedApiDomain('http://127.0.0.1:4010', { dataCentre: 'com', apiBase: 'http://127.0.0.1:4010' })).toBe(true);
    expect(trustedApiDomain('http://127.0.0.1:4011', { dataCentre: 'com', apiBase: 'http://127.0.0.1:4010' })).toBe(false);
    expect(Object.keys(ZOHO_DATA_CENTRES)).toEqual(['com', 'eu', 'in', 'com.au', 'jp', 'ca']);
  });
});

describe('the authorize URL and the redirect', () => {
  it('asks for a code with the S256 challenge, offline access (a refresh token), consent and the scopes Dossier uses', () => {
    const url = new URL(authorizeUrl({ base: 'https://accounts.zoho.eu', clientId: 'cid', redirectUri: REDIRECT_URI, challenge: 'ch', state: 'st' }));
    expect(url.origin + url.pathname).toBe('https://accounts.zoho.eu/oauth/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      scope: ZOHO_SCOPES,
      client_id: 'cid',
      response_type: 'code',
      access_type: 'offline',
      prompt: 'consent',
      redirect_uri: REDIRECT_URI,
      state: 'st',
      code_challenge: 'ch',
      code_challenge_method: 'S256',
    });
    expect(ZOHO_SCOPES.split(',')).toEqual(expect.arrayContaining(['ZohoCRM.modules.leads.ALL', 'ZohoCRM.settings.fields.READ', 'ZohoCRM.settings.tags.READ', 'ZohoCRM.users.READ']));
  });

  it('takes the code only from our redirect URL, with our state, from the chosen data centre', () => {
    const base = 'https://accounts.zoho.com';
    expect(codeFromRedirect(`${REDIRECT_URI}?code=abc&location=us&accounts-server=https%3A%2F%2Faccounts.zoho.com&state=st`, REDIRECT_URI, 'st', base)).toEqual({ ok: true, value: 'abc' });
    expect(codeFromRedirect(`${REDIRECT_URI}?code=abc&state=other`, REDIRECT_URI, 'st', base)).toMatchObject({ ok: false, error: { kind: 'auth', message: expect.stringContaining('did not belong') } });
    expect(codeFromRedirect('https://evil.example/?code=abc&state=st', REDIRECT_URI, 'st', base)).toMatchObject({ ok: false, error: { kind: 'auth' } });
    expect(codeFromRedirect(undefined, REDIRECT_URI, 'st', base)).toMatchObject({ ok: false, error: { message: expect.stringContaining('did not send Dossier back') } });
    expect(codeFromRedirect(`${REDIRECT_URI}?error=access_denied&state=st`, REDIRECT_URI, 'st', base)).toMatchObject({ ok: false, error: { message: 'Zoho refused the connection: access_denied' } });
    // The account lives in Europe while the user chose the United States: said, not exchanged.
    expect(codeFromRedirect(`${REDIRECT_URI}?code=abc&location=eu&accounts-server=https%3A%2F%2Faccounts.zoho.eu&state=st`, REDIRECT_URI, 'st', base)).toMatchObject({
      ok: false,
      error: { kind: 'auth', message: 'Your Zoho account is in another data centre (https://accounts.zoho.eu): choose that one and connect again.' },
    });
  });
});

describe('the flow against the emulator', () => {
  it('opens the window on the authorize page, exchanges the code with the verifier in a form body, keeps the API domain and tokens', async () => {
    const seen: string[] = [];
    const sent: { url: string; body: string }[] = [];
    const flow: WebAuthFlow = async (details) => {
      seen.push(details.url);
      expect(details.interactive).toBe(true);
      return followRedirect(details);
    };
    const result = await authorizeZoho(zohoInput(zoho.origin), { flow, redirectUri: REDIRECT_URI, fetch: recordingFetch(sent) });
    expect(result).toMatchObject({ ok: true, value: { apiDomain: zoho.origin, token: expect.any(String), refreshToken: expect.any(String) } });
    expect(seen[0]).toContain(`${zoho.origin}/oauth/v2/auth?`);
    expect(zoho.state.authorizeVisits[0]).toMatchObject({ code_challenge_method: 'S256', access_type: 'offline', client_id: ZOHO_CLIENT_ID });
    expect(result.ok && zoho.state.session(result.value.token)).toBeTruthy();
    // Code, verifier and secret travel in the body, never in a URL.
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(`${zoho.origin}/oauth/v2/token`);
    const form = new URLSearchParams(sent[0]!.body);
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(form.get('client_secret')).toBe(ZOHO_CLIENT_SECRET);
  });

  it('a client that does without a secret connects by PKCE alone; one Zoho asks a secret of is told so', async () => {
    const { clientSecret: _secret, ...noSecret } = zohoInput(zoho.origin);
    expect(await authorizeZoho(noSecret, { flow: followRedirect, redirectUri: REDIRECT_URI })).toMatchObject({
      ok: false,
      error: { kind: 'auth', retryable: false, message: 'Zoho asks for this client’s secret too: paste it from the API console and connect again.' },
    });
    zoho.state.secretRequired = false;
    expect(await authorizeZoho(noSecret, { flow: followRedirect, redirectUri: REDIRECT_URI })).toMatchObject({ ok: true });
  });

  it('a verifier that is not the one of the challenge gets no token (Zoho answers 200 with an error)', async () => {
    // A window that swaps in a code obtained for another challenge.
    const url = authorizeUrl({ base: zoho.origin, clientId: ZOHO_CLIENT_ID, redirectUri: REDIRECT_URI, challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', state: 'x' });
    const stolen = new URL((await followRedirect({ url, interactive: true }))!).searchParams.get('code')!;
    const flow: WebAuthFlow = async (details) => {
      const state = new URL(details.url).searchParams.get('state')!;
      return `${REDIRECT_URI}?code=${encodeURIComponent(stolen)}&state=${state}`;
    };
    expect(await authorizeZoho(zohoInput(zoho.origin), { flow, redirectUri: REDIRECT_URI })).toMatchObject({ ok: false, error: { kind: 'auth', code: 'invalid_code', message: expect.stringContaining('invalid_code') } });
    expect(zoho.state.sessions).toHaveLength(0);
  });

  it('an API domain outside the emulator’s origin is refused: no token is kept', async () => {
    zoho.state.apiDomain = 'https://www.zohoapis.com';
    expect(await authorizeZoho(zohoInput(zoho.origin), { flow: followRedirect, redirectUri: REDIRECT_URI })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_response', message: 'Zoho named an API domain Dossier will not send a token to: https://www.zohoapis.com.' },
    });
  });

  it('an account in another data centre is told which one, before any code is exchanged', async () => {
    zoho.state.location = 'eu';
    zoho.state.accountsServer = 'https://accounts.zoho.eu';
    const result = await authorizeZoho(zohoInput(zoho.origin), { flow: followRedirect, redirectUri: REDIRECT_URI });
    expect(result).toMatchObject({ ok: false, error: { message: expect.stringContaining('https://accounts.zoho.eu') } });
    expect(zoho.state.sessions).toHaveLength(0);
  });

  it('a closed window connects nothing and says so', async () => {
    const result = await authorizeZoho(zohoInput(zoho.origin), { flow: async () => Promise.reject(new Error('The user did not approve access.')), redirectUri: REDIRECT_URI });
    expect(result).toMatchObject({ ok: false, error: { kind: 'auth', message: 'The Zoho window closed before the connection was allowed (The user did not approve access.).' } });
  });
});

describe('refresh and revoke', () => {
  it('a refresh mints a new access token for the same refresh token and API domain', async () => {
    const connection = await connectZoho(zoho.origin);
    const refreshed = await refreshAccessToken(connection);
    expect(refreshed).toMatchObject({ ok: true, value: { refreshToken: connection.refreshToken, apiDomain: zoho.origin } });
    expect(refreshed.ok && refreshed.value.token).not.toBe(connection.token);
    expect(refreshed.ok && zoho.state.session(refreshed.value.token)).toBeTruthy();
  });

  it('too many refreshes in ten minutes is a wait, not a refusal', async () => {
    const connection = await connectZoho(zoho.origin);
    for (let i = 0; i < 10; i += 1) expect((await refreshAccessToken(connection)).ok).toBe(true);
    expect(await refreshAccessToken(connection, { retry: { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 } })).toMatchObject({
      ok: false,
      error: { kind: 'rate_limited', retryable: true, retryAfterMs: 600_000 },
    });
  });

  it('revoking the refresh token ends it and every access token it minted; a refresh then is an auth error', async () => {
    const connection = await connectZoho(zoho.origin);
    const sent: { url: string; body: string }[] = [];
    expect(await revokeToken(connection, { fetch: recordingFetch(sent) })).toEqual({ ok: true, value: undefined });
    expect(sent[0]).toEqual({ url: `${zoho.origin}/oauth/v2/token/revoke`, body: `token=${encodeURIComponent(connection.refreshToken)}` });
    expect(zoho.state.sessions).toHaveLength(0);
    expect(await refreshAccessToken(connection)).toMatchObject({ ok: false, error: { kind: 'auth', retryable: false } });
  });
});
