import { Hono, type Context } from 'hono';
import { adminControlRoutes, controlMiddleware, EmulatorControl, serve, type AnsweredFault, type RunningEmulator } from '@/test/emulators/common';

/**
 * An in-memory Close organization, modelled on Close's published REST API v1
 * (https://developer.close.com/, base https://api.close.com/api/v1/):
 *
 * - Auth: HTTP Basic with the API key as the user name and an empty password.
 * - `GET /me/`: the user and the organizations they belong to.
 * - Leads (`/lead/`): a company, with its `contacts` embedded, `url` (the company's website),
 *   `custom` fields and `html_url`. Every contact belongs to exactly one lead.
 * - Contacts (`/contact/`): `lead_id`, `name`, `title`, `emails` [{email, type}], `phones`
 *   [{phone, phone_formatted, type}], `urls` [{url, type}]. Lists have no primary flag: the first
 *   entry is the one Close shows. `POST /contact/` without `lead_id` makes a new lead named after
 *   the contact, as Close documents. `PUT` behaves as `PATCH` (only the fields sent change; a list
 *   sent replaces the list).
 * - Search: the Advanced Filtering API, `POST /data/search/` with a JSON query (`and`, `or`,
 *   `object_type`, `field_condition` on a `regular_field`, `has_related` with `contact_email`,
 *   `contact_phone` or `contact_url`; `text` conditions in `phrase` or `full_words` mode, which
 *   match whole words without regard to case, as Close's search index tokenises them), `_fields`
 *   per object type, `_limit`, and `{data: [{__object_type, id, ...}], cursor}`. The index sees a
 *   record as soon as it is written unless `state.indexLag` is on (then `state.index()` publishes
 *   what is waiting), to test that a push does not rely on the index alone.
 * - Notes: `POST /activity/note/` (`lead_id` required, `contact_id`, `note` plain text) and
 *   `GET /activity/note/` filtered by `lead_id` and `contact_id` (comma-separated ids),
 *   `date_created__gte`/`__gt`/`__lte`/`__lt` (a date or a date-time), paged by `_skip` and
 *   `_limit` (default 100), answering `{has_more, data}`, newest first. A note is Close's activity
 *   (`_type: "Note"`, `id`, `lead_id`, `contact_id`, `user_id`, `date_created`, `date_updated`,
 *   `activity_at`, …) with `note`, `note_html` and `title`; times as Close writes them
 *   (`2026-01-15T09:30:00.123000+00:00`).
 * - Custom fields: `GET /custom_field/contact/` and `/custom_field/lead/` (`{data, has_more}`; each
 *   `{id: "cf_…", name, type, accepts_multiple_values, editable_with_roles, choices}`). Values are
 *   written and read as top-level `custom.cf_…` keys of a contact or lead; an unknown field, a
 *   value of the wrong type (a `user` field takes a user id of the organization) or a field the
 *   key's role may not edit is refused. Leads and contacts have no owner of their own: teams add
 *   a lead field of type `user` ("Lead Owner"), as Close's help centre describes.
 * - Users: `GET /user/` (the organization's members).
 * - Errors: `{error, field-errors}` with 400/401/404; 429 with Close's `ratelimit` header
 *   (`limit=…, remaining=0, reset=…`, the seconds to wait), `Retry-After` when a test asks for
 *   one, body `{error: {message, rate_reset}}` (deprecated by Close in favour of the header).
 */
export const CLOSE_API_KEY = 'api_3fJdYqB2o7EmuLatedK3y.4kT9xWcZpQ0rS1uV2wX3yZ';
export const CLOSE_ORGANIZATION = 'Acme Emulated';

export interface CloseEmail {
  email: string;
  type: string;
}
export interface ClosePhone {
  phone: string;
  phone_formatted: string;
  type: string;
}
export interface CloseUrl {
  url: string;
  type: string;
}

