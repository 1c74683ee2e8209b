import { z } from 'zod';
import { t } from '@/lib/platform/i18n';
import { propertiesOf, type CrmSchema } from '@/lib/crm/mapping';
import { type ApplyContext, checkFrom, checkpoint, type CrmAdapter, firstMatch, type Learn, type MatchQuery, type Progress, queryOf } from '@/lib/crm/worker/adapter';
import { PIPEDRIVE_PROFILE_FIELD_NAME, pipedriveBase, type PipedriveConnection } from '@/lib/crm/connection';
import type { CrmContact } from '@/lib/crm/contact';
import { createCrmHttp, type CrmRequest, type HttpOptions } from '@/lib/crm/worker/http';
import { PIPEDRIVE_RATE_LIMIT } from '@/lib/crm/worker/rate-limits';
import { earliestNoteTime, htmlNoteText } from '@/lib/crm/worker/note-once';
import { comparable, planPush, writtenFields, type PlanPolicy } from '@/lib/crm/worker/plan';
import { summaryHtml } from '@/lib/crm/summary';
import { fail, ok, type CrmField, type CrmResult, type FieldValues, type Match, type MatchedBy, type PushPlan, type PushResult } from '@/lib/crm/types';
import {
  currentUserSchema,
  fieldOptionSchema,
  fieldResponseSchema,
  fieldsResponseSchema,
  noteResponseSchema,
  notesListSchema,
  organizationResponseSchema,
  organizationSearchSchema,
  personResponseSchema,
  personSearchSchema,
  pipedriveMessage,
  usersSchema,
  type ContactItem,
  type FieldCreate,
  type NoteCreate,
  type OrganizationCreate,
  type PersonCreate,
  type PersonUpdate,
  type PipedrivePerson,
  type PipedriveField,
} from '@/lib/crm/worker/pipedrive/wire';

/**
 * Pipedrive has no standard field for a network profile, so Dossier adds a person field of its
 * own, found by this name (custom fields are keyed by a hash Pipedrive chooses).
 */
export const PROFILE_FIELD_NAME = PIPEDRIVE_PROFILE_FIELD_NAME;

const ALL_FIELDS: readonly CrmField[] = ['fullName', 'jobTitle', 'email', 'phone', 'mobilePhone', 'profileUrl'];
// The name, the email and the profile URL are what persons are searched by: they never move.
const KEY_FIELDS: readonly CrmField[] = ['fullName', 'email', 'profileUrl'];

/** Pipedrive's own person fields Dossier writes: the job title, and the phone list (work or mobile label by field). */
const JOB_TITLE = 'job_title';
const PHONES = 'phone';
/** Where each movable field goes unless the user mapped it elsewhere (Settings › CRM › Field mapping). */
export const DEFAULT_PROPERTY_OF: Partial<Record<CrmField, string>> = { jobTitle: JOB_TITLE, phone: PHONES, mobilePhone: PHONES };
// Mobile first: on a person without phones, the mobile number becomes the primary one.
const MOVABLE: readonly CrmField[] = ['jobTitle', 'mobilePhone', 'phone'];

/** Custom fields are keyed by a 40-hex hash Pipedrive chooses; these types take Dossier's text as it is. */
const CUSTOM_KEY = /^[0-9a-f]{40}$/;
const TEXT_TYPES = new Set(['varchar', 'varchar_auto', 'text', 'phone']);

/** Notes per page, and pages read, when a retry looks for its note (newest first). */
const NOTES_PAGE = 100;
const NOTES_PAGES = 5;

/** Pipedrive's `add_time` (`YYYY-MM-DD HH:MM:SS`, UTC) in ms; NaN when it cannot be read. */
function addTimeOf(value: string | undefined): number {
  return value ? Date.parse(`${value.trim().replace(' ', 'T')}Z`) : NaN;
}

function firstValue(items: ContactItem[] | undefined, keep: (item: ContactItem) => boolean): string | undefined {
  const list = (items ?? []).filter((i) => i.value && keep(i));
  return (list.find((i) => i.primary) ?? list[0])?.value;
}

