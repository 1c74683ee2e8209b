import { browser } from 'wxt/browser';
import { z } from 'zod';
import { t } from '@/lib/platform/i18n';
import { SALESFORCE_LOGIN_HOSTS } from '@/lib/crm/connection';
import { createCrmHttp, type HttpOptions } from '@/lib/crm/worker/http';
import { fail, ok, type CrmResult } from '@/lib/crm/types';
import { asAuth, createPkce, formBody, isLoopbackBase, openWebAuth, randomToken, redirectParams, type RedirectMessages, type WebAuthFlow } from '@/lib/crm/web-auth/flow';
import { oauthDetails, oauthMessage, tokenAnswerSchema, type TokenAnswer } from '@/lib/crm/worker/salesforce/wire';

/**
 * Salesforce's OAuth 2.0 web server flow with PKCE (RFC 7636, S256), for an External Client App
 * (or, in older orgs, a connected app) the user created and whose consumer key (client id) they
 * give us. Such an app requires its consumer secret on the code exchange and on the refresh unless
 * the admin turned off both "Require secret" settings; the user may give it, and the worker then
 * sends it on both, keeps it with the tokens and scrubs it from every message. The browser's
 * web-auth window shows Salesforce's own login and consent; the code comes back on the
 * extension's redirect URL and is exchanged for tokens by the worker.
 */
export const LOGIN_HOSTS = SALESFORCE_LOGIN_HOSTS;
export type LoginHost = keyof typeof LOGIN_HOSTS;

/** Where the flow starts: the chosen login host, or the emulator or proxy the user set. */
export function loginBase(connection: { loginHost: LoginHost; apiBase?: string }): string {
  return connection.apiBase ?? LOGIN_HOSTS[connection.loginHost];
}

export { createPkce, pkceChallenge, randomToken, setWebAuthFlow, webAuthRedirectUrl, type WebAuthFlow } from '@/lib/crm/web-auth/flow';

const SALESFORCE_REDIRECT: RedirectMessages = {
  noCode: () => t('crm.salesforce.noCode'),
  stateMismatch: () => t('crm.salesforce.stateMismatch'),
  refused: (message) => t('crm.salesforce.refused', { message }),
};

export function authorizeUrl(options: { base: string; clientId: string; redirectUri: string; challenge: string; state: string }): string {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    code_challenge: options.challenge,
    code_challenge_method: 'S256',
    state: options.state,
    // `refresh_token` is what lets a push work tomorrow without asking the user again.
    scope: 'api refresh_token',
  });
  return `${options.base}/services/oauth2/authorize?${params}`;
}

/**
 * The code from where the web-auth window ended: it must be our redirect URL and carry our
 * state (anything else could be a code for another flow), or it carries Salesforce's error.
 */
export function codeFromRedirect(redirected: string, redirectUri: string, state: string): CrmResult<string> {
  const params = redirectParams(redirected, redirectUri, state, SALESFORCE_REDIRECT);
  return params.ok ? ok(params.value.get('code')!) : params;
}

export interface SalesforceTokens {
  token: string;
  refreshToken: string;
  instanceUrl: string;
  identityUrl?: string;
}

export type OAuthDeps = Pick<HttpOptions, 'fetch' | 'timeoutMs'>;

/**
 * The instance a token answer names is where the token will be sent: only a Salesforce host
 * over https (My Domain, `*.my.salesforce.com`), or the same origin as a loopback emulator.
 */
function trustedInstance(instanceUrl: string, base: string): boolean {
  try {
    const url = new URL(instanceUrl);
    const from = new URL(base);
    if (isLoopbackBase(base)) return url.origin === from.origin;
    return url.protocol === 'https:' && (url.hostname === 'salesforce.com' || url.hostname.endsWith('.salesforce.com'));
  } catch {
    return false;
  }
}

function tokenHttp(deps: OAuthDeps, secrets: string[]) {
  return createCrmHttp({ ...deps, secrets, messageOf: oauthMessage, detailsOf: oauthDetails });
}

type Grant = 'authorization_code' | 'refresh_token';

/**
 * A refused client says which setting to change: Salesforce answers the same `invalid_client`
 * for a secret it required and did not get, and for a wrong one (it checks a secret it is sent
 * even where none is required). Left as Salesforce's own words, it would read like an expired
 * session that a reconnect fixes, and a reconnect alone does not.
 */
