import { Hono, type Context } from 'hono';
import { createHash } from 'node:crypto';
import { adminControlRoutes, controlMiddleware, EmulatorControl, serve, type AnsweredFault, type Fault, type FaultAnswer, type RunningEmulator } from '@/test/emulators/common';

/**
 * An in-memory Pipedrive company account: API token (header `x-api-token` or `api_token`
 * query), persons and organizations on API v2 (with `emails`/`phones` arrays of
 * `{value, primary, label}`), their search (`exact_match` is a whole-value match without
 * regard to case), notes and person fields on v1, and Pipedrive's error body
 * `{success: false, error, errorCode, error_info}`.
 *
 * Notes (`POST /api/v1/notes`, `GET /api/v1/notes`): the list filters by `person_id`, `org_id`,
 * `user_id`, `start_date`/`end_date` (YYYY-MM-DD, on `add_time`), sorts by `sort` ("field ASC,
 * field DESC" over id, user_id, deal_id, person_id, org_id, content, add_time, update_time; by id
 * otherwise) and pages by `start`/`limit` (at most 500) with `additional_data.pagination`
 * `{start, limit, more_items_in_collection, next_start}`; an empty page is `data: null`, as v1
 * lists answer. `add_time` is UTC, `YYYY-MM-DD HH:MM:SS`.
 *
 * Person fields (`GET /api/v1/personFields`) carry Pipedrive's flags: standard fields have
 * readable keys and `edit_flag: false`; custom fields have a 40-hex key and `edit_flag: true`;
 * `bulk_edit_allowed` is false for the read-only ones (`add_time`, `update_time`). The `label_ids`
 * field (a set) lists the person labels as `options` [{id, label, color}]. Users
 * (`GET /api/v1/users`) carry `active_flag`; a person's `owner_id` must be an active user and its
 * `label_ids` options of the label field.
 *
 * A 429 comes as Pipedrive's: no Retry-After unless a test asks for one, its `x-ratelimit-limit`,
 * `x-ratelimit-remaining` (0) and `x-ratelimit-reset` (seconds left of the 2-second window), and
 * `x-daily-requests-left` (0 when the day's allowance is spent: a `daily` fault).
 *
 * Permission sets: a user whose set lacks "add custom fields" (`state.fieldRights = false`, shown as
 * `can_add_custom_fields: false` by `GET /api/v1/users/{id}/permissions`) is refused
 * `POST /api/v1/personFields` with 403 and Pipedrive's error body, as Pipedrive documents for the
 * permissions of its permission sets (developers.pipedrive.com changelog); the message is ours.
 */
export const PIPEDRIVE_TOKEN = 'pd0123456789abcdef0123456789abcdef01234567';
export const PIPEDRIVE_DOMAIN = 'acme-emulated';

export interface PdItem {
  value: string;
  primary: boolean;
  label: string;
}

export interface PdPerson {
  id: number;
  name: string;
  first_name: string | null;
  last_name: string | null;
  emails: PdItem[];
  phones: PdItem[];
  org_id: number | null;
  job_title: string | null;
  owner_id: number;
  label_ids: number[];
  custom_fields: Record<string, unknown>;
  add_time: string;
  update_time: string;
  is_deleted: boolean;
}

export interface PdOrganization {
  id: number;
  name: string;
  website: string | null;
  add_time: string;
}

export interface PdNote {
  id: number;
  user_id: number;
  content: string;
  person_id: number | null;
  org_id: number | null;
  deal_id: number | null;
  lead_id: string | null;
  add_time: string;
  update_time: string;
  active_flag: boolean;
}

export interface PdField {
  id: number;
  key: string;
  name: string;
  field_type: string;
  edit_flag: boolean;
  bulk_edit_allowed: boolean;
  active_flag: boolean;
  mandatory_flag: boolean;
  options?: { id: number; label: string; color: string }[];
}

export interface PdUser {
  id: number;
  name: string;
  email: string;
  active_flag: boolean;
  is_admin: boolean;
}