export interface CloseContact {
  id: string;
  organization_id: string;
  lead_id: string;
  name: string;
  display_name: string;
  title: string;
  emails: CloseEmail[];
  phones: ClosePhone[];
  urls: CloseUrl[];
  /** Custom field values by field id (`custom.cf_…` in the API). */
  custom: Record<string, unknown>;
  date_created: string;
  date_updated: string;
}

export interface CloseField {
  id: string;
  name: string;
  type: 'text' | 'number' | 'date' | 'datetime' | 'choices' | 'user' | 'contact' | 'hidden';
  accepts_multiple_values: boolean;
  editable_with_roles: string[];
  choices?: string[];
}

export interface CloseUser {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
}

export interface CloseLead {
  id: string;
  organization_id: string;
  name: string;
  display_name: string;
  url: string | null;
  description: string;
  status_id: string;
  status_label: string;
  custom: Record<string, unknown>;
  date_created: string;
  date_updated: string;
}

export interface CloseNote {
  id: string;
  _type: 'Note';
  organization_id: string;
  lead_id: string;
  contact_id: string | null;
  note: string;
  date_created: string;
}

const ORG_ID = 'orga_emu1acme0000000000000000000000000000000';
const USER_ID = 'user_emu1admin000000000000000000000000000000';
/** The role of the user whose key the emulator knows. */
const KEY_ROLE = 'admin';

export const CLOSE_USERS: readonly CloseUser[] = [
  { id: USER_ID, first_name: 'Emulator', last_name: 'Admin', email: 'admin@acme-emulated.example' },
  { id: 'user_emu2ben00000000000000000000000000000000', first_name: 'Ben', last_name: 'Seller', email: 'ben@acme-emulated.example' },
];
const STATUS_ID = 'stat_emu1potential00000000000000000000000000';
const RATE_LIMIT = 40;
/** Seconds left of the limit's period in a 429 without Retry-After (its `ratelimit` header's reset). */
export const PERIOD_RESET = 2;

const FAULT_BODIES: Record<AnsweredFault, object> = {
  '429': { error: { message: 'API call count exceeded for this period', rate_reset: 1, rate_limit_type: 'key' } },
  '500': { error: 'Internal server error' },
  '502': { error: 'Bad gateway' },
  '503': { error: 'Service unavailable' },
};

function fail(c: Context, status: 400 | 401 | 404, error: string, fieldErrors: Record<string, string> = {}) {
  return c.json({ error, 'field-errors': fieldErrors, errors: error ? [error] : [] }, status);
}

/** `Basic base64(key:)`: the key is the user name, the password is empty. */
function apiKeyOf(c: Context): string | null {
  const match = /^Basic\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const at = decoded.indexOf(':');
  return at > 0 && decoded.slice(at + 1) === '' ? decoded.slice(0, at) : null;
}

