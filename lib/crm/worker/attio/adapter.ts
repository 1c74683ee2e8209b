import { z } from 'zod';
import { t } from '@/lib/platform/i18n';
import { parseNetworkProfileUrl } from '@/lib/identity/network-profile';
import { propertiesOf, type CrmSchema } from '@/lib/crm/mapping';
import { type ApplyContext, checkFrom, checkpoint, type CrmAdapter, firstMatch, type Learn, type MatchQuery, type Progress, queryOf } from '@/lib/crm/worker/adapter';
import { attioBase, type AttioConnection } from '@/lib/crm/connection';
import { primaryEmail, type CrmContact } from '@/lib/crm/contact';
import { createCrmHttp, QUICK_RETRY, type CrmRequest, type CrmResponse, type HttpOptions } from '@/lib/crm/worker/http';
import { ATTIO_RATE_LIMIT } from '@/lib/crm/worker/rate-limits';
import { defaultSleep } from '@/lib/lookup/worker/rate-limiter';
import { earliestNoteTime, plainNoteText } from '@/lib/crm/worker/note-once';
import { comparable, planPush, writtenFields, type PlanPolicy } from '@/lib/crm/worker/plan';
import { summaryLines } from '@/lib/crm/summary';
import { fail, ok, type CrmField, type CrmResult, type FieldValues, type Match, type MatchedBy, type PushPlan, type PushResult } from '@/lib/crm/types';
import {
  attioDetails,
  attioMessage,
  attributesSchema,
  entryResponseSchema,
  listsSchema,
  membersSchema,
  noteResponseSchema,
  notesListSchema,
  recordListSchema,
  recordResponseSchema,
  selfSchema,
  type AttioAttribute,
  type AttioRecord,
  type EntryWrite,
  type NoteCreate,
  type RecordQuery,
  type RecordWrite,
  type WriteValues,
  WRITE_CONFLICT,
} from '@/lib/crm/worker/attio/wire';

/**
 * Attio: the standard `people` and `companies` objects. People are asserted (Attio's upsert) by
 * `email_addresses` and companies by `domains`, both unique attributes, so a push retried after
 * a lost answer lands on the record the first attempt made. The assert writes only the key; the
 * rest is planned against what the record holds, so it never replaces a value behind the user's
 * back. The profile URL goes in the standard `linkedin` attribute (text, not unique): a person
 * without a verified email is searched by it again right before being created.
 */
const ALL_FIELDS: readonly CrmField[] = ['firstName', 'lastName', 'jobTitle', 'email', 'phone', 'mobilePhone', 'profileUrl'];
// One `name` attribute holds both names; people are asserted by email and searched by `linkedin`: these never move.
const KEY_FIELDS: readonly CrmField[] = ['firstName', 'lastName', 'email', 'profileUrl'];
const KEY_ATTRIBUTES = new Set(['name', 'email_addresses', 'linkedin']);

/** The person's phone list: both numbers go in unless mapped elsewhere (adding one removes none). */
const PHONES = 'phone_numbers';
/** Where each movable field goes unless the user mapped it elsewhere (Settings › CRM › Field mapping). */
export const DEFAULT_PROPERTY_OF: Partial<Record<CrmField, string>> = { jobTitle: 'job_title', phone: PHONES, mobilePhone: PHONES };
const MOVABLE: readonly CrmField[] = ['jobTitle', 'mobilePhone', 'phone'];
/** Attribute types that take Dossier's text as a plain string, as Attio documents for writes. */
const MAPPABLE_TYPES = new Set(['text', 'phone-number']);

type Fields = Partial<Record<CrmField, string>>;

/** Attio's largest page of notes, and how many a retry reads (Attio documents no order for them). */
const NOTES_PAGE = 50;
const NOTES_PAGES = 10;


function first<T>(list: readonly T[] | undefined): T | undefined {
  return list?.[0];
}

function emailsOf(record: AttioRecord): string[] {
  return (record.values.email_addresses ?? []).flatMap((e) => (e.email_address ? [e.email_address] : []));
}