/** The person labels every Pipedrive company starts with (`label_ids` options). */
export const PIPEDRIVE_LABELS = [
  { id: 5, label: 'Customer', color: 'green' },
  { id: 6, label: 'Hot lead', color: 'red' },
  { id: 7, label: 'Warm lead', color: 'yellow' },
  { id: 8, label: 'Cold lead', color: 'blue' },
];

export const PIPEDRIVE_USERS: readonly PdUser[] = [
  { id: 1, name: 'Emulator Admin', email: 'admin@acme-emulated.example', active_flag: true, is_admin: true },
  { id: 2, name: 'Ben Seller', email: 'ben@acme-emulated.example', active_flag: true, is_admin: false },
  { id: 3, name: 'Olga Former', email: 'olga@acme-emulated.example', active_flag: false, is_admin: false },
];

function standardField(id: number, key: string, name: string, field_type: string, more: Partial<PdField> = {}): PdField {
  return { id, key, name, field_type, edit_flag: false, bulk_edit_allowed: true, active_flag: true, mandatory_flag: false, ...more };
}

const STANDARD_FIELDS = (): PdField[] => [
  standardField(1, 'name', 'Name', 'varchar', { mandatory_flag: true }),
  standardField(2, 'label_ids', 'Labels', 'set', { options: PIPEDRIVE_LABELS.map((l) => ({ ...l })) }),
  standardField(3, 'email', 'Email', 'varchar'),
  standardField(4, 'phone', 'Phone', 'phone'),
  standardField(5, 'org_id', 'Organization', 'org'),
  standardField(6, 'job_title', 'Job title', 'varchar'),
  standardField(7, 'owner_id', 'Owner', 'user'),
  standardField(8, 'add_time', 'Person created', 'date', { bulk_edit_allowed: false }),
  standardField(9, 'update_time', 'Update time', 'date', { bulk_edit_allowed: false }),
];

const FAULT_BODIES: Record<AnsweredFault, object> = {
  '429': { success: false, error: 'Request over limit', errorCode: 429, error_info: 'Please check developers.pipedrive.com for more information about Pipedrive API.' },
  '500': { success: false, error: 'Internal server error', errorCode: 500 },
  '502': { success: false, error: 'Bad gateway', errorCode: 502 },
  '503': { success: false, error: 'Service unavailable', errorCode: 503 },
};

const BURST_LIMIT = 80;

function rateLimitHeaders(fault: Fault): FaultAnswer {
  if (fault.kind !== '429') return {};
  return { headers: { 'x-ratelimit-limit': String(BURST_LIMIT), 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '2', 'x-daily-requests-left': fault.daily ? '0' : '9876' } };
}

function fail(c: Context, status: number, message: string) {
  return c.json({ success: false, error: message, errorCode: status, error_info: 'Please check developers.pipedrive.com for more information about Pipedrive API.', data: null, additional_data: null }, status as 400);
}

function now(): string {
  return new Date().toISOString().replace('T', ' ').slice(0, 19);
}

export class PipedriveState {
  tokens = new Set([PIPEDRIVE_TOKEN]);
  persons = new Map<number, PdPerson>();
  organizations = new Map<number, PdOrganization>();
  notes = new Map<number, PdNote>();
  personFields: PdField[] = STANDARD_FIELDS();
  users: PdUser[] = PIPEDRIVE_USERS.map((u) => ({ ...u }));
  /** Whether the token's user may add custom fields (an admin, or a permission set that allows it). */
  fieldRights = true;
  private nextId = 1;

  id(): number {
    return this.nextId++;
  }

  reset(): void {
    this.tokens = new Set([PIPEDRIVE_TOKEN]);
    this.persons.clear();
    this.organizations.clear();
    this.notes.clear();
    this.personFields = STANDARD_FIELDS();
    this.users = PIPEDRIVE_USERS.map((u) => ({ ...u }));
    this.fieldRights = true;
  }

  customKeys(): Set<string> {
    return new Set(this.personFields.filter((f) => f.edit_flag).map((f) => f.key));
  }

