import { z } from 'zod';
import { t } from '@/lib/platform/i18n';
import { hostPermissionFor } from '@/lib/settings/gateway';
import { fieldDefaultsSchema, fieldMappingSchema } from '@/lib/crm/mapping';
import type { CrmTarget } from '@/lib/crm/types';
import { CRM_LABELS } from '@/lib/crm/types';
import { maskWebhookUrl } from '@/lib/crm/webhook/redact';

export const HUBSPOT_API_BASE = 'https://api.hubapi.com';
export const CLOSE_API_BASE = 'https://api.close.com';
export const ATTIO_API_BASE = 'https://api.attio.com';
/** The person field Dossier adds in Pipedrive for the profile URL (found again by this name). */
export const PIPEDRIVE_PROFILE_FIELD_NAME = 'Dossier profile URL';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * An address a token is sent to. Anything but https would put the token on the wire in clear;
 * plain http is allowed only on this machine, where the CRM emulators run.
 */
function secureUrl(value: string, ctx: z.RefinementCtx, allowQuery: boolean): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: t('crm.validation.fullAddress') });
    return;
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    ctx.addIssue({ code: 'custom', message: t('crm.validation.https') });
  }
  if (url.username || url.password) ctx.addIssue({ code: 'custom', message: t('crm.validation.credentials') });
  if (!allowQuery && (url.search || url.hash)) ctx.addIssue({ code: 'custom', message: t('crm.validation.query') });
}

export const apiBaseSchema = z
  .string()
  .trim()
  .min(1, { error: () => t('crm.validation.apiAddress') })
  .superRefine((value, ctx) => secureUrl(value, ctx, false))
  .transform((value) => value.replace(/\/+$/, ''));

const tokenSchema = z
  .string()
  .trim()
  .min(8, { error: () => t('crm.validation.token') })
  .max(500)
  .regex(/^\S+$/, { error: () => t('crm.validation.tokenSpaces') });

export const pipedriveDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/^https?:\/\//, '').replace(/\.pipedrive\.com\/?$/, ''))
  .pipe(z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, { error: () => t('crm.validation.pipedriveDomain') }));

export const hubspotInputSchema = z.object({
  kind: z.literal('hubspot'),
  token: tokenSchema,
  apiBase: apiBaseSchema.optional(),
});

export const pipedriveInputSchema = z.object({
  kind: z.literal('pipedrive'),
  token: tokenSchema,
  domain: pipedriveDomainSchema,
  apiBase: apiBaseSchema.optional(),
});

/** Close: an API key (HTTP Basic user name, empty password). */
export const closeInputSchema = z.object({
  kind: z.literal('close'),
  token: tokenSchema,
  apiBase: apiBaseSchema.optional(),
});

export const attioInputSchema = z.object({
  kind: z.literal('attio'),
  token: tokenSchema,
  apiBase: apiBaseSchema.optional(),
});

export const webhookInputSchema = z.object({
  kind: z.literal('webhook'),
  url: z
    .string()
    .trim()
    .min(1, { error: () => t('crm.validation.webhookAddress') })
    .superRefine((value, ctx) => secureUrl(value, ctx, true)),
  secret: z.string().trim().min(16, { error: () => t('crm.validation.secret') }).max(500),
});

/** An OAuth client id or secret as a vendor's console shows it: one word, said wrong by `message`. */
const oauthCredential = (message: 'crm.validation.salesforceClientId' | 'crm.validation.salesforceClientSecret' | 'crm.validation.zohoClientId' | 'crm.validation.zohoClientSecret') =>
  z
    .string()
    .trim()
    .min(10, { error: () => t(message) })
    .max(255)
    .regex(/^\S+$/, { error: () => t(message) });

/**
 * Salesforce: the user's External Client App or connected app (its consumer key, and its consumer
 * secret where the app requires one), the login host, and whether a push makes Leads or Contacts
 * with their Account. The tokens come from the OAuth flow the worker runs on connect; `apiBase`
 * replaces the login host (a local emulator).
 */
