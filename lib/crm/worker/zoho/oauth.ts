import { browser } from 'wxt/browser';
import { z } from 'zod';
import { t } from '@/lib/platform/i18n';
import { ZOHO_DATA_CENTRES, type ZohoDataCentre } from '@/lib/crm/connection';
import { createCrmHttp, type HttpOptions } from '@/lib/crm/worker/http';
import { fail, ok, type CrmResult } from '@/lib/crm/types';
import { asAuth, createPkce, formBody, isLoopbackBase, openWebAuth, randomToken, redirectParams, type RedirectMessages, type WebAuthFlow } from '@/lib/crm/web-auth/flow';
import { oauthMessage, tokenReplySchema, type TokenAnswer } from '@/lib/crm/worker/zoho/wire';

/**
 * Zoho's OAuth 2.0 authorization code flow with PKCE (S256), for a client the user registered
 * in Zoho's API console as a mobile-based application: Zoho's public client type, whose code
 * flow takes a PKCE challenge (a client-based app only gets the implicit flow, without refresh
 * tokens, and a server-based app needs a secret an extension cannot keep). Zoho's reference
 * still lists a client secret for that exchange: the user may give it, and it is then sent
 * with every token request and kept like the tokens. Everything happens in the user's data
 * centre: its accounts server for the code, the tokens and the revocation, and the API domain
 * the token answer names, refused when it is not one of that data centre's Zoho API hosts.
 */
export type ZohoSite = { dataCentre: ZohoDataCentre; apiBase?: string };

/** What Dossier asks for: the three modules it writes, their notes, and the metadata the mapping reads. */
export const ZOHO_SCOPES = [
  'ZohoCRM.modules.leads.ALL',
  'ZohoCRM.modules.contacts.ALL',
  'ZohoCRM.modules.accounts.ALL',
  'ZohoCRM.modules.notes.ALL',
  'ZohoCRM.settings.fields.READ',
  // The layout says which fields a new Lead or Contact must have (a mandatory Company).
  'ZohoCRM.settings.layouts.READ',
  'ZohoCRM.settings.tags.READ',
  'ZohoCRM.users.READ',
  'ZohoCRM.org.READ',
].join(',');

/** The data centre's accounts server, or the emulator or proxy the user set. */
export function accountsBase(site: ZohoSite): string {
  return site.apiBase ?? ZOHO_DATA_CENTRES[site.dataCentre].accounts;
}

const ZOHO_REDIRECT: RedirectMessages = {
  noCode: () => t('crm.zoho.noCode'),
  stateMismatch: () => t('crm.zoho.stateMismatch'),
  refused: (message) => t('crm.zoho.refused', { message }),
};

export function authorizeUrl(options: { base: string; clientId: string; redirectUri: string; challenge: string; state: string }): string {
  const params = new URLSearchParams({
    scope: ZOHO_SCOPES,
    client_id: options.clientId,
    response_type: 'code',
    // offline: a refresh token, so that a push works tomorrow without asking the user again;
    // consent: Zoho gives one only when the consent page is shown.
    access_type: 'offline',
    prompt: 'consent',
    redirect_uri: options.redirectUri,
    state: options.state,
    code_challenge: options.challenge,
    code_challenge_method: 'S256',
  });
  return `${options.base}/oauth/v2/auth?${params}`;
}

/**
 * The code from where the web-auth window ended (our redirect URL, our state), and the
 * data centre Zoho says the account is in (`accounts-server`): a code from another data centre
 * cannot be exchanged at this one, and the user is told which one to choose.
 */