  /** A custom person field as a user adds it in Pipedrive's settings (key: 40 hex characters). */
  addCustomField(name: string, field_type = 'varchar', more: Partial<PdField> = {}): PdField {
    const id = Math.max(0, ...this.personFields.map((f) => f.id)) + 1;
    const key = createHash('sha1').update(`${name}:${id}`).digest('hex');
    const field: PdField = { id, key, name, field_type, edit_flag: true, bulk_edit_allowed: true, active_flag: true, mandatory_flag: false, ...more };
    this.personFields.push(field);
    return field;
  }

  labelIds(): Set<number> {
    return new Set((this.personFields.find((f) => f.key === 'label_ids')?.options ?? []).map((o) => o.id));
  }

  seedPerson(fields: Partial<PdPerson> & { name: string }): PdPerson {
    const person: PdPerson = { id: this.id(), first_name: null, last_name: null, emails: [], phones: [], org_id: null, job_title: null, owner_id: 1, label_ids: [], custom_fields: {}, add_time: now(), update_time: now(), is_deleted: false, ...fields };
    this.persons.set(person.id, person);
    return person;
  }
}

function items(value: unknown, field: string): PdItem[] | string {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return `${field} must be an array`;
  const out: PdItem[] = [];
  for (const entry of value) {
    if (!entry || typeof entry !== 'object' || typeof (entry as PdItem).value !== 'string' || !(entry as PdItem).value.trim()) return `${field}: every item needs a value`;
    const item = entry as Partial<PdItem>;
    out.push({ value: item.value!.trim(), primary: item.primary === true, label: typeof item.label === 'string' ? item.label : 'work' });
  }
  if (out.length && !out.some((i) => i.primary)) out[0]!.primary = true;
  if (out.filter((i) => i.primary).length > 1) return `${field}: only one item can be primary`;
  return out;
}

function personView(state: PipedriveState, person: PdPerson) {
  return { ...person, custom_fields: Object.fromEntries([...state.customKeys()].map((k) => [k, person.custom_fields[k] ?? null])) };
}

function noteView(state: PipedriveState, note: PdNote) {
  const person = note.person_id !== null ? state.persons.get(note.person_id) : undefined;
  const org = note.org_id !== null ? state.organizations.get(note.org_id) : undefined;
  const user = state.users.find((u) => u.id === note.user_id);
  return {
    ...note,
    pinned_to_deal_flag: false,
    pinned_to_organization_flag: false,
    pinned_to_person_flag: false,
    last_update_user_id: null,
    person: person ? { name: person.name } : null,
    organization: org ? { name: org.name } : null,
    deal: null,
    user: user ? { email: user.email, name: user.name, icon_url: null, is_you: user.id === 1 } : null,
  };
}

function truthy(value: string | undefined): boolean {
  return value === 'true' || value === '1';
}

