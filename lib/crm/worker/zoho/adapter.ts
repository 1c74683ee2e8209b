import type { z } from 'zod';
import { t } from '@/lib/platform/i18n';
import { checkFrom, firstMatch, queryOf, splitFullName, type ApplyContext, type CrmAdapter, type Learn, type MatchQuery, type Progress } from '@/lib/crm/worker/adapter';
import { secretsOf, ZOHO_DATA_CENTRES, type ZohoConnection } from '@/lib/crm/connection';
import { contactValues, type CrmContact } from '@/lib/crm/contact';
import { createCrmHttp, type CrmRequest, type HttpOptions } from '@/lib/crm/worker/http';
import { ZOHO_RATE_LIMIT } from '@/lib/crm/worker/rate-limits';
import { propertiesOf, type CrmRequiredField, type CrmSchema } from '@/lib/crm/mapping';
import { applyPersonSteps, fileUnderAccount, type AccountSearch } from '@/lib/crm/worker/person-steps';
import { planPush, writtenFields, type PlanPolicy } from '@/lib/crm/worker/plan';
import { summaryLines } from '@/lib/crm/summary';
import { fail, ok, type CrmField, type CrmResult, type FieldValues, type Match, type MatchedBy, type PushPlan } from '@/lib/crm/types';
import { allOf, anyOf, criterion, websiteForms } from '@/lib/crm/worker/zoho/criteria';
import { refreshAccessToken } from '@/lib/crm/worker/zoho/oauth';
import { createTokenSession } from '@/lib/crm/worker/web-auth/session';
import type { ShareRefresh } from '@/lib/crm/worker/web-auth/shared-refresh';
import {
  actionAnswerSchema,
  fieldsAnswerSchema,
  layoutsAnswerSchema,
  notesAnswerSchema,
  orgAnswerSchema,
  recordsAnswerSchema,
  tagsAnswerSchema,
  usersAnswerSchema,
  zohoDetails,
  zohoMessage,
  ZOHO_API_VERSION,
  type ActionOutcome,
  type ZohoField,
  type ZohoLayout,
  type ZohoRecord,
} from '@/lib/crm/worker/zoho/wire';

/**
 * The custom field teams add for a person's network profile (Zoho has none): a URL field
 * labelled "LinkedIn URL", whose API name Zoho derives from the label. Used when the module has
 * it, writable; it is an upsert key too when "Do not allow duplicate values" is on for it.
 */
export const PROFILE_FIELD = 'LinkedIn_URL';
export const NOTE_TITLE = 'Dossier enrichment';

type Module = 'Leads' | 'Contacts';

const PERSON_FIELDS: Partial<Record<CrmField, string>> = {
  firstName: 'First_Name',
  lastName: 'Last_Name',
  email: 'Email',
  phone: 'Phone',
  mobilePhone: 'Mobile',
};
/** A Lead carries its company; a Contact's company is its Account. Where each field goes unless the user mapped it elsewhere. */
export const DEFAULT_FIELD_OF: Record<Module, Partial<Record<CrmField, string>>> = {
  Leads: { ...PERSON_FIELDS, jobTitle: 'Designation', companyName: 'Company', website: 'Website' },
  Contacts: { ...PERSON_FIELDS, jobTitle: 'Title' },
};
// Searches and upserts key on these (Email is Zoho's system duplicate check for both modules):
// they keep their field whatever the mapping says.
const KEY_FIELDS: readonly CrmField[] = ['email', 'profileUrl'];
/** Zoho data types a text from Dossier can go into (a picklist may refuse it, a lookup or number would). */
const TEXT_TYPES = new Set(['text', 'textarea', 'email', 'phone', 'website']);

/** A field a new record of the module must have, as the layout (or Zoho itself) says. */
interface MandatoryField {
  name: string;
  label: string;
  type: string;
}
// Filled by Dossier or Zoho whatever the layout says: the name (required() below) and the owner.
const ALWAYS_FILLED = new Set(['Last_Name', 'Owner']);
/** Mandatory fields a value the user types can fill as it is (a picklist takes one of its options). */
const TYPED_TYPES = new Set([...TEXT_TYPES, 'picklist']);

