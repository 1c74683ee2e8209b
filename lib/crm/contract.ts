import { z } from 'zod';
import type { ConnectionSummary } from '@/lib/crm/connection';
import { connectionInputSchema } from '@/lib/crm/connection';
import { fieldDefaultsSchema, fieldMappingSchema, type CrmSchema, type FieldDefaults, type FieldMapping } from '@/lib/crm/mapping';
import type { OutboxItemView } from '@/lib/crm/outbox/schema';
import { CRM_FIELDS, CRM_TARGETS, type CheckState, type CrmTarget, type PushPlan } from '@/lib/crm/types';

/** The user's CRM settings (which CRMs get every enrichment), stored by the worker, edited on the settings page. */
export const crmSettingsSchema = z.object({ autoPush: z.array(z.enum(CRM_TARGETS)).default([]) });
export type CrmSettings = z.infer<typeof crmSettingsSchema>;

/**
 * The CRM part of the message protocol: the data each message carries (validated at the
 * background's door) and what it answers. Nothing here ever holds a token or a secret.
 */
const target = z.enum(CRM_TARGETS);
const historyId = z.string().min(1).max(100);
const text = z.string().trim().min(1).max(500);

export const crmMessageSchemas = {
  /** Settings: what the CRM's records can hold (its properties and users) and the mapping in force. */
  crmSchema: z.object({ target }).strict(),
  /** Settings: where each field goes, who owns the records Dossier creates (null: the connected user), which list they go in (null: none). */
  crmSaveMapping: z
    .object({
      target,
      fieldMap: fieldMappingSchema,
      ownerId: z.string().trim().min(1).max(100).nullable(),
      listId: z.string().trim().min(1).max(100).nullable().default(null),
      fieldDefaults: fieldDefaultsSchema.default({}),
    })
    .strict(),
  /** Settings: pushes to this CRM make Leads, or Contacts with their Account, from now on (no reconnect). */
  crmSetRecordType: z.object({ target, recordType: z.enum(['lead', 'contact']) }).strict(),
  /** Which CRMs are connected (labels only): the panel decides what to show. */
  crmStatus: z.undefined(),
  /** Free "already in your CRM?" from what the page shows, before any credit is spent. */
  crmCheck: z.object({ profileUrl: text.optional(), fullName: text.optional(), company: text.optional(), email: z.string().max(320).optional() }).strict(),
  /** What pushing the person from this lookup would do in this CRM. */
  crmPlan: z.object({ historyId, target }).strict(),
  /** Queues the push; the fields listed may replace values the CRM already holds. */
  crmPush: z
    .object({
      historyId,
      target,
      overwrite: z.array(z.enum(CRM_FIELDS)).max(CRM_FIELDS.length).default([]),
      /** The user saw the plan's stale emails and pushes them anyway; without it such a push is refused (stale_email). */
      confirmStale: z.boolean().optional(),
    })
    .strict(),
  /** Where the pushes of this lookup stand. */
  crmPushStatus: z.object({ historyId }).strict(),
  crmRetry: z.object({ id: z.string().min(1).max(100) }).strict(),
  /** CSV or vCard of the people from these lookups; no network. */
  crmExport: z.object({ historyIds: z.array(historyId).min(1).max(1_000), format: z.enum(['csv', 'vcard']) }).strict(),
  crmConnections: z.undefined(),
  crmConnect: z.object({ connection: connectionInputSchema }).strict(),
  crmTest: z.object({ target }).strict(),
  crmDisconnect: z.object({ target }).strict(),
  crmSaveSettings: z.object({ autoPush: z.array(target).max(CRM_TARGETS.length) }).strict(),
  crmOutbox: z.undefined(),
  crmDrop: z.object({ id: z.string().min(1).max(100) }).strict(),
  /** People enriched lately, to choose from for an export. */
  crmEnrichedPeople: z.object({ limit: z.number().int().min(1).max(1_000).default(200) }).strict(),
} as const;

export interface CrmStatusReply {
  connected: { target: CrmTarget; label: string }[];
}

export interface CrmCheckItem {
  target: CrmTarget;
  label: string;
  state: CheckState;
  /** http(s) only. */
  recordUrl: string | null;
  message: string | null;
}

export interface CrmCheckReply {
  results: CrmCheckItem[];
}

export interface CrmConnectionsReply {
  connections: ConnectionSummary[];
  settings: CrmSettings;
}

export interface CrmExportReply {
  filename: string;
  mimeType: string;
  content: string;
}

export interface EnrichedPerson {
  historyId: string;
  name: string;
  company: string | null;
  at: number;
}

export interface CrmMappingReply {
  schema: CrmSchema;
  fieldMap: FieldMapping;
  ownerId: string | null;
  listId: string | null;
  /** What the user typed for required fields Dossier may have nothing for (`schema.required`). */
  fieldDefaults: FieldDefaults;
  /** What a push makes, where the CRM offers the choice (Salesforce, Zoho); null elsewhere. */
  recordType: 'lead' | 'contact' | null;
}

export interface CrmReplies {
  crmSchema: CrmMappingReply;
  crmSaveMapping: CrmMappingReply;
  crmSetRecordType: CrmMappingReply & { message: string };
  crmStatus: CrmStatusReply;
  crmCheck: CrmCheckReply;
  crmPlan: PushPlan;
  crmPush: OutboxItemView;
  crmPushStatus: OutboxItemView[];
  crmRetry: OutboxItemView;
  crmExport: CrmExportReply;
  crmConnections: CrmConnectionsReply;
  crmConnect: { connections: ConnectionSummary[]; message: string };
  crmTest: { message: string };
  crmDisconnect: CrmConnectionsReply;
  crmSaveSettings: CrmSettings;
  crmOutbox: OutboxItemView[];
  crmDrop: { dropped: boolean };
  crmEnrichedPeople: EnrichedPerson[];
}