function phonesOf(record: AttioRecord): string[] {
  return (record.values.phone_numbers ?? []).flatMap((p) => (p.phone_number ?? p.original_phone_number ? [(p.phone_number ?? p.original_phone_number)!] : []));
}

/** The text of an attribute's first value, whatever its type holds it in. */
function textOf(values: unknown): string | undefined {
  const value: unknown = Array.isArray(values) ? values[0] : undefined;
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return undefined;
  const held = value as Record<string, unknown>;
  const text = held.value ?? held.original_phone_number ?? held.phone_number;
  return typeof text === 'string' ? text : undefined;
}

/** The actor-reference attribute that says who owns a person, when the workspace added one (people have none of their own). */
function ownerAttributeOf(attributes: readonly AttioAttribute[]): AttioAttribute | undefined {
  const owners = attributes.filter((a) => a.type === 'actor-reference' && a.is_writable !== false && !a.is_archived && /owner/i.test(`${a.api_slug} ${a.title ?? ''}`));
  return owners.find((a) => a.api_slug === 'owner') ?? owners[0];
}

function nameOf(record: AttioRecord): { first_name?: string; last_name?: string; full_name?: string } {
  const name = first(record.values.name);
  return name && 'full_name' in name ? { first_name: name.first_name ?? undefined, last_name: name.last_name ?? undefined, full_name: name.full_name ?? undefined } : {};
}

/**
 * A person in Dossier's field names. Emails and phones are lists in Attio: a value of ours that
 * the record already holds anywhere in the list is the same value; otherwise the email is the
 * record's first (its primary), and a phone is empty, since adding a number removes none.
 */
function valuesOf(record: AttioRecord, propertyOf: Partial<Record<CrmField, string>>, wanted: FieldValues = {}): FieldValues {
  const values: FieldValues = {};
  const name = nameOf(record);
  if (name.first_name) values.firstName = name.first_name;
  if (name.last_name) values.lastName = name.last_name;
  if (name.full_name) values.fullName = name.full_name;
  for (const field of MOVABLE) {
    const property = propertyOf[field];
    const value = property && property !== PHONES ? textOf(record.values[property]) : undefined;
    if (value) values[field] = value;
  }
  const linkedin = first(record.values.linkedin)?.value;
  if (linkedin) values.profileUrl = linkedin;
  const emails = emailsOf(record);
  const email = wanted.email && emails.find((e) => comparable('email', e) === comparable('email', wanted.email!));
  if (email || emails[0]) values.email = email || emails[0];
  const phones = phonesOf(record);
  for (const field of ['phone', 'mobilePhone'] as const) {
    if (propertyOf[field] !== PHONES) continue;
    const want = wanted[field];
    const held = want && phones.find((p) => comparable(field, p) === comparable(field, want));
    if (held) values[field] = held;
  }
  return values;
}

export interface AttioDeps extends Pick<HttpOptions, 'fetch' | 'acquire' | 'retry' | 'timeoutMs'> {
  learn: Learn;
  now(): number;
}

