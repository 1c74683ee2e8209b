import type { BulkPageReplies } from '@/lib/bulk/open-page-contract';
import type { Handlers } from '@/lib/contracts/handlers';

export interface BulkPageDeps {
  /** Opens the bulk enrichment page in a tab of its own. */
  open(): Promise<void>;
}

/**
 * The panel's "Open bulk enrichment" (the browser's tab API opens the page, the web page learns
 * nothing), and the bulk page's wake-up call for a worker the browser stopped.
 */
export function createBulkPageHandlers(deps: BulkPageDeps): Pick<Handlers, keyof BulkPageReplies> {
  return {
    openBulk: async () => {
      await deps.open();
      return { ok: true, value: true };
    },
    // Nothing to do here: receiving the message is what starts a stopped worker.
    bulkWake: async () => ({ ok: true, value: true }),
  };
}
