import { Hono, type Context } from 'hono';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { adminControlRoutes, bearer, controlMiddleware, EmulatorControl, serve, type AnsweredFault, type Fault, type RunningEmulator } from '@/test/emulators/common';

/**
 * An in-memory Salesforce org, one origin playing both the login host and the org's My Domain
 * instance (so `instance_url` is the emulator's origin). Modelled on the published docs:
 *
 * - OAuth 2.0 web server flow with PKCE: `GET /services/oauth2/authorize` (the user is taken as
 *   logged in and approving: a 302 to `redirect_uri?code=…&state=…`; `code_challenge_method`
 *   S256), `POST /services/oauth2/token` (form-encoded; `authorization_code` with the
 *   `code_verifier` checked against the challenge and the same `redirect_uri`, or
 *   `refresh_token`), answering `access_token`, `refresh_token` (first grant only),
 *   `instance_url`, `id`, `token_type`, `issued_at`, `signature` (base64 HMAC-SHA256 of
 *   `id + issued_at` keyed with the consumer secret); errors `{error, error_description}` 400;
 *   `POST /services/oauth2/revoke` (token=…, revokes the refresh token and its sessions); the
 *   identity URL `GET /id/<orgId>/<userId>`.
 * - The app's consumer secret (`client_secret`) on the code exchange and on the refresh, as an
 *   External Client App's "Require secret for Web Server Flow" and "Require secret for Refresh
 *   Token Flow" (both on when the app is made) ask, unless told the app does not
 *   (`requireSecret`, or `POST /__admin/require-secret`); a secret that is sent is checked even
 *   where none is required; with `rotateRefreshTokens` ("Enable Refresh Token Rotation") each
 *   refresh answers a new `refresh_token` and retires the one sent, and a retired one sent again
 *   revokes the grant. Missing or wrong secret: 400 `{"error":"invalid_client",
 *   "error_description":"invalid client credentials"}`; an unknown consumer key: 400
 *   `invalid_client_id` "client identifier invalid"; both before the code is looked at, which
 *   stays unspent.
 * - REST API v60.0 with `Authorization: Bearer`: an unknown or expired session answers 401
 *   `[{"message":"Session expired or invalid","errorCode":"INVALID_SESSION_ID"}]`. Errors are
 *   always an array of `{message, errorCode, fields?}`.
 * - `GET …/query?q=` with a SOQL subset: `SELECT f, … FROM Lead|Contact|Account|Task|User|Campaign WHERE a = 'v'
 *   [AND|OR b LIKE '%v%' …] [AND c = true] LIMIT n`, case-insensitive as SOQL compares text, `Account.Name` on
 *   Contact, `Name` the compound of FirstName and LastName. Answers `{totalSize, done, records}`,
 *   each record with `attributes: {type, url}`.
 * - sObjects create (201 `{id, success, errors}`), `GET` by id, `PATCH` (204), describe (fields
 *   with name, label, type, custom, updateable). Ids are 18 characters with the key prefix of
 *   their object (00Q Lead, 003 Contact, 001 Account, 00T Task, 005 User). Lead and Contact have
 *   `OwnerId`: the connected user unless the create names another active User
 *   (`INVALID_CROSS_REFERENCE_KEY` for no such user, `INACTIVE_OWNER_OR_USER` for one who left).
 * - Campaigns (701) and their members (CampaignMember, 00v): a person already in the campaign
 *   answers 400 `DUPLICATE_VALUE` "Already a campaign member.".
 * - Duplicate rules ("Standard Rule for Leads/Contacts", active, block on create): a Lead or
 *   Contact create whose Email matches an existing Lead or Contact answers 400
 *   `[{duplicateResult: {…, matchResults: [{entityType, matchRecords: [{record: {attributes, Id}}]}]},
 *   errorCode: "DUPLICATES_DETECTED", message}]`, unless `Sforce-Duplicate-Rule-Header:
 *   allowSave=true`.
 * - API request limit: every REST call counts; `Sforce-Limit-Info: api-usage=n/m` on each answer;
 *   over the limit, 403 `[{"message":"TotalRequests Limit exceeded.","errorCode":"REQUEST_LIMIT_EXCEEDED"}]`.
 */
export const SALESFORCE_CLIENT_ID = '3MVG9emulatedConsumerKey.0123456789';
export const SALESFORCE_CONSUMER_SECRET = 'EMU5A1B2C3D4E5F60718293A4B5C6D7E8F90123456789ABCDEF0123456789AB';
const CONSUMER_SECRET = SALESFORCE_CONSUMER_SECRET;

