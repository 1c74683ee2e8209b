import type { z } from 'zod';
import { t } from '@/lib/platform/i18n';
import { type ApplyContext, checkFrom, checkpoint, type CrmAdapter, firstMatch, type Learn, type MatchQuery, type Progress, queryOf, splitFullName } from '@/lib/crm/worker/adapter';
import { secretsOf, type SalesforceConnection } from '@/lib/crm/connection';
import type { CrmContact } from '@/lib/crm/contact';
import { createCrmHttp, type CrmRequest, type HttpOptions } from '@/lib/crm/worker/http';
import { SALESFORCE_RATE_LIMIT, salesforceLimit } from '@/lib/crm/worker/rate-limits';
import { propertiesOf, type CrmSchema } from '@/lib/crm/mapping';
import { applyPersonSteps, fileUnderAccount, type AccountSearch } from '@/lib/crm/worker/person-steps';
import { planPush, writtenFields, type PlanPolicy } from '@/lib/crm/worker/plan';
import { summaryLines } from '@/lib/crm/summary';
import { fail, ok, type CrmField, type CrmResult, type FieldValues, type Match, type MatchedBy, type PushPlan } from '@/lib/crm/types';
import { loginBase, refreshAccessToken } from '@/lib/crm/worker/salesforce/oauth';
import { createTokenSession } from '@/lib/crm/worker/web-auth/session';
import type { ShareRefresh } from '@/lib/crm/worker/web-auth/shared-refresh';
import {
  createAnswerSchema,
  describeSchema,
  identitySchema,
  noContentSchema,
  queryAnswerSchema,
  salesforceDetails,
  salesforceMessage,
  sobjectSchema,
  SALESFORCE_API_VERSION,
  type SObject,
} from '@/lib/crm/worker/salesforce/wire';

/**
 * The custom field orgs add for a person's network profile (Salesforce has no standard one).
 * Used when describe shows it on the object, writable; otherwise profile URLs are not matched.
 */
export const PROFILE_FIELD = 'LinkedIn_URL__c';
export const TASK_SUBJECT = 'Dossier enrichment';
/** Lead.Company is required; Salesforce's own web-to-lead writes this when there is none. */
const NO_COMPANY = '[not provided]';

type PersonType = 'Lead' | 'Contact';
/** Salesforce ids start with their object's key prefix. */
const KEY_PREFIX: Record<PersonType, string> = { Lead: '00Q', Contact: '003' };

const PERSON_FIELDS: Partial<Record<CrmField, string>> = {
  firstName: 'FirstName',
  lastName: 'LastName',
  jobTitle: 'Title',
  email: 'Email',
  phone: 'Phone',
  mobilePhone: 'MobilePhone',
};
/** A Lead carries its company; a Contact's company is its Account. Where each field goes unless the user mapped it elsewhere. */
export const DEFAULT_FIELD_OF: Record<PersonType, Partial<Record<CrmField, string>>> = {
  Lead: { ...PERSON_FIELDS, companyName: 'Company', website: 'Website' },
  Contact: PERSON_FIELDS,
};
// Matching keys on these (SOQL on Email, the profile URL field, and the duplicate rules on Email):
// they keep their field whatever the mapping says.
const KEY_FIELDS: readonly CrmField[] = ['email', 'profileUrl'];
/** Field types a text from Dossier can go into (a picklist may refuse it, a reference or number would). */
const TEXT_TYPES = new Set(['string', 'textarea', 'email', 'phone', 'url']);

function typeOfId(id: string): PersonType | null {
  return (Object.keys(KEY_PREFIX) as PersonType[]).find((type) => id.startsWith(KEY_PREFIX[type])) ?? null;
}

/** A SOQL string literal: backslash and quote escaped, as the SOQL reference says. */
export function soqlString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

export interface SalesforceDeps extends Pick<HttpOptions, 'fetch' | 'acquire' | 'retry' | 'timeoutMs'> {
  learn: Learn;
  now(): number;
  shareRefresh?: ShareRefresh;
}