/** Which kind of number a field is in Pipedrive's phone list. */
const phoneLabel = (field: CrmField) => (field === 'mobilePhone' ? 'mobile' : 'work');

function valuesOf(person: PipedrivePerson, profileKey: string | undefined, propertyOf: Partial<Record<CrmField, string>>): FieldValues {
  const values: FieldValues = {};
  if (person.name) values.fullName = person.name;
  const email = firstValue(person.emails, () => true);
  if (email) values.email = email;
  const profile = profileKey ? person.custom_fields?.[profileKey] : undefined;
  if (typeof profile === 'string' && profile) values.profileUrl = profile;
  for (const field of MOVABLE) {
    const property = propertyOf[field];
    if (!property) continue;
    const value =
      property === JOB_TITLE ? person.job_title : property === PHONES ? firstValue(person.phones, (p) => (p.label === 'mobile') === (phoneLabel(field) === 'mobile')) : person.custom_fields?.[property];
    if (typeof value === 'string' && value) values[field] = value;
  }
  return values;
}

/** The label field's choices, as lists a pushed person can be put in. */
function optionsOf(field: PipedriveField): { id: string; name: string }[] {
  return (field.options ?? []).flatMap((o) => {
    const option = fieldOptionSchema.safeParse(o);
    return option.success ? [{ id: String(option.data.id), name: option.data.label }] : [];
  });
}

/** A field Dossier may map to: Pipedrive's job title and phones, or a writable custom text field (never the profile URL key). */
function mappable(field: PipedriveField, profileKey: string | undefined): boolean {
  if (!field.key || field.key === profileKey || field.active_flag === false || field.bulk_edit_allowed === false) return false;
  if (field.key === JOB_TITLE || field.key === PHONES) return true;
  return CUSTOM_KEY.test(field.key) && field.edit_flag !== false && TEXT_TYPES.has(field.field_type ?? '');
}

/**
 * Adds our value to a list of emails or phones without losing any the CRM has. Replacing the
 * primary one (only ever when the user allowed it) keeps the old one as a secondary entry.
 */
function merged(existing: ContactItem[] | undefined, additions: { value: string; label: string; field: CrmField }[], primaryField: CrmField | null): ContactItem[] {
  const list: ContactItem[] = (existing ?? []).map((i) => ({ ...i }));
  for (const addition of additions) {
    const same = list.find((i) => i.value && comparable(addition.field, i.value) === comparable(addition.field, addition.value));
    const makePrimary = addition.field === primaryField || list.length === 0;
    if (makePrimary) for (const item of list) item.primary = false;
    if (same) same.primary = same.primary || makePrimary;
    else list.push({ value: addition.value, label: addition.label, primary: makePrimary });
  }
  return list;
}

export interface PipedriveDeps extends Pick<HttpOptions, 'fetch' | 'acquire' | 'retry' | 'timeoutMs'> {
  learn: Learn;
  now(): number;
}

