import { propertiesOf, type CrmSchema } from '@/lib/crm/mapping';
import { z } from 'zod';
import { t } from '@/lib/platform/i18n';
import { type ApplyContext, checkFrom, checkpoint, type CrmAdapter, firstMatch, type Learn, type MatchQuery, type Progress, queryOf, splitFullName } from '@/lib/crm/worker/adapter';
import { hubspotBase, type HubspotConnection } from '@/lib/crm/connection';
import { primaryEmail, type CrmContact } from '@/lib/crm/contact';
import { createCrmHttp, type CrmRequest, type HttpOptions } from '@/lib/crm/worker/http';
import { HUBSPOT_RATE_LIMIT } from '@/lib/crm/worker/rate-limits';
import { planPush, writtenFields, type PlanPolicy } from '@/lib/crm/worker/plan';
import { summaryHtml } from '@/lib/crm/summary';
import { fail, ok, type CrmField, type CrmResult, type FieldValues, type Match, type MatchedBy, type PushPlan, type PushResult } from '@/lib/crm/types';
import {
  accountSchema,
  associationResponseSchema,
  existingIdOf,
  ownersSchema,
  propertiesListSchema,
  hubspotMessage,
  listsSearchSchema,
  membershipsAddSchema,
  missingScopesOf,
  objectSchema,
  propertySchema,
  searchResponseSchema,
  upsertResponseSchema,
  type CreateInput,
  type HubspotObject,
  type NoteInput,
  type PropertyInput,
  type SearchRequest,
  type UpdateInput,
  type UpsertInput,
} from '@/lib/crm/worker/hubspot/wire';

/**
 * Dossier keeps the network profile URL in a custom contact property of its own, created on
 * connect (single-line text, unique values) because HubSpot has no standard one for people.
 * Unique values make it a key HubSpot's upsert accepts, so a person with no verified email is
 * still written idempotently.
 */
export const PROFILE_PROPERTY = 'dossier_profile_url';

/** Where each field goes unless the user mapped it elsewhere (Settings › CRM › Field mapping). */
export const DEFAULT_PROPERTY_OF: Partial<Record<CrmField, string>> = {
  firstName: 'firstname',
  lastName: 'lastname',
  jobTitle: 'jobtitle',
  email: 'email',
  phone: 'phone',
  mobilePhone: 'mobilephone',
  profileUrl: PROFILE_PROPERTY,
  companyName: 'company',
  website: 'website',
};
// Upserts and searches key on these: they keep their property whatever the mapping says.
const KEY_FIELDS: readonly CrmField[] = ['email', 'profileUrl'];

/** Contacts' object type id, and the lists HubSpot lets an app add members to. */
const CONTACT_OBJECT_TYPE = '0-1';
const LISTS_TAKING_MEMBERS = new Set(['MANUAL', 'SNAPSHOT']);

/** HubSpot's default association types (v4): note → contact. */
const NOTE_TO_CONTACT = 202;

/** What to add to the private app: each group is one refused call, any one of its scopes lets it through. */
function scopesMessage(groups: readonly string[][]): string {
  const unique = [...new Map(groups.map((group) => [group.join(' / '), group])).keys()];
  return t('crm.error.hubspotMissingScopes', { scopes: unique.join(', ') });
}

export interface HubspotDeps extends Pick<HttpOptions, 'fetch' | 'acquire' | 'retry' | 'timeoutMs'> {
  learn: Learn;
  now(): number;
}

