import type { CrmAdapter, Learn } from '@/lib/crm/worker/adapter';
import { adapterFor, type AdapterDeps } from '@/lib/crm/worker/adapters';
import { connectionAddress, connectionKey, connectionOrigins, isLoopbackAddress, summarise, type ConnectionInput, type StoredConnection } from '@/lib/crm/connection';
import { authorizeSalesforce, loginBase, revokeToken } from '@/lib/crm/worker/salesforce/oauth';
import { authorizeZoho, revokeToken as revokeZohoToken } from '@/lib/crm/worker/zoho/oauth';
import { learnAbout, readConnections, readCrmSettings, removeConnection, writeConnection, writeCrmSettings } from '@/lib/crm/worker/storage';
import { checkMapping, fittingChoices, type CrmSchema, type MappingChoices } from '@/lib/crm/mapping';
import type { CrmMappingReply } from '@/lib/crm/contract';
import { CRM_LABELS, FIELD_LABELS, type CrmResult, type CrmTarget } from '@/lib/crm/types';
import { t } from '@/lib/platform/i18n';
import { createSharedRefresh } from '@/lib/crm/worker/web-auth/shared-refresh';
import { crmLimiter } from '@/lib/crm/worker/rate-limits';
import { releaseHostAccess } from '@/lib/settings/permissions';
import { CrmRefusal } from '@/lib/crm/worker/refusal';

type RecordType = 'lead' | 'contact';

/** The mapping screen's choices a connection holds (none for a CRM without them). */
function choicesOf(connection: StoredConnection | undefined): MappingChoices {
  if (!connection || !('fieldMap' in connection || 'ownerId' in connection || 'listId' in connection || 'fieldDefaults' in connection)) return {};
  const { fieldMap, ownerId, listId, fieldDefaults } = connection as StoredConnection & MappingChoices;
  return { ...(fieldMap ? { fieldMap } : {}), ...(ownerId ? { ownerId } : {}), ...(listId ? { listId } : {}), ...(fieldDefaults && Object.keys(fieldDefaults).length ? { fieldDefaults } : {}) };
}

function withoutChoices(connection: StoredConnection): StoredConnection {
  const { fieldMap: _map, ownerId: _owner, listId: _list, fieldDefaults: _defaults, ...rest } = connection as StoredConnection & MappingChoices;
  return rest as StoredConnection;
}

function recordTypeOf(connection: StoredConnection | undefined): RecordType | null {
  return connection && 'recordType' in connection ? connection.recordType : null;
}

function replyOf(schema: CrmSchema, connection: StoredConnection): CrmMappingReply {
  const choices = choicesOf(connection);
  return { schema, fieldMap: choices.fieldMap ?? {}, ownerId: choices.ownerId ?? null, listId: choices.listId ?? null, fieldDefaults: choices.fieldDefaults ?? {}, recordType: recordTypeOf(connection) };
}

export interface ConnectionDeps {
  fetch?: typeof fetch;
  timeoutMs?: number;
  now(): number;
}

/** A CRM's answer, or the refusal the user reads (with the CRM's own words). */
export function unwrap<T>(result: CrmResult<T>): T {
  if (!result.ok) throw new CrmRefusal(result.error.kind, result.error.message);
  return result.value;
}

/**
 * The CRM connections: the only reader of their tokens. Adapters are built from them on demand,
 * each CRM with its own rate limiter; what an adapter learns (account id, a custom field's key)
 * is kept on its connection.
 */
