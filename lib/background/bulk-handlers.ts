import type { BulkReplies } from '../bulk/messages';
import type { Handlers } from './router';

type BulkHandlerName = keyof BulkReplies;

/** Bulk enrichment's messages: being built (issue 14); until then each is refused as data. */
export function createBulkHandlers(): Pick<Handlers, BulkHandlerName> {
  const refuse = async () => ({ ok: false as const, error: { kind: 'unavailable', message: 'Bulk enrichment is not available yet.' } });
  return {
    bulkCreate: refuse,
    bulkFromContacts: refuse,
    bulkRemap: refuse,
    bulkQuote: refuse,
    bulkStart: refuse,
    bulkPause: refuse,
    bulkResume: refuse,
    bulkCancel: refuse,
    bulkRetry: refuse,
    bulkDelete: refuse,
    bulkCrmPlan: refuse,
    bulkCrmPush: refuse,
    bulkCollect: refuse,
    bulkCollection: refuse,
    bulkClearCollection: refuse,
  };
}