/** How Close's index splits text: words of letters and digits, without regard to case. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function textMatches(value: unknown, mode: string, wanted: string): boolean {
  if (typeof value !== 'string') return false;
  const have = words(value);
  const want = words(wanted);
  if (!want.length) return false;
  if (mode === 'full_words') return want.every((w) => have.includes(w));
  // phrase: the words, in this order, next to each other.
  for (let i = 0; i + want.length <= have.length; i += 1) if (want.every((w, j) => have[i + j] === w)) return true;
  return false;
}

function now(): string {
  return new Date().toISOString();
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export class CloseState {
  keys = new Set([CLOSE_API_KEY]);
  leads = new Map<string, CloseLead>();
  contacts = new Map<string, CloseContact>();
  notes = new Map<string, CloseNote>();
  contactFields: CloseField[] = [];
  leadFields: CloseField[] = [];
  users: CloseUser[] = CLOSE_USERS.map((u) => ({ ...u }));
  /** When on, new and changed records stay out of search until `index()`. */
  indexLag = false;
  private unindexed = new Set<string>();
  private counter = 0;

  id(prefix: string): string {
    this.counter += 1;
    return `${prefix}_${String(this.counter).padStart(6, '0')}Emu${Math.random().toString(36).slice(2, 12)}`;
  }

  reset(): void {
    this.keys = new Set([CLOSE_API_KEY]);
    this.leads.clear();
    this.contacts.clear();
    this.notes.clear();
    this.indexLag = false;
    this.unindexed.clear();
    this.contactFields = [];
    this.leadFields = [];
    this.users = CLOSE_USERS.map((u) => ({ ...u }));
  }

  /** A custom field as an admin adds it in Close's settings (tests). */
  addField(object: 'contact' | 'lead', name: string, type: CloseField['type'], more: Partial<CloseField> = {}): CloseField {
    const field: CloseField = { id: this.id('cf'), name, type, accepts_multiple_values: false, editable_with_roles: [], ...more };
    (object === 'contact' ? this.contactFields : this.leadFields).push(field);
    return field;
  }

  /** The `custom.cf_…` keys of a body checked and read; a message says what Close would refuse. */
  customValues(object: 'contact' | 'lead', body: Record<string, unknown>): Record<string, unknown> | { field: string; message: string } {
    const fields = object === 'contact' ? this.contactFields : this.leadFields;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(body)) {
      if (!key.startsWith('custom.')) continue;
      const field = fields.find((f) => `custom.${f.id}` === key);
      if (!field) return { field: key, message: 'Unknown custom field.' };
      if (field.editable_with_roles.length > 0 && !field.editable_with_roles.includes(KEY_ROLE)) return { field: key, message: 'You do not have permission to edit this field.' };
      if (value === null) {
        out[field.id] = null;
        continue;
      }
      const values = field.accepts_multiple_values && Array.isArray(value) ? value : [value];
      for (const one of values) {
        if (field.type === 'user' && !this.users.some((u) => u.id === one)) return { field: key, message: 'Select a valid user.' };
        if (field.type === 'choices' && !field.choices?.includes(String(one))) return { field: key, message: 'Select a valid choice.' };
        if (field.type === 'number' && typeof one !== 'number') return { field: key, message: 'A number is required.' };
        if (['text', 'hidden'].includes(field.type) && typeof one !== 'string') return { field: key, message: 'Not a valid string.' };
      }
      out[field.id] = value;
    }
    return out;
  }

  /** A record as the API shows it: custom values as top-level `custom.cf_…` keys. */
  withCustom<T extends { custom: Record<string, unknown> }>(record: T): Omit<T, 'custom'> & Record<string, unknown> {
    const { custom, ...rest } = record;
    return { ...rest, ...Object.fromEntries(Object.entries(custom).filter(([, v]) => v !== null && v !== undefined).map(([id, v]) => [`custom.${id}`, v])) };
  }

  contactView(contact: CloseContact) {
    return this.withCustom(contact);
  }

  written(id: string): void {
    if (this.indexLag) this.unindexed.add(id);
  }

  index(): void {
    this.unindexed.clear();
  }

  searchable(id: string): boolean {
    return !this.unindexed.has(id);
  }

  seedLead(fields: Partial<CloseLead> & { name: string }): CloseLead {
    const lead: CloseLead = {
      id: this.id('lead'),
      organization_id: ORG_ID,
      display_name: fields.name,
      url: null,
      description: '',
      status_id: STATUS_ID,
      status_label: 'Potential',
      custom: {},
      date_created: now(),
      date_updated: now(),
      ...fields,
    };
    this.leads.set(lead.id, lead);
    this.written(lead.id);
    return lead;
  }

  seedContact(fields: Partial<CloseContact> & { lead_id: string }): CloseContact {
    const contact: CloseContact = { id: this.id('cont'), organization_id: ORG_ID, name: '', display_name: '', title: '', emails: [], phones: [], urls: [], custom: {}, date_created: now(), date_updated: now(), ...fields };
    contact.display_name = contact.name;
    this.contacts.set(contact.id, contact);
    this.written(contact.id);
    return contact;
  }

  contactsOf(leadId: string): CloseContact[] {
    return [...this.contacts.values()].filter((c) => c.lead_id === leadId);
  }

  leadView(lead: CloseLead) {
    const contacts = this.contactsOf(lead.id);
    return { ...this.withCustom(lead), html_url: `https://app.close.com/lead/${lead.id}/`, contacts: contacts.map((c) => this.contactView(c)), contact_ids: contacts.map((c) => c.id), opportunities: [], tasks: [] };
  }
}

