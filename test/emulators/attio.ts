import { Hono, type Context } from 'hono';
import { randomUUID } from 'node:crypto';
import { adminControlRoutes, bearer, controlMiddleware, EmulatorControl, serve, type AnsweredFault, type RunningEmulator } from '@/test/emulators/common';

/**
 * An in-memory Attio workspace, as Attio's REST API v2 (https://api.attio.com/v2) publishes it:
 *
 * - Auth: `Authorization: Bearer <api key>`; `GET /v2/self` identifies the token and its workspace.
 * - Objects `people` and `companies`. A record is `{id: {workspace_id, object_id, record_id},
 *   created_at, web_url, values}` where `values` maps each attribute slug to an ARRAY of value
 *   objects (`attribute_type`, `active_from`, `active_until`, `created_by_actor` plus the type's
 *   own fields). Modelled attributes: people `name` (personal-name: first_name, last_name,
 *   full_name), `email_addresses` (email-address, multi, unique), `phone_numbers` (phone-number:
 *   original_phone_number, country_code, phone_number), `job_title` and `linkedin` (text: value),
 *   `company` (record-reference to companies); companies `name` (text) and `domains` (domain,
 *   multi, unique).
 * - `POST /v2/objects/{object}/records/query`: `filter` in the shorthand (`{"email_addresses":
 *   "x@y"}`) or verbose form (`{"linkedin": {"value": {"$contains": "…"}}}`, `{"$eq": …}` on the
 *   attribute's default property), `$and`/`$or`/`$not`, `limit`, `offset`.
 * - `PUT /v2/objects/{object}/records?matching_attribute=<unique slug>` (assert): updates the one
 *   record holding the value, or creates one. Values of the matching attribute are added, never
 *   removed; other multiselect attributes are replaced, as Attio documents.
 * - `PATCH …/records/{id}` appends to multiselect attributes; `PUT …/records/{id}` replaces them.
 * - `GET …/records/{id}`; `POST /v2/notes` (`{data: {parent_object, parent_record_id, title,
 *   format: plaintext|markdown, content}}`); `GET /v2/notes?parent_object=&parent_record_id=`
 *   (both or neither), `limit` (default 10, at most 50) and `offset`, answering `{data: [note]}`
 *   with no paging fields (a page shorter than the limit is the last), in the order the notes
 *   were made (Attio documents no order; Dossier relies on none). A note is `{id: {workspace_id,
 *   note_id}, parent_object, parent_record_id, title, meeting_id, content_plaintext,
 *   content_markdown, tags, created_by_actor, created_at}`, times with nanoseconds as Attio writes them.
 * - `GET /v2/objects/{object}/attributes`: each attribute with `api_slug`, `title`, `type`,
 *   `is_system_attribute`, `is_writable`, `is_archived` (archived ones only with
 *   `show_archived=true`), `is_multiselect`, `is_unique`; `state.addAttribute` adds a custom one
 *   (text, phone-number, actor-reference). Writing a read-only or archived attribute is refused.
 *   Actor references are written as `{referenced_actor_type: "workspace-member",
 *   referenced_actor_id}` or by the member's email address.
 * - `GET /v2/workspace_members` (`access_level` admin, member or suspended).
 * - `GET /v2/lists` (`parent_object` is an array of object slugs) and `PUT /v2/lists/{list}/entries`
 *   (assert by parent record: the one entry of that record is returned, or one is made; two
 *   entries of one record answer `multiple_match_results`).
 * - Errors `{status_code, type, code, message}`: 401 `auth_error`/`unauthorized`, 404
 *   `invalid_request_error`/`not_found`, 400 `validation_type`, `value_not_found`,
 *   `uniqueness_conflict` (a unique value held by another record) and `multiple_match_results`
 *   (an assert whose value matches two records), 429 `rate_limit_error`; 409 played on demand
 *   (`state.conflicts`), e.g. `concurrent_write_conflict` ("please try again").
 */
export const ATTIO_TOKEN = '5d1e0f3a9b7c4e21a8f60b2c3d4e5f60718293a4b5c6d7e8f9012a3b4c5d6e7f';
export const ATTIO_WORKSPACE = { id: '14beef7a-99f7-4534-a87e-70b564330a4c', name: 'Acme Emulated', slug: 'acme-emulated' };