export function createPipedriveAdapter(connection: PipedriveConnection, deps: PipedriveDeps): CrmAdapter {
  const base = pipedriveBase(connection);
  // The token goes in a header, never in the URL, where logs and error messages would keep it.
  const http = createCrmHttp({ ...deps, secrets: [connection.token], messageOf: pipedriveMessage, rateLimit: PIPEDRIVE_RATE_LIMIT });
  const send = <T>(request: Omit<CrmRequest, 'headers'>, schema: z.ZodType<T>) => http.send({ ...request, headers: { 'x-api-token': connection.token } }, schema);
  let profileKey = connection.profileFieldKey;
  // A user whose permission set lacks "add custom fields" gets 403 for the profile URL field: the link
  // stays in the note and matching does without it, until "Test connection" finds the field or the right.
  let denied = connection.profileFieldDenied === true;
  const PROPERTY_OF = propertiesOf(DEFAULT_PROPERTY_OF, connection.fieldMap);
  const ALL_WRITTEN = ALL_FIELDS.filter((field) => KEY_FIELDS.includes(field) || field in PROPERTY_OF);
  const fieldsNow = () => (denied && !profileKey ? ALL_WRITTEN.filter((field) => field !== 'profileUrl') : ALL_WRITTEN);
  // The label every pushed person is given (Pipedrive's labels are the person field `label_ids`).
  const label = connection.listId !== undefined && /^\d+$/.test(connection.listId) ? Number(connection.listId) : undefined;

  const recordUrl = (id: string) => `https://${connection.domain}.pipedrive.com/person/${encodeURIComponent(id)}`;

  async function profileFieldKey(createIfMissing: boolean): Promise<CrmResult<string | undefined>> {
    if (profileKey) return ok(profileKey);
    if (denied) return ok(undefined);
    const fields = await send({ method: 'GET', url: `${base}/api/v1/personFields?limit=500`, idempotent: true }, fieldsResponseSchema);
    if (!fields.ok) return fields;
    let key = fields.value.body.data?.find((f) => f.name === PROFILE_FIELD_NAME)?.key;
    if (!key && createIfMissing) {
      const body = { name: PROFILE_FIELD_NAME, field_type: 'varchar' as const } satisfies FieldCreate;
      const created = await send({ method: 'POST', url: `${base}/api/v1/personFields`, body, idempotent: false }, fieldResponseSchema);
      if (!created.ok && created.error.status === 403) {
        denied = true;
        await deps.learn({ profileFieldDenied: true });
        return ok(undefined);
      }
      if (!created.ok) return created;
      key = created.value.body.data?.key;
    }
    if (key) {
      profileKey = key;
      await deps.learn({ profileFieldKey: key, ...(connection.profileFieldDenied ? { profileFieldDenied: false } : {}) });
    }
    return ok(key);
  }

  async function getPerson(id: string): Promise<CrmResult<PipedrivePerson | null>> {
    const result = await send({ method: 'GET', url: `${base}/api/v2/persons/${encodeURIComponent(id)}`, idempotent: true }, personResponseSchema);
    if (!result.ok) return result.error.kind === 'not_found' ? ok(null) : result;
    return ok(result.value.body.data ?? null);
  }

  async function searchPersons(term: string, field: 'email' | 'name' | 'custom_fields') {
    const params = new URLSearchParams({ term, fields: field, exact_match: 'true', limit: '5' });
    const result = await send({ method: 'GET', url: `${base}/api/v2/persons/search?${params}`, idempotent: true }, personSearchSchema);
    return result.ok ? ok((result.value.body.data?.items ?? []).flatMap((i) => (i.item?.id !== undefined ? [i.item] : []))) : result;
  }

  async function matchById(id: number | string | undefined, by: MatchedBy, accept: (p: PipedrivePerson) => boolean = () => true): Promise<CrmResult<Match | null>> {
    if (id === undefined) return ok(null);
    const person = await getPerson(String(id));
    if (!person.ok) return person;
    if (!person.value || !accept(person.value)) return ok(null);
    return ok({ id: String(person.value.id ?? id), by, url: recordUrl(String(person.value.id ?? id)), values: valuesOf(person.value, profileKey, PROPERTY_OF) });
  }

  async function findPerson(query: MatchQuery, rememberedId: string | null): Promise<CrmResult<Match | null>> {
    return firstMatch([
      rememberedId !== null && (() => matchById(rememberedId, 'remembered')),
      ...query.emails.slice(0, 3).map((email) => async () => {
        const found = await searchPersons(email, 'email');
        return found.ok ? matchById(found.value[0]?.id, 'email') : found;
      }),
      Boolean(query.profileUrl) &&
        (async () => {
          const key = await profileFieldKey(false);
          if (!key.ok || !key.value) return key.ok ? ok(null) : key;
          const found = await searchPersons(query.profileUrl!, 'custom_fields');
          if (!found.ok) return found;
          // Custom-field search looks at every custom field: confirm it is ours that holds the URL.
          const want = comparable('profileUrl', query.profileUrl!);
          for (const candidate of found.value.slice(0, 3)) {
            const match = await matchById(candidate.id, 'profileUrl', (p) => {
              const value = p.custom_fields?.[key.value!];
              return typeof value === 'string' && comparable('profileUrl', value) === want;
            });
            if (!match.ok || match.value) return match;
          }
          return ok(null);
        }),
      Boolean(query.fullName && query.companyName) &&
        (async () => {
          const found = await searchPersons(query.fullName!, 'name');
          if (!found.ok) return found;
          const company = comparable('companyName', query.companyName!);
          const hit = found.value.find((p) => p.organization?.name && comparable('companyName', p.organization.name) === company);
          return matchById(hit?.id, 'nameCompany');
        }),
    ]);
  }

  async function organizationId(contact: CrmContact, progress: Progress, context: ApplyContext): Promise<CrmResult<Progress>> {
    const company = contact.company;
    const name = company?.name ?? company?.domain;
    if (!name || progress.companyId) return ok(progress);
    const params = new URLSearchParams({ term: name, fields: 'name', exact_match: 'true', limit: '1' });
    const found = await send({ method: 'GET', url: `${base}/api/v2/organizations/search?${params}`, idempotent: true }, organizationSearchSchema);
    if (!found.ok) return found;
    let id = found.value.body.data?.items?.[0]?.item?.id;
    if (id === undefined) {
      const body = { name, ...(company?.website ? { website: company.website } : {}) } satisfies OrganizationCreate;
      const created = await send({ method: 'POST', url: `${base}/api/v2/organizations`, body, idempotent: false }, organizationResponseSchema);
      if (!created.ok) return created;
      id = created.value.body.data?.id;
      if (id === undefined) return fail({ kind: 'invalid_response', retryable: false, message: t('crm.error.pipedriveNoOrganizationId') });
    }
    const next = { ...progress, companyId: String(id) };
    await context.save(next);
    return ok(next);
  }

  /** What a write sends: the fields where the mapping puts them, emails and phones merged into what the person holds. */
  function personBody(fields: Partial<Record<CrmField, string>>, current: PipedrivePerson | null, key: string | undefined): PersonUpdate {
    const body: PersonUpdate = {};
    if (fields.fullName) body.name = fields.fullName;
    if (fields.email) body.emails = merged(current?.emails, [{ value: fields.email, label: 'work', field: 'email' }], 'email');
    const custom: Record<string, string> = {};
    if (key && fields.profileUrl) custom[key] = fields.profileUrl;
    const phones: { value: string; label: string; field: CrmField }[] = [];
    for (const field of MOVABLE) {
      const value = fields[field];
      const property = PROPERTY_OF[field];
      if (!value || !property) continue;
      if (property === JOB_TITLE) body.job_title = value;
      else if (property === PHONES) phones.push({ value, label: phoneLabel(field), field });
      else custom[property] = value;
    }
    if (phones.length) body.phones = merged(current?.phones, phones, null);
    if (Object.keys(custom).length) body.custom_fields = custom;
    return body;
  }

  async function create(plan: PushPlan, orgId: number | undefined): Promise<CrmResult<string>> {
    const fields = writtenFields(plan);
    const key = fields.profileUrl ? await profileFieldKey(true) : ok(undefined);
    if (!key.ok) return key;
    const body = {
      ...personBody(fields, null, key.value),
      name: fields.fullName,
      ...(orgId !== undefined ? { org_id: orgId } : {}),
      // A person Dossier makes goes to the owner the user chose (else the token's user owns it), with the chosen label.
      ...(connection.ownerId ? { owner_id: Number(connection.ownerId) } : {}),
      ...(label !== undefined ? { label_ids: [label] } : {}),
    } satisfies PersonCreate;
    const created = await send({ method: 'POST', url: `${base}/api/v2/persons`, body, idempotent: false }, personResponseSchema);
    if (!created.ok) return created;
    const id = created.value.body.data?.id;
    return id === undefined ? fail({ kind: 'invalid_response', retryable: false, message: t('crm.error.pipedriveNoPersonId') }) : ok(String(id));
  }

  /** The person's labels with ours added, or null when it has it already (labels it has are never dropped). */
  function labelsWithOurs(person: PipedrivePerson): number[] | null {
    const held = person.label_ids ?? [];
    return label === undefined || held.includes(label) ? null : [...held, label];
  }

  async function update(id: string, contact: CrmContact, policy: PlanPolicy, orgId: number | undefined): Promise<CrmResult<string>> {
    const current = await getPerson(id);
    if (!current.ok) return current;
    if (!current.value) return fail({ kind: 'not_found', retryable: true, message: t('crm.error.pipedrivePersonDeleted') });
    const person = current.value;
    const plan = planPush('pipedrive', fieldsNow(), contact, { id, by: 'remembered', url: null, values: valuesOf(person, profileKey, PROPERTY_OF) }, policy);
    const fields = writtenFields(plan);
    const key = fields.profileUrl ? await profileFieldKey(true) : ok(undefined);
    if (!key.ok) return key;
    const body = personBody(fields, person, key.value);
    // A person filed under another organization stays there: moving them is the user's call.
    if (orgId !== undefined && !person.org_id) body.org_id = orgId;
    const labels = labelsWithOurs(person);
    if (labels) body.label_ids = labels;
    if (Object.keys(body).length === 0) return ok(id);
    const updated = await send({ method: 'PATCH', url: `${base}/api/v2/persons/${encodeURIComponent(id)}`, body, idempotent: true }, personResponseSchema);
    return updated.ok ? ok(id) : updated;
  }

  /** The label, for a person whose fields an earlier attempt wrote before a label was chosen. */
  async function labelPerson(id: string): Promise<CrmResult<void>> {
    const current = await getPerson(id);
    if (!current.ok) return current;
    const labels = current.value ? labelsWithOurs(current.value) : null;
    if (!labels) return ok(undefined);
    const body = { label_ids: labels } satisfies PersonUpdate;
    const updated = await send({ method: 'PATCH', url: `${base}/api/v2/persons/${encodeURIComponent(id)}`, body, idempotent: true }, personResponseSchema);
    return updated.ok ? ok(undefined) : updated;
  }

  /**
   * Whether the person has this note already, made at or after `since` (less the clock slack):
   * the person's notes, newest first, until one is older than that. Only a retry asks.
   */
  async function noteSent(personId: string, content: string, since: number): Promise<CrmResult<boolean>> {
    const want = htmlNoteText(content);
    const from = earliestNoteTime(since);
    const tooOld = (addTime: string | undefined) => addTimeOf(addTime) < from;
    let start = 0;
    for (let page = 0; page < NOTES_PAGES; page += 1) {
      const params = new URLSearchParams({ person_id: personId, start: String(start), limit: String(NOTES_PAGE), sort: 'add_time DESC' });
      const listed = await send({ method: 'GET', url: `${base}/api/v1/notes?${params}`, idempotent: true }, notesListSchema);
      if (!listed.ok) return listed;
      const notes = listed.value.body.data ?? [];
      // A time Pipedrive did not give (or that cannot be read) does not rule the note out.
      if (notes.some((note) => note.content !== undefined && htmlNoteText(note.content) === want && !tooOld(note.add_time))) return ok(true);
      const pagination = listed.value.body.additional_data?.pagination;
      if (!pagination?.more_items_in_collection || notes.length === 0 || notes.some((note) => tooOld(note.add_time))) return ok(false);
      start = pagination.next_start ?? start + notes.length;
    }
    return ok(false);
  }

  /**
   * The summary note. Its time is saved before it is sent: a retry that finds it set (the answer
   * may have been lost after Pipedrive made it) looks for that note on the person first.
   */
  async function addNote(contact: CrmContact, orgId: number | undefined, progress: Progress, context: ApplyContext): Promise<CrmResult<Progress>> {
    const content = summaryHtml(contact);
    if (progress.noteAt !== undefined) {
      const sent = await noteSent(progress.recordId!, content, progress.noteAt);
      if (!sent.ok) return sent;
      if (sent.value) return checkpoint(progress, context, { noteDone: true });
    } else {
      progress = { ...progress, noteAt: deps.now() };
      await context.save(progress);
    }
    const body = { content, person_id: Number(progress.recordId), ...(orgId !== undefined ? { org_id: orgId } : {}) } satisfies NoteCreate;
    const note = await send({ method: 'POST', url: `${base}/api/v1/notes`, body, idempotent: false }, noteResponseSchema);
    if (!note.ok) return note;
    return checkpoint(progress, context, { noteDone: true });
  }

  async function schema(): Promise<CrmResult<CrmSchema>> {
    const [fields, users] = await Promise.all([
      send({ method: 'GET', url: `${base}/api/v1/personFields?limit=500`, idempotent: true }, fieldsResponseSchema),
      send({ method: 'GET', url: `${base}/api/v1/users`, idempotent: true }, usersSchema),
    ]);
    if (!fields.ok) return fields;
    if (!users.ok) return users;
    const all = fields.value.body.data ?? [];
    const profile = profileKey ?? all.find((f) => f.name === PROFILE_FIELD_NAME)?.key;
    const labels = all.find((f) => f.key === 'label_ids') ?? all.find((f) => f.key === 'label');
    return ok({
      defaults: { ...DEFAULT_PROPERTY_OF },
      properties: all
        .filter((f) => mappable(f, profile))
        .map((f) => ({ name: f.key!, label: f.name || f.key!, custom: CUSTOM_KEY.test(f.key!), ...(f.key === PHONES ? { list: true } : {}) })),
      owners: (users.value.body.data ?? []).flatMap((u) => (u.id !== undefined && u.active_flag !== false && !u.is_deleted ? [{ id: String(u.id), name: u.name || u.email || String(u.id) }] : [])),
      ...(labels ? { lists: optionsOf(labels) } : {}),
    });
  }

  return {
    target: 'pipedrive',
    get fields() {
      return fieldsNow();
    },
    find: (contact, rememberedId) => findPerson(queryOf(contact), rememberedId),
    plan: (contact, match, policy) => planPush('pipedrive', fieldsNow(), contact, match, policy),
    async apply(plan, contact, context): Promise<CrmResult<PushResult>> {
      let progress = context.progress;
      if (plan.action === 'skip' && !progress.recordId) return ok({ action: 'skipped', recordId: plan.match!.id, recordUrl: plan.match!.url });
      const org = await organizationId(contact, progress, context);
      if (!org.ok) return org;
      progress = org.value;
      const orgId = progress.companyId ? Number(progress.companyId) : undefined;
      if (!progress.contactDone) {
        if (!progress.recordId && plan.action === 'create') {
          const created = await create(plan, orgId);
          if (!created.ok) return created;
          progress = { ...progress, recordId: created.value, created: true, contactDone: true, companyLinked: true };
        } else {
          const id = progress.recordId ?? plan.match!.id;
          const updated = await update(id, contact, context.policy, orgId);
          if (!updated.ok) return updated;
          progress = { ...progress, recordId: id, contactDone: true, companyLinked: true };
        }
        // The label went with the record's own write (create or update): one checkpoint for both.
        progress.recordUrl = recordUrl(progress.recordId!);
        if (label !== undefined) progress.listed = true;
        await context.save(progress);
      }
      if (label !== undefined && !progress.listed) {
        const labelled = await labelPerson(progress.recordId!);
        if (!labelled.ok) return labelled;
        progress = { ...progress, listed: true };
        await context.save(progress);
      }
      if (!progress.noteDone) {
        const noted = await addNote(contact, orgId, progress, { ...context, progress });
        if (!noted.ok) return noted;
        progress = noted.value;
      }
      return ok({ action: progress.created ? 'created' : 'updated', recordId: progress.recordId!, recordUrl: recordUrl(progress.recordId!) });
    },
    check: async (query, rememberedId) => checkFrom(await findPerson(query, rememberedId)),
    schema,
    async test() {
      const me = await send({ method: 'GET', url: `${base}/api/v1/users/me`, idempotent: true }, currentUserSchema);
      if (!me.ok) return me;
      // Asked again each time: an admin may have added the field, or given the right, since.
      denied = false;
      const key = await profileFieldKey(true);
      if (!key.ok) return key;
      const who = me.value.body.data;
      const user = who?.name ?? t('crm.test.pipedriveYourUser');
      const connected = who?.company_name ? t('crm.test.pipedriveCompany', { user, company: who.company_name }) : t('crm.test.pipedrive', { user });
      return ok(denied ? `${connected} ${t('crm.test.pipedriveNoFieldRight', { field: PROFILE_FIELD_NAME })}` : connected);
    },
  };
}