export function createAttioAdapter(connection: AttioConnection, deps: AttioDeps): CrmAdapter {
  const base = `${attioBase(connection)}/v2`;
  const http = createCrmHttp({ ...deps, secrets: [connection.token], messageOf: attioMessage, detailsOf: attioDetails, rateLimit: ATTIO_RATE_LIMIT });
  const sleep = deps.retry?.sleep ?? defaultSleep;
  const isWriteConflict = (result: CrmResult<unknown>) => !result.ok && result.error.status === 409 && result.error.code === WRITE_CONFLICT;

  /**
   * Attio answers 409 `concurrent_write_conflict` when another write to the record was under way
   * and asks to try again. It is retryable, not a refusal to park: an idempotent request (an
   * assert, an update) goes once more on the spot, and whatever still conflicts is left to the
   * outbox. A create is not resent on the spot: Attio does not document that nothing was
   * written, and the outbox matches again (or looks for the note) before it creates anything.
   */
  async function send<T>(request: Omit<CrmRequest, 'headers'>, schema: z.ZodType<T>): Promise<CrmResult<CrmResponse<T>>> {
    const attempt = () => http.send({ ...request, headers: { authorization: `Bearer ${connection.token}` } }, schema);
    let result = await attempt();
    if (isWriteConflict(result) && request.idempotent) {
      await sleep(QUICK_RETRY.baseDelayMs);
      result = await attempt();
    }
    return isWriteConflict(result) && !result.ok ? fail({ ...result.error, retryable: true }) : result;
  }
  let workspaceSlug = connection.workspaceSlug;
  const PROPERTY_OF = propertiesOf(DEFAULT_PROPERTY_OF, connection.fieldMap);
  const FIELDS = ALL_FIELDS.filter((field) => KEY_FIELDS.includes(field) || field in PROPERTY_OF);

  function recordUrl(id: string): string | null {
    return workspaceSlug ? `https://app.attio.com/${encodeURIComponent(workspaceSlug)}/person/${encodeURIComponent(id)}` : null;
  }

  const wantedOf = (contact: CrmContact | null): FieldValues => {
    if (!contact) return {};
    const mobile = contact.phones.find((p) => p.type === 'mobile')?.e164;
    const other = contact.phones.find((p) => p.type !== 'mobile')?.e164;
    return { email: primaryEmail(contact), ...(mobile ? { mobilePhone: mobile } : {}), ...(other ? { phone: other } : {}) };
  };

  function matchOf(record: AttioRecord, by: MatchedBy, contact: CrmContact | null): Match {
    const id = record.id.record_id;
    return { id, by, url: recordUrl(id), values: valuesOf(record, PROPERTY_OF, wantedOf(contact)) };
  }

  async function getPerson(id: string): Promise<CrmResult<AttioRecord | null>> {
    const result = await send({ method: 'GET', url: `${base}/objects/people/records/${encodeURIComponent(id)}`, idempotent: true }, recordResponseSchema);
    if (!result.ok) return result.error.kind === 'not_found' ? ok(null) : result;
    return ok(result.value.body.data);
  }

  async function query(object: 'people' | 'companies', filter: Record<string, unknown>, limit = 1): Promise<CrmResult<AttioRecord[]>> {
    const body = { filter, limit } satisfies RecordQuery;
    const result = await send({ method: 'POST', url: `${base}/objects/${object}/records/query`, body, idempotent: true }, recordListSchema);
    return result.ok ? ok(result.value.body.data) : result;
  }

  /** People whose `linkedin` is this profile, whatever form of the URL they hold. */
  async function byProfile(profileUrl: string): Promise<CrmResult<AttioRecord | null>> {
    const profile = parseNetworkProfileUrl(profileUrl);
    const needle = profile ? `linkedin.com/in/${profile.slug}` : profileUrl;
    const found = await query('people', { linkedin: { value: { $contains: needle } } }, 5);
    if (!found.ok) return found;
    const want = comparable('profileUrl', profileUrl);
    return ok(found.value.find((r) => (r.values.linkedin ?? []).some((v) => v.value && comparable('profileUrl', v.value) === want)) ?? null);
  }

  async function byNameAtCompany(query_: MatchQuery): Promise<CrmResult<AttioRecord | null>> {
    const companyFilters = [query_.companyDomain && { domains: query_.companyDomain }, query_.companyName && { name: query_.companyName }].filter(Boolean) as object[];
    const companies = await query('companies', { $or: companyFilters }, 5);
    if (!companies.ok) return companies;
    const ids = companies.value.map((c) => c.id.record_id);
    if (ids.length === 0) return ok(null);
    const name = query_.fullName ?? [query_.firstName, query_.lastName].filter(Boolean).join(' ');
    return mapFirst(await query('people', { $and: [{ name: { full_name: { $eq: name } } }, { $or: ids.map((id) => ({ company: { target_record_id: { $eq: id } } })) }] }));
  }

  const mapFirst = (result: CrmResult<AttioRecord[]>): CrmResult<AttioRecord | null> => (result.ok ? ok(result.value[0] ?? null) : result);

  async function findPerson(query_: MatchQuery, rememberedId: string | null, contact: CrmContact | null): Promise<CrmResult<Match | null>> {
    const found = (by: MatchedBy) => (result: CrmResult<AttioRecord | null>) => (result.ok ? ok(result.value ? matchOf(result.value, by, contact) : null) : result);
    const emails = query_.emails.slice(0, 5);
    return firstMatch([
      rememberedId !== null && (async () => found('remembered')(await getPerson(rememberedId))),
      emails.length > 0 && (async () => found('email')(mapFirst(await query('people', { $or: emails.map((email) => ({ email_addresses: email })) })))),
      Boolean(query_.profileUrl) && (async () => found('profileUrl')(await byProfile(query_.profileUrl!))),
      Boolean((query_.fullName || query_.firstName) && (query_.companyName || query_.companyDomain)) && (async () => found('nameCompany')(await byNameAtCompany(query_))),
    ]);
  }

  /** The company, asserted by domain (or found by name, else created), its id saved in the progress. */
  async function companyId(contact: CrmContact, progress: Progress, context: ApplyContext): Promise<CrmResult<Progress>> {
    const company = contact.company;
    if (progress.companyId || (!company?.domain && !company?.name)) return ok(progress);
    let record: AttioRecord | null;
    if (company.domain) {
      const body = { data: { values: { domains: [{ domain: company.domain }] } } } satisfies RecordWrite;
      const asserted = await send({ method: 'PUT', url: `${base}/objects/companies/records?matching_attribute=domains`, body, idempotent: true }, recordResponseSchema);
      if (!asserted.ok) return asserted;
      record = asserted.value.body.data;
    } else {
      const found = await query('companies', { name: company.name! });
      if (!found.ok) return found;
      record = found.value[0] ?? null;
      if (!record) {
        const body = { data: { values: { name: [{ value: company.name! }] } } } satisfies RecordWrite;
        const created = await send({ method: 'POST', url: `${base}/objects/companies/records`, body, idempotent: false }, recordResponseSchema);
        if (!created.ok) return created;
        record = created.value.body.data;
      }
    }
    // A company that has a name keeps it: only an empty one (just asserted) is named.
    if (company.name && !first(record.values.name)) {
      const body = { data: { values: { name: [{ value: company.name }] } } } satisfies RecordWrite;
      const named = await send({ method: 'PATCH', url: `${base}/objects/companies/records/${encodeURIComponent(record.id.record_id)}`, body, idempotent: true }, recordResponseSchema);
      if (!named.ok) return named;
    }
    const next = { ...progress, companyId: record.id.record_id };
    await context.save(next);
    return ok(next);
  }

  /** The attribute values that write these fields onto a record holding `current`. */
  function valuesFor(fields: Fields, current: AttioRecord | null, companyRecordId: string | undefined, replace: boolean): WriteValues {
    const values: WriteValues = {};
    if (fields.firstName || fields.lastName) {
      const name = current ? nameOf(current) : {};
      const firstName = fields.firstName ?? name.first_name ?? '';
      const lastName = fields.lastName ?? name.last_name ?? '';
      values.name = [{ first_name: firstName, last_name: lastName, full_name: [firstName, lastName].filter(Boolean).join(' ') }];
    }
    if (fields.profileUrl) values.linkedin = [{ value: fields.profileUrl }];
    // Mapped attributes take the text as a string (text and phone-number ones alike); a list attribute may take several.
    for (const field of MOVABLE) {
      const property = PROPERTY_OF[field];
      const value = fields[field];
      if (property && value && property !== PHONES) values[property] = [...(values[property] ?? []), value];
    }
    // PUT replaces lists, so it is sent whole: ours first (it becomes the primary), then the rest.
    const existingEmails = current && replace ? emailsOf(current).filter((e) => !fields.email || comparable('email', e) !== comparable('email', fields.email)) : [];
    if (fields.email) values.email_addresses = [fields.email, ...existingEmails].map((email_address) => ({ email_address }));
    const phones = MOVABLE.filter((field) => PROPERTY_OF[field] === PHONES).flatMap((field) => (fields[field] ? [fields[field]] : []));
    const existingPhones = current && replace ? phonesOf(current).filter((p) => !phones.some((n) => comparable('phone', n) === comparable('phone', p))) : [];
    if (phones.length && replace) values.phone_numbers = [...existingPhones, ...phones].map((original_phone_number) => ({ original_phone_number }));
    else if (phones.length) values.phone_numbers = phones.map((original_phone_number) => ({ original_phone_number }));
    // A person filed under another company stays there: moving them is the user's call.
    if (companyRecordId && !first(current?.values.company)?.target_record_id) values.company = [{ target_object: 'companies', target_record_id: companyRecordId }];
    return values;
  }

  /** Writes what the plan allows onto a known record, planning again against what it holds now. */
  async function writeTo(id: string, contact: CrmContact, policy: PlanPolicy, companyRecordId: string | undefined, held?: AttioRecord, extra: WriteValues = {}): Promise<CrmResult<string>> {
    const current = held ? ok<AttioRecord | null>(held) : await getPerson(id);
    if (!current.ok) return current;
    if (!current.value) return fail({ kind: 'not_found', retryable: true, message: t('crm.error.attioPersonDeleted') });
    const plan = planPush('attio', FIELDS, contact, matchOf(current.value, 'remembered', contact), policy);
    const fields = writtenFields(plan);
    // Replacing the primary email reorders the list: only PUT (which replaces lists) can. PATCH appends.
    const replace = plan.changes.some((c) => c.field === 'email' && c.status === 'overwrite');
    const values = { ...valuesFor(fields, current.value, companyRecordId, replace), ...extra };
    if (Object.keys(values).length === 0) return ok(id);
    const body = { data: { values } } satisfies RecordWrite;
    const written = await send({ method: replace ? 'PUT' : 'PATCH', url: `${base}/objects/people/records/${encodeURIComponent(id)}`, body, idempotent: true }, recordResponseSchema);
    return written.ok ? ok(id) : written;
  }

  /**
   * The person's record for a plan that creates: asserted by the verified email (a retry lands
   * on the same record), else the record with the profile URL if one appeared meanwhile, else a
   * new one. Only the key is written here; `writeTo` plans the rest against the record.
   */
  async function createPerson(plan: PushPlan, contact: CrmContact, companyRecordId: string | undefined): Promise<CrmResult<{ id: string; created: boolean; record: AttioRecord | null }>> {
    const email = primaryEmail(contact);
    if (email) {
      const body = { data: { values: { email_addresses: [{ email_address: email }] } } } satisfies RecordWrite;
      const asserted = await send({ method: 'PUT', url: `${base}/objects/people/records?matching_attribute=email_addresses`, body, idempotent: true }, recordResponseSchema);
      if (!asserted.ok) return asserted;
      const record = asserted.value.body.data;
      // A person without a name is the one this assert made: anyone filed before has one.
      return ok({ id: record.id.record_id, created: !first(record.values.name), record });
    }
    if (contact.profileUrl) {
      const found = await byProfile(contact.profileUrl);
      if (!found.ok) return found;
      if (found.value) return ok({ id: found.value.id.record_id, created: false, record: found.value });
    }
    const body = { data: { values: valuesFor(writtenFields(plan), null, companyRecordId, false) } } satisfies RecordWrite;
    const created = await send({ method: 'POST', url: `${base}/objects/people/records`, body, idempotent: false }, recordResponseSchema);
    if (!created.ok) return created;
    return ok({ id: created.value.body.data.id.record_id, created: true, record: created.value.body.data });
  }

  async function writePerson(plan: PushPlan, contact: CrmContact, progress: Progress, context: ApplyContext): Promise<CrmResult<Progress>> {
    let held: AttioRecord | undefined;
    if (!progress.recordId && plan.action === 'create') {
      const created = await createPerson(plan, contact, progress.companyId);
      if (!created.ok) return created;
      held = created.value.record ?? undefined;
      progress = { ...progress, recordId: created.value.id, created: created.value.created, recordUrl: recordUrl(created.value.id) };
      await context.save(progress);
    }
    const id = progress.recordId ?? plan.match?.id;
    if (!id) return fail({ kind: 'invalid_response', retryable: false, message: t('crm.error.attioNoRecordId') });
    // A person Dossier made goes to the owner the user chose (written with its fields, or again if this attempt repeats).
    const owner = progress.created && connection.ownerId ? await ownerValues(connection.ownerId) : ok<WriteValues>({});
    if (!owner.ok) return owner;
    const written = await writeTo(id, contact, context.policy, progress.companyId, held, owner.value);
    if (!written.ok) return written;
    progress = { ...progress, recordId: id, recordUrl: recordUrl(id), contactDone: true, companyLinked: true };
    await context.save(progress);
    return ok(progress);
  }

  async function attributes(): Promise<CrmResult<AttioAttribute[]>> {
    const result = await send({ method: 'GET', url: `${base}/objects/people/attributes`, idempotent: true }, attributesSchema);
    return result.ok ? ok(result.value.body.data) : result;
  }

  /** The owner, in the people object's owner attribute (the workspace's own: Attio's people have none built in). */
  async function ownerValues(memberId: string): Promise<CrmResult<WriteValues>> {
    const all = await attributes();
    if (!all.ok) return all;
    const attribute = ownerAttributeOf(all.value);
    if (!attribute) return fail({ kind: 'rejected', retryable: false, message: t('crm.error.attioNoOwnerAttribute') });
    return ok({ [attribute.api_slug]: [{ referenced_actor_type: 'workspace-member', referenced_actor_id: memberId }] });
  }

  /** Puts the person in the chosen list: asserted by parent record, so a repeat finds the entry it made. */
  async function addToList(listId: string, progress: Progress, context: ApplyContext): Promise<CrmResult<Progress>> {
    const body = { data: { parent_record_id: progress.recordId!, parent_object: 'people', entry_values: {} } } satisfies EntryWrite;
    const entry = await send({ method: 'PUT', url: `${base}/lists/${encodeURIComponent(listId)}/entries`, body, idempotent: true }, entryResponseSchema);
    if (!entry.ok) return entry;
    progress = { ...progress, listed: true };
    await context.save(progress);
    return ok(progress);
  }

  async function schema(): Promise<CrmResult<CrmSchema>> {
    const [all, lists] = await Promise.all([attributes(), send({ method: 'GET', url: `${base}/lists`, idempotent: true }, listsSchema)]);
    if (!all.ok) return all;
    // An Attio key holds the scopes it was given: without the lists' or the members' (403), that choice is not offered.
    const unscoped = (result: CrmResult<unknown>) => !result.ok && result.error.status === 403;
    if (!lists.ok && !unscoped(lists)) return lists;
    // Owners only when people have an owner attribute to hold one; suspended members own nothing new.
    const members = ownerAttributeOf(all.value) ? await send({ method: 'GET', url: `${base}/workspace_members`, idempotent: true }, membersSchema) : null;
    if (members && !members.ok && !unscoped(members)) return members;
    return ok({
      defaults: { ...DEFAULT_PROPERTY_OF },
      properties: all.value
        .filter((a) => a.is_writable !== false && !a.is_archived && MAPPABLE_TYPES.has(a.type) && !KEY_ATTRIBUTES.has(a.api_slug))
        .map((a) => ({ name: a.api_slug, label: a.title || a.api_slug, custom: a.is_system_attribute === false, ...(a.is_multiselect ? { list: true } : {}) })),
      owners: (members?.ok ? members.value.body.data : [])
        .filter((m) => m.access_level !== 'suspended')
        .map((m) => ({ id: m.id.workspace_member_id, name: [m.first_name, m.last_name].filter(Boolean).join(' ') || m.email_address || m.id.workspace_member_id })),
      ...(lists.ok ? { lists: lists.value.body.data.filter((l) => l.parent_object.includes('people')).map((l) => ({ id: l.id.list_id, name: l.name || l.api_slug || l.id.list_id })) } : {}),
    });
  }

  /**
   * Whether the person has this note already (same title and text), made at or after `since`
   * less the clock slack. Attio documents no order for the list, so every page is read, up to a
   * bound. Only a retry asks.
   */
  async function noteSent(recordId: string, title: string, content: string, since: number): Promise<CrmResult<boolean>> {
    const from = earliestNoteTime(since);
    for (let page = 0; page < NOTES_PAGES; page += 1) {
      const params = new URLSearchParams({ parent_object: 'people', parent_record_id: recordId, limit: String(NOTES_PAGE), offset: String(page * NOTES_PAGE) });
      const listed = await send({ method: 'GET', url: `${base}/notes?${params}`, idempotent: true }, notesListSchema);
      if (!listed.ok) return listed;
      const notes = listed.value.body.data;
      // A time that cannot be read does not rule the note out.
      const recent = (at: string | null | undefined) => !(Date.parse(at ?? '') < from);
      if (notes.some((n) => n.title?.trim() === title.trim() && plainNoteText(n.content_plaintext) === plainNoteText(content) && recent(n.created_at))) return ok(true);
      if (notes.length < NOTES_PAGE) return ok(false);
    }
    return ok(false);
  }

  /**
   * The summary note. Its time is saved before it is sent: a retry that finds it set (the answer
   * may have been lost after Attio made it) looks for that note on the person first.
   */
  async function addNote(contact: CrmContact, progress: Progress, context: ApplyContext): Promise<CrmResult<Progress>> {
    // Attio notes are plaintext or markdown, never HTML: the summary's lines go as they are.
    const [title, ...lines] = summaryLines(contact);
    const content = lines.join('\n');
    if (progress.noteAt !== undefined) {
      const sent = await noteSent(progress.recordId!, title!, content, progress.noteAt);
      if (!sent.ok) return sent;
      if (sent.value) return checkpoint(progress, context, { noteDone: true });
    } else {
      progress = { ...progress, noteAt: deps.now() };
      await context.save(progress);
    }
    const body = { data: { parent_object: 'people', parent_record_id: progress.recordId!, title: title!, format: 'plaintext', content } } satisfies NoteCreate;
    const created = await send({ method: 'POST', url: `${base}/notes`, body, idempotent: false }, noteResponseSchema);
    if (!created.ok) return created;
    return checkpoint(progress, context, { noteDone: true });
  }

  return {
    target: 'attio',
    fields: FIELDS,
    find: (contact, rememberedId) => findPerson(queryOf(contact), rememberedId, contact),
    plan: (contact, match, policy) => planPush('attio', FIELDS, contact, match, policy),
    async apply(plan, contact, context): Promise<CrmResult<PushResult>> {
      let progress = context.progress;
      if (plan.action === 'skip' && !progress.recordId) return ok({ action: 'skipped', recordId: plan.match!.id, recordUrl: plan.match!.url });
      if (!progress.contactDone) {
        const company = await companyId(contact, progress, context);
        if (!company.ok) return company;
        const written = await writePerson(plan, contact, company.value, context);
        if (!written.ok) return written;
        progress = written.value;
      }
      if (connection.listId && !progress.listed) {
        const listed = await addToList(connection.listId, progress, context);
        if (!listed.ok) return listed;
        progress = listed.value;
      }
      if (!progress.noteDone) {
        const noted = await addNote(contact, progress, context);
        if (!noted.ok) return noted;
        progress = noted.value;
      }
      return ok({ action: progress.created ? 'created' : 'updated', recordId: progress.recordId!, recordUrl: recordUrl(progress.recordId!) });
    },
    check: async (query_, rememberedId) => checkFrom(await findPerson(query_, rememberedId, null)),
    schema,
    async test() {
      const self = await send({ method: 'GET', url: `${base}/self`, idempotent: true }, selfSchema);
      if (!self.ok) return self;
      const who = self.value.body;
      if (!who.active) return fail({ kind: 'auth', retryable: false, status: 200, message: t('crm.error.attioInactiveKey') });
      if (who.workspace_slug) {
        workspaceSlug = who.workspace_slug;
        await deps.learn({ workspaceSlug: who.workspace_slug });
      }
      return ok(t('crm.test.attio', { workspace: who.workspace_name ?? who.workspace_slug ?? t('crm.test.attioYourWorkspace') }));
    },
  };
}
