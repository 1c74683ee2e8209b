import { Hono, type Context } from 'hono';
import { adminControlRoutes, bearer, controlMiddleware, EmulatorControl, serve, type AnsweredFault, type Fault, type FaultAnswer, type RunningEmulator } from '@/test/emulators/common';

/**
 * An in-memory HubSpot CRM, faithful to the parts Dossier uses: private-app bearer tokens,
 * contacts/companies/notes objects (v3), search with filter groups (EQ compares strings without
 * regard to case; datetimes such as `hs_timestamp` compare as epoch milliseconds, and an ISO
 * string in a filter finds nothing), batch upsert keyed by a unique property with 207 multi-status for per-item
 * errors, 409 `Contact already exists. Existing ID: <n>` on a duplicate email, v4 default
 * associations, contact properties (unknown ones are rejected) and account details. A 429 comes
 * as HubSpot's: no Retry-After unless a test asks for one, its `X-HubSpot-RateLimit-*` headers
 * (the 10-second interval, its remaining 0, the daily allowance) and the policy it hit.
 */
export const HUBSPOT_TOKEN = 'pat-na1-emulator-0000-token';
export const HUBSPOT_PORTAL_ID = 4242;

export interface HsObject {
  id: string;
  properties: Record<string, string>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
}

export interface HsAssociation {
  fromType: string;
  fromId: string;
  toType: string;
  toId: string;
  typeId: number;
}

interface PropertyDef {
  name: string;
  label: string;
  type: string;
  fieldType: string;
  groupName: string;
  hasUniqueValue: boolean;
  readOnly?: boolean;
  /** HubSpot's own properties say so; custom ones do not. */
  hubspotDefined?: boolean;
}

const CONTACT_PROPERTIES: PropertyDef[] = [
  ['email', true],
  ['firstname'],
  ['lastname'],
  ['jobtitle'],
  ['phone'],
  ['mobilephone'],
  ['company'],
  ['website'],
  ['city'],
  ['hs_additional_emails'],
  ['hubspot_owner_id'],
].map(([name, unique]) => ({ name: name as string, label: name as string, type: 'string', fieldType: 'text', groupName: 'contactinformation', hasUniqueValue: Boolean(unique), hubspotDefined: true }));

/** The account's users (GET /crm/v3/owners). */
export const HUBSPOT_OWNERS = [
  { id: '7001', email: 'ada@acme-emulated.example', firstName: 'Ada', lastName: 'Owner', userId: 9001, archived: false },
  { id: '7002', email: 'ben@acme-emulated.example', firstName: 'Ben', lastName: 'Seller', userId: 9002, archived: false },
];
/** The account's lists (POST /crm/v3/lists/search): members are added by API to MANUAL and SNAPSHOT lists only. */
export const HUBSPOT_LISTS = [
  { listId: '31', name: 'Prospects from Dossier', objectTypeId: '0-1', processingType: 'MANUAL' },
  { listId: '32', name: 'Opened last campaign', objectTypeId: '0-1', processingType: 'DYNAMIC' },
  { listId: '33', name: 'Target accounts', objectTypeId: '0-2', processingType: 'MANUAL' },
];
/**
 * The scope each endpoint Dossier calls requires, as HubSpot's API reference lists them per
 * endpoint ("Scope requirements"): notes are filed under contacts' scopes, lists have their own,
 * owners theirs. A token without it gets 403 MISSING_SCOPES naming it.
 */
