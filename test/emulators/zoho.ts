import { Hono, type Context } from 'hono';
import { createHash, randomBytes } from 'node:crypto';
import { adminControlRoutes, controlMiddleware, EmulatorControl, serve, type AnsweredFault, type RunningEmulator } from '@/test/emulators/common';

/**
 * An in-memory Zoho CRM organization in one data centre, one origin playing both its accounts
 * server and its API domain (so `api_domain` and `accounts-server` are the emulator's origin).
 * Modelled on Zoho's published docs and on how Zoho's own SDKs read the answers:
 *
 * - OAuth 2.0 (Zoho Accounts), a mobile-based client: `GET /oauth/v2/auth` (the user is taken as
 *   logged in and approving: a 302 to `redirect_uri?code=…&location=…&accounts-server=…&state=…`;
 *   `code_challenge` required, S256 or plain; `access_type=offline` for a refresh token),
 *   `POST /oauth/v2/token` (parameters in the query or a form body; `authorization_code` with the
 *   `code_verifier` and the same `redirect_uri`, or `refresh_token`; the client secret checked when
 *   sent and required while `state.secretRequired`), answering `access_token`, `refresh_token`
 *   (first grant, offline only), `scope`, `api_domain`, `token_type`, `expires_in`. A refused
 *   grant is HTTP 200 `{"error": "invalid_code"}` (`invalid_client`, `invalid_redirect_uri`…);
 *   more than ten access tokens from one refresh token within ten minutes is 400
 *   `{"error": "Access Denied", "error_description": "You have made too many requests continuously…"}`.
 *   `POST /oauth/v2/token/revoke` (`token` = a refresh token) ends it and every access token it minted.
 * - CRM REST API v6 under `/crm/v6` with `Authorization: Zoho-oauthtoken <token>`: no or another
 *   header is 401 AUTHENTICATION_FAILURE, an unknown or expired token 401 INVALID_TOKEN, a token
 *   without the scope 401 OAUTH_SCOPE_MISMATCH. Errors are `{code, details, message, status: "error"}`,
 *   at the top or per record in `data` (MANDATORY_NOT_FOUND, INVALID_DATA, DUPLICATE_DATA with
 *   `details.duplicate_record`); 429 TOO_MANY_REQUESTS.
 * - Records of Leads, Contacts (`Account_Name` a lookup `{id}` → `{name, id}`) and Accounts:
 *   `GET /{module}/{id}` (`{data: [record]}`, 204 when there is none), `PUT /{module}/{id}`,
 *   `POST /{module}/upsert` (`duplicate_check_fields`, in order; by default the system's, Email or
 *   Account_Name, then the unique custom fields; a match is updated without the mandatory fields,
 *   otherwise inserted: `action` "insert" 201 or "update" 200, `duplicate_field`),
 *   `GET /{module}/search` (`email`, `phone`, `word` or `criteria` of `(field:equals|starts_with:value)`
 *   in `and`/`or` groups, at most ten, `\` escaping `(`, `)`, `,`; case-insensitive; 204 when
 *   nothing is found). Records the search cannot see yet (`state.unsearchable`: Zoho's index lags)
 *   are still found by upserts. Owner `{id}` must be an active user.
 * - Notes: `POST /{module}/{id}/Notes`, `GET /{module}/{id}/Notes?fields=…` (fields required).
 * - Tags: `GET /settings/tags?module=`, `POST /{module}/{id}/actions/add_tags` `{tags: [{name, id}]}`
 *   (a tag the record has already is not added twice; a new name makes a new tag).
 * - `GET /settings/fields?module=` (api_name, field_label, display_label, data_type, custom_field,
 *   read_only, field_read_only, system_mandatory, unique when "Do not allow duplicate values" is on),
 *   `GET /settings/layouts?module=` (one "Standard" layout per module, the default one of the
 *   Administrator profile, its section's fields with `required`: Zoho's own mandatory fields and
 *   those an admin made mandatory in the layout, `state.makeMandatory`). A new record missing one
 *   is refused per record with 400 MANDATORY_NOT_FOUND `{api_name, json_path}`. Zoho's upsert page
 *   says layout-specific mandatory fields join the API's check when the record names its `Layout`;
 *   the emulator takes the stricter reading that a record naming none is filed under, and checked
 *   against, the default layout.
 * - `duplicate_check_fields` empty: Zoho documents the array's allowed fields, not an empty one;
 *   the emulator refuses it (400 INVALID_DATA on `$.duplicate_check_fields`), the safe reading.
 *   `GET /users?type=CurrentUser|ActiveUsers|AllUsers`, `GET /org`.
 */
export const ZOHO_CLIENT_ID = '1000.EMULATEDZOHOCLIENT0123456789AB';
export const ZOHO_CLIENT_SECRET = 'e0d1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0';
export const ZOHO_ORG = { id: '20000000001', company_name: 'Acme Emulated', domain_name: 'org20000000001' } as const;
export const ZOHO_USERS = [
  { id: '4150868000000225013', full_name: 'Emulator Admin', email: 'admin@acme-emulated.example', status: 'active' },
  { id: '4150868000000225014', full_name: 'Ben Seller', email: 'ben@acme-emulated.example', status: 'active' },
  { id: '4150868000000225015', full_name: 'Olga Former', email: 'olga@acme-emulated.example', status: 'disabled' },
] as const;
export const ZOHO_ADMIN_ID = ZOHO_USERS[0].id;