/** The app's "Require secret for Web Server Flow" and "Require secret for Refresh Token Flow" settings. */
export interface RequireSecret {
  webServerFlow: boolean;
  refreshTokenFlow: boolean;
}
/** An External Client App as Salesforce creates it: both on. */
const SECRET_REQUIRED: RequireSecret = { webServerFlow: true, refreshTokenFlow: true };
export const SALESFORCE_ORG_ID = '00D000000000001EAA';
export const SALESFORCE_USER_ID = '005000000000001AAA';
export const SALESFORCE_VERSION = 'v60.0';
const DUPLICATE_MESSAGE = "You're creating a duplicate record. We recommend you use an existing record instead.";

export type SObjectType = 'Lead' | 'Contact' | 'Account' | 'Task' | 'User' | 'Campaign' | 'CampaignMember';
const PREFIX: Record<SObjectType, string> = { Lead: '00Q', Contact: '003', Account: '001', Task: '00T', User: '005', Campaign: '701', CampaignMember: '00v' };
/** The org's users: the admin who connects, a seller, and one who left (inactive). */
export const SALESFORCE_USERS = [
  { Id: SALESFORCE_USER_ID, FirstName: 'Emulator', LastName: 'Admin', IsActive: true, Username: 'admin@acme-emulated.example' },
  { Id: '005000000000002AAA', FirstName: 'Ben', LastName: 'Seller', IsActive: true, Username: 'ben@acme-emulated.example' },
  { Id: '005000000000003AAA', FirstName: 'Olga', LastName: 'Former', IsActive: false, Username: 'olga@acme-emulated.example' },
] as const;
/** The org's campaigns: one running, one over (inactive). */
export const SALESFORCE_CAMPAIGNS = [
  { Id: '701000000000001AAA', Name: 'Dossier prospects Q4', IsActive: true },
  { Id: '701000000000002AAA', Name: 'Spring webinar', IsActive: false },
] as const;

interface FieldDef {
  name: string;
  label: string;
  type: string;
  custom: boolean;
  updateable: boolean;
  nillable: boolean;
}

const field = (name: string, label: string, type = 'string', updateable = true, nillable = true): FieldDef => ({ name, label, type, custom: name.endsWith('__c'), updateable, nillable });

const STANDARD_FIELDS: Record<SObjectType, FieldDef[]> = {
  Lead: [
    field('Id', 'Lead ID', 'id', false, false),
    field('FirstName', 'First Name'),
    field('LastName', 'Last Name', 'string', true, false),
    field('Name', 'Full Name', 'string', false, false),
    field('Title', 'Title'),
    field('Email', 'Email', 'email'),
    field('Phone', 'Phone', 'phone'),
    field('MobilePhone', 'Mobile Phone', 'phone'),
    field('Company', 'Company', 'string', true, false),
    field('Website', 'Website', 'url'),
    field('LeadSource', 'Lead Source', 'picklist'),
    field('OwnerId', 'Owner ID', 'reference'),
  ],
  Contact: [
    field('Id', 'Contact ID', 'id', false, false),
    field('FirstName', 'First Name'),
    field('LastName', 'Last Name', 'string', true, false),
    field('Name', 'Full Name', 'string', false, false),
    field('Title', 'Title'),
    field('Email', 'Email', 'email'),
    field('Phone', 'Business Phone', 'phone'),
    field('MobilePhone', 'Mobile Phone', 'phone'),
    field('AccountId', 'Account ID', 'reference'),
    field('LeadSource', 'Lead Source', 'picklist'),
    field('OwnerId', 'Owner ID', 'reference'),
  ],
  Account: [field('Id', 'Account ID', 'id', false, false), field('Name', 'Account Name', 'string', true, false), field('Website', 'Website', 'url')],
  Task: [
    field('Id', 'Activity ID', 'id', false, false),
    field('Subject', 'Subject', 'combobox'),
    field('Description', 'Comments', 'textarea'),
    field('WhoId', 'Name ID', 'reference'),
    field('WhatId', 'Related To ID', 'reference'),
    field('Status', 'Status', 'picklist', true, false),
    field('Priority', 'Priority', 'picklist'),
    field('ActivityDate', 'Due Date Only', 'date'),
  ],
  User: [
    field('Id', 'User ID', 'id', false, false),
    field('FirstName', 'First Name', 'string', false),
    field('LastName', 'Last Name', 'string', false),
    field('Name', 'Full Name', 'string', false, false),
    field('Username', 'Username', 'string', false),
    field('IsActive', 'Active', 'boolean', false),
  ],
  Campaign: [field('Id', 'Campaign ID', 'id', false, false), field('Name', 'Name', 'string', true, false), field('IsActive', 'Active', 'boolean')],
  CampaignMember: [
    field('Id', 'Campaign Member ID', 'id', false, false),
    field('CampaignId', 'Campaign ID', 'reference', true, false),
    field('LeadId', 'Lead ID', 'reference'),
    field('ContactId', 'Contact ID', 'reference'),
    field('Status', 'Status', 'picklist'),
  ],
};