export function createCrmConnections(deps: ConnectionDeps) {
  const limiters = new Map<CrmTarget, ReturnType<typeof crmLimiter>>();
  const shareRefresh = createSharedRefresh(deps.now);

  function adapterDeps(learn: Learn, target: CrmTarget): AdapterDeps {
    if (!limiters.has(target)) limiters.set(target, crmLimiter(target));
    return { fetch: deps.fetch, timeoutMs: deps.timeoutMs, acquire: limiters.get(target), learn, now: deps.now, shareRefresh };
  }

  async function adapter(target: CrmTarget): Promise<CrmAdapter | null> {
    const connection = (await readConnections())[target];
    if (!connection) return null;
    // Learnt facts are kept only on the connection they came from (not one replaced meanwhile);
    // a refresh token the CRM rotated is still that connection's, and names it from then on.
    let key = connectionKey(connection);
    const learn: Learn = async (patch) => {
      await learnAbout(target, key, patch);
      if (typeof patch.refreshToken === 'string') key = patch.refreshToken;
    };
    return adapterFor(connection, adapterDeps(learn, target));
  }

  async function connected(target: CrmTarget): Promise<CrmAdapter> {
    const found = await adapter(target);
    if (!found) throw new CrmRefusal('not_connected', t('crm.refusal.notConnected', { crm: CRM_LABELS[target] }));
    return found;
  }

  async function connections() {
    const [stored, settings] = await Promise.all([readConnections(), readCrmSettings()]);
    return { connections: Object.values(stored).map(summarise), settings };
  }

  return {
    adapter,
    connected,
    connections,

    async status() {
      const stored = await readConnections();
      return { connected: (Object.keys(stored) as CrmTarget[]).map((target) => ({ target, label: CRM_LABELS[target] })) };
    },

    /** Tests the connection first; only a connection that works is kept. */
    async connect(input: ConnectionInput) {
      const learnt: Record<string, unknown> = {};
      // Salesforce, Zoho: their OAuth window first; the tokens it gives are part of the stored connection.
      const oauth = { fetch: deps.fetch, timeoutMs: deps.timeoutMs };
      const candidate =
        input.kind === 'salesforce'
          ? ({ ...input, ...unwrap(await authorizeSalesforce(input, oauth)) } as StoredConnection)
          : input.kind === 'zoho'
            ? ({ ...input, ...unwrap(await authorizeZoho(input, oauth)) } as StoredConnection)
            : (input as StoredConnection);
      const crm = adapterFor(candidate, adapterDeps(async (patch) => void Object.assign(learnt, patch), input.kind));
      const message = unwrap(await crm.test());
      const carried = await carriedChoices(crm, choicesOf((await readConnections())[input.kind]));
      await writeConnection({ ...candidate, ...learnt, ...carried.kept } as StoredConnection);
      return { connections: (await connections()).connections, message: [message, carried.notice].filter(Boolean).join(' ') };
    },

    async test(target: CrmTarget) {
      return { message: unwrap(await (await connected(target)).test()) };
    },

    async disconnect(target: CrmTarget) {
      const before = await readConnections();
      await removeConnection(target);
      const gone = before[target];
      // Ends the grant in Salesforce too; the connection is gone here whatever its answer.
      if (gone?.kind === 'salesforce') await revokeToken({ base: loginBase(gone), token: gone.refreshToken }, { fetch: deps.fetch, timeoutMs: deps.timeoutMs });
      if (gone?.kind === 'zoho') await revokeZohoToken(gone, { fetch: deps.fetch, timeoutMs: deps.timeoutMs });
      await releaseUnusedCrmHost(before, target);
      const settings = await readCrmSettings();
      await writeCrmSettings({ autoPush: settings.autoPush.filter((t) => t !== target) });
      return connections();
    },

    /** The CRM's properties and users, and the mapping in force. */
    async mapping(target: CrmTarget): Promise<CrmMappingReply> {
      const crm = await connected(target);
      if (!crm.schema) throw new CrmRefusal('invalid_input', t('crm.refusal.noMapping', { crm: CRM_LABELS[target] }));
      const schema = unwrap(await crm.schema());
      const stored = (await readConnections())[target];
      if (!stored) throw new CrmRefusal('not_connected', t('crm.refusal.notConnected', { crm: CRM_LABELS[target] }));
      return replyOf(schema, stored);
    },

    /** Keeps a mapping the CRM can take (checked against its schema now), the owner, the list and the required fields' values, on the connection. */
    async saveMapping(
      target: CrmTarget,
      fieldMap: NonNullable<MappingChoices['fieldMap']>,
      ownerId: string | null,
      listId: string | null = null,
      fieldDefaults: NonNullable<MappingChoices['fieldDefaults']> = {},
    ): Promise<CrmMappingReply> {
      const current = await this.mapping(target);
      const checked = checkMapping(fieldMap, current.schema);
      if (!checked.ok) throw new CrmRefusal('invalid_input', t(checked.problem === 'unknown' ? 'crm.mapping.unknownProperty' : 'crm.mapping.sharedProperty', { field: FIELD_LABELS[checked.field], crm: CRM_LABELS[target] }));
      if (ownerId !== null && !current.schema.owners.some((owner) => owner.id === ownerId)) throw new CrmRefusal('invalid_input', t('crm.mapping.unknownOwner', { crm: CRM_LABELS[target] }));
      if (listId !== null && !current.schema.lists?.some((list) => list.id === listId)) throw new CrmRefusal('invalid_input', t('crm.mapping.unknownList', { crm: CRM_LABELS[target] }));
      const required = new Set((current.schema.required ?? []).map((field) => field.name));
      const stray = Object.keys(fieldDefaults).find((name) => !required.has(name));
      if (stray !== undefined) throw new CrmRefusal('invalid_input', t('crm.mapping.notRequired', { field: stray, crm: CRM_LABELS[target] }));
      const stored = (await readConnections())[target];
      if (!stored) throw new CrmRefusal('not_connected', t('crm.refusal.notConnected', { crm: CRM_LABELS[target] }));
      const next = { ...withoutChoices(stored), fieldMap, ...(ownerId ? { ownerId } : {}), ...(listId ? { listId } : {}), ...(Object.keys(fieldDefaults).length ? { fieldDefaults } : {}) } as StoredConnection;
      await writeConnection(next);
      return replyOf(current.schema, next);
    },

    /**
     * Leads, or Contacts with their Account, from the next push on: what the connection learnt
     * about the other object is learnt again (the test), and a mapping that does not fit the
     * new object is dropped (the owner and the list stay).
     */
    async setRecordType(target: CrmTarget, recordType: RecordType): Promise<CrmMappingReply & { message: string }> {
      const stored = (await readConnections())[target];
      if (!stored) throw new CrmRefusal('not_connected', t('crm.refusal.notConnected', { crm: CRM_LABELS[target] }));
      if (recordTypeOf(stored) === null) throw new CrmRefusal('invalid_input', t('crm.refusal.noRecordType', { crm: CRM_LABELS[target] }));
      const learnt: Record<string, unknown> = {};
      const switched = { ...stored, recordType } as StoredConnection;
      const crm = adapterFor(switched, adapterDeps(async (patch) => void Object.assign(learnt, patch), target));
      const message = unwrap(await crm.test());
      const carried = await carriedChoices(crm, choicesOf(stored), true);
      const next = { ...withoutChoices(switched), ...learnt, ...carried.kept } as StoredConnection;
      await writeConnection(next);
      const schema = carried.schema ?? { defaults: {}, properties: [], owners: [] };
      return { ...replyOf(schema, next), message: [message, carried.notice].filter(Boolean).join(' ') };
    },

    async saveSettings(autoPush: readonly CrmTarget[]) {
      const stored = await readConnections();
      const settings = { autoPush: [...new Set(autoPush)].filter((t) => stored[t]) };
      await writeCrmSettings(settings);
      return settings;
    },
  };
}