export type ZohoModule = 'Leads' | 'Contacts' | 'Accounts';
const MODULES: ZohoModule[] = ['Leads', 'Contacts', 'Accounts'];

export interface ZohoFieldDef {
  api_name: string;
  field_label: string;
  display_label: string;
  data_type: string;
  json_type: string;
  custom_field: boolean;
  read_only: boolean;
  field_read_only: boolean;
  system_mandatory: boolean;
  unique?: { casesensitive: string };
  id: string;
}

let fieldIds = 0;
function field(api_name: string, label: string, data_type = 'text', options: { readOnly?: boolean; mandatory?: boolean; custom?: boolean; unique?: boolean } = {}): ZohoFieldDef {
  fieldIds += 1;
  return {
    api_name,
    field_label: label,
    display_label: label,
    data_type,
    json_type: data_type === 'lookup' || data_type === 'ownerlookup' ? 'jsonobject' : data_type === 'boolean' ? 'boolean' : 'string',
    custom_field: options.custom ?? false,
    read_only: options.readOnly ?? false,
    field_read_only: options.readOnly ?? false,
    system_mandatory: options.mandatory ?? false,
    ...(options.unique ? { unique: { casesensitive: 'false' } } : {}),
    id: `41508680000000${String(fieldIds).padStart(5, '0')}`,
  };
}

const STANDARD_FIELDS: Record<ZohoModule, ZohoFieldDef[]> = {
  Leads: [
    field('Owner', 'Lead Owner', 'ownerlookup'),
    field('First_Name', 'First Name'),
    field('Last_Name', 'Last Name', 'text', { mandatory: true }),
    field('Full_Name', 'Lead Name', 'text', { readOnly: true }),
    field('Designation', 'Title'),
    field('Email', 'Email', 'email'),
    field('Secondary_Email', 'Secondary Email', 'email'),
    field('Phone', 'Phone', 'phone'),
    field('Mobile', 'Mobile', 'phone'),
    field('Company', 'Company'),
    field('Website', 'Website', 'website'),
    field('Lead_Source', 'Lead Source', 'picklist'),
    field('Lead_Status', 'Lead Status', 'picklist'),
    field('Description', 'Description', 'textarea'),
    field('Created_Time', 'Created Time', 'datetime', { readOnly: true }),
  ],
  Contacts: [
    field('Owner', 'Contact Owner', 'ownerlookup'),
    field('First_Name', 'First Name'),
    field('Last_Name', 'Last Name', 'text', { mandatory: true }),
    field('Full_Name', 'Contact Name', 'text', { readOnly: true }),
    field('Title', 'Title'),
    field('Email', 'Email', 'email'),
    field('Secondary_Email', 'Secondary Email', 'email'),
    field('Phone', 'Phone', 'phone'),
    field('Mobile', 'Mobile', 'phone'),
    field('Account_Name', 'Account Name', 'lookup'),
    field('Department', 'Department'),
    field('Lead_Source', 'Lead Source', 'picklist'),
    field('Description', 'Description', 'textarea'),
    field('Created_Time', 'Created Time', 'datetime', { readOnly: true }),
  ],
  Accounts: [
    field('Owner', 'Account Owner', 'ownerlookup'),
    field('Account_Name', 'Account Name', 'text', { mandatory: true }),
    field('Website', 'Website', 'website'),
    field('Phone', 'Phone', 'phone'),
    field('Description', 'Description', 'textarea'),
    field('Created_Time', 'Created Time', 'datetime', { readOnly: true }),
  ],
};
/** Zoho's system-defined duplicate check field of each module. */
const SYSTEM_DUPLICATE_CHECK: Record<ZohoModule, string> = { Leads: 'Email', Contacts: 'Email', Accounts: 'Account_Name' };

export type ZRecord = Record<string, unknown> & { id: string };
export interface ZNote {
  id: string;
  Note_Title: string | null;
  Note_Content: string;
  Parent_Id: { module: { api_name: ZohoModule }; id: string };
  Created_Time: string;
}
export interface ZTag {
  id: string;
  name: string;
  color_code: string | null;
}

interface Session {
  accessToken: string;
  refreshToken: string;
  scopes: string[];
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  method: string;
  scopes: string[];
  offline: boolean;
}

const FAULT_BODIES: Record<AnsweredFault, unknown> = {
  '429': { code: 'TOO_MANY_REQUESTS', details: {}, message: 'The number of concurrent requests has exceeded the threshold limit.', status: 'error' },
  '500': { code: 'INTERNAL_ERROR', details: {}, message: 'Internal Server Error', status: 'error' },
  '502': { code: 'INTERNAL_ERROR', details: {}, message: 'Bad Gateway', status: 'error' },
  '503': { code: 'INTERNAL_ERROR', details: {}, message: 'Service Unavailable', status: 'error' },
};

const apiError = (code: string, message: string, details: Record<string, unknown> = {}) => ({ code, details, message, status: 'error' });
const base64url = (buffer: Buffer) => buffer.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const isoNow = () => new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00');

function usersMap(): Map<string, (typeof ZOHO_USERS)[number]> {
  return new Map(ZOHO_USERS.map((u) => [u.id, u]));
}

