import type { z } from 'zod';
import { t } from '@/lib/platform/i18n';
import { parseNetworkProfileUrl } from '@/lib/identity/network-profile';
import { propertiesOf, type CrmSchema } from '@/lib/crm/mapping';
import { type ApplyContext, checkFrom, checkpoint, type CrmAdapter, firstMatch, type Learn, type MatchQuery, type Progress, queryOf } from '@/lib/crm/worker/adapter';
import { closeBase, type CloseConnection } from '@/lib/crm/connection';
import type { CrmContact } from '@/lib/crm/contact';
import { createCrmHttp, type CrmRequest, type HttpOptions } from '@/lib/crm/worker/http';
import { CLOSE_RATE_LIMIT } from '@/lib/crm/worker/rate-limits';
import { earliestNoteTime, plainNoteText } from '@/lib/crm/worker/note-once';
import { comparable, planPush, writtenFields, type PlanPolicy } from '@/lib/crm/worker/plan';
import { summaryLines } from '@/lib/crm/summary';
import { fail, ok, type ChangeStatus, type CrmField, type CrmResult, type FieldValues, type Match, type MatchedBy, type PushPlan, type PushResult } from '@/lib/crm/types';
import {
  CONTACT_FIELDS,
  closeMessage,
  contactSchema,
  customFieldsSchema,
  contactSearchSchema,
  contactsWithRelated,
  leadSchema,
  leadSearchSchema,
  leadsWhere,
  meSchema,
  noteSchema,
  notesListSchema,
  usersSchema,
  type CloseContact,
  type CloseCustomField,
  type CloseLead,
  type ContactWrite,
  type CustomKey,
  type LeadCreate,
  type NoteCreate,
  type SearchQuery,
} from '@/lib/crm/worker/close/wire';

/**
 * Close: a lead is a company, and every contact belongs to one lead. A push finds the contact
 * (the one pushed before, a verified email, the profile URL among the contact's URLs, the name
 * at the company's lead); a new contact goes on the company's lead, found by name or website or
 * else created. Close has no upsert and no idempotency key, so creates are guarded by searches:
 * the lead is searched before it is created, and the lead's own contact list (read from the
 * lead, not the search index) is checked again right before a contact is created on it.
 */
const ALL_FIELDS: readonly CrmField[] = ['fullName', 'jobTitle', 'email', 'phone', 'mobilePhone', 'profileUrl'];
// Contacts are found by the email, the profile URL among their URLs, and the name: these never move.
const KEY_FIELDS: readonly CrmField[] = ['fullName', 'email', 'profileUrl'];

/** Close's own contact fields Dossier writes: the title, and the phone list (office or mobile type by field). */
const TITLE = 'title';
const PHONES = 'phones';
/** Where each movable field goes unless the user mapped it elsewhere (Settings › CRM › Field mapping). */
export const DEFAULT_PROPERTY_OF: Partial<Record<CrmField, string>> = { jobTitle: TITLE, phone: PHONES, mobilePhone: PHONES };
const MOVABLE: readonly CrmField[] = ['jobTitle', 'mobilePhone', 'phone'];
const PHONE_FIELDS: readonly CrmField[] = ['phone', 'mobilePhone'];
/** A contact custom field is written and read as the key `custom.<field id>`. */
const isCustom = (property: string): property is CustomKey => property.startsWith('custom.');

/**
 * Close has no owner on leads or contacts: teams add a lead custom field of type "user" (Close's
 * help centre calls it "Lead Owner"). A lead Dossier creates gets the chosen user there.
 */
function leadOwnerFieldOf(fields: readonly CloseCustomField[]): CloseCustomField | undefined {
  return fields.find((f) => f.type === 'user' && !f.accepts_multiple_values && /owner/i.test(f.name ?? ''));
}

const APP = 'https://app.close.com';

/** Notes per page, and pages read, when a retry looks for its note. */
const NOTES_PAGE = 100;
const NOTES_PAGES = 5;


export interface CloseDeps extends Pick<HttpOptions, 'fetch' | 'acquire' | 'retry' | 'timeoutMs'> {
  learn: Learn;
  now(): number;
}