export const salesforceInputSchema = z.object({
  kind: z.literal('salesforce'),
  clientId: oauthCredential('crm.validation.salesforceClientId'),
  // Salesforce asks for it unless both "Require secret" settings of the app are off (they are on by default).
  clientSecret: oauthCredential('crm.validation.salesforceClientSecret').optional(),
  loginHost: z.enum(['production', 'sandbox']).default('production'),
  recordType: z.enum(['lead', 'contact']).default('lead'),
  apiBase: apiBaseSchema.optional(),
});

/**
 * Zoho's data centres: an account lives in one, and its accounts server (sign-in, tokens), API
 * domain and web app are that data centre's (Zoho's Multi DC documentation). `location` is
 * what Zoho's authorization redirect names it.
 */
export const ZOHO_DATA_CENTRES = {
  com: { location: 'us', accounts: 'https://accounts.zoho.com', api: 'zohoapis.com', app: 'https://crm.zoho.com' },
  eu: { location: 'eu', accounts: 'https://accounts.zoho.eu', api: 'zohoapis.eu', app: 'https://crm.zoho.eu' },
  in: { location: 'in', accounts: 'https://accounts.zoho.in', api: 'zohoapis.in', app: 'https://crm.zoho.in' },
  'com.au': { location: 'au', accounts: 'https://accounts.zoho.com.au', api: 'zohoapis.com.au', app: 'https://crm.zoho.com.au' },
  jp: { location: 'jp', accounts: 'https://accounts.zoho.jp', api: 'zohoapis.jp', app: 'https://crm.zoho.jp' },
  // Canada's accounts server and web app are on zohocloud.ca; its API domain is zohoapis.ca.
  ca: { location: 'ca', accounts: 'https://accounts.zohocloud.ca', api: 'zohoapis.ca', app: 'https://crm.zohocloud.ca' },
} as const;
export type ZohoDataCentre = keyof typeof ZOHO_DATA_CENTRES;

/**
 * Zoho CRM: the user's own client (registered as a mobile-based app, Zoho's public client, whose
 * code flow takes PKCE), its secret only where Zoho asks for one, the data centre the account
 * lives in, and whether a push makes Leads or Contacts with their Account. The tokens come from
 * the OAuth flow the worker runs on connect; `apiBase` replaces Zoho's hosts (a local emulator).
 */
export const zohoInputSchema = z.object({
  kind: z.literal('zoho'),
  clientId: oauthCredential('crm.validation.zohoClientId'),
  clientSecret: oauthCredential('crm.validation.zohoClientSecret').optional(),
  dataCentre: z.enum(Object.keys(ZOHO_DATA_CENTRES) as [ZohoDataCentre, ...ZohoDataCentre[]]).default('com'),
  recordType: z.enum(['lead', 'contact']).default('lead'),
  apiBase: apiBaseSchema.optional(),
});

/** What the settings page sends: what the user typed, before anything is learnt from the CRM. */
export const connectionInputSchema = z.discriminatedUnion('kind', [hubspotInputSchema, pipedriveInputSchema, webhookInputSchema, attioInputSchema, salesforceInputSchema, closeInputSchema, zohoInputSchema]);
export type ConnectionInput = z.infer<typeof connectionInputSchema>;

/** The user's field mapping, record owner and list for a CRM (Settings › CRM › Field mapping). */
const mappingFields = {
  fieldMap: fieldMappingSchema.optional(),
  ownerId: z.string().trim().min(1).max(100).optional(),
  /** Every record pushed is put in this list (or given this label, tag, campaign). */
  listId: z.string().trim().min(1).max(100).optional(),
  /** What a required field gets when Dossier has nothing for it (a Zoho layout's mandatory Company). */
  fieldDefaults: fieldDefaultsSchema.optional(),
};