function clientRefusal<T>(answer: CrmResult<T>, grant: Grant, clientSecret: string | undefined): CrmResult<T> {
  if (answer.ok) return answer;
  const sent = Boolean(clientSecret);
  const refusals = {
    authorization_code: sent ? 'crm.salesforce.wrongSecret' : 'crm.salesforce.needsSecret',
    refresh_token: sent ? 'crm.salesforce.refreshWrongSecret' : 'crm.salesforce.refreshNeedsSecret',
  } as const;
  const key = answer.error.code === 'invalid_client_id' ? 'crm.salesforce.unknownClientId' : answer.error.code === 'invalid_client' ? refusals[grant] : null;
  return key ? fail({ ...answer.error, kind: 'auth', retryable: false, message: t(key) }) : answer;
}

function tokensOf(answer: TokenAnswer, base: string, refreshToken: string | undefined): CrmResult<SalesforceTokens> {
  if (!trustedInstance(answer.instance_url, base)) return fail({ kind: 'invalid_response', retryable: false, message: t('crm.salesforce.untrustedInstance', { instance: answer.instance_url }) });
  const refresh = answer.refresh_token ?? refreshToken;
  if (!refresh) return fail({ kind: 'auth', retryable: false, message: t('crm.salesforce.noRefreshToken') });
  return ok({ token: answer.access_token, refreshToken: refresh, instanceUrl: answer.instance_url.replace(/\/+$/, ''), identityUrl: answer.id });
}

export async function exchangeCode(
  options: { base: string; clientId: string; clientSecret?: string; redirectUri: string; code: string; verifier: string },
  deps: OAuthDeps = {},
): Promise<CrmResult<SalesforceTokens>> {
  const http = tokenHttp(deps, [options.code, options.verifier, ...(options.clientSecret ? [options.clientSecret] : [])]);
  const fields = { grant_type: 'authorization_code', code: options.code, client_id: options.clientId, client_secret: options.clientSecret, redirect_uri: options.redirectUri, code_verifier: options.verifier };
  // A code is single use: the exchange is never repeated on the spot.
  const answer = await http.send({ method: 'POST', url: `${options.base}/services/oauth2/token`, ...formBody(fields), idempotent: false }, tokenAnswerSchema);
  if (!answer.ok) return asAuth(clientRefusal(answer, 'authorization_code', options.clientSecret));
  return tokensOf(answer.value.body, options.base, undefined);
}

export async function refreshAccessToken(
  options: { base: string; clientId: string; clientSecret?: string; refreshToken: string },
  deps: OAuthDeps & Pick<HttpOptions, 'retry'> = {},
): Promise<CrmResult<SalesforceTokens>> {
  const http = tokenHttp(deps, [options.refreshToken, ...(options.clientSecret ? [options.clientSecret] : [])]);
  const fields = { grant_type: 'refresh_token', refresh_token: options.refreshToken, client_id: options.clientId, client_secret: options.clientSecret };
  const answer = await http.send({ method: 'POST', url: `${options.base}/services/oauth2/token`, ...formBody(fields), idempotent: true }, tokenAnswerSchema);
  if (!answer.ok) return asAuth(clientRefusal(answer, 'refresh_token', options.clientSecret));
  return tokensOf(answer.value.body, options.base, options.refreshToken);
}

/** Ends the grant: revoking the refresh token ends every session it opened. */
export async function revokeToken(options: { base: string; token: string }, deps: OAuthDeps = {}): Promise<CrmResult<void>> {
  const http = tokenHttp(deps, [options.token]);
  const answer = await http.send({ method: 'POST', url: `${options.base}/services/oauth2/revoke`, ...formBody({ token: options.token }), idempotent: true }, z.unknown());
  return answer.ok ? ok(undefined) : answer;
}

/**
 * The whole connect: PKCE pair and state, the web-auth window on Salesforce's authorize page,
 * the code checked against our state, then exchanged with the verifier.
 */
export async function authorizeSalesforce(
  connection: { clientId: string; clientSecret?: string; loginHost: LoginHost; apiBase?: string },
  deps: OAuthDeps & { flow?: WebAuthFlow; redirectUri?: string } = {},
): Promise<CrmResult<SalesforceTokens>> {
  const base = loginBase(connection);
  const redirectUri = deps.redirectUri ?? browser.identity.getRedirectURL();
  const { verifier, challenge } = await createPkce();
  const state = randomToken(16);
  const opened = await openWebAuth(authorizeUrl({ base, clientId: connection.clientId, redirectUri, challenge, state }), deps.flow);
  // The user closed the window, or Salesforce's page could not be reached.
  if (!opened.ok) return fail({ kind: 'auth', retryable: false, message: t('crm.salesforce.windowClosed', { message: opened.message }) });
  if (!opened.redirected) return fail({ kind: 'auth', retryable: false, message: t('crm.salesforce.noCode') });
  const code = codeFromRedirect(opened.redirected, redirectUri, state);
  if (!code.ok) return code;
  return exchangeCode({ base, clientId: connection.clientId, clientSecret: connection.clientSecret, redirectUri, code: code.value, verifier }, deps);
}