type AttributeType = 'personal-name' | 'email-address' | 'phone-number' | 'text' | 'domain' | 'record-reference' | 'actor-reference';
type ObjectSlug = 'people' | 'companies';

interface Attribute {
  id: string;
  title: string;
  type: AttributeType;
  multi: boolean;
  unique: boolean;
  /** The property `{"$eq": …}` and the shorthand filter compare. */
  property: string;
  system: boolean;
  writable: boolean;
  archived: boolean;
}

const PROPERTY_OF_TYPE: Record<AttributeType, string> = {
  'personal-name': 'full_name',
  'email-address': 'email_address',
  'phone-number': 'phone_number',
  text: 'value',
  domain: 'domain',
  'record-reference': 'target_record_id',
  'actor-reference': 'referenced_actor_id',
};

function attribute(title: string, type: AttributeType, more: Partial<Attribute> = {}): Attribute {
  return { id: randomUUID(), title, type, multi: false, unique: false, property: PROPERTY_OF_TYPE[type], system: true, writable: true, archived: false, ...more };
}

/** The system attributes of Attio's standard objects that the emulator models. */
function standardAttributes(): Record<ObjectSlug, Record<string, Attribute>> {
  return {
    people: {
      name: attribute('Name', 'personal-name'),
      email_addresses: attribute('Email addresses', 'email-address', { multi: true, unique: true }),
      phone_numbers: attribute('Phone numbers', 'phone-number', { multi: true }),
      job_title: attribute('Job title', 'text'),
      linkedin: attribute('LinkedIn', 'text'),
      description: attribute('Description', 'text'),
      company: attribute('Company', 'record-reference'),
      created_by: attribute('Created by', 'actor-reference', { writable: false }),
      strongest_connection_user: attribute('Strongest connection', 'actor-reference', { writable: false }),
    },
    companies: {
      name: attribute('Name', 'text'),
      domains: attribute('Domains', 'domain', { multi: true, unique: true }),
      description: attribute('Description', 'text'),
      created_by: attribute('Created by', 'actor-reference', { writable: false }),
    },
  };
}

export interface AttioMember {
  id: string;
  first_name: string;
  last_name: string;
  email_address: string;
  access_level: 'admin' | 'member' | 'suspended';
}

export const ATTIO_MEMBERS: readonly AttioMember[] = [
  { id: '50cf242c-7fa3-4cad-87d0-75b1af71c57b', first_name: 'Emulator', last_name: 'Admin', email_address: 'admin@acme-emulated.example', access_level: 'admin' },
  { id: '7d1c5a0e-2b3f-4c8d-9e6a-1f2b3c4d5e6f', first_name: 'Ben', last_name: 'Seller', email_address: 'ben@acme-emulated.example', access_level: 'member' },
  { id: '0e9d8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b', first_name: 'Olga', last_name: 'Former', email_address: 'olga@acme-emulated.example', access_level: 'suspended' },
];

export interface AttioList {
  id: string;
  api_slug: string;
  name: string;
  parent_object: ObjectSlug[];
}

export interface AttioEntry {
  id: string;
  list_id: string;
  parent_record_id: string;
  parent_object: ObjectSlug;
  created_at: string;
}

/** The API token's own actor id (what `created_by` holds for records it makes). */
const TOKEN_ACTOR = 'e1f2a3b4-c5d6-4e7f-8091-a2b3c4d5e6f7';

const OBJECT_IDS: Record<ObjectSlug, string> = { people: '97052eb9-e65e-443f-a297-f2d9a4a7f795', companies: 'a8c4e1f2-3b5d-4c6e-8f70-9a1b2c3d4e5f' };
const WEB_SEGMENT: Record<ObjectSlug, string> = { people: 'person', companies: 'company' };

export type StoredValue = Record<string, unknown>;

export interface AttioRecord {
  id: string;
  object: ObjectSlug;
  created_at: string;
  values: Record<string, StoredValue[]>;
}

export interface AttioNote {
  id: string;
  parent_object: string;
  parent_record_id: string;
  title: string;
  format: 'plaintext' | 'markdown';
  content: string;
  created_at: string;
}

const FAULT_BODIES: Record<AnsweredFault, object> = {
  '429': { status_code: 429, type: 'rate_limit_error', code: 'rate_limit_exceeded', message: 'Rate limit exceeded, please try again later.' },
  '500': { status_code: 500, type: 'api_error', code: 'internal_server_error', message: 'An internal server error occurred.' },
  '502': { status_code: 502, type: 'api_error', code: 'bad_gateway', message: 'Bad gateway.' },
  '503': { status_code: 503, type: 'api_error', code: 'service_unavailable', message: 'The service is temporarily unavailable.' },
};