/** What is stored: the input plus what the CRM told us once (account id, custom field key). */
export const storedConnectionSchema = z.discriminatedUnion('kind', [
  hubspotInputSchema.extend({ portalId: z.number().int().optional(), uiDomain: z.string().optional(), ...mappingFields }),
  // `profileFieldDenied`: the token's user may not add custom fields, so there is no profile URL field
  // to match by (the link is in the note); asked again on "Test connection".
  pipedriveInputSchema.extend({ profileFieldKey: z.string().optional(), profileFieldDenied: z.boolean().optional(), ...mappingFields }),
  webhookInputSchema,
  attioInputSchema.extend({ workspaceSlug: z.string().regex(/^[a-z0-9][a-z0-9-]*$/i).optional(), ...mappingFields }),
  // `token` is the access token (refreshed in place), `instanceUrl` the org's My Domain from the token answer.
  salesforceInputSchema.extend({ token: tokenSchema, refreshToken: tokenSchema, instanceUrl: apiBaseSchema, identityUrl: z.string().optional(), profileField: z.string().optional(), ...mappingFields }),
  closeInputSchema.extend(mappingFields),
  // `token` is the access token (refreshed in place), `apiDomain` the API domain the token answer named.
  zohoInputSchema.extend({ token: tokenSchema, refreshToken: tokenSchema, apiDomain: apiBaseSchema, profileField: z.string().optional(), profileUnique: z.boolean().optional(), orgDomain: z.string().regex(/^[\w-]+$/).optional(), ...mappingFields }),
]);
export type StoredConnection = z.infer<typeof storedConnectionSchema>;
export type HubspotConnection = Extract<StoredConnection, { kind: 'hubspot' }>;
export type PipedriveConnection = Extract<StoredConnection, { kind: 'pipedrive' }>;
export type WebhookConnection = Extract<StoredConnection, { kind: 'webhook' }>;
export type AttioConnection = Extract<StoredConnection, { kind: 'attio' }>;
export type SalesforceConnection = Extract<StoredConnection, { kind: 'salesforce' }>;
export type SalesforceInput = z.infer<typeof salesforceInputSchema>;
export type CloseConnection = Extract<StoredConnection, { kind: 'close' }>;
export type ZohoConnection = Extract<StoredConnection, { kind: 'zoho' }>;
export type ZohoInput = z.infer<typeof zohoInputSchema>;

/** Salesforce's login hosts (the emulator's origin replaces them). */
export const SALESFORCE_LOGIN_HOSTS = { production: 'https://login.salesforce.com', sandbox: 'https://test.salesforce.com' } as const;
/** Login hosts and every org's My Domain instance: one host permission covers the whole flow. */
export const SALESFORCE_ORIGIN = 'https://*.salesforce.com/*';

/**
 * The scopes a HubSpot private app needs for everything Dossier does, as HubSpot's API reference
 * names them per endpoint: contacts (and notes, which HubSpot files under contacts), companies
 * and the association between them, the contact properties (reading the mapping, creating the
 * profile URL property), the owners and the lists of the field mapping, and adding to a list.
 */
export const HUBSPOT_SCOPES = [
  'crm.objects.contacts.read',
  'crm.objects.contacts.write',
  'crm.objects.companies.read',
  'crm.objects.companies.write',
  'crm.schemas.contacts.read',
  'crm.schemas.contacts.write',
  'crm.objects.owners.read',
  'crm.lists.read',
  'crm.lists.write',
] as const;

export function hubspotBase(connection: HubspotConnection): string {
  return connection.apiBase ?? HUBSPOT_API_BASE;
}

export function pipedriveBase(connection: Pick<PipedriveConnection, 'apiBase' | 'domain'>): string {
  return connection.apiBase ?? `https://${connection.domain}.pipedrive.com`;
}

export function closeBase(connection: Pick<CloseConnection, 'apiBase'>): string {
  return connection.apiBase ?? CLOSE_API_BASE;
}

export function attioBase(connection: Pick<AttioConnection, 'apiBase'>): string {
  return connection.apiBase ?? ATTIO_API_BASE;
}

