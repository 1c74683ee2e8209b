import { z } from 'zod';

/**
 * How Dossier's pages reach the bulk enrichment page. Apart from lib/bulk/contract.ts (the
 * runs' own messages, whose handlers the queue owns): the panel's frame sits in a web page's
 * tab and cannot open an extension page itself, so it asks the worker, as it does for the
 * contact book. Not a content-script message: the router takes it from Dossier's pages only.
 */
export const bulkPageMessageSchemas = {
  openBulk: z.undefined(),
  /**
   * The bulk page, when a running run has not moved for a while: the browser may have stopped
   * the worker. The message itself starts a stopped worker, and a starting worker resumes every
   * running run (entrypoints/background.ts); a live one answers and nothing changes.
   */
  bulkWake: z.undefined(),
} as const;

export interface BulkPageReplies {
  openBulk: true;
  bulkWake: true;
}