class AttioError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function errorType(status: number): string {
  if (status === 401 || status === 403) return 'auth_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'api_error';
  return 'invalid_request_error';
}

function fail(c: Context, status: number, code: string, message: string) {
  return c.json({ status_code: status, type: errorType(status), code, message }, status as 400);
}

function isObjectSlug(value: string): value is ObjectSlug {
  return value === 'people' || value === 'companies';
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

export class AttioState {
  tokens = new Set([ATTIO_TOKEN]);
  records = new Map<string, AttioRecord>();
  notes = new Map<string, AttioNote>();
  attributes = standardAttributes();
  members: AttioMember[] = ATTIO_MEMBERS.map((m) => ({ ...m }));
  lists: AttioList[] = [];
  entries: AttioEntry[] = [];
  /** Records a query does not return (yet): one made by someone else between Dossier's match and its push. */
  unsearchable = new Set<string>();
  /**
   * 409s to answer, one each, to the next authorised request matching them, before doing any work:
   * `concurrent_write_conflict` is another write to the same record at that moment ("please try
   * again"); any other code plays a 409 that retrying cannot mend.
   */
  conflicts: { code: string; path?: string; method?: string }[] = [];

  reset(): void {
    this.tokens = new Set([ATTIO_TOKEN]);
    this.records.clear();
    this.notes.clear();
    this.unsearchable.clear();
    this.attributes = standardAttributes();
    this.members = ATTIO_MEMBERS.map((m) => ({ ...m }));
    this.lists = [];
    this.entries = [];
    this.conflicts = [];
  }

  /** A custom attribute, as a workspace admin adds it (tests). */
  addAttribute(object: ObjectSlug, slug: string, title: string, type: AttributeType, more: Partial<Attribute> = {}): Attribute {
    const added = attribute(title, type, { system: false, ...more });
    this.attributes[object][slug] = added;
    return added;
  }

  addList(name: string, parent: ObjectSlug = 'people'): AttioList {
    const list: AttioList = { id: randomUUID(), api_slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '_'), name, parent_object: [parent] };
    this.lists.push(list);
    return list;
  }

  list(object: ObjectSlug): AttioRecord[] {
    return [...this.records.values()].filter((r) => r.object === object);
  }

  /** A stored value from what a client writes, or a message saying why Attio refuses it. */
  normalise(object: ObjectSlug, slug: string, attribute: Attribute, input: unknown): StoredValue {
    const bad = (why: string) => new AttioError(400, 'validation_type', `Invalid value was passed to attribute with slug "${slug}": ${why}`);
    switch (attribute.type) {
      case 'personal-name': {
        if (!input || typeof input !== 'object') throw bad('expected an object with first_name, last_name and full_name.');
        const name = input as Record<string, unknown>;
        const first = typeof name.first_name === 'string' ? name.first_name.trim() : '';
        const last = typeof name.last_name === 'string' ? name.last_name.trim() : '';
        const full = typeof name.full_name === 'string' ? name.full_name.trim() : [first, last].filter(Boolean).join(' ');
        if (!full) throw bad('a name needs a full_name.');
        return { first_name: first, last_name: last, full_name: full };
      }
      case 'email-address': {
        const raw = typeof input === 'string' ? input : (input as Record<string, unknown> | null)?.email_address;
        const address = text(raw);
        if (!address || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address)) throw bad(`"${String(raw)}" is not a valid email address.`);
        const [local, domain] = address.toLowerCase().split('@') as [string, string];
        return { original_email_address: address, email_address: address.toLowerCase(), email_domain: domain, email_root_domain: domain.split('.').slice(-2).join('.'), email_local_specifier: local.split('+')[0] };
      }
      case 'phone-number': {
        const value = typeof input === 'string' ? { original_phone_number: input } : ((input ?? {}) as Record<string, unknown>);
        const original = text(value.original_phone_number);
        const e164 = original ? `+${original.replace(/[^\d]/g, '')}` : null;
        if (!original || !original.startsWith('+') || !e164 || e164.length < 6) throw bad('expected an original_phone_number in international format.');
        return { original_phone_number: original, country_code: typeof value.country_code === 'string' ? value.country_code : null, phone_number: e164 };
      }
      case 'text': {
        const value = typeof input === 'string' ? input : (input as Record<string, unknown> | null)?.value;
        if (typeof value !== 'string') throw bad('expected a string.');
        return { value };
      }
      case 'domain': {
        const raw = typeof input === 'string' ? input : (input as Record<string, unknown> | null)?.domain;
        const domain = text(raw)
          ?.toLowerCase()
          .replace(/^[a-z]+:\/\//, '')
          .replace(/^www\./, '')
          .replace(/\/.*$/, '');
        if (!domain || !domain.includes('.')) throw bad(`"${String(raw)}" is not a valid domain.`);
        return { domain, root_domain: domain.split('.').slice(-2).join('.') };
      }
      case 'actor-reference': {
        const ref = typeof input === 'string' ? { workspace_member_email_address: input } : ((input ?? {}) as Record<string, unknown>);
        const member = this.members.find((m) =>
          ref.workspace_member_email_address !== undefined ? m.email_address === String(ref.workspace_member_email_address).toLowerCase() : ref.referenced_actor_type === 'workspace-member' && m.id === ref.referenced_actor_id,
        );
        if (!member) throw new AttioError(400, 'value_not_found', `Actor reference on "${slug}" of ${object}: workspace member not found.`);
        return { referenced_actor_type: 'workspace-member', referenced_actor_id: member.id };
      }
      case 'record-reference': {
        const ref = (input ?? {}) as Record<string, unknown>;
        const target = this.records.get(String(ref.target_record_id));
        if (ref.target_object !== 'companies' || !target || target.object !== 'companies') {
          throw new AttioError(400, 'value_not_found', `Record reference on "${slug}" of ${object}: record "${String(ref.target_record_id)}" of "${String(ref.target_object)}" not found.`);
        }
        return { target_object: 'companies', target_record_id: target.id };
      }
    }
  }

  /** Values a client sent, checked and normalised, attribute by attribute. */
  parseValues(object: ObjectSlug, values: unknown): Map<string, StoredValue[]> {
    if (!values || typeof values !== 'object' || Array.isArray(values)) throw new AttioError(400, 'validation_type', 'Body payload validation error: data.values must be an object.');
    const out = new Map<string, StoredValue[]>();
    for (const [slug, input] of Object.entries(values as Record<string, unknown>)) {
      const attribute = this.attributes[object][slug];
      if (!attribute || attribute.archived) throw new AttioError(400, 'value_not_found', `Cannot find attribute with slug/ID "${slug}".`);
      if (!attribute.writable) throw new AttioError(400, 'validation_type', `Cannot write to attribute with slug "${slug}": it is read-only.`);
      const inputs = input === null ? [] : Array.isArray(input) ? input : [input];
      if (!attribute.multi && inputs.length > 1) throw new AttioError(400, 'validation_type', `Attribute with slug "${slug}" accepts only one value.`);
      out.set(slug, inputs.map((i) => this.normalise(object, slug, attribute, i)));
    }
    return out;
  }

  key(attribute: Attribute, value: StoredValue): string {
    return String(value[attribute.property] ?? '').toLowerCase();
  }

  /** Writes values to a record: `append` adds to multiselect lists (PATCH, the assert's key), otherwise they are replaced. */
  write(record: AttioRecord, values: Map<string, StoredValue[]>, append: (slug: string) => boolean): void {
    for (const [slug, list] of values) {
      const attribute = this.attributes[record.object][slug]!;
      let next = list;
      if (attribute.multi && append(slug)) {
        const existing = record.values[slug] ?? [];
        next = [...existing, ...list.filter((v) => !existing.some((e) => this.key(attribute, e) === this.key(attribute, v)))];
      }
      const seen = new Set<string>();
      next = next.filter((v) => !seen.has(this.key(attribute, v)) && seen.add(this.key(attribute, v)));
      if (attribute.unique) {
        for (const value of next) {
          const holder = this.list(record.object).find((r) => r.id !== record.id && (r.values[slug] ?? []).some((v) => this.key(attribute, v) === this.key(attribute, value)));
          if (holder) throw new AttioError(400, 'uniqueness_conflict', `The value "${String(value[attribute.property])}" provided for attribute "${slug}" is not unique: it already belongs to record "${holder.id}".`);
        }
      }
      record.values[slug] = next.map((v) => ({ ...v }));
    }
  }

  create(object: ObjectSlug, values: Map<string, StoredValue[]>): AttioRecord {
    const record: AttioRecord = { id: randomUUID(), object, created_at: new Date().toISOString(), values: { created_by: [{ referenced_actor_type: 'api-token', referenced_actor_id: TOKEN_ACTOR }] } };
    this.write(record, values, () => false);
    this.records.set(record.id, record);
    return record;
  }

  /** Seeds a record from the values a client would send (tests). */
  seed(object: ObjectSlug, values: Record<string, unknown>): AttioRecord {
    return this.create(object, this.parseValues(object, values));
  }

  /** Does a record satisfy an Attio filter? Unknown attributes and operators are refused, as Attio does. */
  matches(record: AttioRecord, filter: unknown): boolean {
    if (!filter || typeof filter !== 'object' || Array.isArray(filter)) throw new AttioError(400, 'validation_type', 'Invalid filter: expected an object.');
    return Object.entries(filter as Record<string, unknown>).every(([key, condition]) => {
      if (key === '$and' || key === '$or') {
        if (!Array.isArray(condition)) throw new AttioError(400, 'validation_type', `Invalid filter: ${key} expects an array.`);
        return key === '$and' ? condition.every((c) => this.matches(record, c)) : condition.some((c) => this.matches(record, c));
      }
      if (key === '$not') return !this.matches(record, condition);
      if (key === 'record_id') return this.compare(record.id, condition);
      const attribute = this.attributes[record.object][key];
      if (!attribute) throw new AttioError(400, 'value_not_found', `Cannot find attribute with slug/ID "${key}".`);
      const values = record.values[key] ?? [];
      if (condition === null || typeof condition !== 'object') return values.some((v) => this.compare(v[attribute.property], { $eq: condition }));
      const operators = condition as Record<string, unknown>;
      if (Object.keys(operators).every((k) => k.startsWith('$'))) return values.some((v) => this.compare(v[attribute.property], operators));
      return Object.entries(operators).every(([property, test]) => values.some((v) => this.compare(v[property], test && typeof test === 'object' ? test : { $eq: test })));
    });
  }

  compare(actual: unknown, test: unknown): boolean {
    const have = String(actual ?? '').toLowerCase();
    return Object.entries(test as Record<string, unknown>).every(([operator, expected]) => {
      const want = String(expected ?? '').toLowerCase();
      switch (operator) {
        case '$eq':
          return have === want;
        case '$contains':
          return have.includes(want);
        case '$starts_with':
          return have.startsWith(want);
        case '$in':
          return Array.isArray(expected) && expected.some((e) => String(e).toLowerCase() === have);
        default:
          throw new AttioError(400, 'validation_type', `Invalid filter operator "${operator}".`);
      }
    });
  }
}

