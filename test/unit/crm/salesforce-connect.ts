import type { SalesforceConnection } from '@/lib/crm/connection';
import { authorizeSalesforce, type WebAuthFlow } from '@/lib/crm/worker/salesforce/oauth';
import { SALESFORCE_CLIENT_ID, SALESFORCE_CONSUMER_SECRET } from '@/test/emulators/salesforce';

export const REDIRECT_URI = 'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/';

/**
 * The browser's auth window, played by a client that follows Salesforce's authorize page to its
 * redirect (the emulator's user is logged in and approves) and answers where it ended.
 */
export const followRedirect: WebAuthFlow = async ({ url }) => {
  const answer = await fetch(url, { redirect: 'manual' });
  const location = answer.headers.get('location');
  if (!location) throw new Error(`authorize answered ${answer.status}: ${await answer.text()}`);
  return location;
};

/**
 * A connection made the way the worker makes one: the OAuth flow, then the tokens stored with the
 * input. With the consumer secret, as a new org's External Client App requires it, unless told
 * the user left it empty (`withSecret: false`).
 */
export async function connectSalesforce(
  origin: string,
  recordType: 'lead' | 'contact' = 'lead',
  { withSecret = true }: { withSecret?: boolean } = {},
): Promise<SalesforceConnection> {
  const clientSecret = withSecret ? SALESFORCE_CONSUMER_SECRET : undefined;
  const input = { kind: 'salesforce' as const, clientId: SALESFORCE_CLIENT_ID, clientSecret, loginHost: 'production' as const, recordType, apiBase: origin };
  const tokens = await authorizeSalesforce(input, { flow: followRedirect, redirectUri: REDIRECT_URI });
  if (!tokens.ok) throw new Error(tokens.error.message);
  return { ...input, ...tokens.value };
}