export function createHubspotAdapter(connection: HubspotConnection, deps: HubspotDeps): CrmAdapter {
  const base = hubspotBase(connection);
  // A 403 for a missing scope says which one, on every screen that calls HubSpot (connect,
  // field mapping, the outbox): HubSpot's own message only points to its scopes page.
  const http = createCrmHttp({
    ...deps,
    secrets: [connection.token],
    messageOf: (body) => {
      const scopes = missingScopesOf(body);
      return scopes?.length ? scopesMessage([scopes]) : hubspotMessage(body);
    },
    detailsOf: (body) => {
      const scopes = missingScopesOf(body);
      return scopes?.length ? { code: 'MISSING_SCOPES', scopes: [scopes] } : null;
    },
    rateLimit: HUBSPOT_RATE_LIMIT,
  });
  const auth = { authorization: `Bearer ${connection.token}` };
  const send = <T>(request: Omit<CrmRequest, 'headers'>, schema: z.ZodType<T>) => http.send({ ...request, headers: auth }, schema);
  const PROPERTY_OF = propertiesOf(DEFAULT_PROPERTY_OF, connection.fieldMap, KEY_FIELDS);
  const FIELDS = Object.keys(PROPERTY_OF) as CrmField[];
  const READ_PROPERTIES = Object.values(PROPERTY_OF) as string[];

  function valuesOf(object: HubspotObject): FieldValues {
    const values: FieldValues = {};
    for (const field of FIELDS) {
      const value = object.properties[PROPERTY_OF[field]!];
      if (value) values[field] = value;
    }
    return values;
  }

  function propertiesFor(fields: Partial<Record<CrmField, string>>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [field, value] of Object.entries(fields) as [CrmField, string][]) {
      const property = PROPERTY_OF[field];
      if (property && value) out[property] = value;
    }
    return out;
  }

  function recordUrl(id: string): string | null {
    if (connection.portalId === undefined) return null;
    return `https://${connection.uiDomain ?? 'app.hubspot.com'}/contacts/${connection.portalId}/record/0-1/${encodeURIComponent(id)}`;
  }

  function matchOf(object: HubspotObject, by: MatchedBy): Match {
    return { id: object.id, by, url: recordUrl(object.id), values: valuesOf(object) };
  }

  async function getContact(id: string): Promise<CrmResult<HubspotObject | null>> {
    const url = `${base}/crm/v3/objects/contacts/${encodeURIComponent(id)}?properties=${READ_PROPERTIES.join(',')}`;
    const result = await send({ method: 'GET', url, idempotent: true }, objectSchema);
    if (!result.ok) return result.error.kind === 'not_found' ? ok(null) : result;
    return ok(result.value.body);
  }

  async function search(objectType: 'contacts' | 'companies' | 'notes', filterGroups: SearchRequest['filterGroups'], properties: string[]): Promise<CrmResult<HubspotObject | null>> {
    const body = { filterGroups, properties, limit: 2 } satisfies SearchRequest;
    const result = await send({ method: 'POST', url: `${base}/crm/v3/objects/${objectType}/search`, body, idempotent: true }, searchResponseSchema);
    if (!result.ok) return result;
    return ok(result.value.body.results[0] ?? null);
  }

  const eq = (propertyName: string, value: string) => ({ propertyName, operator: 'EQ' as const, value });

  async function findContact(query: MatchQuery, rememberedId: string | null): Promise<CrmResult<Match | null>> {
    const name = query.firstName || query.lastName ? { firstName: query.firstName, lastName: query.lastName } : splitFullName(query.fullName);
    const nameFilters = [name.firstName && eq('firstname', name.firstName), name.lastName && eq('lastname', name.lastName)].filter(Boolean) as ReturnType<typeof eq>[];
    const companyGroups = [
      query.companyName && { filters: [...nameFilters, eq('company', query.companyName)] },
      query.companyDomain && { filters: [...nameFilters, eq('hs_email_domain', query.companyDomain)] },
    ].filter(Boolean) as { filters: ReturnType<typeof eq>[] }[];
    const found = (by: MatchedBy) => (result: CrmResult<HubspotObject | null>) => (result.ok ? ok(result.value ? matchOf(result.value, by) : null) : result);
    return firstMatch([
      rememberedId !== null && (async () => found('remembered')(await getContact(rememberedId))),
      // HubSpot ORs filter groups: one search covers every verified address.
      query.emails.length > 0 && (async () => found('email')(await search('contacts', query.emails.slice(0, 5).map((e) => ({ filters: [eq('email', e)] })), READ_PROPERTIES))),
      Boolean(query.profileUrl) && (async () => found('profileUrl')(await search('contacts', [{ filters: [eq(PROFILE_PROPERTY, query.profileUrl!)] }], READ_PROPERTIES))),
      nameFilters.length > 0 && companyGroups.length > 0 && (async () => found('nameCompany')(await search('contacts', companyGroups, READ_PROPERTIES))),
    ]);
  }

  async function patch(id: string, fields: Partial<Record<CrmField, string>>): Promise<CrmResult<HubspotObject>> {
    return patchProperties(id, propertiesFor(fields));
  }

  async function patchProperties(id: string, properties: Record<string, string>): Promise<CrmResult<HubspotObject>> {
    const body = { properties } satisfies UpdateInput;
    const result = await send({ method: 'PATCH', url: `${base}/crm/v3/objects/contacts/${encodeURIComponent(id)}`, body, idempotent: true }, objectSchema);
    return result.ok ? ok(result.value.body) : result;
  }

  /**
   * Creates (or finds) the record keyed by a unique property, writing only that key: whatever
   * else the record holds is then planned against, field by field, so an upsert never replaces
   * a non-empty field behind the user's back.
   */
  async function upsertKey(idProperty: 'email' | typeof PROFILE_PROPERTY, value: string): Promise<CrmResult<{ id: string; created: boolean }>> {
    const body = { inputs: [{ id: value, idProperty, properties: { [idProperty]: value } }] } satisfies UpsertInput;
    const result = await send({ method: 'POST', url: `${base}/crm/v3/objects/contacts/batch/upsert`, body, idempotent: true }, upsertResponseSchema);
    if (!result.ok) return result;
    const answer = result.value.body;
    const item = answer.results[0];
    if (!item) {
      // 207 multi-status: the batch ran, this input failed; HubSpot says why per item.
      const error = answer.errors?.[0];
      return fail({ kind: 'rejected', retryable: false, status: result.value.status, message: error?.message ?? t('crm.error.hubspotNotUpserted') });
    }
    return ok({ id: item.id, created: item.new === true });
  }

  async function create(fields: Partial<Record<CrmField, string>>): Promise<CrmResult<{ id: string; created: boolean }>> {
    const body = { properties: propertiesFor(fields) } satisfies CreateInput;
    const result = await send({ method: 'POST', url: `${base}/crm/v3/objects/contacts`, body, idempotent: false }, objectSchema);
    if (result.ok) return ok({ id: result.value.body.id, created: true });
    const existing = result.error.kind === 'conflict' ? existingIdOf(result.error.message) : null;
    return existing ? ok({ id: existing, created: false }) : result;
  }

  /** Writes a plan's fields to a known record, planning again against what it holds now. */
  async function writeTo(id: string, contact: CrmContact, policy: PlanPolicy, hops = 0): Promise<CrmResult<string>> {
    const current = await getContact(id);
    if (!current.ok) return current;
    const plan = planPush('hubspot', FIELDS, contact, current.value ? matchOf(current.value, 'remembered') : null, policy);
    const fields = writtenFields(plan);
    if (Object.keys(fields).length === 0) return ok(id);
    const result = await patch(id, fields);
    if (result.ok) return ok(id);
    // Another record already holds the email: that one is the person, write there instead.
    const other = result.error.kind === 'conflict' ? existingIdOf(result.error.message) : null;
    if (other && other !== id && hops === 0) return writeTo(other, contact, policy, 1);
    return result;
  }

  async function writeContact(plan: PushPlan, contact: CrmContact, context: ApplyContext): Promise<CrmResult<Progress>> {
    let progress = context.progress;
    if (!progress.recordId && plan.action === 'create') {
      const email = primaryEmail(contact);
      const created = email ? await upsertKey('email', email) : contact.profileUrl ? await upsertKey(PROFILE_PROPERTY, contact.profileUrl) : await create(writtenFields(plan));
      if (!created.ok) return created;
      progress = { ...progress, recordId: created.value.id, created: created.value.created, recordUrl: recordUrl(created.value.id) };
      await context.save(progress);
    }
    // A record Dossier made goes to the owner the user chose (else HubSpot leaves it unassigned).
    if (progress.created && connection.ownerId && progress.recordId) {
      const owned = await patchProperties(progress.recordId, { hubspot_owner_id: connection.ownerId });
      if (!owned.ok) return owned;
    }
    const id = progress.recordId ?? plan.match?.id;
    if (!id) return fail({ kind: 'invalid_response', retryable: false, message: t('crm.error.hubspotNoRecordId') });
    const written = await writeTo(id, contact, context.policy);
    if (!written.ok) return written;
    progress = { ...progress, recordId: written.value, recordUrl: recordUrl(written.value), contactDone: true };
    await context.save(progress);
    return ok(progress);
  }

  async function linkCompany(contact: CrmContact, progress: Progress, context: ApplyContext): Promise<CrmResult<Progress>> {
    const company = contact.company;
    if (!company?.name && !company?.domain) return ok(progress);
    if (!progress.companyId) {
      const found = company.domain
        ? await search('companies', [{ filters: [eq('domain', company.domain)] }], ['name', 'domain'])
        : await search('companies', [{ filters: [eq('name', company.name!)] }], ['name', 'domain']);
      if (!found.ok) return found;
      let companyId = found.value?.id;
      if (!companyId) {
        const properties: Record<string, string> = {};
        if (company.name) properties.name = company.name;
        if (company.domain) properties.domain = company.domain;
        if (company.website) properties.website = company.website;
        const body = { properties } satisfies CreateInput;
        const created = await send({ method: 'POST', url: `${base}/crm/v3/objects/companies`, body, idempotent: false }, objectSchema);
        if (!created.ok) return created;
        companyId = created.value.body.id;
      }
      progress = { ...progress, companyId };
      await context.save(progress);
    }
    const url = `${base}/crm/v4/objects/contacts/${encodeURIComponent(progress.recordId!)}/associations/default/companies/${encodeURIComponent(progress.companyId!)}`;
    const linked = await send({ method: 'PUT', url, idempotent: true }, associationResponseSchema);
    if (!linked.ok) return linked;
    progress = { ...progress, companyLinked: true };
    await context.save(progress);
    return ok(progress);
  }

  async function addToList(listId: string, progress: Progress, context: ApplyContext): Promise<CrmResult<Progress>> {
    const url = `${base}/crm/v3/lists/${encodeURIComponent(listId)}/memberships/add`;
    const added = await send({ method: 'PUT', url, body: [progress.recordId!], idempotent: true }, membershipsAddSchema);
    if (!added.ok) return added;
    progress = { ...progress, listed: true };
    await context.save(progress);
    return ok(progress);
  }

  async function addNote(contact: CrmContact, progress: Progress, context: ApplyContext): Promise<CrmResult<Progress>> {
    const recordId = progress.recordId!;
    // Epoch milliseconds: what HubSpot's search compares a datetime with (an ISO string finds
    // nothing), and one of the two forms a note's create takes, so both say the same instant.
    const at = String(Math.trunc(progress.noteAt ?? deps.now()));
    if (progress.noteAt !== undefined) {
      // Sent before, answer unknown: the note with this timestamp on this record is that one.
      const sent = await search('notes', [{ filters: [eq('associations.contact', recordId), eq('hs_timestamp', at)] }], ['hs_timestamp']);
      if (!sent.ok) return sent;
      if (sent.value) return checkpoint(progress, context, { noteDone: true });
    } else {
      progress = { ...progress, noteAt: Number(at) };
      await context.save(progress);
    }
    const body = {
      properties: { hs_timestamp: at, hs_note_body: summaryHtml(contact) },
      associations: [{ to: { id: recordId }, types: [{ associationCategory: 'HUBSPOT_DEFINED' as const, associationTypeId: NOTE_TO_CONTACT }] }],
    } satisfies NoteInput;
    const created = await send({ method: 'POST', url: `${base}/crm/v3/objects/notes`, body, idempotent: false }, objectSchema);
    if (!created.ok) return created;
    return checkpoint(progress, context, { noteDone: true });
  }

  /** Dossier's profile URL property, created when missing (needs the schema-write scope). */
  async function ensureProfileProperty(): Promise<CrmResult<string>> {
    const url = `${base}/crm/v3/properties/contacts/${PROFILE_PROPERTY}`;
    const existing = await send({ method: 'GET', url, idempotent: true }, propertySchema);
    if (existing.ok) return ok('');
    if (existing.error.kind !== 'not_found') return existing;
    const body = {
      name: PROFILE_PROPERTY,
      label: 'Profile URL (Dossier)',
      type: 'string' as const,
      fieldType: 'text',
      groupName: 'contactinformation',
      hasUniqueValue: true,
      description: 'The network profile URL Dossier matches people by.',
    } satisfies PropertyInput;
    const created = await send({ method: 'POST', url: `${base}/crm/v3/properties/contacts`, body, idempotent: true }, propertySchema);
    if (created.ok) return ok(t('crm.test.hubspotPropertyCreated', { property: PROFILE_PROPERTY }));
    return ok(t('crm.test.hubspotPropertyMissing', { property: PROFILE_PROPERTY, message: created.error.message }));
  }

  return {
    target: 'hubspot',
    fields: FIELDS,
    find: (contact, rememberedId) => findContact(queryOf(contact), rememberedId),
    plan: (contact, match, policy) => planPush('hubspot', FIELDS, contact, match, policy),
    async apply(plan, contact, context): Promise<CrmResult<PushResult>> {
      let progress = context.progress;
      if (plan.action === 'skip' && !progress.recordId) return ok({ action: 'skipped', recordId: plan.match!.id, recordUrl: plan.match!.url });
      if (!progress.contactDone) {
        const written = await writeContact(plan, contact, context);
        if (!written.ok) return written;
        progress = written.value;
      }
      if (!progress.companyLinked) {
        const linked = await linkCompany(contact, progress, { ...context, progress });
        if (!linked.ok) return linked;
        progress = linked.value;
      }
      if (connection.listId && !progress.listed) {
        const listed = await addToList(connection.listId, progress, { ...context, progress });
        if (!listed.ok) return listed;
        progress = listed.value;
      }
      if (!progress.noteDone) {
        const noted = await addNote(contact, progress, { ...context, progress });
        if (!noted.ok) return noted;
        progress = noted.value;
      }
      return ok({ action: progress.created ? 'created' : 'updated', recordId: progress.recordId!, recordUrl: recordUrl(progress.recordId!) });
    },
    check: async (query, rememberedId) => checkFrom(await findContact(query, rememberedId)),
    async schema(): Promise<CrmResult<CrmSchema>> {
      const [listed, owners, lists] = await Promise.all([
        send({ method: 'GET', url: `${base}/crm/v3/properties/contacts`, idempotent: true }, propertiesListSchema),
        send({ method: 'GET', url: `${base}/crm/v3/owners?limit=100`, idempotent: true }, ownersSchema),
        send({ method: 'POST', url: `${base}/crm/v3/lists/search`, body: { processingTypes: [...LISTS_TAKING_MEMBERS], count: 250, offset: 0 }, idempotent: true }, listsSearchSchema),
      ]);
      // The mapping screen reads three things; when scopes are missing, it names all of them at once.
      const lacking = [listed, owners, lists].flatMap((r) => (!r.ok && r.error.scopes ? r.error.scopes : []));
      const refused = [listed, owners, lists].find((r) => !r.ok && r.error.scopes);
      if (refused && !refused.ok) return fail({ ...refused.error, scopes: lacking, message: scopesMessage(lacking) });
      if (!listed.ok) return listed;
      if (!owners.ok) return owners;
      if (!lists.ok) return lists;
      const { email: _email, profileUrl: _url, ...movable } = DEFAULT_PROPERTY_OF;
      return ok({
        defaults: movable,
        properties: listed.value.body.results
          .filter((p) => !p.calculated && !p.modificationMetadata?.readOnlyValue && p.name !== PROFILE_PROPERTY)
          .map((p) => ({ name: p.name, label: p.label || p.name, custom: !p.hubspotDefined })),
        owners: owners.value.body.results
          .filter((o) => !o.archived)
          .map((o) => ({ id: o.id, name: [o.firstName, o.lastName].filter(Boolean).join(' ') || o.email || o.id })),
        lists: lists.value.body.lists.filter((l) => l.objectTypeId === CONTACT_OBJECT_TYPE && LISTS_TAKING_MEMBERS.has(l.processingType)).map((l) => ({ id: l.listId, name: l.name })),
      });
    },
    async test() {
      const account = await send({ method: 'GET', url: `${base}/account-info/v3/details`, idempotent: true }, accountSchema);
      if (!account.ok) return account;
      const { portalId, uiDomain } = account.value.body;
      await deps.learn({ portalId, ...(uiDomain ? { uiDomain } : {}) });
      connection = { ...connection, portalId, ...(uiDomain ? { uiDomain } : {}) };
      const property = await ensureProfileProperty();
      if (!property.ok) return property;
      return ok([t('crm.test.hubspot', { account: String(portalId) }), property.value].filter(Boolean).join(' '));
    },
  };
}