export type CrmConnections = ReturnType<typeof createCrmConnections>;

/**
 * The mapping, owner and list chosen before a reconnect or a switch of record type, kept where
 * the CRM still has what they name. When its schema cannot be read now they are kept as they
 * are: the user's choices are not thrown away for a passing error.
 */
async function carriedChoices(crm: CrmAdapter, choices: MappingChoices, schemaWanted = false): Promise<{ kept: MappingChoices; notice: string | null; schema: CrmSchema | null }> {
  if (!crm.schema || (Object.keys(choices).length === 0 && !schemaWanted)) return { kept: choices, notice: null, schema: null };
  const schema = await crm.schema();
  if (!schema.ok) return { kept: choices, notice: null, schema: null };
  if (Object.keys(choices).length === 0) return { kept: choices, notice: null, schema: schema.value };
  const { kept, dropped } = fittingChoices(choices, schema.value);
  return { kept, notice: t(dropped ? 'crm.mapping.partlyKept' : 'crm.mapping.kept', { crm: CRM_LABELS[crm.target] }), schema: schema.value };
}

/** The host a disconnected CRM was granted, unless another connection still uses it. */
async function releaseUnusedCrmHost(before: Partial<Record<CrmTarget, StoredConnection>>, removed: CrmTarget): Promise<void> {
  const gone = before[removed];
  if (!gone || isLoopbackAddress(connectionAddress(gone))) return;
  const others = Object.entries(before).flatMap(([target, c]) => (target !== removed && c ? connectionOrigins(c) : []));
  const unused = connectionOrigins(gone).filter((origin) => !others.includes(origin));
  if (unused.length) await releaseHostAccess(unused);
}