/** The layout a record Dossier creates is filed under: the connected user's profile's default one, else the first active one. */
function layoutFor(layouts: readonly ZohoLayout[], profileId: string | undefined): ZohoLayout | undefined {
  const active = layouts.filter((l) => l.visible !== false && l.status !== 'inactive' && l.status !== -1);
  return active.find((l) => profileId !== undefined && (l.profiles ?? []).some((p) => p.id === profileId && p.default === true)) ?? active[0];
}

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

export interface ZohoDeps extends Pick<HttpOptions, 'fetch' | 'acquire' | 'retry' | 'timeoutMs'> {
  learn: Learn;
  now(): number;
  /** Zoho mints at most ten access tokens in ten minutes: adapters whose token expired together share one. */
  shareRefresh?: ShareRefresh;
}

const uniqueField = (field: ZohoField) => field.unique === true || (typeof field.unique === 'object' && field.unique !== null && Object.keys(field.unique).length > 0);
const writable = (field: ZohoField) => field.read_only !== true && field.field_read_only !== true;

/** Zoho's 401 for a scope the token lacks (not an expired token). */
const SCOPE_MISMATCH = 'OAUTH_SCOPE_MISMATCH';

export function createZohoAdapter(connection: ZohoConnection, deps: ZohoDeps): CrmAdapter {
  const module: Module = connection.recordType === 'contact' ? 'Contacts' : 'Leads';
  let token = connection.token;
  let apiDomain = connection.apiDomain;
  // A refreshed token joins the list, so that it too is scrubbed from every message.
  const secrets = secretsOf(connection);
  const http = createCrmHttp({ ...deps, secrets, messageOf: zohoMessage, detailsOf: zohoDetails, rateLimit: ZOHO_RATE_LIMIT });
  let profileField: string | null | undefined = connection.profileField === undefined ? undefined : connection.profileField || null;
  let profileUnique = connection.profileUnique === true;
  let orgDomain = connection.orgDomain;
  let tagName: string | null = null;
  const FIELD_MAP = propertiesOf(DEFAULT_FIELD_OF[module], connection.fieldMap, KEY_FIELDS);
  const appBase = connection.apiBase ?? ZOHO_DATA_CENTRES[connection.dataCentre].app;

  let mandatory: MandatoryField[] | undefined;
  /** The token may not read layouts (a connection made before Dossier asked for that scope). */
  let layoutsDenied = false;

  const recordUrl = (id: string) => `${appBase}/crm/${orgDomain ? `${orgDomain}/` : ''}tab/${module}/${encodeURIComponent(id)}`;

  const session = createTokenSession({
    secrets,
    refresh: () => {
      const refresh = () => refreshAccessToken({ ...connection, refreshToken: connection.refreshToken }, deps);
      return deps.shareRefresh ? deps.shareRefresh(connection.refreshToken, refresh) : refresh();
    },
    learn: async (learnt) => {
      token = learnt.token;
      apiDomain = learnt.apiDomain;
      await deps.learn({ token, apiDomain });
    },
    expired: (error) => error.status === 401 && error.code !== SCOPE_MISMATCH,
  });

  /** Every API call, with Zoho's own header; an expired token (401 INVALID_TOKEN) is refreshed once and the call repeated. */
  async function send<T>(request: Omit<CrmRequest, 'headers'>, schema: z.ZodType<T>): Promise<CrmResult<{ body: T; status: number }>> {
    return session.withFreshToken(() =>
      http.send({ ...request, url: `${apiDomain}/crm/${ZOHO_API_VERSION}${request.url}`, headers: { authorization: `Zoho-oauthtoken ${token}` } }, schema),
    );
  }

  /** A write's outcome for its one record: Zoho may answer 2xx with a record-level error. */
  async function write(request: Omit<CrmRequest, 'headers'>): Promise<CrmResult<ActionOutcome>> {
    const answer = await send(request, actionAnswerSchema);
    if (!answer.ok) return answer;
    const outcome = answer.value.body.data[0]!;
    if (outcome.status !== 'success') return fail({ kind: 'rejected', retryable: false, code: outcome.code, message: outcome.message ?? outcome.code });
    return ok(outcome);
  }

  function idOf(outcome: ActionOutcome): CrmResult<string> {
    const id = outcome.details?.id;
    return id ? ok(id) : fail({ kind: 'invalid_response', retryable: false, message: t('crm.error.zohoNoRecordId') });
  }

  async function fieldsOfModule(name: string): Promise<CrmResult<ZohoField[]>> {
    const answer = await send({ method: 'GET', url: `/settings/fields?module=${name}`, idempotent: true }, fieldsAnswerSchema);
    return answer.ok ? ok(answer.value.body.fields) : answer;
  }

  /** Whether the module has the profile URL field, writable, and whether it is unique (asked once, then learnt). */
  async function profileFieldOf(): Promise<CrmResult<string | null>> {
    if (profileField !== undefined) return ok(profileField);
    const fields = await fieldsOfModule(module);
    if (!fields.ok) return fields;
    const found = fields.value.find((f) => f.api_name === PROFILE_FIELD && writable(f));
    profileField = found ? found.api_name : null;
    profileUnique = found ? uniqueField(found) : false;
    await deps.learn({ profileField: profileField ?? '', profileUnique });
    return ok(profileField);
  }

  function fieldMap(): Partial<Record<CrmField, string>> {
    return profileField ? { ...FIELD_MAP, profileUrl: profileField } : FIELD_MAP;
  }
  const fieldsOf = () => Object.keys(fieldMap()) as CrmField[];
  const readFields = () => [...new Set([...Object.values(fieldMap()), ...(module === 'Contacts' ? ['Account_Name'] : [])])].join(',');

  function valuesOf(record: ZohoRecord): FieldValues {
    const values: FieldValues = {};
    for (const [field, name] of Object.entries(fieldMap()) as [CrmField, string][]) {
      const value = record[name];
      if (typeof value === 'string' && value) values[field] = value;
    }
    return values;
  }

  function bodyOf(fields: Partial<Record<CrmField, string>>): Record<string, unknown> {
    const body: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(fields) as [CrmField, string][]) {
      const name = fieldMap()[field];
      if (name && value) body[name] = value;
    }
    return body;
  }

  const matchOf = (record: ZohoRecord, by: MatchedBy): Match => ({ id: record.id, by, url: recordUrl(record.id), values: valuesOf(record) });

  /** A record of the module by id; null when Zoho has none (204), as for a Lead looked up among Contacts. */
  async function getRecord(id: string): Promise<CrmResult<ZohoRecord | null>> {
    const answer = await send({ method: 'GET', url: `/${module}/${encodeURIComponent(id)}?fields=${readFields()}`, idempotent: true }, recordsAnswerSchema);
    if (!answer.ok) return answer.error.kind === 'not_found' || answer.error.code === 'INVALID_DATA' ? ok(null) : answer;
    return ok(answer.value.body?.data[0] ?? null);
  }

  /** Zoho's Search Records API; a search that finds nothing answers 204. */
  async function search(name: string, params: Record<string, string>, fields: string): Promise<CrmResult<ZohoRecord[]>> {
    const query = new URLSearchParams({ ...params, fields });
    const answer = await send({ method: 'GET', url: `/${name}/search?${query}`, idempotent: true }, recordsAnswerSchema);
    return answer.ok ? ok(answer.value.body?.data ?? []) : answer;
  }

  async function findOne(params: Record<string, string>, by: MatchedBy): Promise<CrmResult<Match | null>> {
    const found = await search(module, params, readFields());
    if (!found.ok) return found;
    return ok(found.value[0] ? matchOf(found.value[0], by) : null);
  }

  function nameCriteria(query: MatchQuery): string | null {
    const split = splitFullName(query.fullName);
    const lastName = query.lastName?.trim() || split.lastName;
    const firstName = query.firstName?.trim() || split.firstName;
    if (!lastName || !query.companyName) return null;
    const company = module === 'Leads' ? criterion('Company', 'equals', query.companyName) : criterion('Account_Name', 'equals', query.companyName);
    return allOf([...(firstName ? [criterion('First_Name', 'equals', firstName)] : []), criterion('Last_Name', 'equals', lastName), company]);
  }

  async function findRecord(query: MatchQuery, rememberedId: string | null): Promise<CrmResult<Match | null>> {
    const byName = nameCriteria(query);
    return firstMatch([
      rememberedId !== null &&
        (async () => {
          const record = await getRecord(rememberedId);
          return record.ok ? ok(record.value ? matchOf(record.value, 'remembered') : null) : record;
        }),
      // `email=` searches the record's email fields; one address per request, verified ones only.
      ...query.emails.slice(0, 3).map((email) => () => findOne({ email }, 'email')),
      Boolean(query.profileUrl) &&
        (async () => {
          const field = await profileFieldOf();
          if (!field.ok || !field.value) return field.ok ? ok(null) : field;
          // Stored with or without the trailing slash, by Dossier or by hand.
          const url = query.profileUrl!.replace(/\/+$/, '');
          return findOne({ criteria: anyOf([criterion(field.value, 'equals', url), criterion(field.value, 'equals', `${url}/`)]) }, 'profileUrl');
        }),
      byName !== null && (() => findOne({ criteria: byName }, 'nameCompany')),
    ]);
  }

  /** How Zoho looks for an Account, and makes one: an upsert on its name, Zoho's duplicate check for Accounts. */
  const accounts: AccountSearch = {
    async byWebsite(domain) {
      const found = await search('Accounts', { criteria: anyOf(websiteForms(domain).map((form) => criterion('Website', 'starts_with', form))) }, 'Account_Name,Website');
      return found.ok ? ok(found.value.map((a) => ({ id: a.id, website: a.Website }))) : found;
    },
    async byName(name) {
      const found = await search('Accounts', { criteria: criterion('Account_Name', 'equals', name) }, 'Account_Name,Website');
      return found.ok ? ok(found.value[0]?.id) : found;
    },
    async create(name, website) {
      // An upsert keyed on the name: a retry after a lost answer lands on the Account it made.
      const made = await write({ method: 'POST', url: '/Accounts/upsert', body: { data: [{ Account_Name: name, ...(website ? { Website: website } : {}) }], duplicate_check_fields: ['Account_Name'] }, idempotent: true });
      return made.ok ? idOf(made.value) : made;
    },
  };

  /**
   * The fields the layout makes mandatory (`required`) and Zoho's own (`system_mandatory`). A
   * connection made before Dossier asked for the layouts scope reads Zoho's own ones only.
   */
  async function mandatoryFields(): Promise<CrmResult<MandatoryField[]>> {
    if (mandatory) return ok(mandatory);
    const layouts = await send({ method: 'GET', url: `/settings/layouts?module=${module}`, idempotent: true }, layoutsAnswerSchema);
    let fields: { api_name: string; display_label?: string; field_label?: string; data_type?: string }[];
    if (layouts.ok) {
      const me = await send({ method: 'GET', url: '/users?type=CurrentUser', idempotent: true }, usersAnswerSchema);
      if (!me.ok) return me;
      const layout = layoutFor(layouts.value.body?.layouts ?? [], me.value.body?.users[0]?.profile?.id);
      fields = (layout?.sections ?? []).flatMap((section) => section.fields ?? []).filter((f) => f.required === true || f.system_mandatory === true);
    } else if (layouts.error.code === SCOPE_MISMATCH) {
      layoutsDenied = true;
      const all = await fieldsOfModule(module);
      if (!all.ok) return all;
      fields = all.value.filter((f) => f.system_mandatory === true);
    } else return layouts;
    mandatory = [...new Map(fields.map((f) => [f.api_name, { name: f.api_name, label: f.display_label || f.field_label || f.api_name, type: f.data_type ?? '' }])).values()];
    return ok(mandatory);
  }

  /** The Dossier field that fills a Zoho field: the one the mapping writes there, else the one that goes there by default (Company ← the company's name). */
  function sourceOf(name: string): CrmField | undefined {
    const writer = (map: Partial<Record<CrmField, string>>) => (Object.entries(map) as [CrmField, string][]).find(([, property]) => property === name)?.[0];
    return writer(fieldMap()) ?? writer(DEFAULT_FIELD_OF[module]);
  }

  /** What the mapping screen asks a value for: the mandatory fields Dossier may have nothing for. */
  function requiredOf(fields: readonly MandatoryField[]): CrmRequiredField[] {
    return fields
      .filter((f) => !ALWAYS_FILLED.has(f.name) && TYPED_TYPES.has(f.type))
      .map((f) => {
        const from = sourceOf(f.name);
        return { name: f.name, label: f.label, ...(from ? { from } : {}) };
      });
  }

  /**
   * Each mandatory field the record lacks, from the contact or else from the value the user
   * typed for it; one still empty is named to the user before anything is sent, rather than
   * left to Zoho's bare MANDATORY_NOT_FOUND.
   */
  async function withMandatory(record: Record<string, unknown>, contact: CrmContact): Promise<CrmResult<Record<string, unknown>>> {
    const fields = await mandatoryFields();
    if (!fields.ok) return fields;
    const values = contactValues(contact);
    const out = { ...record };
    for (const field of fields.value) {
      if (present(out[field.name]) || field.name === 'Owner') continue;
      const from = sourceOf(field.name);
      const value = (from ? values[from] : undefined) || connection.fieldDefaults?.[field.name];
      if (!value) {
        // A lookup or a date cannot take a typed value: the mapping screen cannot help there, the layout can.
        const message = t(TYPED_TYPES.has(field.type) ? 'crm.error.zohoMandatoryMissing' : 'crm.error.zohoMandatoryUntyped', { field: field.label });
        return fail({ kind: 'rejected', retryable: false, code: 'MANDATORY_NOT_FOUND', message });
      }
      out[field.name] = value;
    }
    return ok(out);
  }

  /** Leads and Contacts require Last_Name: a one-word name is the last name. */
  function required(body: Record<string, unknown>, contact: CrmContact): Record<string, unknown> {
    const out = { ...body };
    if (!out.Last_Name) {
      const split = splitFullName(contact.fullName);
      out.Last_Name = contact.lastName || split.lastName || out.First_Name || contact.fullName;
      if (out.First_Name === out.Last_Name) delete out.First_Name;
    }
    return out;
  }

  /** The key a person is upserted by: their verified email, else the profile URL when its field is unique. */
  function keyOf(plan: PushPlan, contact: CrmContact): { field: string; value: string } | null {
    const email = writtenFields(plan).email;
    if (email) return { field: 'Email', value: email };
    if (profileField && profileUnique && contact.profileUrl) return { field: profileField, value: contact.profileUrl };
    return null;
  }

  /**
   * Makes the record, never a second one: first an upsert of the key alone, which lands on a
   * record the search could not see yet (Zoho's index lags; a create whose answer was lost)
   * without writing anything else into it, and fails MANDATORY_NOT_FOUND when there is none;
   * then the upsert of the whole record, still keyed, so a retry of it lands on what it made.
   */
  async function create(plan: PushPlan, contact: CrmContact, companyId: string | undefined): Promise<CrmResult<{ id: string; created: boolean }>> {
    const key = keyOf(plan, contact);
    if (key) {
      const probe = await write({ method: 'POST', url: `/${module}/upsert`, body: { data: [{ [key.field]: key.value }], duplicate_check_fields: [key.field] }, idempotent: true });
      if (probe.ok) {
        const id = idOf(probe.value);
        return id.ok ? ok({ id: id.value, created: false }) : id;
      }
      if (probe.error.code !== 'MANDATORY_NOT_FOUND') return probe;
    }
    const record = required(bodyOf(writtenFields(plan)), contact);
    if (module === 'Contacts' && companyId) record.Account_Name = { id: companyId };
    // A record Dossier makes goes to the owner the user chose (else Zoho gives it to the connected user).
    if (connection.ownerId) record.Owner = { id: connection.ownerId };
    const keys = [...(record.Email ? ['Email'] : []), ...(profileField && profileUnique && record[profileField] ? [profileField] : [])];
    const upsert = async () => {
      const complete = await withMandatory(record, contact);
      if (!complete.ok) return complete;
      // No key, no `duplicate_check_fields`: Zoho documents the array's fields, not what an empty one means.
      const body = { data: [complete.value], ...(keys.length ? { duplicate_check_fields: keys } : {}) };
      return write({ method: 'POST', url: `/${module}/upsert`, body, idempotent: keys.length > 0 });
    };
    let made = await upsert();
    if (!made.ok && made.error.code === 'MANDATORY_NOT_FOUND') {
      // The layout changed since it was read: read it again, then fill (or name) what it asks now.
      mandatory = undefined;
      made = await upsert();
      // Only a new sign-in can let Dossier read which field the layout requires.
      if (!made.ok && made.error.code === 'MANDATORY_NOT_FOUND' && layoutsDenied) {
        made = fail({ ...made.error, message: t('crm.error.zohoReconnectForLayout', { zoho: made.error.message }) });
      }
    }
    if (!made.ok) return made;
    const id = idOf(made.value);
    return id.ok ? ok({ id: id.value, created: made.value.action !== 'update' }) : id;
  }

  /** Writes what the record lacks (or what the user allowed replacing), planned against what it holds now. */
  async function update(id: string, contact: CrmContact, policy: PlanPolicy, companyId: string | undefined): Promise<CrmResult<string>> {
    const current = await getRecord(id);
    if (!current.ok) return current;
    if (!current.value) return fail({ kind: 'not_found', retryable: true, message: t('crm.error.zohoRecordDeleted') });
    const plan = planPush('zoho', fieldsOf(), contact, matchOf(current.value, 'remembered'), policy);
    const body = bodyOf(writtenFields(plan));
    // A Contact filed under another Account stays there: moving them is the user's call.
    if (module === 'Contacts' && companyId && !current.value.Account_Name) body.Account_Name = { id: companyId };
    if (Object.keys(body).length === 0) return ok(id);
    const updated = await write({ method: 'PUT', url: `/${module}/${encodeURIComponent(id)}`, body: { data: [body] }, idempotent: true });
    return updated.ok ? ok(id) : updated;
  }

  /**
   * The summary as a Note on the record. Notes cannot be upserted: the moment it is first sent
   * is saved before the create (`noteAt`), and a retry that finds it set reads the record's
   * notes first, so a note whose answer was lost is not added twice.
   */
  async function addNote(contact: CrmContact, progress: Progress, context: ApplyContext): Promise<CrmResult<Progress>> {
    const id = encodeURIComponent(progress.recordId!);
    const content = summaryLines(contact).join('\n');
    let present = false;
    if (progress.noteAt !== undefined) {
      const notes = await send({ method: 'GET', url: `/${module}/${id}/Notes?fields=Note_Title,Note_Content&per_page=200`, idempotent: true }, notesAnswerSchema);
      if (!notes.ok) return notes;
      present = (notes.value.body?.data ?? []).some((note) => note.Note_Title === NOTE_TITLE && note.Note_Content === content);
    } else {
      progress = { ...progress, noteAt: deps.now() };
      await context.save(progress);
    }
    if (!present) {
      const added = await write({ method: 'POST', url: `/${module}/${id}/Notes`, body: { data: [{ Note_Title: NOTE_TITLE, Note_Content: content }] }, idempotent: false });
      if (!added.ok) return added;
    }
    const next = { ...progress, noteDone: true };
    await context.save(next);
    return ok(next);
  }

  /** The tag the user chose, added to the record: its own step, harmless when repeated. */
  async function addTag(recordId: string, progress: Progress, context: ApplyContext): Promise<CrmResult<Progress>> {
    if (tagName === null) {
      const tags = await send({ method: 'GET', url: `/settings/tags?module=${module}`, idempotent: true }, tagsAnswerSchema);
      if (!tags.ok) return tags;
      const tag = (tags.value.body?.tags ?? []).find((candidate) => candidate.id === connection.listId);
      if (!tag) return fail({ kind: 'rejected', retryable: false, message: t('crm.error.zohoTagGone') });
      tagName = tag.name;
    }
    const tagged = await write({ method: 'POST', url: `/${module}/${encodeURIComponent(recordId)}/actions/add_tags`, body: { tags: [{ name: tagName, id: connection.listId }] }, idempotent: true });
    if (!tagged.ok) return tagged;
    const next = { ...progress, listed: true };
    await context.save(next);
    return ok(next);
  }

  return {
    target: 'zoho',
    get fields() {
      return fieldsOf();
    },
    async find(contact, rememberedId) {
      // The profile field decides what a plan may write: know it before planning.
      const field = await profileFieldOf();
      if (!field.ok) return field;
      return findRecord(queryOf(contact), rememberedId);
    },
    plan: (contact, match, policy) => planPush('zoho', fieldsOf(), contact, match, policy),
    apply: (plan, contact, context) =>
      applyPersonSteps(plan, context, {
        account: module === 'Contacts' ? (progress) => fileUnderAccount(contact, progress, context, accounts) : undefined,
        create: (companyId) => create(plan, contact, companyId),
        update: (id, companyId) => update(id, contact, context.policy, companyId),
        list: connection.listId ? (recordId, progress) => addTag(recordId, progress, context) : undefined,
        note: (progress) => addNote(contact, progress, context),
        recordUrl,
      }),
    check: async (query, rememberedId) => checkFrom(await findRecord(query, rememberedId)),
    async schema(): Promise<CrmResult<CrmSchema>> {
      const fields = await fieldsOfModule(module);
      if (!fields.ok) return fields;
      const users = await send({ method: 'GET', url: '/users?type=ActiveUsers&per_page=200', idempotent: true }, usersAnswerSchema);
      if (!users.ok) return users;
      const tags = await send({ method: 'GET', url: `/settings/tags?module=${module}`, idempotent: true }, tagsAnswerSchema);
      if (!tags.ok) return tags;
      const mandatoryNow = await mandatoryFields();
      if (!mandatoryNow.ok) return mandatoryNow;
      const required = requiredOf(mandatoryNow.value);
      const { email: _email, ...movable } = DEFAULT_FIELD_OF[module];
      const keys = new Set(['Email', PROFILE_FIELD]);
      return ok({
        defaults: movable,
        properties: fields.value
          .filter((f) => writable(f) && TEXT_TYPES.has(f.data_type ?? '') && !keys.has(f.api_name))
          .map((f) => ({ name: f.api_name, label: f.display_label || f.field_label || f.api_name, custom: f.custom_field === true })),
        owners: (users.value.body?.users ?? []).map((user) => ({ id: user.id, name: user.full_name || user.email || user.id })),
        lists: (tags.value.body?.tags ?? []).map((tag) => ({ id: tag.id, name: tag.name })),
        ...(required.length ? { required } : {}),
      });
    },
    async test() {
      const me = await send({ method: 'GET', url: '/users?type=CurrentUser', idempotent: true }, usersAnswerSchema);
      if (!me.ok) return me;
      const org = await send({ method: 'GET', url: '/org', idempotent: true }, orgAnswerSchema);
      if (!org.ok) return org;
      const organization = org.value.body.org[0];
      if (organization?.domain_name && /^[\w-]+$/.test(organization.domain_name)) {
        orgDomain = organization.domain_name;
        await deps.learn({ orgDomain });
      }
      profileField = undefined;
      const field = await profileFieldOf();
      if (!field.ok) return field;
      const user = me.value.body?.users[0]?.full_name || t('crm.test.zohoYourUser');
      const host = new URL(apiDomain).host;
      const kind = t(module === 'Leads' ? 'crm.test.zohoAsLeads' : 'crm.test.zohoAsContacts');
      const profile = !field.value
        ? t('crm.test.zohoNoProfileField', { field: PROFILE_FIELD })
        : t(profileUnique ? 'crm.test.zohoProfileKey' : 'crm.test.zohoProfileField', { field: field.value });
      return ok([t('crm.test.zoho', { host, user, organization: organization?.company_name || t('crm.test.zohoYourOrganization') }), kind, profile].join(' '));
    },
  };
}