/** `Basic base64(key:)`: Close takes the API key as the user name, with an empty password. */
function basicAuth(key: string): string {
  const bytes = new TextEncoder().encode(`${key}:`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function isProfile(url: string): boolean {
  return parseNetworkProfileUrl(url)?.kind === 'person';
}

function valuesOf(contact: CloseContact, propertyOf: Partial<Record<CrmField, string>>): FieldValues {
  const values: FieldValues = {};
  if (contact.name) values.fullName = contact.name;
  // Close's lists have no primary flag: the first entry is the one it shows first.
  const email = contact.emails?.find((e) => e.email)?.email;
  if (email) values.email = email;
  for (const field of MOVABLE) {
    const property = propertyOf[field];
    const value =
      property === TITLE
        ? contact.title
        : property === PHONES && PHONE_FIELDS.includes(field)
          ? contact.phones?.find((p) => p.phone && (p.type === 'mobile') === (field === 'mobilePhone'))?.phone
          : property && isCustom(property)
            ? contact[property]
            : undefined;
    if (typeof value === 'string' && value) values[field] = value;
  }
  const profile = contact.urls?.find((u) => isProfile(u.url))?.url;
  if (profile) values.profileUrl = profile;
  return values;
}

/**
 * Adds a value to one of Close's lists without losing what it holds. `first` (a value the user
 * allowed to replace the one shown) puts it at the head, where Close reads its primary; the old
 * value stays behind it.
 */
function withValue<T>(list: readonly T[], value: string, field: CrmField, read: (item: T) => string, make: () => T, first: boolean, sameKind: (item: T) => boolean = () => true): T[] {
  const out = [...list];
  const at = out.findIndex((item) => sameKind(item) && comparable(field, read(item)) === comparable(field, value));
  if (at >= 0) {
    if (first) out.unshift(...out.splice(at, 1));
    return out;
  }
  return first ? [make(), ...out] : [...out, make()];
}

/** The lists a write sends, merged into what the contact holds (empty for a create). */
function listsFor(current: CloseContact | null, fields: Partial<Record<CrmField, string>>, status: (field: CrmField) => ChangeStatus | undefined): Pick<ContactWrite, 'emails' | 'phones' | 'urls'> {
  const out: Pick<ContactWrite, 'emails' | 'phones' | 'urls'> = {};
  const first = (field: CrmField) => status(field) === 'overwrite';
  if (fields.email) {
    const emails = (current?.emails ?? []).map((e) => ({ email: e.email, type: e.type ?? 'office' }));
    out.emails = withValue(emails, fields.email, 'email', (e) => e.email, () => ({ email: fields.email!, type: 'office' }), first('email'));
  }
  if (fields.mobilePhone || fields.phone) {
    let phones = (current?.phones ?? []).map((p) => ({ phone: p.phone, type: p.type ?? 'office' }));
    if (fields.mobilePhone) phones = withValue(phones, fields.mobilePhone, 'mobilePhone', (p) => p.phone, () => ({ phone: fields.mobilePhone!, type: 'mobile' }), first('mobilePhone'), (p) => p.type === 'mobile');
    if (fields.phone) phones = withValue(phones, fields.phone, 'phone', (p) => p.phone, () => ({ phone: fields.phone!, type: 'office' }), first('phone'), (p) => p.type !== 'mobile');
    out.phones = phones;
  }
  if (fields.profileUrl) {
    const urls = (current?.urls ?? []).map((u) => ({ url: u.url, type: u.type ?? 'url' }));
    out.urls = withValue(urls, fields.profileUrl, 'profileUrl', (u) => u.url, () => ({ url: fields.profileUrl!, type: 'url' }), first('profileUrl'));
  }
  return out;
}

/** A profile URL as a phrase Close's index can match whatever the scheme or `www.` stored. */
function urlPhrase(url: string): string {
  return url.replace(/^[a-z]+:\/\//i, '').replace(/^www\./i, '').replace(/\/+$/, '');
}

function hostOf(address: string | null | undefined): string | null {
  if (!address) return null;
  try {
    return new URL(/^[a-z]+:\/\//i.test(address) ? address : `https://${address}`).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** The contact on a lead that is this person: a verified email, the profile URL, then the name. */
function sameContact(contacts: readonly CloseContact[], query: MatchQuery): { contact: CloseContact; by: MatchedBy } | null {
  for (const address of query.emails) {
    const hit = contacts.find((c) => c.emails?.some((e) => comparable('email', e.email) === comparable('email', address)));
    if (hit) return { contact: hit, by: 'email' };
  }
  if (query.profileUrl) {
    const want = comparable('profileUrl', query.profileUrl);
    const hit = contacts.find((c) => c.urls?.some((u) => comparable('profileUrl', u.url) === want));
    if (hit) return { contact: hit, by: 'profileUrl' };
  }
  if (query.fullName) {
    const hit = contacts.find((c) => c.name && comparable('fullName', c.name) === comparable('fullName', query.fullName!));
    if (hit) return { contact: hit, by: 'nameCompany' };
  }
  return null;
}

export function createCloseAdapter(connection: CloseConnection, deps: CloseDeps): CrmAdapter {
  const base = `${closeBase(connection)}/api/v1`;
  const credentials = basicAuth(connection.token);
  // The key travels in the Authorization header only; its base64 form is a secret too.
  const http = createCrmHttp({ ...deps, secrets: [connection.token, credentials], messageOf: closeMessage, rateLimit: CLOSE_RATE_LIMIT });
  const send = <T>(request: Omit<CrmRequest, 'headers'>, schema: z.ZodType<T>) => http.send({ ...request, headers: { authorization: `Basic ${credentials}` } }, schema);

  const PROPERTY_OF = propertiesOf(DEFAULT_PROPERTY_OF, connection.fieldMap);
  const FIELDS = ALL_FIELDS.filter((field) => KEY_FIELDS.includes(field) || field in PROPERTY_OF);
  // Searches return only the fields asked for: the mapped custom ones too, so a match shows what they hold.
  const SEARCH_FIELDS = [...CONTACT_FIELDS, ...Object.values(PROPERTY_OF).filter(isCustom)];

  const leadUrl = (leadId: string) => `${APP}/lead/${encodeURIComponent(leadId)}/`;
  const matchOf = (contact: CloseContact, by: MatchedBy): Match => ({ id: contact.id, by, url: leadUrl(contact.lead_id), values: valuesOf(contact, PROPERTY_OF) });

  /** The phone numbers that go in Close's phone list (a field mapped elsewhere is left to `mappedBody`). */
  function forLists(fields: Partial<Record<CrmField, string>>): Partial<Record<CrmField, string>> {
    const out = { ...fields };
    for (const field of PHONE_FIELDS) if (PROPERTY_OF[field] !== PHONES) delete out[field];
    return out;
  }

  /** The title and the custom fields, where the mapping puts them. */
  function mappedBody(fields: Partial<Record<CrmField, string>>): ContactWrite {
    const body: ContactWrite = {};
    for (const field of MOVABLE) {
      const property = PROPERTY_OF[field];
      const value = fields[field];
      if (!property || !value) continue;
      if (property === TITLE) body.title = value;
      else if (isCustom(property)) body[property] = value;
    }
    return body;
  }

  async function customFields(object: 'contact' | 'lead'): Promise<CrmResult<CloseCustomField[]>> {
    const result = await send({ method: 'GET', url: `${base}/custom_field/${object}/`, idempotent: true }, customFieldsSchema);
    return result.ok ? ok(result.value.body.data) : result;
  }

  /** The chosen owner, in the lead's "Lead Owner" user field, for a lead Dossier creates. */
  async function ownerOfNewLead(): Promise<CrmResult<Record<CustomKey, string>>> {
    if (!connection.ownerId) return ok({});
    const fields = await customFields('lead');
    if (!fields.ok) return fields;
    const field = leadOwnerFieldOf(fields.value);
    if (!field) return fail({ kind: 'rejected', retryable: false, message: t('crm.error.closeNoOwnerField') });
    return ok({ [`custom.${field.id}`]: connection.ownerId });
  }

  async function schema(): Promise<CrmResult<CrmSchema>> {
    const [contactFields, leadFields, users, me] = await Promise.all([
      customFields('contact'),
      customFields('lead'),
      send({ method: 'GET', url: `${base}/user/`, idempotent: true }, usersSchema),
      send({ method: 'GET', url: `${base}/me/`, idempotent: true }, meSchema),
    ]);
    if (!contactFields.ok) return contactFields;
    if (!leadFields.ok) return leadFields;
    if (!users.ok) return users;
    if (!me.ok) return me;
    // A field restricted to some roles is offered only when the key's user has one of them.
    const roles = new Set((me.value.body.memberships ?? []).flatMap((m) => (m.role_id ? [m.role_id] : [])));
    const editable = (f: CloseCustomField) => !f.editable_with_roles?.length || f.editable_with_roles.some((role) => roles.has(role));
    const owner = leadOwnerFieldOf(leadFields.value.filter(editable));
    return ok({
      defaults: { ...DEFAULT_PROPERTY_OF },
      properties: [
        { name: TITLE, label: t('crm.close.property.title'), custom: false },
        { name: PHONES, label: t('crm.close.property.phones'), custom: false, list: true },
        ...contactFields.value.filter((f) => f.type === 'text' && !f.accepts_multiple_values && editable(f)).map((f) => ({ name: `custom.${f.id}`, label: f.name || f.id, custom: true })),
      ],
      owners: owner ? users.value.body.data.map((u) => ({ id: u.id, name: [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email || u.id })) : [],
    });
  }

  async function getContact(id: string): Promise<CrmResult<CloseContact | null>> {
    const result = await send({ method: 'GET', url: `${base}/contact/${encodeURIComponent(id)}/`, idempotent: true }, contactSchema);
    if (!result.ok) return result.error.kind === 'not_found' ? ok(null) : result;
    return ok(result.value.body);
  }

  async function getLead(id: string): Promise<CrmResult<CloseLead | null>> {
    const result = await send({ method: 'GET', url: `${base}/lead/${encodeURIComponent(id)}/`, idempotent: true }, leadSchema);
    if (!result.ok) return result.error.kind === 'not_found' ? ok(null) : result;
    return ok(result.value.body);
  }

  // Searches only read: retried on the spot like any read.
  async function searchContacts(query: SearchQuery): Promise<CrmResult<CloseContact[]>> {
    const body = { query, _fields: { contact: SEARCH_FIELDS }, _limit: 10 };
    const result = await send({ method: 'POST', url: `${base}/data/search/`, body, idempotent: true }, contactSearchSchema);
    return result.ok ? ok(result.value.body.data) : result;
  }

  async function searchLeads(query: SearchQuery): Promise<CrmResult<CloseLead[]>> {
    const body = { query, _fields: { lead: ['id', 'name', 'url', 'contacts'] }, _limit: 10 };
    const result = await send({ method: 'POST', url: `${base}/data/search/`, body, idempotent: true }, leadSearchSchema);
    return result.ok ? ok(result.value.body.data) : result;
  }

  /** The company's lead: same name, else same website host. A person without a company gets a lead of their own, as Close makes. */
  async function findLead(contact: CrmContact): Promise<CrmResult<CloseLead | null>> {
    const company = contact.company;
    const name = company?.name;
    if (name) {
      const found = await searchLeads(leadsWhere('name', name));
      if (!found.ok) return found;
      const hit = found.value.find((lead) => lead.name && comparable('companyName', lead.name) === comparable('companyName', name));
      if (hit) return ok(hit);
    }
    const host = hostOf(company?.domain ?? company?.website);
    if (host) {
      const found = await searchLeads(leadsWhere('url', host));
      if (!found.ok) return found;
      const hit = found.value.find((lead) => hostOf(lead.url) === host);
      if (hit) return ok(hit);
    }
    if (!name && !host) {
      // A lead named after the person: only one left empty (an earlier create whose answer was lost) or holding them.
      const found = await searchLeads(leadsWhere('name', contact.fullName));
      if (!found.ok) return found;
      const own = found.value.find(
        (lead) => lead.name && comparable('fullName', lead.name) === comparable('fullName', contact.fullName) && (lead.contacts ?? []).every((c) => c.name && comparable('fullName', c.name) === comparable('fullName', contact.fullName)),
      );
      if (own) return ok(own);
    }
    return ok(null);
  }

  async function findContact(query: MatchQuery, rememberedId: string | null): Promise<CrmResult<Match | null>> {
    return firstMatch([
      rememberedId !== null &&
        (async () => {
          const found = await getContact(rememberedId);
          return found.ok ? ok(found.value ? matchOf(found.value, 'remembered') : null) : found;
        }),
      ...query.emails.slice(0, 3).map((email) => async () => {
        const found = await searchContacts(contactsWithRelated('contact_email', 'email', email));
        if (!found.ok) return found;
        // The index matches words: confirm the whole address.
        const hit = found.value.find((c) => c.emails?.some((e) => comparable('email', e.email) === comparable('email', email)));
        return ok(hit ? matchOf(hit, 'email') : null);
      }),
      Boolean(query.profileUrl) &&
        (async () => {
          const found = await searchContacts(contactsWithRelated('contact_url', 'url', urlPhrase(query.profileUrl!)));
          if (!found.ok) return found;
          const want = comparable('profileUrl', query.profileUrl!);
          const hit = found.value.find((c) => c.urls?.some((u) => comparable('profileUrl', u.url) === want));
          return ok(hit ? matchOf(hit, 'profileUrl') : null);
        }),
      Boolean(query.fullName && query.companyName) &&
        (async () => {
          const leads = await searchLeads(leadsWhere('name', query.companyName!));
          if (!leads.ok) return leads;
          const company = comparable('companyName', query.companyName!);
          for (const lead of leads.value.filter((l) => l.name && comparable('companyName', l.name) === company)) {
            const hit = (lead.contacts ?? []).find((c) => c.name && comparable('fullName', c.name) === comparable('fullName', query.fullName!));
            if (hit) return ok(matchOf(hit, 'nameCompany'));
          }
          return ok(null);
        }),
    ]);
  }

  /** The lead a new contact goes on: found, or created (and saved, so a retry never makes a second). */
  async function leadFor(contact: CrmContact, progress: Progress, context: ApplyContext): Promise<CrmResult<{ progress: Progress; fresh: boolean }>> {
    if (progress.companyId) return ok({ progress, fresh: false });
    const found = await findLead(contact);
    if (!found.ok) return found;
    let id = found.value?.id;
    if (!id) {
      const company = contact.company;
      // The lead's URL is what a retried search finds it by when the company has no name.
      const website = company?.website && /^https?:\/\//i.test(company.website) ? company.website : company?.domain ? `https://${company.domain}/` : undefined;
      const owner = await ownerOfNewLead();
      if (!owner.ok) return owner;
      const body: LeadCreate = { name: company?.name ?? company?.domain ?? contact.fullName, ...(website ? { url: website } : {}), ...owner.value };
      const created = await send({ method: 'POST', url: `${base}/lead/`, body, idempotent: false }, leadSchema);
      if (!created.ok) return created;
      id = created.value.body.id;
      if (!id) return fail({ kind: 'invalid_response', retryable: false, message: t('crm.error.closeNoLeadId') });
    }
    const next = { ...progress, companyId: id };
    await context.save(next);
    return ok({ progress: next, fresh: !found.value });
  }

  async function create(plan: PushPlan, leadId: string): Promise<CrmResult<string>> {
    const fields = writtenFields(plan);
    const body: ContactWrite = {
      lead_id: leadId,
      ...(fields.fullName ? { name: fields.fullName } : {}),
      ...mappedBody(fields),
      ...listsFor(null, forLists(fields), () => 'add'),
    };
    const created = await send({ method: 'POST', url: `${base}/contact/`, body, idempotent: false }, contactSchema);
    if (!created.ok) return created;
    return created.value.body.id ? ok(created.value.body.id) : fail({ kind: 'invalid_response', retryable: false, message: t('crm.error.closeNoContactId') });
  }

  /** Writes what the contact lacks (or what the user allowed replacing), planned against what it holds now. */
  async function update(id: string, contact: CrmContact, policy: PlanPolicy): Promise<CrmResult<CloseContact>> {
    const current = await getContact(id);
    if (!current.ok) return current;
    if (!current.value) return fail({ kind: 'not_found', retryable: true, message: t('crm.error.closeContactDeleted') });
    const record = current.value;
    const plan = planPush('close', FIELDS, contact, matchOf(record, 'remembered'), policy);
    const fields = writtenFields(plan);
    const status = (field: CrmField) => plan.changes.find((c) => c.field === field)?.status;
    const body: ContactWrite = { ...listsFor(record, forLists(fields), status), ...mappedBody(fields) };
    if (fields.fullName) body.name = fields.fullName;
    if (Object.keys(body).length === 0) return ok(record);
    // Close's PUT changes only the fields sent: sending it twice leaves the contact as once.
    const updated = await send({ method: 'PUT', url: `${base}/contact/${encodeURIComponent(id)}/`, body, idempotent: true }, contactSchema);
    return updated.ok ? ok(record) : updated;
  }

  /**
   * Whether the contact has this note already, made at or after `since` less the clock slack
   * (Close filters by `date_created__gte`). Only a retry asks.
   */
  async function noteSent(leadId: string, contactId: string, text: string, since: number): Promise<CrmResult<boolean>> {
    const from = new Date(earliestNoteTime(since)).toISOString();
    let skip = 0;
    for (let page = 0; page < NOTES_PAGES; page += 1) {
      const params = new URLSearchParams({ lead_id: leadId, contact_id: contactId, date_created__gte: from, _skip: String(skip), _limit: String(NOTES_PAGE) });
      const listed = await send({ method: 'GET', url: `${base}/activity/note/?${params}`, idempotent: true }, notesListSchema);
      if (!listed.ok) return listed;
      const notes = listed.value.body.data;
      if (notes.some((n) => plainNoteText(n.note) === plainNoteText(text))) return ok(true);
      if (!listed.value.body.has_more || notes.length === 0) return ok(false);
      skip += notes.length;
    }
    return ok(false);
  }

  /**
   * The summary note. Its time is saved before it is sent: a retry that finds it set (the answer
   * may have been lost after Close made it) looks for that note on the contact first.
   */
  async function addNote(contact: CrmContact, progress: Progress, context: ApplyContext): Promise<CrmResult<Progress>> {
    const text = summaryLines(contact).join('\n');
    if (progress.noteAt !== undefined) {
      const sent = await noteSent(progress.companyId!, progress.recordId!, text, progress.noteAt);
      if (!sent.ok) return sent;
      if (sent.value) return checkpoint(progress, context, { noteDone: true });
    } else {
      progress = { ...progress, noteAt: deps.now() };
      await context.save(progress);
    }
    const body = { lead_id: progress.companyId!, contact_id: progress.recordId!, note: text } satisfies NoteCreate;
    const note = await send({ method: 'POST', url: `${base}/activity/note/`, body, idempotent: false }, noteSchema);
    if (!note.ok) return note;
    return checkpoint(progress, context, { noteDone: true });
  }

  return {
    target: 'close',
    fields: FIELDS,
    find: (contact, rememberedId) => findContact(queryOf(contact), rememberedId),
    plan: (contact, match, policy) => planPush('close', FIELDS, contact, match, policy),
    async apply(plan, contact, context): Promise<CrmResult<PushResult>> {
      let progress = context.progress;
      // Nothing new, unless an earlier attempt of this push began (its contact may lack the note).
      if (plan.action === 'skip' && !progress.recordId && !progress.companyId) return ok({ action: 'skipped', recordId: plan.match!.id, recordUrl: plan.match!.url });
      if (!progress.contactDone) {
        let id = progress.recordId ?? (plan.action === 'create' ? undefined : plan.match!.id);
        if (!id) {
          const lead = await leadFor(contact, progress, context);
          if (!lead.ok) return lead;
          progress = lead.value.progress;
          // Read from the lead itself, not the search index: a contact an earlier attempt made
          // moments ago (its answer lost) is there even before search shows it.
          const existing = lead.value.fresh ? ok(null) : await getLead(progress.companyId!);
          if (!existing.ok) return existing;
          const same = existing.value ? sameContact(existing.value.contacts ?? [], queryOf(contact)) : null;
          if (same) id = same.contact.id;
          else {
            const created = await create(plan, progress.companyId!);
            if (!created.ok) return created;
            progress = { ...progress, recordId: created.value, created: true, contactDone: true, recordUrl: leadUrl(progress.companyId!) };
            await context.save(progress);
          }
        }
        if (!progress.contactDone) {
          const updated = await update(id!, contact, context.policy);
          if (!updated.ok) return updated;
          progress = { ...progress, recordId: id, companyId: updated.value.lead_id, contactDone: true, recordUrl: leadUrl(updated.value.lead_id) };
          await context.save(progress);
        }
      }
      if (!progress.noteDone) {
        const noted = await addNote(contact, progress, { ...context, progress });
        if (!noted.ok) return noted;
        progress = noted.value;
      }
      return ok({ action: progress.created ? 'created' : 'updated', recordId: progress.recordId!, recordUrl: leadUrl(progress.companyId!) });
    },
    check: async (query, rememberedId) => checkFrom(await findContact(query, rememberedId)),
    schema,
    async test() {
      const me = await send({ method: 'GET', url: `${base}/me/`, idempotent: true }, meSchema);
      if (!me.ok) return me;
      const who = me.value.body;
      const user = [who.first_name, who.last_name].filter(Boolean).join(' ') || who.email || t('crm.test.closeYourUser');
      const organization = who.organizations?.[0]?.name;
      return ok(organization ? t('crm.test.close', { user, organization }) : t('crm.test.closeNoOrganization', { user }));
    },
  };
}