/** Reads the lists of a contact body; a string says what Close would refuse. */
function contactLists(body: Record<string, unknown>): Partial<Pick<CloseContact, 'emails' | 'phones' | 'urls'>> | { field: string; message: string } {
  const out: Partial<Pick<CloseContact, 'emails' | 'phones' | 'urls'>> = {};
  const list = (key: string) => (Array.isArray(body[key]) ? (body[key] as Record<string, unknown>[]) : body[key] === undefined ? undefined : null);
  const emails = list('emails');
  if (emails === null) return { field: 'emails', message: 'Expected a list of items.' };
  if (emails) {
    if (emails.some((e) => typeof e?.email !== 'string' || !EMAIL.test(e.email.trim()))) return { field: 'emails', message: 'Enter a valid email address.' };
    out.emails = emails.map((e) => ({ email: String(e.email).trim(), type: typeof e.type === 'string' ? e.type : 'office' }));
  }
  const phones = list('phones');
  if (phones === null) return { field: 'phones', message: 'Expected a list of items.' };
  if (phones) {
    if (phones.some((p) => typeof p?.phone !== 'string' || !/^\+?[\d\s().-]{5,}$/.test(p.phone))) return { field: 'phones', message: 'Invalid phone number.' };
    out.phones = phones.map((p) => ({ phone: String(p.phone).replace(/[^\d+]/g, ''), phone_formatted: String(p.phone), type: typeof p.type === 'string' ? p.type : 'office' }));
  }
  const urls = list('urls');
  if (urls === null) return { field: 'urls', message: 'Expected a list of items.' };
  if (urls) {
    if (urls.some((u) => typeof u?.url !== 'string' || !/^https?:\/\/\S+$/i.test(u.url))) return { field: 'urls', message: 'Enter a valid URL.' };
    out.urls = urls.map((u) => ({ url: String(u.url), type: typeof u.type === 'string' ? u.type : 'url' }));
  }
  return out;
}

type Query = Record<string, unknown>;
type Searchable = { type: 'contact'; record: CloseContact } | { type: 'lead'; record: CloseLead };

const CONTACT_FIELDS = new Set(['name', 'title', 'lead_id', 'id']);
const LEAD_FIELDS = new Set(['name', 'url', 'description', 'id', 'display_name']);
const RELATED: Record<string, { field: string; values(contact: CloseContact): string[] }> = {
  contact_email: { field: 'email', values: (c) => c.emails.map((e) => e.email) },
  contact_phone: { field: 'phone', values: (c) => c.phones.map((p) => p.phone) },
  contact_url: { field: 'url', values: (c) => c.urls.map((u) => u.url) },
};

class QueryError extends Error {}