export class ZohoState {
  records: Record<ZohoModule, Map<string, ZRecord>> = { Leads: new Map(), Contacts: new Map(), Accounts: new Map() };
  notes = new Map<string, ZNote>();
  tags: Record<ZohoModule, ZTag[]> = { Leads: [], Contacts: [], Accounts: [] };
  users = usersMap();
  customFields: Record<ZohoModule, ZohoFieldDef[]> = { Leads: [], Contacts: [], Accounts: [] };
  /** Fields an admin made mandatory in the module's (only) layout, besides Zoho's own. */
  layoutMandatory: Record<ZohoModule, Set<string>> = { Leads: new Set(), Contacts: new Set(), Accounts: new Set() };
  sessions: Session[] = [];
  codes = new Map<string, PendingCode>();
  /** The query of each visit to the authorize page, for tests to see where the login window went. */
  authorizeVisits: Record<string, string>[] = [];
  /** Records the search index has not seen yet; upserts and reads by id still find them. */
  unsearchable = new Set<string>();
  /** Zoho's reference lists the client secret for every token request; false plays a client that does without. */
  secretRequired = true;
  /** The data centre the redirect names (`location`), and its accounts server (`accounts-server`, the emulator's origin unless set). */
  location = 'us';
  accountsServer: string | null = null;
  /** What the token answer names as `api_domain` (the emulator's origin unless set). */
  apiDomain: string | null = null;
  /** The next upsert that inserts a record loses its answer (the connection resets after the insert). */
  loseNextInsert = false;
  /** When each refresh token minted access tokens (Zoho allows ten per ten minutes). */
  minted = new Map<string, number[]>();
  private counter = 0;
  origin = '';

  reset(): void {
    for (const map of Object.values(this.records)) map.clear();
    this.notes.clear();
    this.tags = { Leads: [], Contacts: [], Accounts: [] };
    this.users = usersMap();
    this.customFields = { Leads: [], Contacts: [], Accounts: [] };
    this.layoutMandatory = { Leads: new Set(), Contacts: new Set(), Accounts: new Set() };
    this.sessions = [];
    this.codes.clear();
    this.authorizeVisits = [];
    this.unsearchable.clear();
    this.secretRequired = true;
    this.location = 'us';
    this.accountsServer = null;
    this.apiDomain = null;
    this.loseNextInsert = false;
    this.minted.clear();
  }

  /** Zoho record ids: 19 digits, the org's prefix then a counter. */
  newId(): string {
    this.counter += 1;
    return `4150868000000${String(600000 + this.counter).padStart(6, '0')}`;
  }

  /** An admin adds a custom field in Setup, e.g. "LinkedIn URL" (API name `LinkedIn_URL`), optionally "Do not allow duplicate values". */
  addCustomField(module: ZohoModule, apiName: string, label: string, dataType = 'website', unique = false): void {
    this.customFields[module].push(field(apiName, label, dataType, { custom: true, unique }));
  }

  /** An admin marks a field mandatory in the layout (Setup › Modules and Fields), e.g. the Leads' Company. */
  makeMandatory(module: ZohoModule, apiName: string): void {
    this.layoutMandatory[module].add(apiName);
  }

  /** What a new record must have: Zoho's own mandatory fields and the layout's. */
  mandatory(module: ZohoModule): ZohoFieldDef[] {
    return this.fields(module).filter((f) => f.system_mandatory || this.layoutMandatory[module].has(f.api_name));
  }

  addTag(module: ZohoModule, name: string): ZTag {
    const tag = { id: this.newId(), name, color_code: null };
    this.tags[module].push(tag);
    return tag;
  }

  fields(module: ZohoModule): ZohoFieldDef[] {
    return [...STANDARD_FIELDS[module], ...this.customFields[module]];
  }

  seed(module: ZohoModule, fields: Record<string, unknown>): ZRecord {
    const now = isoNow();
    const record: ZRecord = { Owner: { id: ZOHO_ADMIN_ID }, ...fields, id: this.newId(), Created_Time: now, Modified_Time: now };
    this.records[module].set(record.id, record);
    return record;
  }

  openSession(scopes: string[], refreshToken?: string): Session {
    const session = { accessToken: `1000.${randomBytes(16).toString('hex')}.${randomBytes(16).toString('hex')}`, refreshToken: refreshToken ?? `1000.${randomBytes(16).toString('hex')}.${randomBytes(16).toString('hex')}`, scopes };
    this.sessions.push(session);
    return session;
  }

  session(token: string | null): Session | undefined {
    return token ? this.sessions.find((s) => s.accessToken === token) : undefined;
  }

  /** Every access token expires (an hour passed); refresh tokens stay valid. */
  expireAccessTokens(): void {
    this.sessions = this.sessions.map((s) => ({ ...s, accessToken: `expired-${s.accessToken}` }));
  }

  refreshTokens(): string[] {
    return [...new Set(this.sessions.map((s) => s.refreshToken))];
  }
}

/** Zoho's criteria: `(field:operator:value)` or a parenthesised group joined by `and` / `or`. */
type Criteria = { field: string; operator: string; value: string } | { join: 'and' | 'or'; parts: Criteria[] };

