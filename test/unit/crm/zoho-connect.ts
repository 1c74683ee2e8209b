import type { ZohoConnection } from '@/lib/crm/connection';
import { authorizeZoho } from '@/lib/crm/worker/zoho/oauth';
import { ZOHO_CLIENT_ID, ZOHO_CLIENT_SECRET } from '@/test/emulators/zoho';
import { followRedirect, REDIRECT_URI } from '@/test/unit/crm/salesforce-connect';

export { followRedirect, REDIRECT_URI };

/** The user's input for the emulator's client, as the settings card sends it. */
export function zohoInput(origin: string, recordType: 'lead' | 'contact' = 'lead') {
  return { kind: 'zoho' as const, clientId: ZOHO_CLIENT_ID, clientSecret: ZOHO_CLIENT_SECRET, dataCentre: 'com' as const, recordType, apiBase: origin };
}

/** A connection made the way the worker makes one: the OAuth flow in the web-auth window, then the tokens stored with the input. */
export async function connectZoho(origin: string, recordType: 'lead' | 'contact' = 'lead'): Promise<ZohoConnection> {
  const input = zohoInput(origin, recordType);
  const tokens = await authorizeZoho(input, { flow: followRedirect, redirectUri: REDIRECT_URI });
  if (!tokens.ok) throw new Error(tokens.error.message);
  return { ...input, ...tokens.value };
}