export type SRecord = Record<string, unknown> & { Id: string };

interface Session {
  accessToken: string;
  refreshToken: string;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
}

const FAULT_BODIES: Record<AnsweredFault, unknown> = {
  // Salesforce limits with 403 REQUEST_LIMIT_EXCEEDED; the shared faults still play a 429 for the contract suite.
  '429': [{ message: 'ConcurrentPerOrgLongTxn Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' }],
  '500': [{ message: 'An unexpected error occurred. Please include this ErrorId if you contact support: 1234567890-12345 (-1234567890)', errorCode: 'UNKNOWN_EXCEPTION' }],
  '502': [{ message: 'Bad gateway', errorCode: 'SERVER_UNAVAILABLE' }],
  '503': [{ message: 'Service temporarily unavailable', errorCode: 'SERVER_UNAVAILABLE' }],
};

/** A `daily` 429 fault plays the org's 24-hour allowance spent: Salesforce answers that with 403, never 429. */
const TOTAL_REQUESTS_EXCEEDED = [{ message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' }];
const faultBody = (kind: AnsweredFault, fault: Fault) => (kind === '429' && fault.daily ? TOTAL_REQUESTS_EXCEEDED : FAULT_BODIES[kind]);
const faultStatus = (fault: Fault) => (fault.kind === '429' && fault.daily ? { status: 403 } : {});

function sfError(c: Context, status: number, errorCode: string, message: string, fields: string[] = []) {
  return c.json([{ message, errorCode, fields }], status as 400);
}

function oauthError(c: Context, error: string, description: string, status = 400) {
  return c.json({ error, error_description: description }, status as 400);
}

const base64url = (buffer: Buffer) => buffer.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

function usersMap(): Map<string, SRecord> {
  return new Map(SALESFORCE_USERS.map((u) => [u.Id, { ...u }]));
}

function campaignsMap(): Map<string, SRecord> {
  return new Map(SALESFORCE_CAMPAIGNS.map((c) => [c.Id, { ...c }]));
}

const noCustomFields = (): Record<SObjectType, FieldDef[]> => ({ Lead: [], Contact: [], Account: [], Task: [], User: [], Campaign: [], CampaignMember: [] });

export class SalesforceState {
  records: Record<SObjectType, Map<string, SRecord>> = { Lead: new Map(), Contact: new Map(), Account: new Map(), Task: new Map(), User: usersMap(), Campaign: campaignsMap(), CampaignMember: new Map() };
  /** Custom fields the org has, per object (an admin added them in Setup). */
  customFields: Record<SObjectType, FieldDef[]> = noCustomFields();
  sessions: Session[] = [];
  codes = new Map<string, PendingCode>();
  /** The query of each visit to the authorize page (the login window's), for tests to see where it came from. */
  authorizeVisits: Record<string, string>[] = [];
  /** Records the duplicate rule sees but queries do not (a sharing rule hides them from the user). */
  unsearchable = new Set<string>();
  apiUsage = 0;
  apiLimit = 15_000;
  /** Whether the duplicate rules block creates (they are active in a new org). */
  duplicateRules = true;
  /** Which token requests need the consumer secret (the admin may turn either off). */
  requireSecret: RequireSecret;
  /**
   * The app's "Enable Refresh Token Rotation": each refresh answers a new refresh token and
   * retires the one sent; a retired one sent again revokes the grant (its sessions) and is refused.
   */
  rotateRefreshTokens = false;
  /** Retired refresh token → the one that replaced it. */
  private rotatedTo = new Map<string, string>();
  private counter = 0;
  origin = '';

  constructor(private readonly defaults: { requireSecret: RequireSecret } = { requireSecret: SECRET_REQUIRED }) {
    this.requireSecret = { ...defaults.requireSecret };
  }

  reset(): void {
    for (const map of Object.values(this.records)) map.clear();
    this.records.User = usersMap();
    this.records.Campaign = campaignsMap();
    this.customFields = noCustomFields();
    this.sessions = [];
    this.codes.clear();
    this.authorizeVisits = [];
    this.unsearchable.clear();
    this.apiUsage = 0;
    this.apiLimit = 15_000;
    this.duplicateRules = true;
    this.requireSecret = { ...this.defaults.requireSecret };
    this.rotateRefreshTokens = false;
    this.rotatedTo.clear();
  }

  /** A refresh: a session on the same grant, under a new refresh token when rotation is on. Null for a refresh token that is no grant's. */
  refreshSession(refreshToken: string): { session: Session; rotated: boolean } | null {
    if (this.rotatedTo.has(refreshToken)) {
      let current = refreshToken;
      while (this.rotatedTo.has(current)) current = this.rotatedTo.get(current)!;
      this.sessions = this.sessions.filter((s) => s.refreshToken !== current);
      return null;
    }
    if (!this.sessions.some((s) => s.refreshToken === refreshToken)) return null;
    if (!this.rotateRefreshTokens) return { session: this.openSession(refreshToken), rotated: false };
    const session = this.openSession();
    this.rotatedTo.set(refreshToken, session.refreshToken);
    for (const s of this.sessions) if (s.refreshToken === refreshToken) s.refreshToken = session.refreshToken;
    return { session, rotated: true };
  }

  newId(type: SObjectType): string {
    this.counter += 1;
    return `${PREFIX[type]}${String(this.counter).padStart(12, '0')}AAA`;
  }

  typeOfId(id: string): SObjectType | null {
    return (Object.keys(PREFIX) as SObjectType[]).find((t) => id.startsWith(PREFIX[t])) ?? null;
  }

  /** An admin adds a custom field, e.g. `LinkedIn_URL__c` (URL) on Lead and Contact. */
  addCustomField(type: SObjectType, name: string, label: string, fieldType = 'url'): void {
    this.customFields[type].push(field(name, label, fieldType));
  }

  fields(type: SObjectType): FieldDef[] {
    return [...STANDARD_FIELDS[type], ...this.customFields[type]];
  }

  seed(type: SObjectType, values: Record<string, unknown>): SRecord {
    const record: SRecord = { Id: this.newId(type), ...values };
    this.records[type].set(record.Id, record);
    return record;
  }

  /** A session a token grant opens; the access token looks like Salesforce's `<orgId>!<opaque>`. */
  openSession(refreshToken?: string): Session {
    const session = { accessToken: `${SALESFORCE_ORG_ID}!AQ${base64url(randomBytes(24))}`, refreshToken: refreshToken ?? `5Aep8${base64url(randomBytes(24))}` };
    this.sessions.push(session);
    return session;
  }

  /** Every access token expires (the session timeout); refresh tokens stay valid. */
  expireSessions(): void {
    for (const session of this.sessions) session.accessToken = `expired-${session.accessToken}`;
  }

  validToken(token: string | null): boolean {
    return Boolean(token) && !token!.startsWith('expired-') && this.sessions.some((s) => s.accessToken === token);
  }
}

function view(type: SObjectType, record: SRecord, state: SalesforceState, fields?: string[]) {
  const out: Record<string, unknown> = { attributes: { type, url: `/services/data/${SALESFORCE_VERSION}/sobjects/${type}/${record.Id}` } };
  const all = fields ?? state.fields(type).map((f) => f.name);
  for (const name of all) {
    if (name === 'Account.Name') {
      const account = record.AccountId ? state.records.Account.get(String(record.AccountId)) : undefined;
      out.Account = account ? { attributes: { type: 'Account', url: `/services/data/${SALESFORCE_VERSION}/sobjects/Account/${account.Id}` }, Name: account.Name } : null;
    } else out[name] = valueOf(type, record, name, state) ?? null;
  }
  return out;
}

function valueOf(type: SObjectType, record: SRecord, name: string, state: SalesforceState): unknown {
  if (name === 'Name' && (type === 'Lead' || type === 'Contact' || type === 'User')) return [record.FirstName, record.LastName].filter(Boolean).join(' ');
  if (name === 'Account.Name') return record.AccountId ? state.records.Account.get(String(record.AccountId))?.Name : undefined;
  return record[name];
}

interface Condition {
  field: string;
  op: '=' | 'LIKE';
  /** A quoted string, or SOQL's `true`/`false` for a checkbox field. */
  value: string | boolean;
}

/** The SOQL this emulator understands; anything else is a MALFORMED_QUERY, as Salesforce says. */
function parseSoql(q: string): { fields: string[]; type: SObjectType; where: { conditions: Condition[]; joiner: 'AND' | 'OR' }; limit: number } | string {
  const match = /^\s*SELECT\s+(.+?)\s+FROM\s+(\w+)(?:\s+WHERE\s+(.+?))?(?:\s+LIMIT\s+(\d+))?\s*$/is.exec(q);
  if (!match) return `unexpected token: ${q.slice(0, 40)}`;
  const type = match[2] as SObjectType;
  if (!(type in PREFIX)) return `sObject type '${match[2]}' is not supported.`;
  const fields = match[1]!.split(',').map((f) => f.trim());
  const conditions: Condition[] = [];
  let joiner: 'AND' | 'OR' = 'AND';
  if (match[3]) {
    const re = /\s*([\w.]+)\s*(=|LIKE)\s*(?:'((?:[^'\\]|\\.)*)'|(true|false)\b)\s*(AND|OR)?/giy;
    let rest = match[3];
    let m: RegExpExecArray | null;
    let consumed = 0;
    while ((m = re.exec(rest))) {
      const value = m[4] !== undefined ? m[4].toLowerCase() === 'true' : m[3]!.replace(/\\(.)/g, '$1');
      conditions.push({ field: m[1]!, op: m[2]!.toUpperCase() as Condition['op'], value });
      if (m[5]) joiner = m[5].toUpperCase() as 'AND' | 'OR';
      consumed = re.lastIndex;
    }
    rest = rest.slice(consumed).trim();
    if (rest || !conditions.length) return `unexpected token: '${rest || match[3]}'`;
  }
  return { fields, type, where: { conditions, joiner }, limit: match[4] ? Number(match[4]) : 2_000 };
}

function likeToRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/%/g, '.*').replace(/_/g, '.');
  return new RegExp(`^${escaped}$`, 'i');
}

export interface SalesforceEmulatorOptions {
  /** The app's "Require secret" settings; both on unless told (`false` turns both off). */
  requireSecret?: boolean | Partial<RequireSecret>;
}

function requireSecretOf(option: SalesforceEmulatorOptions['requireSecret']): RequireSecret {
  if (option === undefined || typeof option === 'boolean') return { webServerFlow: option ?? true, refreshTokenFlow: option ?? true };
  return { ...SECRET_REQUIRED, ...option };
}

export function createSalesforceEmulator(options: SalesforceEmulatorOptions = {}) {
  const state = new SalesforceState({ requireSecret: requireSecretOf(options.requireSecret) });
  const control = new EmulatorControl();
  // Salesforce answers paths with or without a trailing slash (the docs write `sobjects/Lead/`).
  const app = new Hono({ strict: false });

  adminControlRoutes(app, control, () => state.reset());
  // The admin changes the app's "Require secret" settings (a test running the emulator in another process).
  app.post('/__admin/require-secret', async (c) => {
    state.requireSecret = { ...state.requireSecret, ...((await c.req.json()) as Partial<RequireSecret>) };
    return c.json(state.requireSecret);
  });
  app.get('/__admin/records', (c) => c.json(Object.fromEntries(Object.entries(state.records).map(([type, map]) => [type, [...map.values()]]))));

  // --- OAuth 2.0 web server flow with PKCE --------------------------------------------------
  app.get('/services/oauth2/authorize', (c) => {
    const q = c.req.query();
    state.authorizeVisits.push(q);
    if (q.client_id !== SALESFORCE_CLIENT_ID) return c.text('error=invalid_client_id&error_description=client identifier invalid', 400);
    if (!q.redirect_uri) return c.text('error=redirect_uri_missing&error_description=redirect_uri must match configuration', 400);
    const redirect = new URL(q.redirect_uri);
    const back = (params: Record<string, string>) => {
      for (const [k, v] of Object.entries(params)) redirect.searchParams.set(k, v);
      if (q.state !== undefined) redirect.searchParams.set('state', q.state);
      return c.redirect(redirect.toString(), 302);
    };
    if (q.response_type !== 'code') return back({ error: 'unsupported_response_type', error_description: 'response type not supported' });
    if (!q.code_challenge || (q.code_challenge_method ?? 'S256') !== 'S256') return back({ error: 'invalid_request', error_description: 'invalid code challenge' });
    const code = `aPrx${base64url(randomBytes(30))}==`;
    state.codes.set(code, { clientId: q.client_id, redirectUri: q.redirect_uri, challenge: q.code_challenge });
    return back({ code });
  });

  function tokenAnswer(c: Context, session: Session, withRefresh: boolean) {
    const id = `${state.origin}/id/${SALESFORCE_ORG_ID}/${SALESFORCE_USER_ID}`;
    const issuedAt = String(Date.now());
    const signature = createHmac('sha256', CONSUMER_SECRET).update(id + issuedAt).digest('base64');
    return c.json({
      access_token: session.accessToken,
      ...(withRefresh ? { refresh_token: session.refreshToken } : {}),
      signature,
      scope: 'refresh_token api',
      instance_url: state.origin,
      id,
      token_type: 'Bearer',
      issued_at: issuedAt,
    });
  }

  app.post('/services/oauth2/token', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    const grant = form.get('grant_type');
    if (form.get('client_id') !== SALESFORCE_CLIENT_ID) return oauthError(c, 'invalid_client_id', 'client identifier invalid');
    const secret = form.get('client_secret');
    const required = grant === 'authorization_code' ? state.requireSecret.webServerFlow : grant === 'refresh_token' ? state.requireSecret.refreshTokenFlow : false;
    // A secret that is sent is checked whether or not the app requires one.
    if (secret !== null ? secret !== CONSUMER_SECRET : required) return oauthError(c, 'invalid_client', 'invalid client credentials');
    if (grant === 'authorization_code') {
      const code = form.get('code') ?? '';
      const pending = state.codes.get(code);
      state.codes.delete(code); // single use, whatever happens next
      if (!pending) return oauthError(c, 'invalid_grant', 'invalid authorization code');
      if (pending.redirectUri !== form.get('redirect_uri')) return oauthError(c, 'redirect_uri_mismatch', 'redirect_uri must match configuration');
      const verifier = form.get('code_verifier') ?? '';
      if (base64url(createHash('sha256').update(verifier).digest()) !== pending.challenge) return oauthError(c, 'invalid_grant', 'invalid code verifier');
      return tokenAnswer(c, state.openSession(), true);
    }
    if (grant === 'refresh_token') {
      const refreshed = state.refreshSession(form.get('refresh_token') ?? '');
      if (!refreshed) return oauthError(c, 'invalid_grant', 'expired access/refresh token');
      return tokenAnswer(c, refreshed.session, refreshed.rotated);
    }
    return oauthError(c, 'unsupported_grant_type', 'grant type not supported');
  });

  app.post('/services/oauth2/revoke', async (c) => {
    const token = new URLSearchParams(await c.req.text()).get('token');
    const hit = state.sessions.find((s) => s.accessToken === token || s.refreshToken === token);
    if (!hit) return oauthError(c, 'unsupported_token_type', 'this token type is not supported');
    // Revoking a refresh token ends every session it opened; an access token, only its own.
    state.sessions = state.sessions.filter((s) => (token === hit.refreshToken ? s.refreshToken !== token : s.accessToken !== token));
    return c.body(null, 200);
  });

  app.get('/id/:org/:user', (c) => {
    if (!state.validToken(bearer(c))) return c.text('Bad_OAuth_Token', 403);
    return c.json({
      id: `${state.origin}/id/${SALESFORCE_ORG_ID}/${SALESFORCE_USER_ID}`,
      user_id: SALESFORCE_USER_ID,
      organization_id: SALESFORCE_ORG_ID,
      username: 'admin@acme-emulated.example',
      display_name: 'Emulator Admin',
      email: 'admin@acme-emulated.example',
      active: true,
      user_type: 'STANDARD',
      urls: { rest: `${state.origin}/services/data/v{version}/`, sobjects: `${state.origin}/services/data/v{version}/sobjects/`, query: `${state.origin}/services/data/v{version}/query/` },
    });
  });

  // --- REST API ------------------------------------------------------------------------------
  const api = new Hono({ strict: false });
  api.use(controlMiddleware(control, faultBody, faultStatus));
  api.use(async (c, next) => {
    if (!state.validToken(bearer(c))) return sfError(c, 401, 'INVALID_SESSION_ID', 'Session expired or invalid');
    state.apiUsage += 1;
    c.header('Sforce-Limit-Info', `api-usage=${state.apiUsage}/${state.apiLimit}`);
    if (state.apiUsage > state.apiLimit) return sfError(c, 403, 'REQUEST_LIMIT_EXCEEDED', 'TotalRequests Limit exceeded.');
    await next();
  });

  const V = `/services/data/${SALESFORCE_VERSION}`;
  const typeParam = (c: Context): SObjectType | null => {
    const type = c.req.param('type') as SObjectType;
    return type in PREFIX ? type : null;
  };

  api.get(V, (c) => c.json({ sobjects: `${V}/sobjects`, query: `${V}/query`, limits: `${V}/limits` }));

  api.get(`${V}/query`, (c) => {
    const parsed = parseSoql(c.req.query('q') ?? '');
    if (typeof parsed === 'string') return sfError(c, 400, 'MALFORMED_QUERY', parsed);
    const known = new Set([...state.fields(parsed.type).map((f) => f.name), ...(parsed.type === 'Contact' ? ['Account.Name'] : [])]);
    const unknownField = [...parsed.fields, ...parsed.where.conditions.map((w) => w.field)].find((f) => !known.has(f));
    if (unknownField) return sfError(c, 400, 'INVALID_FIELD', `No such column '${unknownField}' on entity '${parsed.type}'.`);
    const test = (record: SRecord, condition: Condition) => {
      const value = valueOf(parsed.type, record, condition.field, state);
      if (typeof condition.value === 'boolean') return condition.op === '=' && value === condition.value;
      if (typeof value !== 'string') return false;
      return condition.op === '=' ? value.toLowerCase() === condition.value.toLowerCase() : likeToRegExp(condition.value).test(value);
    };
    const { conditions, joiner } = parsed.where;
    const records = [...state.records[parsed.type].values()]
      .filter((r) => !state.unsearchable.has(r.Id))
      .filter((r) => !conditions.length || (joiner === 'AND' ? conditions.every((w) => test(r, w)) : conditions.some((w) => test(r, w))))
      .slice(0, parsed.limit)
      .map((r) => view(parsed.type, r, state, parsed.fields));
    return c.json({ totalSize: records.length, done: true, records });
  });

  api.get(`${V}/sobjects/:type/describe`, (c) => {
    const type = typeParam(c);
    if (!type) return sfError(c, 404, 'NOT_FOUND', 'The requested resource does not exist');
    return c.json({ name: type, label: type, keyPrefix: PREFIX[type], createable: true, updateable: true, queryable: true, fields: state.fields(type) });
  });

  /** Checks a create's or update's body against the object's fields, as the API does. */
  function invalid(type: SObjectType, body: Record<string, unknown>, creating: boolean): { code: string; message: string; fields: string[] } | null {
    const defs = new Map(state.fields(type).map((f) => [f.name, f]));
    for (const name of Object.keys(body)) {
      const def = defs.get(name);
      if (!def) return { code: 'INVALID_FIELD', message: `No such column '${name}' on sobject of type ${type}`, fields: [] };
      if (!def.updateable) return { code: 'INVALID_FIELD_FOR_INSERT_UPDATE', message: `Unable to create/update fields: ${name}. Please check the security settings of this field and verify that it is read/write for your profile or permission set.`, fields: [name] };
    }
    const required = STANDARD_FIELDS[type].filter((f) => !f.nillable && f.updateable).map((f) => f.name);
    const missing = required.filter((name) => (creating ? !body[name] : name in body && !body[name]));
    if (missing.length) return { code: 'REQUIRED_FIELD_MISSING', message: `Required fields are missing: [${missing.join(', ')}]`, fields: missing };
    if (typeof body.AccountId === 'string' && !state.records.Account.has(body.AccountId)) return { code: 'INVALID_CROSS_REFERENCE_KEY', message: 'invalid cross reference id', fields: ['AccountId'] };
    if (typeof body.WhoId === 'string' && !state.records.Lead.has(body.WhoId) && !state.records.Contact.has(body.WhoId)) return { code: 'INVALID_CROSS_REFERENCE_KEY', message: 'invalid cross reference id', fields: ['WhoId'] };
    if (type === 'CampaignMember') {
      if (typeof body.CampaignId !== 'string' || !state.records.Campaign.has(body.CampaignId)) return { code: 'INVALID_CROSS_REFERENCE_KEY', message: 'invalid cross reference id', fields: ['CampaignId'] };
      const person = typeof body.LeadId === 'string' ? state.records.Lead.get(body.LeadId) : typeof body.ContactId === 'string' ? state.records.Contact.get(body.ContactId) : undefined;
      if (!person) return { code: 'INVALID_CROSS_REFERENCE_KEY', message: 'invalid cross reference id', fields: [typeof body.LeadId === 'string' ? 'LeadId' : 'ContactId'] };
      const already = [...state.records.CampaignMember.values()].some((m) => m.CampaignId === body.CampaignId && (m.LeadId ?? m.ContactId) === person.Id);
      if (creating && already) return { code: 'DUPLICATE_VALUE', message: 'Already a campaign member.', fields: [] };
    }
    if ('OwnerId' in body) {
      const owner = typeof body.OwnerId === 'string' ? state.records.User.get(body.OwnerId) : undefined;
      if (!owner) return { code: 'INVALID_CROSS_REFERENCE_KEY', message: 'invalid cross reference id', fields: ['OwnerId'] };
      if (!owner.IsActive) return { code: 'INACTIVE_OWNER_OR_USER', message: 'operation performed with inactive user', fields: ['OwnerId'] };
    }
    return null;
  }

  function duplicatesOf(type: SObjectType, email: unknown) {
    if (!state.duplicateRules || (type !== 'Lead' && type !== 'Contact') || typeof email !== 'string' || !email) return [];
    const want = email.toLowerCase();
    return (['Lead', 'Contact'] as const).flatMap((entityType) => {
      const records = [...state.records[entityType].values()].filter((r) => typeof r.Email === 'string' && r.Email.toLowerCase() === want);
      return records.length
        ? [
            {
              entityType,
              errors: [],
              matchEngine: 'ExactMatchEngine',
              matchRecords: records.map((r) => ({
                additionalInformation: [],
                fieldDiffs: [],
                matchConfidence: 100.0,
                record: { attributes: { type: entityType, url: `${V}/sobjects/${entityType}/${r.Id}` }, Id: r.Id },
              })),
              rule: `Standard_${entityType}_Match_Rule_v1_1`,
              size: records.length,
              success: true,
            },
          ]
        : [];
    });
  }

  api.post(`${V}/sobjects/:type`, async (c) => {
    const type = typeParam(c);
    if (!type) return sfError(c, 404, 'NOT_FOUND', 'The requested resource does not exist');
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return sfError(c, 400, 'JSON_PARSER_ERROR', 'Unexpected end-of-input: expected close marker for OBJECT');
    const problem = invalid(type, body, true);
    if (problem) return sfError(c, 400, problem.code, problem.message, problem.fields);
    const allowSave = /allowSave\s*=\s*true/i.test(c.req.header('Sforce-Duplicate-Rule-Header') ?? '');
    const matches = allowSave ? [] : duplicatesOf(type, body.Email);
    if (matches.length) {
      return c.json(
        [
          {
            duplicateResult: {
              allowSave: false,
              duplicateRule: `Standard_Rule_for_${type}s`,
              duplicateRuleEntityType: type,
              errorMessage: DUPLICATE_MESSAGE,
              matchResults: matches,
            },
            errorCode: 'DUPLICATES_DETECTED',
            message: DUPLICATE_MESSAGE,
          },
        ],
        400,
      );
    }
    // A record no one was named to own belongs to the user who made it (the connected user).
    const defaults = type === 'Task' ? { Status: 'Not Started' } : type === 'Lead' || type === 'Contact' ? { OwnerId: SALESFORCE_USER_ID } : {};
    const record = state.seed(type, { ...defaults, ...body });
    return c.json({ id: record.Id, success: true, errors: [] }, 201);
  });

  api.get(`${V}/sobjects/:type/:id`, (c) => {
    const type = typeParam(c);
    const record = type ? state.records[type].get(c.req.param('id')) : undefined;
    if (!type || !record) return sfError(c, 404, 'NOT_FOUND', 'The requested resource does not exist');
    const fields = c.req.query('fields')?.split(',').map((f) => f.trim());
    return c.json(view(type, record, state, fields));
  });

  api.patch(`${V}/sobjects/:type/:id`, async (c) => {
    const type = typeParam(c);
    const record = type ? state.records[type].get(c.req.param('id')) : undefined;
    if (!type || !record) return sfError(c, 404, 'NOT_FOUND', 'The requested resource does not exist');
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return sfError(c, 400, 'JSON_PARSER_ERROR', 'Unexpected end-of-input: expected close marker for OBJECT');
    const problem = invalid(type, body, false);
    if (problem) return sfError(c, 400, problem.code, problem.message, problem.fields);
    Object.assign(record, body);
    return c.body(null, 204);
  });

  app.route('/', api);
  app.notFound((c) => sfError(c, 404, 'NOT_FOUND', 'The requested resource does not exist'));
  return { app, state, control };
}

export type SalesforceEmulator = ReturnType<typeof createSalesforceEmulator>;

export async function startSalesforceEmulator(port = 0, options: SalesforceEmulatorOptions = {}): Promise<SalesforceEmulator & { server: RunningEmulator; origin: string }> {
  const emulator = createSalesforceEmulator(options);
  const server = await serve(emulator.app, port);
  emulator.state.origin = server.origin;
  return { ...emulator, server, origin: server.origin };
}

/** The PKCE challenge of a verifier, as RFC 7636 S256 computes it (for tests that drive the flow by hand). */
export function s256(verifier: string): string {
  return base64url(createHash('sha256').update(verifier).digest());
}