export function parseCriteria(text: string): Criteria | string {
  let at = 0;
  const expect = (char: string) => {
    if (text[at] !== char) throw new Error(`expected ${char} at ${at}`);
    at += 1;
  };
  function condition(): Criteria {
    const pieces: string[] = [''];
    while (at < text.length && text[at] !== ')') {
      const char = text[at]!;
      if (char === '\\') {
        pieces[pieces.length - 1] += text[at + 1] ?? '';
        at += 2;
        continue;
      }
      if (char === ':' && pieces.length < 3) pieces.push('');
      else pieces[pieces.length - 1] += char;
      at += 1;
    }
    if (pieces.length !== 3) throw new Error('a condition is (field:operator:value)');
    return { field: pieces[0]!.trim(), operator: pieces[1]!.trim(), value: pieces[2]! };
  }
  function group(): Criteria {
    expect('(');
    if (text[at] !== '(') {
      const single = condition();
      expect(')');
      return single;
    }
    const parts = [group()];
    let join: 'and' | 'or' | null = null;
    while (text[at] !== ')') {
      const word = /^(and|or)/i.exec(text.slice(at))?.[1]?.toLowerCase() as 'and' | 'or' | undefined;
      if (!word || (join && join !== word)) throw new Error('mixed or missing and/or');
      join = word;
      at += word.length;
      parts.push(group());
    }
    expect(')');
    return { join: join ?? 'and', parts };
  }
  try {
    const parsed = group();
    if (at !== text.length) return 'unexpected text after the criteria';
    const count = (c: Criteria): number => ('parts' in c ? c.parts.reduce((n, p) => n + count(p), 0) : 1);
    if (count(parsed) > 10) return 'more than 10 criteria';
    return parsed;
  } catch (error) {
    return (error as Error).message;
  }
}

