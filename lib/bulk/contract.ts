import { z } from 'zod';
import { CRM_FIELDS, CRM_TARGETS } from '@/lib/crm/types';
import { BULK_MAX_CELL, BULK_MAX_COLUMNS, BULK_MAX_ROWS, BULK_OPERATIONS, BULK_SOURCES, columnMappingSchema, type BulkQuote, type BulkRun } from '@/lib/bulk/model';

/**
 * Bulk enrichment's part of the message protocol. Every one of these is sent by Dossier's own
 * pages (the bulk page, the panel's frame, the contact book); none is a content-script
 * message, so the router refuses them from anything else. Pages read runs and rows
 * themselves (lib/bulk/store.ts); every write, and every spend, is the worker's.
 */
const runId = z.string().min(1).max(100);
const cell = z.string().max(BULK_MAX_CELL);
const name = z.string().trim().min(1).max(200);

/** A person read on a search or company-people page, added to the collecting list. */
export const collectedPersonSchema = z
  .object({
    profileUrl: z.string().min(1).max(600),
    fullName: z.string().max(200).optional(),
    headline: z.string().max(300).optional(),
  })
  .strict();
export type CollectedPerson = z.infer<typeof collectedPersonSchema>;

export const BULK_COLLECT_MAX = BULK_MAX_ROWS;

export const bulkMessageSchemas = {
  /**
   * A new run in `draft` from a table (a CSV file, pasted lines, the collected list): the worker
   * reads each row through the mapping and stores it, unusable rows with their reason.
   */
  bulkCreate: z
    .object({
      name,
      source: z.enum(BULK_SOURCES),
      headers: z.array(cell).max(BULK_MAX_COLUMNS),
      rows: z.array(z.array(cell).max(BULK_MAX_COLUMNS)).min(1).max(BULK_MAX_ROWS),
      mapping: columnMappingSchema,
    })
    .strict(),
  /** A new run in `draft` from contact book contacts (their profile, emails, phones, name, company). */
  bulkFromContacts: z.object({ ids: z.array(z.string().min(1).max(600)).min(1).max(BULK_MAX_ROWS) }).strict(),
  /** A draft or quoted run's mapping corrected on the mapping screen: rows are read again. */
  bulkRemap: z.object({ runId, mapping: columnMappingSchema }).strict(),
  /** Prices the run for these operations (free: ledger reads, and CRM checks when asked); the run becomes `quoted`. */
  bulkQuote: z.object({ runId, operations: z.array(z.enum(BULK_OPERATIONS)).min(1).max(BULK_OPERATIONS.length), skipInCrm: z.boolean() }).strict(),
  /** The user confirmed this quote's total: the run starts. A stale or other quote id is refused. */
  bulkStart: z.object({ runId, quoteId: z.string().min(1).max(100) }).strict(),
  bulkPause: z.object({ runId }).strict(),
  bulkResume: z.object({ runId }).strict(),
  bulkCancel: z.object({ runId }).strict(),
  /**
   * Sends again what did not settle with an answer. `failed` tasks cost nothing when they
   * fail again; `unknown` ones may already have been charged, so the user confirms their
   * price (`price`, which must equal what the worker computes) before they go again.
   */
  bulkRetry: z.object({ runId, which: z.enum(['failed', 'unknown']), price: z.number().min(0).optional() }).strict(),
  bulkDelete: z.object({ runId }).strict(),
  /** What "push all matched" would do in this CRM: counts of creates, updates and skips. */
  bulkCrmPlan: z.object({ runId, target: z.enum(CRM_TARGETS) }).strict(),
  /** Queues every matched person of the run in the CRM outbox (match before write, as everywhere). */
  bulkCrmPush: z.object({ runId, target: z.enum(CRM_TARGETS), overwrite: z.array(z.enum(CRM_FIELDS)).max(CRM_FIELDS.length).default([]) }).strict(),
  /** The panel on a search page: "select all on this page" adds these people to the collecting list. */
  bulkCollect: z.object({ people: z.array(collectedPersonSchema).min(1).max(200) }).strict(),
  bulkCollection: z.undefined(),
  bulkClearCollection: z.undefined(),
} as const;

export interface BulkCrmSummary {
  create: number;
  update: number;
  skip: number;
  /** People the CRM could not be asked about (it answered an error): pushed later by the outbox. */
  unknown: number;
  /** Matched rows that are the same person as another row: pushed once. */
  duplicates: number;
}

export interface BulkReplies {
  bulkCreate: BulkRun;
  bulkFromContacts: BulkRun;
  bulkRemap: BulkRun;
  bulkQuote: BulkQuote;
  bulkStart: BulkRun;
  bulkPause: BulkRun;
  bulkResume: BulkRun;
  bulkCancel: BulkRun;
  bulkRetry: BulkRun;
  bulkDelete: { deleted: true };
  bulkCrmPlan: BulkCrmSummary;
  bulkCrmPush: { queued: number; skipped: number };
  bulkCollect: { count: number; added: number };
  bulkCollection: { people: CollectedPerson[] };
  bulkClearCollection: { count: 0 };
}