export function createPipedriveEmulator() {
  const state = new PipedriveState();
  const control = new EmulatorControl();
  const app = new Hono();

  adminControlRoutes(app, control, () => state.reset());
  app.get('/__admin/records', (c) => c.json({ persons: [...state.persons.values()], organizations: [...state.organizations.values()], notes: [...state.notes.values()], personFields: state.personFields }));
  app.post('/__admin/persons', async (c) => c.json(state.seedPerson(await c.req.json()), 201));

  const api = new Hono();
  api.use(controlMiddleware(control, (kind) => FAULT_BODIES[kind], rateLimitHeaders));
  api.use(async (c, next) => {
    const token = c.req.header('x-api-token') ?? c.req.query('api_token');
    if (!token || !state.tokens.has(token)) return fail(c, 401, 'unauthorized access');
    await next();
    c.header('x-ratelimit-limit', '80');
    c.header('x-ratelimit-remaining', '79');
  });

  api.get('/api/v1/users', (c) =>
    c.json({ success: true, data: state.users.map((u) => ({ ...u, default_currency: 'EUR', locale: 'en_US', lang: 1, activated: u.active_flag, is_deleted: false, role_id: 1, is_you: u.id === 1 })) }),
  );

  api.get('/api/v1/users/me', (c) =>
    c.json({ success: true, data: { id: 1, name: 'Emulator Admin', email: 'admin@acme-emulated.example', company_id: 77, company_name: 'Acme Emulated', company_domain: PIPEDRIVE_DOMAIN, is_admin: true } }),
  );

  api.get('/api/v1/personFields', (c) =>
    c.json({ success: true, data: state.personFields, additional_data: { pagination: { start: 0, limit: 500, more_items_in_collection: false } } }),
  );
  api.get('/api/v1/users/:id/permissions', (c) => {
    if (!state.users.some((u) => u.id === Number(c.req.param('id')))) return fail(c, 404, 'User not found');
    return c.json({ success: true, data: { can_add_custom_fields: state.fieldRights, can_edit_custom_fields: state.fieldRights, can_delete_custom_fields: state.fieldRights, can_add_people: true } });
  });

  api.post('/api/v1/personFields', async (c) => {
    if (!state.fieldRights) return fail(c, 403, 'You do not have permission to add custom fields.');
    const body = await c.req.json().catch(() => null);
    if (!body || typeof body.name !== 'string' || !body.name.trim()) return fail(c, 400, 'Field name must be given.');
    if (typeof body.field_type !== 'string') return fail(c, 400, 'Field type must be given.');
    return c.json({ success: true, data: state.addCustomField(body.name.trim(), body.field_type) }, 201);
  });

  api.get('/api/v2/persons/search', (c) => {
    const term = (c.req.query('term') ?? '').trim();
    const exact = truthy(c.req.query('exact_match'));
    const fields = (c.req.query('fields') ?? 'name,email,phone,notes,custom_fields').split(',');
    if (term.length < (exact ? 1 : 2)) return fail(c, 400, 'Search term must be at least 2 characters long (1 with exact_match).');
    const unknown = fields.find((f) => !['name', 'email', 'phone', 'notes', 'custom_fields'].includes(f));
    if (unknown) return fail(c, 400, `Invalid field: ${unknown}`);
    const want = term.toLowerCase();
    const hit = (value: unknown) => typeof value === 'string' && (exact ? value.trim().toLowerCase() === want : value.toLowerCase().includes(want));
    const found = [...state.persons.values()].flatMap((person) => {
      if (person.is_deleted) return [];
      const customHits = fields.includes('custom_fields') ? [...state.customKeys()].map((k) => person.custom_fields[k]).filter(hit) : [];
      const matched =
        (fields.includes('name') && hit(person.name)) ||
        (fields.includes('email') && person.emails.some((e) => hit(e.value))) ||
        (fields.includes('phone') && person.phones.some((p) => hit(p.value))) ||
        customHits.length > 0;
      if (!matched) return [];
      const org = person.org_id !== null ? state.organizations.get(person.org_id) : undefined;
      return [
        {
          result_score: exact ? 1 : 0.5,
          item: {
            id: person.id,
            type: 'person',
            name: person.name,
            phones: person.phones.map((p) => p.value),
            emails: person.emails.map((e) => e.value),
            visible_to: 3,
            owner: { id: person.owner_id },
            organization: org ? { id: org.id, name: org.name, address: null } : null,
            custom_fields: customHits,
            notes: [],
          },
        },
      ];
    });
    const limit = Math.min(Number(c.req.query('limit') ?? 100) || 100, 500);
    return c.json({ success: true, data: { items: found.slice(0, limit) }, additional_data: { next_cursor: null } });
  });

  api.get('/api/v2/persons/:id', (c) => {
    const person = state.persons.get(Number(c.req.param('id')));
    if (!person || person.is_deleted) return fail(c, 404, 'Person not found');
    return c.json({ success: true, data: personView(state, person) });
  });

  function applyPerson(person: PdPerson, body: Record<string, unknown>): string | null {
    if ('name' in body) {
      if (typeof body.name !== 'string' || !body.name.trim()) return 'Name must be given.';
      person.name = body.name.trim();
    }
    for (const key of ['emails', 'phones'] as const) {
      if (key in body) {
        const parsed = items(body[key], key);
        if (typeof parsed === 'string') return parsed;
        person[key] = parsed;
      }
    }
    if ('job_title' in body) person.job_title = typeof body.job_title === 'string' ? body.job_title : null;
    if ('org_id' in body) {
      if (body.org_id !== null && !state.organizations.has(Number(body.org_id))) return `Organization with id ${String(body.org_id)} not found`;
      person.org_id = body.org_id === null ? null : Number(body.org_id);
    }
    if ('custom_fields' in body) {
      const custom = body.custom_fields as Record<string, unknown>;
      const keys = state.customKeys();
      for (const key of Object.keys(custom ?? {})) if (!keys.has(key)) return `Custom field with key ${key} does not exist`;
      Object.assign(person.custom_fields, custom);
    }
    if ('owner_id' in body) {
      const owner = state.users.find((u) => u.id === Number(body.owner_id));
      if (!owner || !owner.active_flag) return `User with id ${String(body.owner_id)} not found or not active`;
      person.owner_id = owner.id;
    }
    if ('label_ids' in body) {
      // Pipedrive replaces the person's labels with the ones sent.
      if (!Array.isArray(body.label_ids)) return 'label_ids must be an array';
      const known = state.labelIds();
      const bad = body.label_ids.find((id) => !known.has(Number(id)));
      if (bad !== undefined) return `Label with id ${String(bad)} does not exist`;
      person.label_ids = [...new Set(body.label_ids.map(Number))];
    }
    const allowed = new Set(['name', 'emails', 'phones', 'job_title', 'org_id', 'custom_fields', 'owner_id', 'visible_to', 'label_ids', 'marketing_status', 'notes', 'birthday']);
    const unknown = Object.keys(body).find((k) => !allowed.has(k));
    if (unknown) return `Unknown field: ${unknown}`;
    person.update_time = now();
    return null;
  }

  api.post('/api/v2/persons', async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body) return fail(c, 400, 'Invalid JSON body');
    if (typeof body.name !== 'string' || !body.name.trim()) return fail(c, 400, 'Name must be given.');
    const person = state.seedPerson({ name: body.name });
    const problem = applyPerson(person, body);
    if (problem) {
      state.persons.delete(person.id);
      return fail(c, 400, problem);
    }
    return c.json({ success: true, data: personView(state, person) });
  });

  api.patch('/api/v2/persons/:id', async (c) => {
    const person = state.persons.get(Number(c.req.param('id')));
    if (!person || person.is_deleted) return fail(c, 404, 'Person not found');
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body) return fail(c, 400, 'Invalid JSON body');
    const before = structuredClone(person);
    const problem = applyPerson(person, body);
    if (problem) {
      state.persons.set(person.id, before);
      return fail(c, 400, problem);
    }
    return c.json({ success: true, data: personView(state, person) });
  });

  api.get('/api/v2/organizations/search', (c) => {
    const term = (c.req.query('term') ?? '').trim();
    const exact = truthy(c.req.query('exact_match'));
    if (term.length < (exact ? 1 : 2)) return fail(c, 400, 'Search term must be at least 2 characters long (1 with exact_match).');
    const want = term.toLowerCase();
    const found = [...state.organizations.values()].filter((o) => (exact ? o.name.toLowerCase() === want : o.name.toLowerCase().includes(want)));
    return c.json({ success: true, data: { items: found.map((o) => ({ result_score: 1, item: { id: o.id, type: 'organization', name: o.name, address: null, visible_to: 3, owner: { id: 1 }, custom_fields: [], notes: [] } })) }, additional_data: { next_cursor: null } });
  });

  api.post('/api/v2/organizations', async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body.name !== 'string' || !body.name.trim()) return fail(c, 400, 'Name must be given.');
    const org: PdOrganization = { id: state.id(), name: body.name.trim(), website: typeof body.website === 'string' ? body.website : null, add_time: now() };
    state.organizations.set(org.id, org);
    return c.json({ success: true, data: org });
  });

  api.get('/api/v2/organizations/:id', (c) => {
    const org = state.organizations.get(Number(c.req.param('id')));
    return org ? c.json({ success: true, data: org }) : fail(c, 404, 'Organization not found');
  });

  api.post('/api/v1/notes', async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body.content !== 'string' || !body.content.trim()) return fail(c, 400, 'Note content must be given.');
    const personId = body.person_id === undefined ? null : Number(body.person_id);
    const orgId = body.org_id === undefined ? null : Number(body.org_id);
    if (personId === null && orgId === null && body.deal_id === undefined && body.lead_id === undefined) return fail(c, 400, 'Note must be attached to a deal, person, organization or lead.');
    if (personId !== null && !state.persons.has(personId)) return fail(c, 400, `Person with id ${personId} not found`);
    const at = now();
    const note: PdNote = { id: state.id(), user_id: 1, content: body.content, person_id: personId, org_id: orgId, deal_id: null, lead_id: null, add_time: at, update_time: at, active_flag: true };
    state.notes.set(note.id, note);
    return c.json({ success: true, data: noteView(state, note) }, 201);
  });

  api.get('/api/v1/notes', (c) => {
    const sortable = new Set(['id', 'user_id', 'deal_id', 'person_id', 'org_id', 'content', 'add_time', 'update_time']);
    const order: { field: keyof PdNote; desc: boolean }[] = [];
    for (const part of (c.req.query('sort') ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
      const [field = '', direction = 'ASC'] = part.split(/\s+/);
      if (!sortable.has(field) || !/^(ASC|DESC)$/i.test(direction)) return fail(c, 400, `Invalid sort field or direction: ${part}`);
      order.push({ field: field as keyof PdNote, desc: direction.toUpperCase() === 'DESC' });
    }
    order.push({ field: 'id', desc: order[0]?.desc ?? false });
    const numeric = (name: string) => {
      const value = c.req.query(name);
      return value === undefined ? undefined : Number(value);
    };
    const [personId, orgId, userId] = [numeric('person_id'), numeric('org_id'), numeric('user_id')];
    const [from, to] = [c.req.query('start_date'), c.req.query('end_date')];
    for (const date of [from, to]) if (date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(date)) return fail(c, 400, 'Dates must be in format YYYY-MM-DD');
    const start = Math.max(0, Number(c.req.query('start') ?? 0) || 0);
    const limit = Math.min(Math.max(1, Number(c.req.query('limit') ?? 100) || 100), 500);
    const found = [...state.notes.values()]
      .filter((n) => n.active_flag && (personId === undefined || n.person_id === personId) && (orgId === undefined || n.org_id === orgId) && (userId === undefined || n.user_id === userId))
      .filter((n) => (!from || n.add_time.slice(0, 10) >= from) && (!to || n.add_time.slice(0, 10) <= to))
      .sort((a, b) => {
        for (const { field, desc } of order) {
          const [x, y] = [a[field] ?? '', b[field] ?? ''];
          if (x !== y) return (x < y ? -1 : 1) * (desc ? -1 : 1);
        }
        return 0;
      });
    const page = found.slice(start, start + limit);
    const more = start + limit < found.length;
    return c.json({
      success: true,
      data: page.length ? page.map((n) => noteView(state, n)) : null,
      additional_data: { pagination: { start, limit, more_items_in_collection: more, ...(more ? { next_start: start + limit } : {}) } },
    });
  });

  app.route('/', api);
  app.notFound((c) => fail(c, 404, 'Unknown method .'));
  return { app, state, control };
}

export type PipedriveEmulator = ReturnType<typeof createPipedriveEmulator>;

export async function startPipedriveEmulator(): Promise<PipedriveEmulator & { server: RunningEmulator; origin: string }> {
  const emulator = createPipedriveEmulator();
  const server = await serve(emulator.app);
  return { ...emulator, server, origin: server.origin };
}