/** The address whose host permission connecting must ask for. */
export function connectionAddress(input: ConnectionInput): string {
  if (input.kind === 'close') return closeBase(input);
  if (input.kind === 'hubspot') return input.apiBase ?? HUBSPOT_API_BASE;
  if (input.kind === 'pipedrive') return pipedriveBase(input);
  if (input.kind === 'attio') return attioBase(input);
  if (input.kind === 'salesforce') return input.apiBase ?? SALESFORCE_LOGIN_HOSTS[input.loginHost];
  if (input.kind === 'zoho') return input.apiBase ?? ZOHO_DATA_CENTRES[input.dataCentre].accounts;
  return input.url;
}

export function connectionOrigin(input: ConnectionInput): string {
  if (input.kind === 'salesforce' && !input.apiBase) return SALESFORCE_ORIGIN;
  return hostPermissionFor(connectionAddress(input));
}

/** Every host permission a connection needs: Zoho's accounts server and its data centre's API domain are two hosts. */
export function connectionOrigins(input: ConnectionInput): string[] {
  if (input.kind === 'zoho' && !input.apiBase) return [connectionOrigin(input), `https://*.${ZOHO_DATA_CENTRES[input.dataCentre].api}/*`];
  return [connectionOrigin(input)];
}

export function isLoopbackAddress(address: string): boolean {
  try {
    return LOOPBACK.has(new URL(address).hostname);
  } catch {
    return false;
  }
}

export function secretsOf(connection: StoredConnection): string[] {
  if (connection.kind === 'salesforce' || connection.kind === 'zoho') return [connection.token, connection.refreshToken, ...(connection.clientSecret ? [connection.clientSecret] : [])];
  return connection.kind === 'webhook' ? [connection.secret] : [connection.token];
}

/**
 * What tells one connection from a later one to the same CRM: the refresh token for OAuth CRMs
 * (their access token changes at every refresh), else the key. Learnt facts are kept only on
 * the connection they came from.
 */
export function connectionKey(connection: StoredConnection): string {
  return 'refreshToken' in connection ? connection.refreshToken : secretsOf(connection)[0]!;
}

/** What any page may see of a connection: never the token, never a webhook's secret path. */
export interface ConnectionSummary {
  target: CrmTarget;
  label: string;
  /** `api.hubapi.com`, `acme.pipedrive.com`, `hooks.example`. */
  host: string;
  /** `…abcd`: enough to tell two tokens apart. */
  maskedSecret: string;
  address: string;
  /** What this connection cannot do, in the user's words (a Pipedrive user who may not add fields). */
  limits?: string;
}

function mask(secret: string): string {
  return secret.length <= 8 ? '••••' : `••••${secret.slice(-4)}`;
}

export function summarise(connection: StoredConnection): ConnectionSummary {
  const address =
    connection.kind === 'webhook'
      ? connection.url
      : connection.kind === 'hubspot'
        ? hubspotBase(connection)
        : connection.kind === 'attio'
          ? attioBase(connection)
          : connection.kind === 'salesforce'
            ? connection.instanceUrl
            : connection.kind === 'close'
              ? closeBase(connection)
              : connection.kind === 'zoho'
                ? connection.apiDomain
                : pipedriveBase(connection);
  const url = new URL(address);
  // A webhook URL is often a secret itself (the path is the credential): show its host only.
  const shown = connection.kind === 'webhook' ? maskWebhookUrl(address) : address;
  const host = connection.kind === 'pipedrive' && !connection.apiBase ? `${connection.domain}.pipedrive.com` : url.host;
  return {
    target: connection.kind,
    label: CRM_LABELS[connection.kind],
    host,
    maskedSecret: mask(connection.kind === 'webhook' ? connection.secret : connection.token),
    address: shown,
    ...(connection.kind === 'pipedrive' && connection.profileFieldDenied && !connection.profileFieldKey ? { limits: t('crm.test.pipedriveNoFieldRight', { field: PIPEDRIVE_PROFILE_FIELD_NAME }) } : {}),
  };
}