export const HUBSPOT_SCOPE_OF: { method: string; path: RegExp; scope: string }[] = [
  { method: 'GET', path: /^\/crm\/v3\/properties\/contacts(\/|$)/, scope: 'crm.schemas.contacts.read' },
  { method: 'POST', path: /^\/crm\/v3\/properties\/contacts$/, scope: 'crm.schemas.contacts.write' },
  { method: 'GET', path: /^\/crm\/v3\/owners/, scope: 'crm.objects.owners.read' },
  { method: 'POST', path: /^\/crm\/v3\/lists\/search$/, scope: 'crm.lists.read' },
  { method: 'PUT', path: /^\/crm\/v3\/lists\/[^/]+\/memberships\/add$/, scope: 'crm.lists.write' },
  { method: 'POST', path: /^\/crm\/v3\/objects\/(contacts|notes)\/search$/, scope: 'crm.objects.contacts.read' },
  { method: 'GET', path: /^\/crm\/v3\/objects\/(contacts|notes)\//, scope: 'crm.objects.contacts.read' },
  { method: 'POST', path: /^\/crm\/v3\/objects\/companies\/search$/, scope: 'crm.objects.companies.read' },
  { method: 'GET', path: /^\/crm\/v3\/objects\/companies\//, scope: 'crm.objects.companies.read' },
  { method: 'POST', path: /^\/crm\/v3\/objects\/(contacts|notes)(\/batch\/upsert)?$/, scope: 'crm.objects.contacts.write' },
  { method: 'PATCH', path: /^\/crm\/v3\/objects\/contacts\//, scope: 'crm.objects.contacts.write' },
  { method: 'POST', path: /^\/crm\/v3\/objects\/companies(\/batch\/upsert)?$/, scope: 'crm.objects.companies.write' },
  { method: 'PUT', path: /^\/crm\/v4\/objects\/contacts\/[^/]+\/associations\//, scope: 'crm.objects.contacts.write' },
];
const ALL_SCOPES = [...new Set(HUBSPOT_SCOPE_OF.map((s) => s.scope))];

const CALCULATED = ['hs_email_domain', 'hs_object_id', 'createdate', 'lastmodifieddate'];
const COMPANY_PROPERTIES = ['name', 'domain', 'website', 'phone', 'city', 'industry'];
const NOTE_PROPERTIES = ['hs_note_body', 'hs_timestamp', 'hubspot_owner_id', 'hs_attachment_ids'];
/** Datetime properties: HubSpot keeps an instant and shows it as an ISO string; its search compares epoch milliseconds. */
const DATETIME_PROPERTIES = new Set(['hs_timestamp', 'createdate', 'lastmodifieddate']);

/**
 * A datetime as HubSpot takes it on a write: epoch milliseconds or an ISO 8601 UTC string (the
 * notes guide allows both for `hs_timestamp`). Null when it is neither.
 */
function instantOf(value: string): number | null {
  if (/^\d+$/.test(value)) return Number(value);
  const parsed = /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : NaN;
  return Number.isNaN(parsed) ? null : parsed;
}

function correlationId(): string {
  return crypto.randomUUID();
}

/** The burst allowance of a private app (100 per rolling 10 s) and a Starter account's daily one. */
const INTERVAL_MS = 10_000;
const INTERVAL_MAX = 100;
const DAILY_MAX = 250_000;

function faultBody(kind: AnsweredFault, fault: Fault): object {
  if (kind === '429' && fault.daily) return { status: 'error', message: 'You have reached your daily limit.', errorType: 'RATE_LIMIT', correlationId: 'emulator', policyName: 'DAILY' };
  return FAULT_BODIES[kind];
}

function rateLimitHeaders(fault: Fault): FaultAnswer {
  if (fault.kind !== '429') return {};
  return {
    headers: {
      'X-HubSpot-RateLimit-Interval-Milliseconds': String(INTERVAL_MS),
      'X-HubSpot-RateLimit-Max': String(INTERVAL_MAX),
      'X-HubSpot-RateLimit-Remaining': fault.daily ? '57' : '0',
      'X-HubSpot-RateLimit-Daily': String(DAILY_MAX),
      'X-HubSpot-RateLimit-Daily-Remaining': fault.daily ? '0' : '182340',
    },
  };
}

function error(c: Context, status: number, category: string, message: string, extra: Record<string, unknown> = {}) {
  return c.json({ status: 'error', message, correlationId: correlationId(), category, ...extra }, status as 400);
}

const FAULT_BODIES: Record<AnsweredFault, object> = {
  '429': { status: 'error', message: 'You have reached your ten_secondly_rolling limit.', errorType: 'RATE_LIMIT', correlationId: 'emulator', policyName: 'TEN_SECONDLY_ROLLING' },
  '500': { status: 'error', message: 'internal error', correlationId: 'emulator', category: 'INTERNAL_ERROR' },
  '502': { status: 'error', message: 'Bad Gateway', correlationId: 'emulator' },
  '503': { status: 'error', message: 'Service Unavailable', correlationId: 'emulator' },
};

export class HubspotState {
  tokens = new Set([HUBSPOT_TOKEN]);
  contacts = new Map<string, HsObject>();
  companies = new Map<string, HsObject>();
  notes = new Map<string, HsObject>();
  associations: HsAssociation[] = [];
  /** Members of each list, by list id. */
  memberships = new Map<string, Set<string>>();
  contactProperties = new Map<string, PropertyDef>(CONTACT_PROPERTIES.map((p) => [p.name, p]));
  /** The scopes the private app's token was given (every one Dossier's calls need, unless a test removes some). */
  scopes = new Set(ALL_SCOPES);
  /** Whether the token has the scope to create properties (crm.schemas.contacts.write). */
  get schemaWrite(): boolean {
    return this.scopes.has('crm.schemas.contacts.write');
  }
  set schemaWrite(granted: boolean) {
    if (granted) this.scopes.add('crm.schemas.contacts.write');
    else this.scopes.delete('crm.schemas.contacts.write');
  }
  /** Records the search index has not caught up with yet (HubSpot's search lags new records by seconds). */
  unsearchable = new Set<string>();
  private nextId = 101;

  newId(): string {
    return String(this.nextId++);
  }

  reset(): void {
    this.tokens = new Set([HUBSPOT_TOKEN]);
    this.contacts.clear();
    this.companies.clear();
    this.notes.clear();
    this.memberships.clear();
    this.associations = [];
    this.contactProperties = new Map(CONTACT_PROPERTIES.map((p) => [p.name, p]));
    this.scopes = new Set(ALL_SCOPES);
    this.unsearchable.clear();
  }

  store(type: string): Map<string, HsObject> | null {
    return type === 'contacts' ? this.contacts : type === 'companies' ? this.companies : type === 'notes' ? this.notes : null;
  }

  writable(type: string): Set<string> {
    if (type === 'contacts') return new Set(this.contactProperties.keys());
    return new Set(type === 'companies' ? COMPANY_PROPERTIES : NOTE_PROPERTIES);
  }

  uniqueProperties(type: string): string[] {
    return type === 'contacts' ? [...this.contactProperties.values()].filter((p) => p.hasUniqueValue).map((p) => p.name) : type === 'companies' ? [] : [];
  }

  /** Seeds a record as if a user had typed it in HubSpot. */
  seed(type: 'contacts' | 'companies', properties: Record<string, string>): HsObject {
    const object = this.make(properties);
    this.store(type)!.set(object.id, object);
    return object;
  }

  make(properties: Record<string, string>): HsObject {
    const now = new Date().toISOString();
    const object: HsObject = { id: this.newId(), properties: { ...properties }, createdAt: now, updatedAt: now, archived: false };
    derive(object);
    return object;
  }

  findBy(type: string, property: string, value: string, except?: string): HsObject | undefined {
    const wanted = value.trim().toLowerCase();
    for (const object of this.store(type)?.values() ?? []) {
      if (object.archived || object.id === except) continue;
      if ((object.properties[property] ?? '').trim().toLowerCase() === wanted) return object;
    }
    return undefined;
  }
}

function derive(object: HsObject): void {
  object.properties.hs_object_id = object.id;
  object.properties.createdate = object.createdAt;
  object.properties.lastmodifieddate = object.updatedAt;
  const email = object.properties.email;
  if (email?.includes('@')) object.properties.hs_email_domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

interface PropertyProblem {
  isValid: false;
  message: string;
  error: string;
  name: string;
}

function validateProperties(state: HubspotState, type: string, properties: unknown): PropertyProblem[] | 'not-an-object' {
  if (!properties || typeof properties !== 'object' || Array.isArray(properties)) return 'not-an-object';
  const writable = state.writable(type);
  const problems: PropertyProblem[] = [];
  for (const [name, value] of Object.entries(properties as Record<string, unknown>)) {
    if (CALCULATED.includes(name)) problems.push({ isValid: false, message: `${name} is a read only property; its value cannot be set.`, error: 'READ_ONLY_VALUE', name });
    else if (!writable.has(name)) problems.push({ isValid: false, message: `Property "${name}" does not exist`, error: 'PROPERTY_DOESNT_EXIST', name });
    else if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') problems.push({ isValid: false, message: `${name} must be a string`, error: 'INVALID_OPTION', name });
    else if (name === 'email' && value !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(String(value))) problems.push({ isValid: false, message: `Email address ${value} is invalid`, error: 'INVALID_EMAIL', name });
  }
  return problems;
}

function invalidMessage(problems: PropertyProblem[]): string {
  return `Property values were not valid: ${JSON.stringify(problems)}`;
}

function strings(properties: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, String(v)]));
}

function view(object: HsObject, requested: string[] | null) {
  const defaults = ['createdate', 'hs_object_id', 'lastmodifieddate'];
  const names = requested ? [...new Set([...defaults, ...requested])] : Object.keys(object.properties);
  const properties: Record<string, string | null> = {};
  for (const name of names) properties[name] = object.properties[name] ?? null;
  return { id: object.id, properties, createdAt: object.createdAt, updatedAt: object.updatedAt, archived: false };
}

interface Filter {
  propertyName?: unknown;
  operator?: unknown;
  value?: unknown;
  values?: unknown;
}

/**
 * A datetime filter as HubSpot's search reads it: the value is epoch milliseconds ("HubSpot API
 * endpoints accept UNIX formatted timestamps in milliseconds"), compared as a number with the
 * stored instant. Anything else (an ISO string) matches nothing.
 */
function matchesInstant(actual: string | undefined, filter: Filter): boolean {
  const held = actual ? Date.parse(actual) : NaN;
  const wanted = typeof filter.value === 'string' || typeof filter.value === 'number' ? String(filter.value) : '';
  const ms = /^\d+$/.test(wanted) ? Number(wanted) : NaN;
  if (filter.operator === 'HAS_PROPERTY') return !Number.isNaN(held);
  if (filter.operator === 'NOT_HAS_PROPERTY') return Number.isNaN(held);
  if (Number.isNaN(held) || Number.isNaN(ms)) return false;
  switch (filter.operator) {
    case 'EQ':
      return held === ms;
    case 'NEQ':
      return held !== ms;
    case 'GT':
      return held > ms;
    case 'GTE':
      return held >= ms;
    case 'LT':
      return held < ms;
    case 'LTE':
      return held <= ms;
    default:
      return false;
  }
}

function matches(object: HsObject, filter: Filter): boolean {
  const actual = object.properties[String(filter.propertyName)];
  if (DATETIME_PROPERTIES.has(String(filter.propertyName))) return matchesInstant(actual, filter);
  const norm = (v: unknown) => String(v ?? '').trim().toLowerCase();
  switch (filter.operator) {
    case 'EQ':
      return actual !== undefined && actual !== '' && norm(actual) === norm(filter.value);
    case 'NEQ':
      return norm(actual) !== norm(filter.value);
    case 'HAS_PROPERTY':
      return actual !== undefined && actual !== '';
    case 'NOT_HAS_PROPERTY':
      return actual === undefined || actual === '';
    case 'IN':
      return Array.isArray(filter.values) && filter.values.some((v) => norm(v) === norm(actual));
    case 'CONTAINS_TOKEN':
      return norm(actual).split(/[^\p{L}\p{N}@.]+/u).includes(norm(filter.value));
    default:
      return false;
  }
}

const OPERATORS = new Set(['EQ', 'NEQ', 'GT', 'GTE', 'LT', 'LTE', 'HAS_PROPERTY', 'NOT_HAS_PROPERTY', 'IN', 'CONTAINS_TOKEN']);

export function createHubspotEmulator() {
  const state = new HubspotState();
  const control = new EmulatorControl();
  const app = new Hono();

  adminControlRoutes(app, control, () => state.reset());
  app.get('/__admin/records', (c) =>
    c.json({
      contacts: [...state.contacts.values()],
      companies: [...state.companies.values()],
      notes: [...state.notes.values()],
      associations: state.associations,
      contactProperties: [...state.contactProperties.keys()],
      memberships: Object.fromEntries([...state.memberships].map(([id, members]) => [id, [...members]])),
    }),
  );
  app.post('/__admin/contacts', async (c) => c.json(state.seed('contacts', (await c.req.json()).properties), 201));
  app.post('/__admin/companies', async (c) => c.json(state.seed('companies', (await c.req.json()).properties), 201));
  app.delete('/__admin/properties/:name', (c) => c.json({ deleted: state.contactProperties.delete(c.req.param('name')) }));
  app.post('/__admin/options', async (c) => {
    const body = await c.req.json();
    if (typeof body.schemaWrite === 'boolean') state.schemaWrite = body.schemaWrite;
    return c.json({ schemaWrite: state.schemaWrite });
  });

  const api = new Hono();
  api.use(controlMiddleware(control, faultBody, rateLimitHeaders));
  api.use(async (c, next) => {
    const token = bearer(c);
    if (!token || !state.tokens.has(token)) {
      return error(c, 401, 'INVALID_AUTHENTICATION', 'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview');
    }
    const path = new URL(c.req.url).pathname;
    const needed = HUBSPOT_SCOPE_OF.find((s) => s.method === c.req.method && s.path.test(path));
    if (needed && !state.scopes.has(needed.scope)) {
      return error(c, 403, 'MISSING_SCOPES', "This app hasn't been granted all required scopes to make this call. Read more about required scopes here: https://developers.hubspot.com/scopes.", {
        errors: [{ message: 'One or more of the following scopes are required.', context: { requiredGranularScopes: [needed.scope] } }],
        links: { scopes: 'https://developers.hubspot.com/scopes' },
      });
    }
    await next();
  });

  api.get('/account-info/v3/details', (c) =>
    c.json({ portalId: HUBSPOT_PORTAL_ID, accountType: 'STANDARD', timeZone: 'Europe/Paris', companyCurrency: 'EUR', additionalCurrencies: [], utcOffset: '+01:00', utcOffsetMilliseconds: 3_600_000, uiDomain: 'app.hubspot.com', dataHostingLocation: 'eu1' }),
  );

  api.get('/crm/v3/properties/contacts', (c) => c.json({ results: [...state.contactProperties.values()] }));
  api.get('/crm/v3/owners', (c) => c.json({ results: HUBSPOT_OWNERS }));
  api.post('/crm/v3/lists/search', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { processingTypes?: string[]; count?: number; offset?: number };
    const now = new Date().toISOString();
    const lists = HUBSPOT_LISTS.filter((l) => !body.processingTypes?.length || body.processingTypes.includes(l.processingType)).map((l) => ({ ...l, listVersion: 1, createdAt: now, updatedAt: now, filtersUpdatedAt: now }));
    return c.json({ lists, hasMore: false, offset: lists.length, total: lists.length });
  });
  api.put('/crm/v3/lists/:listId/memberships/add', async (c) => {
    const list = HUBSPOT_LISTS.find((l) => l.listId === c.req.param('listId'));
    if (!list) return error(c, 404, 'OBJECT_NOT_FOUND', `List with id ${c.req.param('listId')} does not exist.`);
    if (list.processingType === 'DYNAMIC') return error(c, 400, 'VALIDATION_ERROR', `List ${list.listId} is not a MANUAL or SNAPSHOT list.`);
    const ids = (await c.req.json().catch(() => null)) as unknown;
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string' || typeof id === 'number')) return error(c, 400, 'VALIDATION_ERROR', 'Invalid input JSON: expected an array of record ids.');
    const members = state.memberships.get(list.listId) ?? new Set<string>();
    state.memberships.set(list.listId, members);
    const store = list.objectTypeId === '0-1' ? state.contacts : state.companies;
    const added: string[] = [];
    const missing: string[] = [];
    for (const id of ids.map(String)) {
      if (!store.has(id)) missing.push(id);
      else if (!members.has(id)) {
        members.add(id);
        added.push(id);
      }
    }
    return c.json({ recordIdsAdded: added, recordIdsMissing: missing });
  });
  api.get('/crm/v3/properties/contacts/:name', (c) => {
    const property = state.contactProperties.get(c.req.param('name'));
    return property ? c.json(property) : error(c, 404, 'OBJECT_NOT_FOUND', `Unable to find property ${c.req.param('name')} for object type contacts`);
  });
  api.post('/crm/v3/properties/contacts', async (c) => {
    const body = await c.req.json();
    if (typeof body.name !== 'string' || typeof body.label !== 'string' || typeof body.type !== 'string' || typeof body.fieldType !== 'string' || typeof body.groupName !== 'string') {
      return error(c, 400, 'VALIDATION_ERROR', 'Invalid input JSON: name, label, type, fieldType and groupName are required');
    }
    if (state.contactProperties.has(body.name)) return error(c, 409, 'OBJECT_ALREADY_EXISTS', `A property named '${body.name}' already exists.`);
    const property: PropertyDef = { name: body.name, label: body.label, type: body.type, fieldType: body.fieldType, groupName: body.groupName, hasUniqueValue: Boolean(body.hasUniqueValue) };
    state.contactProperties.set(property.name, property);
    return c.json(property, 201);
  });

  function conflictFor(type: string, properties: Record<string, string>, except?: string): string | null {
    for (const unique of state.uniqueProperties(type)) {
      const value = properties[unique];
      if (!value) continue;
      const existing = state.findBy(type, unique, value, except);
      if (existing) return unique === 'email' ? `Contact already exists. Existing ID: ${existing.id}` : `A contact with the value "${value}" for the unique property "${unique}" already exists. Existing ID: ${existing.id}`;
    }
    return null;
  }

  api.post('/crm/v3/objects/:type/search', async (c) => {
    const type = c.req.param('type');
    const store = state.store(type);
    if (!store) return error(c, 404, 'OBJECT_NOT_FOUND', `Unknown object type ${type}`);
    const body = (await c.req.json().catch(() => null)) as { filterGroups?: { filters?: Filter[] }[]; properties?: string[]; limit?: number; after?: string } | null;
    if (!body) return error(c, 400, 'VALIDATION_ERROR', 'Invalid input JSON on line 1');
    const groups = body.filterGroups ?? [];
    const total = groups.reduce((n, g) => n + (g.filters?.length ?? 0), 0);
    if (groups.length > 5 || groups.some((g) => (g.filters?.length ?? 0) > 6) || total > 18) {
      return error(c, 400, 'VALIDATION_ERROR', 'There was a problem with the request: too many filters (at most 5 filter groups, 6 filters each, 18 in all).');
    }
    // Activities are searched by the record they are associated with (`associations.contact`), as HubSpot documents.
    const known = type === 'contacts' ? new Set([...state.contactProperties.keys(), ...CALCULATED]) : type === 'notes' ? new Set([...NOTE_PROPERTIES, ...CALCULATED, 'associations.contact']) : new Set([...COMPANY_PROPERTIES, ...CALCULATED]);
    const associatedWith = (o: HsObject, contactId: unknown) => state.associations.some((a) => a.fromType === type && a.fromId === o.id && a.toType === 'contacts' && a.toId === String(contactId));
    const test = (o: HsObject, f: Filter) => (f.propertyName === 'associations.contact' ? f.operator === 'EQ' && associatedWith(o, f.value) : matches(o, f));
    for (const filter of groups.flatMap((g) => g.filters ?? [])) {
      if (!OPERATORS.has(String(filter.operator))) return error(c, 400, 'VALIDATION_ERROR', `Invalid operator ${String(filter.operator)}`);
      if (!known.has(String(filter.propertyName))) return error(c, 400, 'VALIDATION_ERROR', `There was a problem with the request. Property ${String(filter.propertyName)} does not exist`);
    }
    // Filters in a group are ANDed; groups are ORed. No group at all lists everything.
    const hits = [...store.values()].filter((o) => !o.archived && !state.unsearchable.has(o.id) && (groups.length === 0 || groups.some((g) => (g.filters ?? []).every((f) => test(o, f)))));
    const limit = Math.min(Math.max(body.limit ?? 10, 1), 200);
    const start = Number(body.after ?? 0) || 0;
    const page = hits.slice(start, start + limit);
    const next = start + limit < hits.length ? { paging: { next: { after: String(start + limit) } } } : {};
    return c.json({ total: hits.length, results: page.map((o) => view(o, body.properties ?? null)), ...next });
  });

  api.get('/crm/v3/objects/:type/:id', (c) => {
    const object = state.store(c.req.param('type'))?.get(c.req.param('id'));
    if (!object || object.archived) return error(c, 404, 'OBJECT_NOT_FOUND', 'resource not found');
    const requested = c.req.query('properties')?.split(',').filter(Boolean) ?? null;
    return c.json(view(object, requested ?? ['email', 'firstname', 'lastname', 'name', 'domain']));
  });

  api.post('/crm/v3/objects/:type', async (c) => {
    const type = c.req.param('type');
    const store = state.store(type);
    if (!store) return error(c, 404, 'OBJECT_NOT_FOUND', `Unknown object type ${type}`);
    const body = (await c.req.json().catch(() => null)) as { properties?: unknown; associations?: { to?: { id?: string }; types?: { associationCategory?: string; associationTypeId?: number }[] }[] } | null;
    const problems = validateProperties(state, type, body?.properties);
    if (problems === 'not-an-object') return error(c, 400, 'VALIDATION_ERROR', 'Invalid input JSON: properties is required');
    if (problems.length) return error(c, 400, 'VALIDATION_ERROR', invalidMessage(problems));
    const properties = strings(body!.properties as Record<string, unknown>);
    if (type === 'notes' && !properties.hs_timestamp) return error(c, 400, 'VALIDATION_ERROR', 'Property values were not valid: hs_timestamp is required');
    if (properties.hs_timestamp !== undefined) {
      const at = instantOf(properties.hs_timestamp);
      if (at === null) return error(c, 400, 'VALIDATION_ERROR', invalidMessage([{ isValid: false, message: `${properties.hs_timestamp} is not a valid datetime`, error: 'INVALID_DATETIME', name: 'hs_timestamp' }]));
      // Kept as an instant and shown back as HubSpot shows datetimes: an ISO string, whatever was sent.
      properties.hs_timestamp = new Date(at).toISOString();
    }
    const conflict = conflictFor(type, properties);
    if (conflict) return error(c, 409, 'CONFLICT', conflict);
    for (const association of body?.associations ?? []) {
      if (!association.to?.id || !state.contacts.has(association.to.id)) return error(c, 400, 'VALIDATION_ERROR', `One or more associations are invalid: ${association.to?.id ?? 'missing id'}`);
    }
    const object = state.make(properties);
    store.set(object.id, object);
    for (const association of body?.associations ?? []) {
      for (const spec of association.types ?? []) state.associations.push({ fromType: type, fromId: object.id, toType: 'contacts', toId: association.to!.id!, typeId: spec.associationTypeId ?? 0 });
    }
    return c.json(view(object, null), 201);
  });

  api.patch('/crm/v3/objects/:type/:id', async (c) => {
    const type = c.req.param('type');
    const object = state.store(type)?.get(c.req.param('id'));
    if (!object || object.archived) return error(c, 404, 'OBJECT_NOT_FOUND', 'resource not found');
    const body = (await c.req.json().catch(() => null)) as { properties?: unknown } | null;
    const problems = validateProperties(state, type, body?.properties);
    if (problems === 'not-an-object') return error(c, 400, 'VALIDATION_ERROR', 'Invalid input JSON: properties is required');
    if (problems.length) return error(c, 400, 'VALIDATION_ERROR', invalidMessage(problems));
    const properties = strings(body!.properties as Record<string, unknown>);
    const conflict = conflictFor(type, properties, object.id);
    if (conflict) return error(c, 409, 'CONFLICT', conflict);
    Object.assign(object.properties, properties);
    object.updatedAt = new Date().toISOString();
    derive(object);
    return c.json(view(object, null));
  });

  api.post('/crm/v3/objects/:type/batch/upsert', async (c) => {
    const type = c.req.param('type');
    const store = state.store(type);
    if (!store || type === 'notes') return error(c, 404, 'OBJECT_NOT_FOUND', `Unknown object type ${type}`);
    const body = (await c.req.json().catch(() => null)) as { inputs?: { id?: unknown; idProperty?: unknown; properties?: unknown }[] } | null;
    if (!body || !Array.isArray(body.inputs) || body.inputs.length === 0 || body.inputs.length > 100) return error(c, 400, 'VALIDATION_ERROR', 'Invalid input JSON: inputs must hold 1 to 100 items');
    const startedAt = new Date().toISOString();
    const results: (ReturnType<typeof view> & { new: boolean })[] = [];
    const errors: { status: string; category: string; message: string; context: Record<string, string[]> }[] = [];
    for (const input of body.inputs) {
      const idProperty = String(input.idProperty ?? '');
      const id = String(input.id ?? '');
      if (!state.uniqueProperties(type).includes(idProperty)) {
        errors.push({ status: 'error', category: 'VALIDATION_ERROR', message: `${idProperty || 'idProperty'} is not a unique property of ${type}`, context: { ids: [id] } });
        continue;
      }
      const problems = validateProperties(state, type, input.properties ?? {});
      if (problems === 'not-an-object' || problems.length) {
        errors.push({ status: 'error', category: 'VALIDATION_ERROR', message: problems === 'not-an-object' ? 'properties must be an object' : invalidMessage(problems), context: { ids: [id] } });
        continue;
      }
      const properties = { ...strings(input.properties as Record<string, unknown>), [idProperty]: id };
      const existing = state.findBy(type, idProperty, id);
      if (existing) {
        Object.assign(existing.properties, properties);
        existing.updatedAt = new Date().toISOString();
        derive(existing);
        results.push({ ...view(existing, null), new: false });
      } else {
        const object = state.make(properties);
        store.set(object.id, object);
        results.push({ ...view(object, null), new: true });
      }
    }
    const answer = { status: 'COMPLETE', results, startedAt, completedAt: new Date().toISOString(), ...(errors.length ? { numErrors: errors.length, errors } : {}) };
    return c.json(answer, errors.length ? 207 : 200);
  });

  api.put('/crm/v4/objects/:fromType/:fromId/associations/default/:toType/:toId', (c) => {
    const { fromType, fromId, toType, toId } = c.req.param();
    const from = state.store(fromType)?.get(fromId);
    const to = state.store(toType)?.get(toId);
    if (!from || !to) return error(c, 404, 'OBJECT_NOT_FOUND', `No ${!from ? fromType : toType} with id ${!from ? fromId : toId}`);
    const pairs: [string, string, string, string, number][] = [
      [fromType, fromId, toType, toId, fromType === 'contacts' && toType === 'companies' ? 279 : 1],
      [toType, toId, fromType, fromId, fromType === 'contacts' && toType === 'companies' ? 280 : 2],
    ];
    for (const [ft, fi, tt, ti, typeId] of pairs) {
      if (!state.associations.some((a) => a.fromType === ft && a.fromId === fi && a.toType === tt && a.toId === ti && a.typeId === typeId)) {
        state.associations.push({ fromType: ft, fromId: fi, toType: tt, toId: ti, typeId });
      }
    }
    const now = new Date().toISOString();
    return c.json({
      status: 'COMPLETE',
      results: pairs.map(([, fi, , ti, typeId]) => ({ from: { id: fi }, to: { id: ti }, associationSpec: { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: typeId } })),
      startedAt: now,
      completedAt: now,
    });
  });

  app.route('/', api);
  app.notFound((c) => error(c, 404, 'OBJECT_NOT_FOUND', 'resource not found'));
  return { app, state, control };
}

export type HubspotEmulator = ReturnType<typeof createHubspotEmulator>;

export async function startHubspotEmulator(): Promise<HubspotEmulator & { server: RunningEmulator; origin: string }> {
  const emulator = createHubspotEmulator();
  const server = await serve(emulator.app);
  return { ...emulator, server, origin: server.origin };
}