export function codeFromRedirect(redirected: string | undefined, redirectUri: string, state: string, base: string): CrmResult<string> {
  const params = redirectParams(redirected, redirectUri, state, ZOHO_REDIRECT);
  if (!params.ok) return params;
  const server = params.value.get('accounts-server');
  if (server && !sameOrigin(server, base)) return fail({ kind: 'auth', retryable: false, message: t('crm.zoho.otherDataCentre', { server }) });
  return ok(params.value.get('code')!);
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/**
 * The API domain a token answer names is where the token will be sent: only the chosen data
 * centre's Zoho API hosts (`www.zohoapis.eu`) over https, or a loopback emulator's own origin.
 */
export function trustedApiDomain(apiDomain: string, site: ZohoSite): boolean {
  try {
    const url = new URL(apiDomain);
    if (site.apiBase && isLoopbackBase(site.apiBase)) return url.origin === new URL(site.apiBase).origin;
    const host = ZOHO_DATA_CENTRES[site.dataCentre].api;
    return url.protocol === 'https:' && !url.port && url.pathname === '/' && (url.hostname === host || url.hostname.endsWith(`.${host}`));
  } catch {
    return false;
  }
}

export interface ZohoTokens {
  token: string;
  refreshToken: string;
  apiDomain: string;
}

export type OAuthDeps = Pick<HttpOptions, 'fetch' | 'timeoutMs'>;
type Client = { clientId: string; clientSecret?: string };

/** Zoho Accounts limits how many access tokens a refresh token may mint in a window of ten minutes. */
const TOKEN_LIMIT_WAIT_MS = 10 * 60_000;

async function tokenRequest(site: ZohoSite, fields: Record<string, string | undefined>, secrets: string[], idempotent: boolean, deps: OAuthDeps & Pick<HttpOptions, 'retry'>): Promise<CrmResult<TokenAnswer>> {
  const http = createCrmHttp({ ...deps, secrets, messageOf: oauthMessage });
  const answer = await http.send({ method: 'POST', url: `${accountsBase(site)}/oauth/v2/token`, ...formBody(fields), idempotent }, tokenReplySchema);
  if (!answer.ok) {
    if (answer.error.status === 400 && /too many requests/i.test(answer.error.message)) return fail({ ...answer.error, kind: 'rate_limited', retryable: true, retryAfterMs: TOKEN_LIMIT_WAIT_MS, message: t('crm.zoho.tooManyTokens') });
    return asAuth(answer);
  }
  const body = answer.value.body;
  if ('error' in body) {
    const message = body.error === 'invalid_client_secret' || (body.error === 'invalid_client' && !fields.client_secret) ? t('crm.zoho.needsSecret') : t('crm.zoho.tokenRefused', { error: body.error });
    return fail({ kind: 'auth', retryable: false, status: answer.value.status, code: body.error, message });
  }
  return ok(body);
}

function tokensOf(answer: TokenAnswer, site: ZohoSite, refreshToken: string | undefined): CrmResult<ZohoTokens> {
  if (!trustedApiDomain(answer.api_domain, site)) return fail({ kind: 'invalid_response', retryable: false, message: t('crm.zoho.untrustedApiDomain', { domain: answer.api_domain }) });
  const refresh = answer.refresh_token ?? refreshToken;
  if (!refresh) return fail({ kind: 'auth', retryable: false, message: t('crm.zoho.noRefreshToken') });
  return ok({ token: answer.access_token, refreshToken: refresh, apiDomain: answer.api_domain.replace(/\/+$/, '') });
}

export async function exchangeCode(site: ZohoSite & Client, options: { redirectUri: string; code: string; verifier: string }, deps: OAuthDeps = {}): Promise<CrmResult<ZohoTokens>> {
  // A code is single use: the exchange is never repeated on the spot.
  const answer = await tokenRequest(
    site,
    { grant_type: 'authorization_code', client_id: site.clientId, client_secret: site.clientSecret, redirect_uri: options.redirectUri, code: options.code, code_verifier: options.verifier },
    [options.code, options.verifier, ...(site.clientSecret ? [site.clientSecret] : [])],
    false,
    deps,
  );
  return answer.ok ? tokensOf(answer.value, site, undefined) : answer;
}

export async function refreshAccessToken(site: ZohoSite & Client & { refreshToken: string }, deps: OAuthDeps & Pick<HttpOptions, 'retry'> = {}): Promise<CrmResult<ZohoTokens>> {
  const answer = await tokenRequest(
    site,
    { grant_type: 'refresh_token', client_id: site.clientId, client_secret: site.clientSecret, refresh_token: site.refreshToken },
    [site.refreshToken, ...(site.clientSecret ? [site.clientSecret] : [])],
    true,
    deps,
  );
  return answer.ok ? tokensOf(answer.value, site, site.refreshToken) : answer;
}

/** Ends the grant: revoking the refresh token ends every access token it minted. */
export async function revokeToken(site: ZohoSite & { refreshToken: string }, deps: OAuthDeps = {}): Promise<CrmResult<void>> {
  const http = createCrmHttp({ ...deps, secrets: [site.refreshToken], messageOf: oauthMessage });
  const answer = await http.send({ method: 'POST', url: `${accountsBase(site)}/oauth/v2/token/revoke`, ...formBody({ token: site.refreshToken }), idempotent: true }, z.unknown());
  return answer.ok ? ok(undefined) : answer;
}

/**
 * The whole connect: PKCE pair and state, the web-auth window on the data centre's authorize
 * page, the code checked against our state and data centre, then exchanged with the verifier.
 */
export async function authorizeZoho(site: ZohoSite & Client, deps: OAuthDeps & { flow?: WebAuthFlow; redirectUri?: string } = {}): Promise<CrmResult<ZohoTokens>> {
  const base = accountsBase(site);
  const redirectUri = deps.redirectUri ?? browser.identity.getRedirectURL();
  const { verifier, challenge } = await createPkce();
  const state = randomToken(16);
  const opened = await openWebAuth(authorizeUrl({ base, clientId: site.clientId, redirectUri, challenge, state }), deps.flow);
  // The user closed the window, or Zoho's page could not be reached.
  if (!opened.ok) return fail({ kind: 'auth', retryable: false, message: t('crm.zoho.windowClosed', { message: opened.message }) });
  const code = codeFromRedirect(opened.redirected, redirectUri, state, base);
  if (!code.ok) return code;
  return exchangeCode(site, { redirectUri, code: code.value, verifier }, deps);
}