function view(state: AttioState, record: AttioRecord) {
  const values: Record<string, object[]> = {};
  for (const [slug, attribute] of Object.entries(state.attributes[record.object])) {
    if (attribute.archived) continue;
    values[slug] = (record.values[slug] ?? []).map((v) => ({
      active_from: record.created_at,
      active_until: null,
      created_by_actor: { type: 'api-token', id: TOKEN_ACTOR },
      ...v,
      attribute_type: attribute.type,
    }));
  }
  return {
    id: { workspace_id: ATTIO_WORKSPACE.id, object_id: OBJECT_IDS[record.object], record_id: record.id },
    created_at: record.created_at,
    web_url: `https://app.attio.com/${ATTIO_WORKSPACE.slug}/${WEB_SEGMENT[record.object]}/${record.id}`,
    values,
  };
}

async function readData(c: Context): Promise<Record<string, unknown>> {
  const body = (await c.req.json().catch(() => null)) as { data?: unknown } | null;
  if (!body || !body.data || typeof body.data !== 'object') throw new AttioError(400, 'validation_type', 'Body payload validation error: data is required.');
  return body.data as Record<string, unknown>;
}

/** A note as Attio answers it; `created_at` with nanoseconds, as Attio writes its times. */
function noteView(note: AttioNote) {
  return {
    id: { workspace_id: ATTIO_WORKSPACE.id, note_id: note.id },
    parent_object: note.parent_object,
    parent_record_id: note.parent_record_id,
    title: note.title,
    meeting_id: null,
    content_plaintext: note.content,
    content_markdown: note.content,
    tags: [],
    created_by_actor: { type: 'api-token', id: 'e1f2a3b4-c5d6-4e7f-8091-a2b3c4d5e6f7' },
    created_at: note.created_at.replace(/Z$/, '000000Z'),
  };
}

