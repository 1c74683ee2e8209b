import type { Outcome } from '@/lib/contracts/protocol';
import { CrmRefusal, type CrmService } from '@/lib/crm/worker/presence-check';
import type { Handlers } from '@/lib/contracts/handlers';

type CrmHandlerName =
  | 'crmSchema'
  | 'crmSaveMapping'
  | 'crmSetRecordType'
  | 'crmStatus'
  | 'crmCheck'
  | 'crmPlan'
  | 'crmPush'
  | 'crmPushStatus'
  | 'crmRetry'
  | 'crmExport'
  | 'crmConnections'
  | 'crmConnect'
  | 'crmTest'
  | 'crmDisconnect'
  | 'crmSaveSettings'
  | 'crmOutbox'
  | 'crmDrop'
  | 'crmEnrichedPeople';

/** A refusal the user can act on travels as data; anything else is left to the router's catch. */
async function answer<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof CrmRefusal) return { ok: false, error: { kind: error.kind, message: error.message } };
    throw error;
  }
}

export function createCrmHandlers(crm: CrmService): Pick<Handlers, CrmHandlerName> {
  return {
    crmStatus: () => answer(() => crm.status()),
    crmSchema: ({ target }) => answer(() => crm.mapping(target)),
    crmSaveMapping: ({ target, fieldMap, ownerId, listId, fieldDefaults }) => answer(() => crm.saveMapping(target, fieldMap, ownerId, listId, fieldDefaults)),
    crmSetRecordType: ({ target, recordType }) => answer(() => crm.setRecordType(target, recordType)),
    crmCheck: (query) => answer(async () => ({ results: await crm.check(query) })),
    crmPlan: ({ historyId, target }) => answer(() => crm.plan(historyId, target)),
    crmPush: ({ historyId, target, overwrite, confirmStale }) => answer(() => crm.push(historyId, target, overwrite, confirmStale === true)),
    crmPushStatus: ({ historyId }) => answer(() => crm.pushStatus(historyId)),
    crmRetry: ({ id }) => answer(() => crm.retry(id)),
    crmExport: ({ historyIds, format }) => answer(() => crm.export(historyIds, format)),
    crmConnections: () => answer(() => crm.connections()),
    crmConnect: ({ connection }) => answer(() => crm.connect(connection)),
    crmTest: ({ target }) => answer(() => crm.test(target)),
    crmDisconnect: ({ target }) => answer(() => crm.disconnect(target)),
    crmSaveSettings: ({ autoPush }) => answer(() => crm.saveSettings(autoPush)),
    crmOutbox: () => answer(() => crm.outbox()),
    crmDrop: ({ id }) => answer(async () => ({ dropped: await crm.drop(id) })),
    crmEnrichedPeople: ({ limit }) => answer(() => crm.enrichedPeople(limit)),
  };
}