/** Evaluates one Advanced Filtering query on one object; throws what Close would answer 400 with. */
function matches(state: CloseState, query: Query, item: Searchable): boolean {
  switch (query.type) {
    case 'and':
    case 'or': {
      if (!Array.isArray(query.queries)) throw new QueryError(`${query.type}: queries must be a list`);
      const results = (query.queries as Query[]).map((q) => matches(state, q, item));
      return query.type === 'and' ? results.every(Boolean) : results.some(Boolean);
    }
    case 'object_type':
      if (query.object_type !== 'contact' && query.object_type !== 'lead') throw new QueryError(`Unsupported object_type: ${String(query.object_type)}`);
      return item.type === query.object_type;
    case 'field_condition': {
      const field = query.field as { type?: string; object_type?: string; field_name?: string } | undefined;
      const condition = query.condition as { type?: string; mode?: string; value?: string } | undefined;
      if (field?.type !== 'regular_field') throw new QueryError('field.type must be regular_field');
      const allowed = field.object_type === 'contact' ? CONTACT_FIELDS : field.object_type === 'lead' ? LEAD_FIELDS : null;
      if (!allowed || !allowed.has(String(field.field_name))) throw new QueryError(`Unknown field ${String(field.object_type)}.${String(field.field_name)}`);
      if (condition?.type !== 'text' || !['phrase', 'full_words'].includes(String(condition.mode)) || typeof condition.value !== 'string') throw new QueryError('condition must be a text condition (phrase or full_words) with a value');
      if (item.type !== field.object_type) return false;
      return textMatches((item.record as unknown as Record<string, unknown>)[field.field_name!], condition.mode!, condition.value);
    }
    case 'has_related': {
      const related = RELATED[String(query.related_object_type)];
      if (query.this_object_type !== 'contact' || !related) throw new QueryError(`Unsupported relation ${String(query.this_object_type)} → ${String(query.related_object_type)}`);
      const inner = query.related_query as Query | undefined;
      const field = inner?.field as { field_name?: string; object_type?: string } | undefined;
      const condition = inner?.condition as { type?: string; mode?: string; value?: string } | undefined;
      if (inner?.type !== 'field_condition' || field?.object_type !== query.related_object_type || field?.field_name !== related.field) throw new QueryError('related_query must be a field_condition on the related object');
      if (condition?.type !== 'text' || !['phrase', 'full_words'].includes(String(condition.mode)) || typeof condition.value !== 'string') throw new QueryError('condition must be a text condition (phrase or full_words) with a value');
      return item.type === 'contact' && related.values(item.record).some((v) => textMatches(v, condition.mode!, condition.value!));
    }
    default:
      throw new QueryError(`Unknown query type: ${String(query.type)}`);
  }
}

function pick(record: object, fields: unknown): Record<string, unknown> {
  const all = record as Record<string, unknown>;
  if (!Array.isArray(fields)) return { id: all.id };
  return Object.fromEntries(fields.filter((f): f is string => typeof f === 'string' && f in all).map((f) => [f, all[f]]));
}

/** Close's time form: microseconds and an explicit UTC offset. */
const closeTime = (iso: string) => iso.replace(/Z$/, '000+00:00');

/** A note as Close answers it: the activity's fields, the text, and its HTML form. */
function noteView(note: CloseNote) {
  const html = note.note
    .split('\n')
    .map((line) => `<p>${line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`)
    .join('');
  return {
    ...note,
    date_created: closeTime(note.date_created),
    date_updated: closeTime(note.date_created),
    activity_at: closeTime(note.date_created),
    user_id: USER_ID,
    user_name: 'Emulator Admin',
    created_by: USER_ID,
    created_by_name: 'Emulator Admin',
    updated_by: USER_ID,
    updated_by_name: 'Emulator Admin',
    users: [],
    title: null,
    note_html: html,
    pinned: false,
    pinned_at: null,
    attachments: [],
    source: 'api',
  };
}