export function createAttioEmulator() {
  const state = new AttioState();
  const control = new EmulatorControl();
  const app = new Hono();

  adminControlRoutes(app, control, () => state.reset());
  app.get('/__admin/records', (c) => c.json({ records: [...state.records.values()].map((r) => view(state, r)), notes: [...state.notes.values()] }));

  const api = new Hono();
  api.use(controlMiddleware(control, (kind) => FAULT_BODIES[kind]));
  api.use(async (c, next) => {
    const token = bearer(c);
    if (!token || !state.tokens.has(token)) return fail(c, 401, 'unauthorized', 'Authentication failed: the access token is invalid or has been revoked.');
    const path = new URL(c.req.url).pathname + new URL(c.req.url).search;
    const at = state.conflicts.findIndex((f) => (!f.path || path.includes(f.path)) && (!f.method || f.method.toUpperCase() === c.req.method));
    if (at >= 0) {
      const { code } = state.conflicts.splice(at, 1)[0]!;
      const message = code === 'concurrent_write_conflict' ? 'A concurrent write to this record conflicted with this request, please try again.' : `Conflict (${code}).`;
      return fail(c, 409, code, message);
    }
    await next();
  });
  api.onError((error, c) => (error instanceof AttioError ? fail(c, error.status, error.code, error.message) : fail(c, 500, 'internal_server_error', String(error))));

  function objectOf(c: Context): ObjectSlug {
    const object = c.req.param('object') ?? '';
    if (!isObjectSlug(object)) throw new AttioError(404, 'not_found', `Object with slug/ID "${object}" not found.`);
    return object;
  }

  function recordOf(c: Context, object: ObjectSlug): AttioRecord {
    const id = c.req.param('record_id') ?? '';
    const record = state.records.get(id);
    if (!record || record.object !== object) throw new AttioError(404, 'not_found', `Record with ID "${id}" not found.`);
    return record;
  }

  api.get('/v2/self', (c) =>
    c.json({
      active: true,
      scope: 'record_permission:read-write object_configuration:read note:read-write list_entry:read-write list_configuration:read user_management:read',
      client_id: 'b9e3f7a1-0c2d-4e5f-9a8b-7c6d5e4f3a2b',
      token_type: 'Bearer',
      exp: null,
      iat: 1_767_225_600,
      sub: ATTIO_WORKSPACE.id,
      aud: 'b9e3f7a1-0c2d-4e5f-9a8b-7c6d5e4f3a2b',
      iss: 'attio.com',
      authorized_by_workspace_member_id: '50cf242c-7fa3-4cad-87d0-75b1af71c57b',
      workspace_id: ATTIO_WORKSPACE.id,
      workspace_name: ATTIO_WORKSPACE.name,
      workspace_slug: ATTIO_WORKSPACE.slug,
      workspace_logo_url: null,
    }),
  );

  api.post('/v2/objects/:object/records/query', async (c) => {
    const object = objectOf(c);
    const body = ((await c.req.json().catch(() => ({}))) ?? {}) as { filter?: unknown; limit?: unknown; offset?: unknown };
    const limit = body.limit === undefined ? 500 : Number(body.limit);
    const offset = body.offset === undefined ? 0 : Number(body.offset);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new AttioError(400, 'validation_type', 'limit must be an integer between 1 and 500.');
    const found = state.list(object).filter((r) => !state.unsearchable.has(r.id) && (body.filter === undefined || state.matches(r, body.filter)));
    return c.json({ data: found.slice(offset, offset + limit).map((r) => view(state, r)) });
  });

  api.put('/v2/objects/:object/records', async (c) => {
    const object = objectOf(c);
    const slug = c.req.query('matching_attribute') ?? '';
    const attribute = state.attributes[object][slug];
    if (!attribute) throw new AttioError(400, 'value_not_found', `No attribute was found for matching_attribute slug/ID "${slug}".`);
    if (!attribute.unique) throw new AttioError(400, 'validation_type', `The matching attribute "${slug}" must be unique.`);
    const values = state.parseValues(object, (await readData(c)).values);
    const keys = (values.get(slug) ?? []).map((v) => state.key(attribute, v));
    if (keys.length === 0) throw new AttioError(400, 'validation_type', `A value for the matching attribute "${slug}" must be given.`);
    // Assert sees every record, whatever a query sees.
    const matched = state.list(object).filter((r) => (r.values[slug] ?? []).some((v) => keys.includes(state.key(attribute, v))));
    if (matched.length > 1) throw new AttioError(400, 'multiple_match_results', `Multiple records match the value of "${slug}": assert needs exactly one.`);
    const record = matched[0];
    if (!record) return c.json({ data: view(state, state.create(object, values)) });
    const before = structuredClone(record.values);
    try {
      state.write(record, values, (s) => s === slug);
    } catch (error) {
      record.values = before;
      throw error;
    }
    return c.json({ data: view(state, record) });
  });

  api.post('/v2/objects/:object/records', async (c) => {
    const object = objectOf(c);
    return c.json({ data: view(state, state.create(object, state.parseValues(object, (await readData(c)).values))) });
  });

  api.get('/v2/objects/:object/records/:record_id', (c) => c.json({ data: view(state, recordOf(c, objectOf(c))) }));

  for (const method of ['patch', 'put'] as const) {
    api[method]('/v2/objects/:object/records/:record_id', async (c) => {
      const object = objectOf(c);
      const record = recordOf(c, object);
      const values = state.parseValues(object, (await readData(c)).values);
      const before = structuredClone(record.values);
      try {
        // PATCH appends to multiselect attributes; PUT replaces them.
        state.write(record, values, () => method === 'patch');
      } catch (error) {
        record.values = before;
        throw error;
      }
      return c.json({ data: view(state, record) });
    });
  }

  api.get('/v2/objects/:object/attributes', (c) => {
    const object = objectOf(c);
    const archived = c.req.query('show_archived') === 'true';
    const data = Object.entries(state.attributes[object])
      .filter(([, a]) => archived || !a.archived)
      .map(([slug, a]) => ({
        id: { workspace_id: ATTIO_WORKSPACE.id, object_id: OBJECT_IDS[object], attribute_id: a.id },
        title: a.title,
        description: null,
        api_slug: slug,
        type: a.type,
        is_system_attribute: a.system,
        is_writable: a.writable,
        is_required: false,
        is_unique: a.unique,
        is_multiselect: a.multi,
        is_default_value_enabled: false,
        is_archived: a.archived,
        default_value: null,
        relationship: null,
        created_at: '2023-01-01T00:00:00.000000000Z',
        config: { currency: { default_currency_code: null, display_type: null }, record_reference: { allowed_object_ids: a.type === 'record-reference' ? [OBJECT_IDS.companies] : null } },
      }));
    return c.json({ data });
  });

  api.get('/v2/workspace_members', (c) =>
    c.json({
      data: state.members.map((m) => ({
        id: { workspace_id: ATTIO_WORKSPACE.id, workspace_member_id: m.id },
        first_name: m.first_name,
        last_name: m.last_name,
        avatar_url: null,
        email_address: m.email_address,
        created_at: '2023-01-01T00:00:00.000000000Z',
        access_level: m.access_level,
      })),
    }),
  );

  const listView = (list: AttioList) => ({
    id: { workspace_id: ATTIO_WORKSPACE.id, list_id: list.id },
    api_slug: list.api_slug,
    name: list.name,
    parent_object: list.parent_object,
    workspace_access: 'full-access',
    workspace_member_access: [],
    created_by_actor: { type: 'workspace-member', id: ATTIO_MEMBERS[0]!.id },
    created_at: '2023-01-01T00:00:00.000000000Z',
  });

  api.get('/v2/lists', (c) => c.json({ data: state.lists.map(listView) }));

  // Assert by parent record: the same record asserted twice is one entry.
  api.put('/v2/lists/:list/entries', async (c) => {
    const key = c.req.param('list');
    const list = state.lists.find((l) => l.id === key || l.api_slug === key);
    if (!list) throw new AttioError(404, 'not_found', `List with slug/ID "${key}" not found.`);
    const data = await readData(c);
    const parentObject = String(data.parent_object ?? '');
    if (!isObjectSlug(parentObject) || !list.parent_object.includes(parentObject)) throw new AttioError(400, 'validation_type', `Records of "${parentObject}" cannot be added to list "${list.api_slug}".`);
    const parent = state.records.get(String(data.parent_record_id ?? ''));
    if (!parent || parent.object !== parentObject) throw new AttioError(404, 'not_found', `Record with ID "${String(data.parent_record_id)}" not found.`);
    if (data.entry_values !== undefined && (typeof data.entry_values !== 'object' || data.entry_values === null || Object.keys(data.entry_values).length > 0)) {
      throw new AttioError(400, 'value_not_found', 'The emulator models lists without attributes: entry_values must be empty.');
    }
    const held = state.entries.filter((e) => e.list_id === list.id && e.parent_record_id === parent.id);
    if (held.length > 1) throw new AttioError(400, 'multiple_match_results', `Multiple entries of record "${parent.id}" are in list "${list.api_slug}".`);
    const entry = held[0] ?? { id: randomUUID(), list_id: list.id, parent_record_id: parent.id, parent_object: parentObject, created_at: new Date().toISOString() };
    if (!held[0]) state.entries.push(entry);
    return c.json({
      data: { id: { workspace_id: ATTIO_WORKSPACE.id, list_id: list.id, entry_id: entry.id }, parent_record_id: entry.parent_record_id, parent_object: entry.parent_object, created_at: entry.created_at, entry_values: {} },
    });
  });

  api.post('/v2/notes', async (c) => {
    const data = await readData(c);
    const parentObject = String(data.parent_object ?? '');
    if (!isObjectSlug(parentObject)) throw new AttioError(404, 'not_found', `Object with slug/ID "${parentObject}" not found.`);
    const parent = state.records.get(String(data.parent_record_id ?? ''));
    if (!parent || parent.object !== parentObject) throw new AttioError(404, 'not_found', `Record with ID "${String(data.parent_record_id)}" not found.`);
    if (typeof data.title !== 'string') throw new AttioError(400, 'validation_type', 'Body payload validation error: data.title is required.');
    if (data.format !== 'plaintext' && data.format !== 'markdown') throw new AttioError(400, 'validation_type', 'Body payload validation error: data.format must be "plaintext" or "markdown".');
    if (typeof data.content !== 'string') throw new AttioError(400, 'validation_type', 'Body payload validation error: data.content is required.');
    const note: AttioNote = { id: randomUUID(), parent_object: parentObject, parent_record_id: parent.id, title: data.title, format: data.format, content: data.content, created_at: new Date().toISOString() };
    state.notes.set(note.id, note);
    return c.json({ data: noteView(note) });
  });

  api.get('/v2/notes', (c) => {
    const integer = (name: string, fallback: number) => {
      const raw = c.req.query(name);
      return raw === undefined ? fallback : /^\d+$/.test(raw) ? Number(raw) : NaN;
    };
    const limit = integer('limit', 10);
    const offset = integer('offset', 0);
    if (!(limit >= 1 && limit <= 50)) throw new AttioError(400, 'validation_type', 'Query validation error: limit must be an integer between 1 and 50.');
    if (!(offset >= 0)) throw new AttioError(400, 'validation_type', 'Query validation error: offset must be a non-negative integer.');
    const parentObject = c.req.query('parent_object');
    const parentRecordId = c.req.query('parent_record_id');
    if ((parentObject === undefined) !== (parentRecordId === undefined)) throw new AttioError(400, 'validation_type', 'Query validation error: parent_object and parent_record_id must be given together.');
    if (parentObject !== undefined && !isObjectSlug(parentObject)) throw new AttioError(404, 'not_found', `Object with slug/ID "${parentObject}" not found.`);
    const found = [...state.notes.values()].filter((n) => parentObject === undefined || (n.parent_object === parentObject && n.parent_record_id === parentRecordId));
    return c.json({ data: found.slice(offset, offset + limit).map(noteView) });
  });

  app.route('/', api);
  app.notFound((c) => fail(c, 404, 'not_found', 'The requested route was not found.'));
  return { app, state, control };
}

export type AttioEmulator = ReturnType<typeof createAttioEmulator>;

export async function startAttioEmulator(): Promise<AttioEmulator & { server: RunningEmulator; origin: string }> {
  const emulator = createAttioEmulator();
  const server = await serve(emulator.app);
  return { ...emulator, server, origin: server.origin };
}

/** A record's first value of an attribute, in the stored shape (tests). */
export function firstValue(record: AttioRecord | undefined, slug: string, property: string): string | undefined {
  const value = record?.values[slug]?.[0]?.[property];
  return typeof value === 'string' ? value : undefined;
}