export function createSalesforceAdapter(connection: SalesforceConnection, deps: SalesforceDeps): CrmAdapter {
  const personType: PersonType = connection.recordType === 'contact' ? 'Contact' : 'Lead';
  let token = connection.token;
  let instanceUrl = connection.instanceUrl;
  // A refreshed token joins the list, so that it too is scrubbed from every message.
  const secrets = secretsOf(connection);
  const http = createCrmHttp({ ...deps, secrets, messageOf: salesforceMessage, detailsOf: salesforceDetails, rateLimit: SALESFORCE_RATE_LIMIT });
  const api = () => `${instanceUrl}/services/data/${SALESFORCE_API_VERSION}`;
  let profileField: string | null | undefined = connection.profileField === undefined ? undefined : connection.profileField || null;
  // The mapping was checked against the chosen object's fields: a record of the other kind (a Lead
  // a duplicate rule found while pushing Contacts) is written by the defaults, fields it surely has.
  const FIELD_MAP: Record<PersonType, Partial<Record<CrmField, string>>> = {
    ...DEFAULT_FIELD_OF,
    [personType]: propertiesOf(DEFAULT_FIELD_OF[personType], connection.fieldMap, KEY_FIELDS),
  };

  const recordUrl = (id: string) => `${instanceUrl}/${encodeURIComponent(id)}`;

  // An app with "Enable Refresh Token Rotation" answers each refresh with a new refresh token and
  // retires the one sent; sending a retired one again makes Salesforce revoke the whole grant.
  let refreshToken = connection.refreshToken;
  const session = createTokenSession({
    secrets,
    refresh: () => {
      const sent = refreshToken;
      const refresh = () => refreshAccessToken({ base: loginBase(connection), clientId: connection.clientId, clientSecret: connection.clientSecret, refreshToken: sent }, deps);
      return deps.shareRefresh ? deps.shareRefresh(sent, refresh) : refresh();
    },
    learn: async (learnt) => {
      token = learnt.token;
      instanceUrl = learnt.instanceUrl;
      const rotated = learnt.refreshToken !== refreshToken;
      if (rotated) {
        refreshToken = learnt.refreshToken;
        secrets.push(refreshToken);
      }
      await deps.learn({ token, instanceUrl, ...(rotated ? { refreshToken } : {}) });
    },
  });

  /**
   * Every REST call: an expired session (401 INVALID_SESSION_ID) is refreshed once and the call
   * repeated; the org's API limit (403 REQUEST_LIMIT_EXCEEDED) is a wait, not a refusal.
   */
  async function send<T>(request: Omit<CrmRequest, 'headers'>, schema: z.ZodType<T>, path = true): Promise<CrmResult<{ body: T; status: number }>> {
    const url = path ? `${api()}${request.url}` : request.url;
    const result = await session.withFreshToken(() => http.send({ ...request, url, headers: { authorization: `Bearer ${token}` } }, schema));
    if (!result.ok && result.error.code === 'REQUEST_LIMIT_EXCEEDED') return fail(salesforceLimit(result.error));
    return result;
  }

  /** Whether the org has the profile URL field on this object, writable (asked once, then learnt). */
  async function profileFieldOf(): Promise<CrmResult<string | null>> {
    if (profileField !== undefined) return ok(profileField);
    const described = await send({ method: 'GET', url: `/sobjects/${personType}/describe`, idempotent: true }, describeSchema);
    if (!described.ok) return described;
    const found = described.value.body.fields.find((f) => f.name === PROFILE_FIELD && f.updateable !== false);
    profileField = found ? found.name : null;
    await deps.learn({ profileField: profileField ?? '' });
    return ok(profileField);
  }

  function fieldMap(type: PersonType): Partial<Record<CrmField, string>> {
    return profileField ? { ...FIELD_MAP[type], profileUrl: profileField } : FIELD_MAP[type];
  }
  const fieldsOf = (type: PersonType) => Object.keys(fieldMap(type)) as CrmField[];
  const selected = (type: PersonType) => ['Id', ...Object.values(fieldMap(type))].join(', ');

  function valuesOf(type: PersonType, record: SObject): FieldValues {
    const values: FieldValues = {};
    for (const [field, name] of Object.entries(fieldMap(type)) as [CrmField, string][]) {
      const value = record[name];
      if (typeof value === 'string' && value && !(field === 'companyName' && value === NO_COMPANY)) values[field] = value;
    }
    return values;
  }

  function bodyOf(type: PersonType, fields: Partial<Record<CrmField, string>>): Record<string, string> {
    const body: Record<string, string> = {};
    for (const [field, value] of Object.entries(fields) as [CrmField, string][]) {
      const name = fieldMap(type)[field];
      if (name && value) body[name] = value;
    }
    return body;
  }

  const matchOf = (type: PersonType, record: SObject, by: MatchedBy): Match => ({ id: record.Id, by, url: recordUrl(record.Id), values: valuesOf(type, record) });

  async function getRecord(type: PersonType, id: string): Promise<CrmResult<SObject | null>> {
    const fields = Object.values(fieldMap(type)).join(',');
    const result = await send({ method: 'GET', url: `/sobjects/${type}/${encodeURIComponent(id)}?fields=Id,${fields}`, idempotent: true }, sobjectSchema);
    if (!result.ok) return result.error.kind === 'not_found' ? ok(null) : result;
    return ok(result.value.body);
  }

  async function query(soql: string): Promise<CrmResult<SObject[]>> {
    const result = await send({ method: 'GET', url: `/query?q=${encodeURIComponent(soql)}`, idempotent: true }, queryAnswerSchema);
    return result.ok ? ok(result.value.body.records) : result;
  }

  async function findOne(where: string, by: MatchedBy): Promise<CrmResult<Match | null>> {
    const found = await query(`SELECT ${selected(personType)} FROM ${personType} WHERE ${where} LIMIT 1`);
    if (!found.ok) return found;
    return ok(found.value[0] ? matchOf(personType, found.value[0], by) : null);
  }

  async function findRecord(query: MatchQuery, rememberedId: string | null): Promise<CrmResult<Match | null>> {
    const name = query.fullName?.trim() || [query.firstName, query.lastName].filter(Boolean).join(' ');
    const companyField = personType === 'Lead' ? 'Company' : 'Account.Name';
    return firstMatch([
      // An id of the other kind (pushed as a Lead before the user chose Contacts) is not this push's record.
      rememberedId !== null &&
        typeOfId(rememberedId) === personType &&
        (async () => {
          const record = await getRecord(personType, rememberedId);
          return record.ok ? ok(record.value ? matchOf(personType, record.value, 'remembered') : null) : record;
        }),
      query.emails.length > 0 && (() => findOne(query.emails.slice(0, 5).map((e) => `Email = ${soqlString(e)}`).join(' OR '), 'email')),
      Boolean(query.profileUrl) &&
        (async () => {
          const field = await profileFieldOf();
          if (!field.ok || !field.value) return field.ok ? ok(null) : field;
          // Stored with or without the trailing slash, by Dossier or by hand.
          const url = query.profileUrl!.replace(/\/+$/, '');
          return findOne(`${field.value} = ${soqlString(url)} OR ${field.value} = ${soqlString(`${url}/`)}`, 'profileUrl');
        }),
      Boolean(name && query.companyName) && (() => findOne(`Name = ${soqlString(name)} AND ${companyField} = ${soqlString(query.companyName!)}`, 'nameCompany')),
    ]);
  }

  /** How Salesforce looks for an Account, and makes one (fileUnderAccount says in which order). */
  const accounts: AccountSearch = {
    async byWebsite(domain) {
      const found = await query(`SELECT Id, Name, Website FROM Account WHERE Website LIKE ${soqlString(`%${domain}%`)} LIMIT 10`);
      return found.ok ? ok(found.value.map((a) => ({ id: a.Id, website: a.Website }))) : found;
    },
    async byName(name) {
      const found = await query(`SELECT Id, Name FROM Account WHERE Name = ${soqlString(name)} LIMIT 1`);
      return found.ok ? ok(found.value[0]?.Id) : found;
    },
    async create(name, website) {
      // Not idempotent: a retry after a lost answer searches again first and finds it by website.
      const created = await send({ method: 'POST', url: '/sobjects/Account/', body: { Name: name, ...(website ? { Website: website } : {}) }, idempotent: false }, createAnswerSchema);
      return created.ok ? ok(created.value.body.id) : created;
    },
  };

  /** Lead and Contact require LastName (and a Lead, Company): a one-word name is the last name. */
  function required(type: PersonType, body: Record<string, string>, contact: CrmContact): Record<string, string> {
    const out = { ...body };
    if (!out.LastName) {
      const split = splitFullName(contact.fullName);
      out.LastName = contact.lastName || split.lastName || out.FirstName || contact.fullName;
      if (out.FirstName === out.LastName) delete out.FirstName;
    }
    if (type === 'Lead' && !out.Company) out.Company = contact.company?.name || contact.company?.domain || NO_COMPANY;
    return out;
  }

  /**
   * Creates the record; when a duplicate rule answers DUPLICATES_DETECTED, the matched record
   * (a Lead or a Contact) is the person: the push lands there instead of making a second one.
   */
  async function create(plan: PushPlan, contact: CrmContact, companyId: string | undefined): Promise<CrmResult<{ id: string; created: boolean }>> {
    const body = required(personType, bodyOf(personType, writtenFields(plan)), contact);
    if (personType === 'Contact' && companyId) body.AccountId = companyId;
    // A record Dossier makes goes to the owner the user chose (else Salesforce gives it to the connected user).
    if (connection.ownerId) body.OwnerId = connection.ownerId;
    const created = await send({ method: 'POST', url: `/sobjects/${personType}/`, body, idempotent: false }, createAnswerSchema);
    if (created.ok) return ok({ id: created.value.body.id, created: true });
    const duplicate = created.error.code === 'DUPLICATES_DETECTED' ? created.error.recordIds?.find((id) => typeOfId(id)) : undefined;
    return duplicate ? ok({ id: duplicate, created: false }) : created;
  }

  /** Writes what the record lacks (or what the user allowed replacing), planned against what it holds now. */
  async function update(id: string, contact: CrmContact, policy: PlanPolicy, companyId: string | undefined): Promise<CrmResult<string>> {
    const type = typeOfId(id) ?? personType;
    const current = await getRecord(type, id);
    if (!current.ok) return current;
    if (!current.value) return fail({ kind: 'not_found', retryable: true, message: t('crm.error.salesforceRecordDeleted') });
    const plan = planPush('salesforce', fieldsOf(type), contact, matchOf(type, current.value, 'remembered'), policy);
    const body = bodyOf(type, writtenFields(plan));
    // A Contact filed under another Account stays there: moving them is the user's call.
    if (type === 'Contact' && companyId && !current.value.AccountId) body.AccountId = companyId;
    if (Object.keys(body).length === 0) return ok(id);
    const updated = await send({ method: 'PATCH', url: `/sobjects/${type}/${encodeURIComponent(id)}`, body, idempotent: true }, noContentSchema);
    return updated.ok ? ok(id) : updated;
  }

  /** The record joins the chosen campaign; already a member (a retried push) is as good as joining. */
  async function joinCampaign(campaignId: string, id: string, progress: Progress, context: ApplyContext): Promise<CrmResult<Progress>> {
    const body = { CampaignId: campaignId, [typeOfId(id) === 'Contact' ? 'ContactId' : 'LeadId']: id };
    const joined = await send({ method: 'POST', url: '/sobjects/CampaignMember/', body, idempotent: false }, createAnswerSchema);
    if (!joined.ok && joined.error.code !== 'DUPLICATE_VALUE') return joined;
    const next = { ...progress, listed: true };
    await context.save(next);
    return ok(next);
  }

  async function addTask(contact: CrmContact, progress: Progress, context: ApplyContext): Promise<CrmResult<Progress>> {
    const whoId = progress.recordId!;
    const day = new Date(progress.noteAt ?? deps.now()).toISOString().slice(0, 10);
    if (progress.noteAt !== undefined) {
      // Sent before, answer unknown: Dossier's Task of that day on this person is that one.
      const sent = await query(`SELECT Id, ActivityDate FROM Task WHERE WhoId = ${soqlString(whoId)} AND Subject = ${soqlString(TASK_SUBJECT)} LIMIT 50`);
      if (!sent.ok) return sent;
      if (sent.value.some((task) => task.ActivityDate === day)) return checkpoint(progress, context, { noteDone: true });
    } else {
      progress = { ...progress, noteAt: deps.now() };
      await context.save(progress);
    }
    const body = {
      Subject: TASK_SUBJECT,
      // Task comments are plain text: the summary's lines, not its HTML.
      Description: summaryLines(contact).join('\n'),
      WhoId: whoId,
      Status: 'Completed',
      ActivityDate: day,
    };
    const created = await send({ method: 'POST', url: '/sobjects/Task/', body, idempotent: false }, createAnswerSchema);
    if (!created.ok) return created;
    return checkpoint(progress, context, { noteDone: true });
  }

  return {
    target: 'salesforce',
    get fields() {
      return fieldsOf(personType);
    },
    async find(contact, rememberedId) {
      // The profile field decides what a plan may write: know it before planning.
      if (profileField === undefined) {
        const field = await profileFieldOf();
        if (!field.ok) return field;
      }
      return findRecord(queryOf(contact), rememberedId);
    },
    plan: (contact, match, policy) => planPush('salesforce', fieldsOf(personType), contact, match, policy),
    apply: (plan, contact, context) =>
      applyPersonSteps(plan, context, {
        account: personType === 'Contact' ? (progress) => fileUnderAccount(contact, progress, context, accounts) : undefined,
        create: (companyId) => create(plan, contact, companyId),
        update: (id, companyId) => update(id, contact, context.policy, companyId),
        list: connection.listId ? (recordId, progress) => joinCampaign(connection.listId!, recordId, progress, context) : undefined,
        note: (progress) => addTask(contact, progress, context),
        recordUrl,
      }),
    check: async (query, rememberedId) => checkFrom(await findRecord(query, rememberedId)),
    async schema(): Promise<CrmResult<CrmSchema>> {
      const described = await send({ method: 'GET', url: `/sobjects/${personType}/describe`, idempotent: true }, describeSchema);
      if (!described.ok) return described;
      const owners = await query('SELECT Id, Name FROM User WHERE IsActive = true');
      if (!owners.ok) return owners;
      const campaigns = await query('SELECT Id, Name FROM Campaign WHERE IsActive = true');
      if (!campaigns.ok) return campaigns;
      const { email: _email, ...movable } = DEFAULT_FIELD_OF[personType];
      const keys = new Set(['Email', PROFILE_FIELD]);
      return ok({
        defaults: movable,
        properties: described.value.body.fields
          .filter((f) => f.updateable !== false && TEXT_TYPES.has(f.type ?? 'string') && !keys.has(f.name))
          .map((f) => ({ name: f.name, label: f.label || f.name, custom: f.custom === true })),
        owners: owners.value.map((user) => ({ id: user.Id, name: typeof user.Name === 'string' && user.Name ? user.Name : user.Id })),
        lists: campaigns.value.map((campaign) => ({ id: campaign.Id, name: typeof campaign.Name === 'string' && campaign.Name ? campaign.Name : campaign.Id })),
      });
    },
    async test() {
      const root = await send({ method: 'GET', url: '/', idempotent: true }, noContentSchema);
      if (!root.ok) return root;
      profileField = undefined;
      const field = await profileFieldOf();
      if (!field.ok) return field;
      let user = t('crm.test.salesforceYourUser');
      if (connection.identityUrl) {
        const me = await send({ method: 'GET', url: connection.identityUrl, idempotent: true }, identitySchema, false);
        if (me.ok) user = me.value.body.display_name ?? me.value.body.username ?? user;
      }
      const instance = new URL(instanceUrl).host;
      const kind = t(personType === 'Lead' ? 'crm.test.salesforceAsLeads' : 'crm.test.salesforceAsContacts');
      const profile = field.value ? t('crm.test.salesforceProfileField', { field: field.value }) : t('crm.test.salesforceNoProfileField', { field: PROFILE_FIELD });
      return ok([t('crm.test.salesforce', { instance, user }), kind, profile].join(' '));
    },
  };
}
