import { browser } from 'wxt/browser';
import { fail, ok, type CrmResult } from '@/lib/crm/types';

/**
 * What every CRM that signs in through the browser's web-auth window shares (Salesforce, Zoho):
 * PKCE (RFC 7636, S256), the state that ties an answer to its attempt, the window itself (the
 * only part tests and the automation build replace), and the reading of the redirect it ends on.
 * No client secret is needed for any of it: an extension cannot keep one.
 */

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function randomToken(byteCount = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(byteCount)));
}

/** `code_challenge = BASE64URL(SHA-256(code_verifier))`; 32 random bytes give a 43-character verifier. */
export async function pkceChallenge(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

export async function createPkce(): Promise<{ verifier: string; challenge: string }> {
  const verifier = randomToken(32);
  return { verifier, challenge: await pkceChallenge(verifier) };
}

/** The browser's auth window: the only part the tests and the automation build replace. */
export type WebAuthFlow = (details: { url: string; interactive: boolean }) => Promise<string | undefined>;

const browserFlow: WebAuthFlow = (details) => browser.identity.launchWebAuthFlow(details);
let webAuthFlow: WebAuthFlow = browserFlow;

/** Replaces the auth window of every CRM (null: the browser's again). */
export function setWebAuthFlow(flow: WebAuthFlow | null): void {
  webAuthFlow = flow ?? browserFlow;
}

/** The callback URL to register in the CRM's app (empty where the browser has no identity API). */
export function webAuthRedirectUrl(): string {
  try {
    return browser.identity.getRedirectURL();
  } catch {
    return '';
  }
}

/** Opens the auth window on `url`; a thrown error is the user closing it, or the page not loading. */
export async function openWebAuth(url: string, flow: WebAuthFlow = webAuthFlow): Promise<{ ok: true; redirected: string | undefined } | { ok: false; message: string }> {
  try {
    return { ok: true, redirected: await flow({ url, interactive: true }) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** What a CRM says when its answer cannot be used, in its own name. */
export interface RedirectMessages {
  noCode(): string;
  stateMismatch(): string;
  refused(message: string): string;
}

/**
 * The parameters of where the web-auth window ended: it must be our redirect URL and carry our
 * state (anything else could be a code for another flow), and a code, or it carries the CRM's
 * error. The caller reads the code and anything else the CRM adds (Zoho's data centre).
 */
export function redirectParams(redirected: string | undefined, redirectUri: string, state: string, messages: RedirectMessages): CrmResult<URLSearchParams> {
  const refuse = (message: string) => fail<URLSearchParams>({ kind: 'auth', retryable: false, message });
  let url: URL;
  try {
    url = new URL(redirected ?? '');
  } catch {
    return refuse(messages.noCode());
  }
  const expected = new URL(redirectUri);
  if (url.origin !== expected.origin || url.pathname !== expected.pathname) return refuse(messages.noCode());
  const params = url.searchParams;
  if (params.get('state') !== state) return refuse(messages.stateMismatch());
  const error = params.get('error');
  if (error) return refuse(messages.refused(params.get('error_description') ?? error));
  return params.get('code') ? ok(params) : refuse(messages.noCode());
}

/** A form-encoded body, as OAuth token endpoints take their parameters (never in the URL: they are secrets). */
export function formBody(fields: Record<string, string | undefined>): { body: string; headers: Record<string, string> } {
  const defined = Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return { body: new URLSearchParams(defined).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

/** A refused grant (bad code, revoked refresh token) is the user's to fix: an auth error, not a rejected request. */
export function asAuth<T>(result: CrmResult<T>): CrmResult<T> {
  if (result.ok || result.error.status !== 400) return result;
  return fail({ ...result.error, kind: 'auth', retryable: false });
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether a flow runs against a local emulator, where the address a token answer names must be the emulator's own. */
export function isLoopbackBase(base: string): boolean {
  try {
    return LOOPBACK.has(new URL(base).hostname);
  } catch {
    return false;
  }
}