export function createZohoEmulator() {
  const state = new ZohoState();
  const control = new EmulatorControl();
  const app = new Hono();

  adminControlRoutes(app, control, () => state.reset());
  app.get('/__admin/records', (c) => c.json({ ...Object.fromEntries(MODULES.map((m) => [m, [...state.records[m].values()]])), Notes: [...state.notes.values()], Tags: state.tags }));

  // --- Zoho Accounts: OAuth 2.0 --------------------------------------------------------------
  app.get('/oauth/v2/auth', (c) => {
    const q = c.req.query();
    state.authorizeVisits.push(q);
    if (q.client_id !== ZOHO_CLIENT_ID) return c.html('<h1>Invalid Client</h1><p>Client ID passed does not exist</p>', 400);
    if (!q.redirect_uri) return c.html('<h1>Invalid Redirect Uri</h1><p>Redirect URI passed does not match with the one configured</p>', 400);
    const redirect = new URL(q.redirect_uri);
    const back = (params: Record<string, string>) => {
      for (const [k, v] of Object.entries(params)) redirect.searchParams.set(k, v);
      if (q.state !== undefined) redirect.searchParams.set('state', q.state);
      return c.redirect(redirect.toString(), 302);
    };
    if (q.response_type !== 'code') return back({ error: 'unsupported_response_type' });
    const scopes = (q.scope ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (!scopes.length || scopes.some((s) => !/^ZohoCRM\.[A-Za-z_.]+$/.test(s))) return back({ error: 'invalid_scope' });
    // A mobile-based client's code flow takes PKCE.
    const method = q.code_challenge_method ?? 'plain';
    if (!q.code_challenge || !['S256', 'plain'].includes(method)) return back({ error: 'invalid_request' });
    const code = `1000.${randomBytes(16).toString('hex')}.${randomBytes(16).toString('hex')}`;
    state.codes.set(code, { clientId: q.client_id, redirectUri: q.redirect_uri, challenge: q.code_challenge, method, scopes, offline: q.access_type === 'offline' });
    return back({ code, location: state.location, 'accounts-server': state.accountsServer ?? state.origin });
  });

  /** Zoho Accounts reads its parameters from the query string or a form body alike. */
  async function params(c: Context): Promise<URLSearchParams> {
    const merged = new URLSearchParams(new URL(c.req.url).search);
    for (const [k, v] of new URLSearchParams(await c.req.text())) merged.set(k, v);
    return merged;
  }

  function tokenAnswer(c: Context, session: Session, withRefresh: boolean) {
    return c.json({
      access_token: session.accessToken,
      ...(withRefresh ? { refresh_token: session.refreshToken } : {}),
      scope: session.scopes.join(' '),
      api_domain: state.apiDomain ?? state.origin,
      token_type: 'Bearer',
      expires_in: 3600,
    });
  }

  app.post('/oauth/v2/token', async (c) => {
    const form = await params(c);
    const refuse = (error: string) => c.json({ error });
    if (form.get('client_id') !== ZOHO_CLIENT_ID) return refuse('invalid_client');
    const secret = form.get('client_secret');
    if (secret !== null && secret !== ZOHO_CLIENT_SECRET) return refuse('invalid_client_secret');
    if (secret === null && state.secretRequired) return refuse('invalid_client');
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const code = form.get('code') ?? '';
      const pending = state.codes.get(code);
      state.codes.delete(code); // single use, whatever happens next
      if (!pending) return refuse('invalid_code');
      if (pending.redirectUri !== form.get('redirect_uri')) return refuse('invalid_redirect_uri');
      const verifier = form.get('code_verifier') ?? '';
      const derived = pending.method === 'S256' ? base64url(createHash('sha256').update(verifier).digest()) : verifier;
      if (derived !== pending.challenge) return refuse('invalid_code');
      return tokenAnswer(c, state.openSession(pending.scopes), pending.offline);
    }
    if (grant === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      const known = state.sessions.find((s) => s.refreshToken === refresh);
      if (!known) return refuse('invalid_code');
      const now = Date.now();
      const recent = (state.minted.get(refresh) ?? []).filter((at) => now - at < 10 * 60_000);
      if (recent.length >= 10) {
        return c.json({ error_description: 'You have made too many requests continuously. Please try again after some time.', error: 'Access Denied', status: 'failure' }, 400);
      }
      state.minted.set(refresh, [...recent, now]);
      return tokenAnswer(c, state.openSession(known.scopes, refresh), false);
    }
    return refuse('unsupported_grant_type');
  });

  app.post('/oauth/v2/token/revoke', async (c) => {
    const token = (await params(c)).get('token');
    if (!token || !state.sessions.some((s) => s.refreshToken === token)) return c.json({ status: 'failure', error: 'invalid_token' }, 400);
    state.sessions = state.sessions.filter((s) => s.refreshToken !== token);
    return c.json({ status: 'success' });
  });

  // --- CRM REST API v6 -------------------------------------------------------------------------
  const api = new Hono();
  api.use(controlMiddleware(control, (kind) => FAULT_BODIES[kind]));
  api.use(async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Zoho-oauthtoken\s+(\S+)$/.exec(header);
    if (!match) return c.json(apiError('AUTHENTICATION_FAILURE', 'Authentication failed'), 401);
    const session = state.session(match[1]!);
    if (!session) return c.json(apiError('INVALID_TOKEN', 'invalid oauth token'), 401);
    c.set('scopes' as never, session.scopes as never);
    await next();
  });

  /**
   * Whether the token's scopes allow this resource: `ZohoCRM.modules.leads.READ` is allowed by
   * itself, `ZohoCRM.modules.leads.ALL` or `ZohoCRM.modules.ALL` (scopes nest by their dots).
   */
  function allowed(c: Context, resource: string, operation: 'READ' | 'WRITE'): boolean {
    const scopes = (c.get('scopes' as never) as string[]) ?? [];
    const parts = resource.split('.');
    const accepted = parts.map((_, i) => `ZohoCRM.${parts.slice(0, i + 1).join('.')}.ALL`);
    for (const op of operation === 'READ' ? ['READ'] : ['WRITE', 'CREATE', 'UPDATE']) accepted.push(`ZohoCRM.${resource}.${op}`);
    return scopes.some((s) => accepted.includes(s));
  }
  const scopeMismatch = (c: Context) => c.json(apiError('OAUTH_SCOPE_MISMATCH', 'invalid oauth scope to access this URL'), 401);

  const V = '/crm/v6';
  const moduleOf = (name: string | undefined): ZohoModule | null => (MODULES.includes(name as ZohoModule) ? (name as ZohoModule) : null);
  const invalidModule = (c: Context) => c.json(apiError('INVALID_MODULE', 'the module name given seems to be invalid', { resource_path_index: 0 }), 400);

  /** A record as the API shows it: the fields asked for (all by default), lookups with their names. */
  function view(module: ZohoModule, record: ZRecord, fields?: string[]): ZRecord {
    const out: ZRecord = { id: record.id };
    const names = fields?.length ? fields : [...Object.keys(record), ...(module !== 'Accounts' ? ['Full_Name'] : [])];
    for (const name of names) {
      if (name === 'id') continue;
      if (name === 'Full_Name' && module !== 'Accounts') {
        out.Full_Name = [record.First_Name, record.Last_Name].filter(Boolean).join(' ');
        continue;
      }
      const value = record[name];
      if (name === 'Owner' && value && typeof value === 'object') {
        const owner = state.users.get((value as { id: string }).id);
        out.Owner = { name: owner?.full_name ?? null, id: (value as { id: string }).id, email: owner?.email ?? null };
      } else if (name === 'Account_Name' && module === 'Contacts') {
        const id = (value as { id?: string } | null | undefined)?.id;
        out.Account_Name = id ? { name: state.records.Accounts.get(id)?.Account_Name ?? null, id } : null;
      } else out[name] = value ?? null;
    }
    return out;
  }

  function textOf(module: ZohoModule, record: ZRecord, name: string): string | null {
    if (name === 'Account_Name' && module === 'Contacts') {
      const id = (record.Account_Name as { id?: string } | null | undefined)?.id;
      return id ? ((state.records.Accounts.get(id)?.Account_Name as string | undefined) ?? null) : null;
    }
    if (name === 'Full_Name') return [record.First_Name, record.Last_Name].filter(Boolean).join(' ');
    const value = record[name];
    return typeof value === 'string' ? value : null;
  }

  function test(module: ZohoModule, record: ZRecord, criteria: Criteria): boolean {
    if ('parts' in criteria) return criteria.join === 'and' ? criteria.parts.every((p) => test(module, record, p)) : criteria.parts.some((p) => test(module, record, p));
    const value = textOf(module, record, criteria.field)?.toLowerCase();
    if (value === undefined || value === null) return false;
    const wanted = criteria.value.toLowerCase();
    return criteria.operator === 'equals' ? value === wanted : value.startsWith(wanted);
  }

  function unknownCriteriaField(module: ZohoModule, criteria: Criteria): string | null {
    if ('parts' in criteria) return criteria.parts.map((p) => unknownCriteriaField(module, p)).find(Boolean) ?? null;
    if (!['equals', 'starts_with'].includes(criteria.operator)) return criteria.operator;
    return state.fields(module).some((f) => f.api_name === criteria.field) ? null : criteria.field;
  }

  const recordError = (code: string, message: string, details: Record<string, unknown>) => ({ code, details, message, status: 'error' });

  /** Checks one record of a write against the module's fields, as the API does; null when it may be written. */
  function invalid(module: ZohoModule, body: Record<string, unknown>, index: number, existing: ZRecord | null) {
    const defs = new Map(state.fields(module).map((f) => [f.api_name, f]));
    const path = (name: string) => ({ api_name: name, json_path: `$.data[${index}].${name}` });
    for (const [name, value] of Object.entries(body)) {
      if (name === 'id' || name.startsWith('$')) continue;
      const def = defs.get(name);
      if (!def || def.read_only) return recordError('INVALID_DATA', 'invalid data', path(name));
      if (def.data_type === 'email' && value !== null && (typeof value !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value))) return recordError('INVALID_DATA', 'invalid data', path(name));
      if (def.data_type === 'ownerlookup') {
        const user = state.users.get((value as { id?: string } | null)?.id ?? '');
        if (!user || user.status !== 'active') return recordError('INVALID_DATA', 'invalid data', path(name));
      }
      if (def.data_type === 'lookup' && value !== null && !state.records.Accounts.has((value as { id?: string }).id ?? '')) return recordError('INVALID_DATA', 'invalid data', path(name));
      if (def.unique && typeof value === 'string') {
        const clash = [...state.records[module].values()].find((r) => r.id !== existing?.id && typeof r[name] === 'string' && (r[name] as string).toLowerCase() === value.toLowerCase());
        if (clash) return recordError('DUPLICATE_DATA', 'duplicate data', { ...path(name), duplicate_record: { module: { api_name: module, id: '4150868000000002175' }, id: clash.id, Owner: view(module, clash, ['Owner']).Owner } });
      }
    }
    for (const def of state.mandatory(module)) {
      const missing = existing ? def.api_name in body && !body[def.api_name] : !body[def.api_name];
      if (missing) return recordError('MANDATORY_NOT_FOUND', 'required field not found', path(def.api_name));
    }
    return null;
  }

  const success = (record: ZRecord, message: string, extra: Record<string, unknown> = {}) => ({
    code: 'SUCCESS',
    ...extra,
    details: { Modified_Time: record.Modified_Time, Modified_By: { name: 'Emulator Admin', id: ZOHO_ADMIN_ID }, Created_Time: record.Created_Time, id: record.id, Created_By: { name: 'Emulator Admin', id: ZOHO_ADMIN_ID } },
    message,
    status: 'success',
  });

  function writeBody(c: Context, results: { status: string }[], created: boolean) {
    const failed = results.filter((r) => r.status !== 'success').length;
    const status = failed === results.length ? 400 : failed ? 207 : created ? 201 : 200;
    return c.json({ data: results }, status as 200);
  }

  api.get(`${V}/org`, (c) => {
    if (!allowed(c, 'org', 'READ')) return scopeMismatch(c);
    return c.json({ org: [{ ...ZOHO_ORG, primary_email: 'admin@acme-emulated.example', country: 'United States', time_zone: 'PST', currency: 'US Dollar - USD' }] });
  });

  api.get(`${V}/users`, (c) => {
    if (!allowed(c, 'users', 'READ')) return scopeMismatch(c);
    const type = c.req.query('type') ?? 'AllUsers';
    const all = [...state.users.values()];
    const users = type === 'CurrentUser' ? all.filter((u) => u.id === ZOHO_ADMIN_ID) : type === 'ActiveUsers' ? all.filter((u) => u.status === 'active') : all;
    if (!users.length) return c.body(null, 204);
    return c.json({ users: users.map((u) => ({ ...u, role: { name: 'CEO', id: '4150868000000026005' }, profile: { name: 'Administrator', id: '4150868000000026011' } })), info: { per_page: 200, count: users.length, page: 1, more_records: false } });
  });

  api.get(`${V}/settings/fields`, (c) => {
    if (!allowed(c, 'settings.fields', 'READ')) return scopeMismatch(c);
    const name = c.req.query('module');
    if (!name) return c.json(apiError('REQUIRED_PARAM_MISSING', 'One of the expected parameter is missing', { param_name: 'module' }), 400);
    const module = moduleOf(name);
    if (!module) return invalidModule(c);
    return c.json({ fields: state.fields(module) });
  });

  api.get(`${V}/settings/layouts`, (c) => {
    if (!allowed(c, 'settings.layouts', 'READ')) return scopeMismatch(c);
    const name = c.req.query('module');
    if (!name) return c.json(apiError('REQUIRED_PARAM_MISSING', 'One of the expected parameter is missing', { param_name: 'module' }), 400);
    const module = moduleOf(name);
    if (!module) return invalidModule(c);
    const required = new Set(state.mandatory(module).map((f) => f.api_name));
    const fields = state.fields(module).map((f) => ({ ...f, required: required.has(f.api_name), visible: true }));
    return c.json({
      layouts: [
        {
          id: `${module === 'Leads' ? '4150868000000091055' : module === 'Contacts' ? '4150868000000091033' : '4150868000000091023'}`,
          name: 'Standard',
          api_name: 'Standard',
          status: 'active',
          visible: true,
          source: 'crm',
          profiles: [{ name: 'Administrator', id: '4150868000000026011', default: true, _default_view: { name: 'Standard', type: 'layout' } }],
          sections: [{ api_name: `${module.slice(0, -1)} Information`, display_label: `${module.slice(0, -1)} Information`, sequence_number: 1, column_count: 2, isSubformSection: false, fields }],
        },
      ],
    });
  });

  api.get(`${V}/settings/tags`, (c) => {
    if (!allowed(c, 'settings.tags', 'READ')) return scopeMismatch(c);
    const name = c.req.query('module');
    if (!name) return c.json(apiError('REQUIRED_PARAM_MISSING', 'One of the expected parameter is missing', { param_name: 'module' }), 400);
    const module = moduleOf(name);
    if (!module) return invalidModule(c);
    return c.json({ tags: state.tags[module].map((t) => ({ ...t, created_time: isoNow(), modified_time: isoNow(), created_by: { name: 'Emulator Admin', id: ZOHO_ADMIN_ID } })), info: { count: state.tags[module].length, allowed_count: 100 } });
  });

  api.get(`${V}/:module/search`, (c) => {
    const module = moduleOf(c.req.param('module'));
    if (!module) return invalidModule(c);
    if (!allowed(c, `modules.${module.toLowerCase()}`, 'READ')) return scopeMismatch(c);
    const q = c.req.query();
    let matches: (record: ZRecord) => boolean;
    if (q.criteria) {
      const parsed = parseCriteria(q.criteria);
      if (typeof parsed === 'string') return c.json(apiError('INVALID_QUERY', 'invalid query formed', { reason: parsed }), 400);
      const unknown = unknownCriteriaField(module, parsed);
      if (unknown) return c.json(apiError('INVALID_QUERY', 'invalid query formed', { reason: 'invalid field or operator', api_name: unknown }), 400);
      matches = (record) => test(module, record, parsed);
    } else if (q.email) {
      const wanted = q.email.toLowerCase();
      matches = (record) => ['Email', 'Secondary_Email'].some((f) => typeof record[f] === 'string' && (record[f] as string).toLowerCase() === wanted);
    } else if (q.phone) {
      matches = (record) => ['Phone', 'Mobile'].some((f) => record[f] === q.phone);
    } else if (q.word) {
      const word = q.word.toLowerCase();
      matches = (record) => Object.values(record).some((v) => typeof v === 'string' && v.toLowerCase().includes(word));
    } else {
      return c.json(apiError('REQUIRED_PARAM_MISSING', 'One of the expected parameter is missing', { param_name: 'criteria' }), 400);
    }
    const fields = q.fields?.split(',').map((f) => f.trim()).filter(Boolean);
    const found = [...state.records[module].values()].filter((r) => !state.unsearchable.has(r.id) && matches(r));
    if (!found.length) return c.body(null, 204);
    const perPage = Math.min(Number(q.per_page ?? 200), 200);
    return c.json({ data: found.slice(0, perPage).map((r) => view(module, r, fields)), info: { per_page: perPage, count: Math.min(found.length, perPage), page: 1, more_records: found.length > perPage } });
  });

  api.post(`${V}/:module/upsert`, async (c) => {
    const module = moduleOf(c.req.param('module'));
    if (!module) return invalidModule(c);
    if (!allowed(c, `modules.${module.toLowerCase()}`, 'WRITE')) return scopeMismatch(c);
    const body = (await c.req.json().catch(() => null)) as { data?: Record<string, unknown>[]; duplicate_check_fields?: string[] } | null;
    if (!body || !Array.isArray(body.data) || !body.data.length) return c.json(apiError('INVALID_DATA', 'body', { expected_data_type: 'jsonarray', api_name: 'data' }), 400);
    if (body.data.length > 100) return c.json(apiError('LIMIT_EXCEEDED', 'the number of records exceeds the limit', { limit: 100 }), 400);
    const uniques = state.fields(module).filter((f) => f.unique).map((f) => f.api_name);
    const checkable = [SYSTEM_DUPLICATE_CHECK[module], ...uniques];
    if (Array.isArray(body.duplicate_check_fields) && body.duplicate_check_fields.length === 0) {
      return c.json(apiError('INVALID_DATA', 'invalid data', { api_name: 'duplicate_check_fields', json_path: '$.duplicate_check_fields' }), 400);
    }
    const order = body.duplicate_check_fields ?? checkable;
    const notKey = order.find((f) => !checkable.includes(f));
    if (notKey) return c.json(apiError('INVALID_DATA', 'invalid data', { api_name: notKey, json_path: '$.duplicate_check_fields' }), 400);
    let inserted = false;
    const results = body.data.map((record, index) => {
      const key = order.find((name) => typeof record[name] === 'string' && record[name]);
      const existing = key ? [...state.records[module].values()].find((r) => typeof r[key] === 'string' && (r[key] as string).toLowerCase() === (record[key] as string).toLowerCase()) : undefined;
      const problem = invalid(module, record, index, existing ?? null);
      if (problem) return problem;
      if (existing) {
        Object.assign(existing, record, { Modified_Time: isoNow() });
        return success(existing, 'record updated', { duplicate_field: key, action: 'update' });
      }
      inserted = true;
      const made = state.seed(module, record);
      return success(made, 'record added', { duplicate_field: null, action: 'insert' });
    });
    if (inserted && state.loseNextInsert) {
      state.loseNextInsert = false;
      // The records are written; the client sees a reset connection instead of the answer.
      (c.env as { incoming?: { socket?: { destroy(): void } } } | undefined)?.incoming?.socket?.destroy();
      return c.body(null);
    }
    return writeBody(c, results, inserted);
  });

  api.get(`${V}/:module/:id/Notes`, (c) => {
    const module = moduleOf(c.req.param('module'));
    if (!module) return invalidModule(c);
    if (!allowed(c, 'modules.notes', 'READ')) return scopeMismatch(c);
    const fields = c.req.query('fields')?.split(',').map((f) => f.trim()).filter(Boolean);
    if (!fields?.length) return c.json(apiError('REQUIRED_PARAM_MISSING', 'One of the expected parameter is missing', { param_name: 'fields' }), 400);
    const id = c.req.param('id');
    const notes = [...state.notes.values()].filter((n) => n.Parent_Id.id === id && n.Parent_Id.module.api_name === module);
    if (!notes.length) return c.body(null, 204);
    return c.json({ data: notes.map((n) => ({ id: n.id, ...Object.fromEntries(fields.map((f) => [f, (n as unknown as Record<string, unknown>)[f] ?? null])) })), info: { per_page: 200, count: notes.length, page: 1, more_records: false } });
  });

  api.post(`${V}/:module/:id/Notes`, async (c) => {
    const module = moduleOf(c.req.param('module'));
    if (!module) return invalidModule(c);
    if (!allowed(c, 'modules.notes', 'WRITE')) return scopeMismatch(c);
    const parent = state.records[module].get(c.req.param('id'));
    const body = (await c.req.json().catch(() => null)) as { data?: { Note_Title?: string; Note_Content?: string }[] } | null;
    const note = body?.data?.[0];
    if (!note) return c.json(apiError('INVALID_DATA', 'body', { expected_data_type: 'jsonarray', api_name: 'data' }), 400);
    if (!parent) return c.json({ data: [recordError('INVALID_DATA', 'the related id given seems to be invalid', { api_name: 'Parent_Id', json_path: '$.data[0].Parent_Id' })] }, 400);
    if (!note.Note_Content) return c.json({ data: [recordError('MANDATORY_NOT_FOUND', 'required field not found', { api_name: 'Note_Content', json_path: '$.data[0].Note_Content' })] }, 400);
    const now = isoNow();
    const made: ZNote = { id: state.newId(), Note_Title: note.Note_Title ?? null, Note_Content: note.Note_Content, Parent_Id: { module: { api_name: module }, id: parent.id }, Created_Time: now };
    state.notes.set(made.id, made);
    return c.json({ data: [success({ id: made.id, Created_Time: now, Modified_Time: now }, 'record added')] }, 201);
  });

  api.post(`${V}/:module/:id/actions/add_tags`, async (c) => {
    const module = moduleOf(c.req.param('module'));
    if (!module) return invalidModule(c);
    if (!allowed(c, `modules.${module.toLowerCase()}`, 'WRITE')) return scopeMismatch(c);
    const record = state.records[module].get(c.req.param('id'));
    const body = (await c.req.json().catch(() => null)) as { tags?: { name?: string; id?: string }[] } | null;
    if (!body?.tags?.length) return c.json(apiError('MANDATORY_NOT_FOUND', 'required field not found', { api_name: 'tags' }), 400);
    if (!record) return c.json({ data: [recordError('INVALID_DATA', 'the id given seems to be invalid', { id: c.req.param('id') })] }, 400);
    const current = (record.Tag as { name: string; id: string }[] | undefined) ?? [];
    for (const wanted of body.tags) {
      let tag = wanted.id ? state.tags[module].find((t) => t.id === wanted.id) : state.tags[module].find((t) => t.name.toLowerCase() === wanted.name?.toLowerCase());
      if (wanted.id && !tag) return c.json({ data: [recordError('INVALID_DATA', 'invalid data', { api_name: 'id', json_path: '$.tags[0].id' })] }, 400);
      if (!tag && wanted.name) tag = state.addTag(module, wanted.name);
      if (tag && !current.some((t) => t.id === tag!.id)) current.push({ name: tag.name, id: tag.id });
    }
    record.Tag = current;
    return c.json({ data: [{ code: 'SUCCESS', details: { id: record.id, tags: current }, message: 'tags updated successfully', status: 'success' }] });
  });

  api.get(`${V}/:module/:id`, (c) => {
    const module = moduleOf(c.req.param('module'));
    if (!module) return invalidModule(c);
    if (!allowed(c, `modules.${module.toLowerCase()}`, 'READ')) return scopeMismatch(c);
    const record = state.records[module].get(c.req.param('id'));
    if (!record) return c.body(null, 204);
    const fields = c.req.query('fields')?.split(',').map((f) => f.trim()).filter(Boolean);
    return c.json({ data: [view(module, record, fields)] });
  });

  api.put(`${V}/:module/:id`, async (c) => {
    const module = moduleOf(c.req.param('module'));
    if (!module) return invalidModule(c);
    if (!allowed(c, `modules.${module.toLowerCase()}`, 'WRITE')) return scopeMismatch(c);
    const record = state.records[module].get(c.req.param('id'));
    const body = (await c.req.json().catch(() => null)) as { data?: Record<string, unknown>[] } | null;
    const fields = body?.data?.[0];
    if (!fields) return c.json(apiError('INVALID_DATA', 'body', { expected_data_type: 'jsonarray', api_name: 'data' }), 400);
    if (!record) return c.json({ data: [recordError('INVALID_DATA', 'the id given seems to be invalid', { id: c.req.param('id') })] }, 400);
    const problem = invalid(module, fields, 0, record);
    if (problem) return writeBody(c, [problem], false);
    Object.assign(record, fields, { Modified_Time: isoNow() });
    return writeBody(c, [success(record, 'record updated')], false);
  });

  app.route('/', api);
  app.notFound((c) => c.json(apiError('INVALID_URL_PATTERN', 'Please check if the URL trying to access is a correct one'), 404));
  return { app, state, control };
}

export type ZohoEmulator = ReturnType<typeof createZohoEmulator>;

export async function startZohoEmulator(port = 0): Promise<ZohoEmulator & { server: RunningEmulator; origin: string }> {
  const emulator = createZohoEmulator();
  const server = await serve(emulator.app, port);
  emulator.state.origin = server.origin;
  return { ...emulator, server, origin: server.origin };
}