export function createCloseEmulator() {
  const state = new CloseState();
  const control = new EmulatorControl();
  const app = new Hono();

  adminControlRoutes(app, control, () => state.reset());
  app.get('/__admin/records', (c) => c.json({ leads: [...state.leads.values()], contacts: [...state.contacts.values()], notes: [...state.notes.values()] }));

  const api = new Hono();
  // Close's rate-limit header on every answer (IETF draft form); a 429's reset is its Retry-After.
  api.use(async (c, next) => {
    await next();
    const retryAfter = c.res.headers.get('retry-after');
    // Close documents its header, not Retry-After, as what to wait for: a 429 without one still says when its period resets.
    const limited = c.res.status === 429;
    c.res.headers.set('ratelimit', limited ? `limit=${RATE_LIMIT}, remaining=0, reset=${retryAfter ?? PERIOD_RESET}` : `limit=${RATE_LIMIT}, remaining=${RATE_LIMIT - 1}, reset=1`);
  });
  api.use(controlMiddleware(control, (kind) => FAULT_BODIES[kind]));
  api.use(async (c, next) => {
    const key = apiKeyOf(c);
    if (!key || !state.keys.has(key)) return fail(c, 401, 'The API key is invalid or has been revoked.');
    await next();
  });

  api.get('/api/v1/me/', (c) =>
    c.json({
      id: USER_ID,
      first_name: 'Emulator',
      last_name: 'Admin',
      email: 'admin@acme-emulated.example',
      organizations: [{ id: ORG_ID, name: CLOSE_ORGANIZATION }],
      memberships: [{ organization_id: ORG_ID, role_id: KEY_ROLE }],
    }),
  );

  api.get('/api/v1/user/', (c) =>
    c.json({ data: state.users.map((u) => ({ ...u, image: null, date_created: '2024-01-01T00:00:00+00:00', date_updated: '2024-01-01T00:00:00+00:00', organizations: [ORG_ID] })), has_more: false }),
  );

  for (const object of ['contact', 'lead'] as const) {
    api.get(`/api/v1/custom_field/${object}/`, (c) =>
      c.json({
        data: (object === 'contact' ? state.contactFields : state.leadFields).map((f) => ({
          ...f,
          choices: f.choices ?? null,
          description: null,
          organization_id: ORG_ID,
          created_by: USER_ID,
          updated_by: USER_ID,
          date_created: '2024-01-01T00:00:00+00:00',
          date_updated: '2024-01-01T00:00:00+00:00',
        })),
        has_more: false,
      }),
    );
  }

  api.get('/api/v1/lead/:id/', (c) => {
    const lead = state.leads.get(c.req.param('id'));
    return lead ? c.json(state.leadView(lead)) : fail(c, 404, 'Not found.');
  });

  api.post('/api/v1/lead/', async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body) return fail(c, 400, 'Invalid JSON body.');
    if (body.url !== undefined && body.url !== null && (typeof body.url !== 'string' || !/^https?:\/\/\S+$/i.test(body.url))) return fail(c, 400, '', { url: 'Enter a valid URL.' });
    const contacts = Array.isArray(body.contacts) ? (body.contacts as Record<string, unknown>[]) : [];
    const lists = contacts.map(contactLists);
    const bad = lists.find((l): l is { field: string; message: string } => 'field' in l);
    if (bad) return fail(c, 400, '', { contacts: bad.message });
    const custom = state.customValues('lead', body);
    if ('field' in custom && typeof custom.field === 'string') return fail(c, 400, '', { [custom.field]: String(custom.message) });
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    const lead = state.seedLead({ name, url: typeof body.url === 'string' ? body.url : null, description: typeof body.description === 'string' ? body.description : '', custom });
    contacts.forEach((contact, i) => state.seedContact({ lead_id: lead.id, name: String(contact.name ?? ''), title: String(contact.title ?? ''), ...(lists[i] as object) }));
    return c.json(state.leadView(lead));
  });

  api.put('/api/v1/lead/:id/', async (c) => {
    const lead = state.leads.get(c.req.param('id'));
    if (!lead) return fail(c, 404, 'Not found.');
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body) return fail(c, 400, 'Invalid JSON body.');
    if (typeof body.name === 'string') lead.name = lead.display_name = body.name;
    if (typeof body.url === 'string' || body.url === null) lead.url = body.url;
    if (typeof body.description === 'string') lead.description = body.description;
    lead.date_updated = now();
    state.written(lead.id);
    return c.json(state.leadView(lead));
  });

  api.get('/api/v1/contact/', (c) => {
    const leadId = c.req.query('lead_id');
    const limit = Math.min(Number(c.req.query('_limit') ?? 100) || 100, 100);
    const skip = Number(c.req.query('_skip') ?? 0) || 0;
    const all = [...state.contacts.values()].filter((contact) => !leadId || contact.lead_id === leadId);
    return c.json({ data: all.slice(skip, skip + limit).map((contact) => state.contactView(contact)), has_more: skip + limit < all.length });
  });

  api.get('/api/v1/contact/:id/', (c) => {
    const contact = state.contacts.get(c.req.param('id'));
    return contact ? c.json(state.contactView(contact)) : fail(c, 404, 'Not found.');
  });

  api.post('/api/v1/contact/', async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body) return fail(c, 400, 'Invalid JSON body.');
    const lists = contactLists(body);
    if ('field' in lists) return fail(c, 400, '', { [lists.field]: lists.message });
    const custom = state.customValues('contact', body);
    if ('field' in custom && typeof custom.field === 'string') return fail(c, 400, '', { [custom.field]: String(custom.message) });
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    if (!name && !lists.emails?.length && !lists.phones?.length) return fail(c, 400, '', { name: 'A contact needs a name, an email address or a phone number.' });
    let leadId = typeof body.lead_id === 'string' ? body.lead_id : undefined;
    if (leadId !== undefined && !state.leads.has(leadId)) return fail(c, 400, '', { lead_id: 'Object does not exist.' });
    // No lead given: Close makes one, named after the contact.
    leadId ??= state.seedLead({ name: name || lists.emails?.[0]?.email || 'Untitled' }).id;
    const contact = state.seedContact({ lead_id: leadId, name, title: typeof body.title === 'string' ? body.title : '', custom, ...lists });
    return c.json(state.contactView(contact));
  });

  api.put('/api/v1/contact/:id/', async (c) => {
    const contact = state.contacts.get(c.req.param('id'));
    if (!contact) return fail(c, 404, 'Not found.');
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body) return fail(c, 400, 'Invalid JSON body.');
    const lists = contactLists(body);
    if ('field' in lists) return fail(c, 400, '', { [lists.field]: lists.message });
    const custom = state.customValues('contact', body);
    if ('field' in custom && typeof custom.field === 'string') return fail(c, 400, '', { [custom.field]: String(custom.message) });
    if (typeof body.lead_id === 'string' && !state.leads.has(body.lead_id)) return fail(c, 400, '', { lead_id: 'Object does not exist.' });
    if (typeof body.name === 'string') contact.name = contact.display_name = body.name.trim();
    if (typeof body.title === 'string') contact.title = body.title;
    if (typeof body.lead_id === 'string') contact.lead_id = body.lead_id;
    Object.assign(contact, lists);
    Object.assign(contact.custom, custom);
    contact.date_updated = now();
    state.written(contact.id);
    return c.json(state.contactView(contact));
  });

  api.post('/api/v1/data/search/', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { query?: Query; _fields?: Record<string, unknown>; _limit?: number; results_limit?: number } | null;
    if (!body?.query || typeof body.query !== 'object') return fail(c, 400, '', { query: 'This field is required.' });
    const items: Searchable[] = [
      ...[...state.leads.values()].map((record) => ({ type: 'lead' as const, record })),
      ...[...state.contacts.values()].map((record) => ({ type: 'contact' as const, record })),
    ].filter((item) => state.searchable(item.record.id));
    // Checked on one blank record of each kind too, so a bad query is refused even on an empty organization.
    const probes: Searchable[] = [
      { type: 'lead', record: { id: '', organization_id: ORG_ID, name: '', display_name: '', url: null, description: '', status_id: STATUS_ID, status_label: '', custom: {}, date_created: '', date_updated: '' } },
      { type: 'contact', record: { id: '', organization_id: ORG_ID, lead_id: '', name: '', display_name: '', title: '', emails: [], phones: [], urls: [], custom: {}, date_created: '', date_updated: '' } },
    ];
    let found: Searchable[];
    try {
      for (const probe of probes) matches(state, body.query!, probe);
      found = items.filter((item) => matches(state, body.query!, item));
    } catch (error) {
      if (error instanceof QueryError) return fail(c, 400, error.message, { query: error.message });
      throw error;
    }
    const limit = Math.min(Number(body._limit ?? body.results_limit ?? 100) || 100, 200);
    const data = found.slice(0, limit).map((item) => {
      const record = item.type === 'lead' ? state.leadView(item.record) : state.contactView(item.record);
      return { __object_type: item.type, ...pick(record, body._fields?.[item.type]) };
    });
    return c.json({ data, cursor: found.length > limit ? 'emu-cursor' : null });
  });

  api.post('/api/v1/activity/note/', async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body) return fail(c, 400, 'Invalid JSON body.');
    if (typeof body.lead_id !== 'string' || !state.leads.has(body.lead_id)) return fail(c, 400, '', { lead_id: body.lead_id ? 'Object does not exist.' : 'This field is required.' });
    const contactId = typeof body.contact_id === 'string' ? body.contact_id : null;
    if (contactId !== null && state.contacts.get(contactId)?.lead_id !== body.lead_id) return fail(c, 400, '', { contact_id: 'The contact does not belong to this lead.' });
    const text = typeof body.note === 'string' ? body.note : '';
    if (!text.trim()) return fail(c, 400, '', { note: 'This field is required.' });
    const note: CloseNote = { id: state.id('acti'), _type: 'Note', organization_id: ORG_ID, lead_id: body.lead_id, contact_id: contactId, note: text, date_created: now() };
    state.notes.set(note.id, note);
    return c.json(noteView(note));
  });

  api.get('/api/v1/activity/note/', (c) => {
    const ids = (name: string) => c.req.query(name)?.split(',').map((id) => id.trim()).filter(Boolean);
    const [leadIds, contactIds] = [ids('lead_id'), ids('contact_id')];
    const bounds: [string, (made: number, at: number) => boolean][] = [
      ['date_created__gte', (made, at) => made >= at],
      ['date_created__gt', (made, at) => made > at],
      ['date_created__lte', (made, at) => made <= at],
      ['date_created__lt', (made, at) => made < at],
    ];
    const tests: ((made: number) => boolean)[] = [];
    for (const [name, test] of bounds) {
      const value = c.req.query(name);
      if (value === undefined) continue;
      const at = Date.parse(value);
      if (Number.isNaN(at)) return fail(c, 400, '', { [name]: 'Enter a valid date/time.' });
      tests.push((made) => test(made, at));
    }
    const skip = Math.max(0, Number(c.req.query('_skip') ?? 0) || 0);
    const limit = Math.min(Math.max(1, Number(c.req.query('_limit') ?? 100) || 100), 100);
    const found = [...state.notes.values()]
      .filter((n) => (!leadIds || leadIds.includes(n.lead_id)) && (!contactIds || (n.contact_id !== null && contactIds.includes(n.contact_id))))
      .filter((n) => tests.every((test) => test(Date.parse(n.date_created))))
      .sort((a, b) => Date.parse(b.date_created) - Date.parse(a.date_created));
    return c.json({ has_more: skip + limit < found.length, data: found.slice(skip, skip + limit).map(noteView) });
  });

  app.route('/', api);
  app.notFound((c) => fail(c, 404, 'Not found.'));
  return { app, state, control };
}

export type CloseEmulator = ReturnType<typeof createCloseEmulator>;

export async function startCloseEmulator(): Promise<CloseEmulator & { server: RunningEmulator; origin: string }> {
  const emulator = createCloseEmulator();
  const server = await serve(emulator.app);
  return { ...emulator, server, origin: server.origin };
}
