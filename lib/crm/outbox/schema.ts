import { z } from 'zod';
import { crmContactSchema } from '@/lib/crm/contact';
import { CRM_FIELDS, CRM_TARGETS } from '@/lib/crm/types';

export const OUTBOX_STATES = ['queued', 'sending', 'retrying', 'failed', 'delivered'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

const fieldChangeSchema = z.object({
  field: z.enum(CRM_FIELDS),
  label: z.string(),
  current: z.string().nullable(),
  proposed: z.string(),
  status: z.enum(['add', 'same', 'overwrite', 'keep']),
});

export const pushPlanSchema = z.object({
  target: z.enum(CRM_TARGETS),
  action: z.enum(['create', 'update', 'skip']),
  reason: z.string(),
  match: z.object({ id: z.string(), by: z.enum(['remembered', 'email', 'profileUrl', 'nameCompany']), url: z.string().nullable() }).nullable(),
  changes: z.array(fieldChangeSchema),
  company: z.object({ name: z.string().nullable(), domain: z.string().nullable() }).nullable(),
  note: z.boolean(),
});

export const progressSchema = z.object({
  recordId: z.string().optional(),
  recordUrl: z.string().nullable().optional(),
  created: z.boolean().optional(),
  contactDone: z.boolean().optional(),
  companyId: z.string().optional(),
  companyLinked: z.boolean().optional(),
  noteDone: z.boolean().optional(),
});

/**
 *   queued     waiting for its first attempt
 *   sending    an attempt is under way (left so by a stopped worker: resumed on the next start)
 *   retrying   a network error, 429 or 5xx: tried again at `nextAttemptAt` (a spent daily
 *              allowance waits for its renewal without counting an attempt)
 *   failed     the CRM refused (bad token, rejected field) or retries ran out: kept until the
 *              user retries or drops it
 *   delivered  done; kept a while so the panel and settings can show it
 */
export const outboxItemSchema = z.object({
  id: z.string().min(1),
  target: z.enum(CRM_TARGETS),
  contact: crmContactSchema,
  overwrite: z.array(z.enum(CRM_FIELDS)).default([]),
  state: z.enum(OUTBOX_STATES),
  attempts: z.number().int().min(0),
  nextAttemptAt: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Set once an attempt has matched: what it decided, kept so a resumed push carries on the same way. */
  plan: pushPlanSchema.nullable().default(null),
  progress: progressSchema.default({}),
  /** `budget: 'daily'`: waiting for the CRM's daily allowance to renew, not a failed attempt. */
  lastError: z.object({ kind: z.string(), message: z.string(), status: z.number().optional(), budget: z.literal('daily').optional() }).nullable().default(null),
  result: z
    .object({ action: z.enum(['created', 'updated', 'skipped']), recordId: z.string(), recordUrl: z.string().nullable(), redirected: z.literal(true).optional() })
    .nullable()
    .default(null),
  /** Queued by the automatic push after an enrichment rather than by a click. */
  auto: z.boolean().default(false),
});

export type OutboxItem = z.infer<typeof outboxItemSchema>;

/** What pages see of an item: the person's name, not their data; never anything secret. */
export interface OutboxItemView {
  id: string;
  target: OutboxItem['target'];
  name: string;
  /** The person's company, so that screens name them as everywhere ("Maya Chen · Northwind Analytics"). */
  company?: string | null;
  identity: string;
  historyId: string | null;
  state: OutboxState;
  attempts: number;
  nextAttemptAt: number | null;
  updatedAt: number;
  /** `budget: 'daily'`: waiting for the CRM's daily allowance, which is no failed attempt. */
  error: { kind: string; message: string; budget?: 'daily' } | null;
  result: OutboxItem['result'];
  action: 'create' | 'update' | 'skip' | null;
}

export function viewOf(item: OutboxItem): OutboxItemView {
  return {
    id: item.id,
    target: item.target,
    name: item.contact.fullName,
    company: item.contact.company?.name ?? null,
    identity: item.contact.identity,
    historyId: item.contact.historyId,
    state: item.state,
    attempts: item.attempts,
    nextAttemptAt: item.state === 'queued' || item.state === 'retrying' ? item.nextAttemptAt : null,
    updatedAt: item.updatedAt,
    error: item.lastError ? { kind: item.lastError.kind, message: item.lastError.message, ...(item.lastError.budget ? { budget: item.lastError.budget } : {}) } : null,
    result: item.result,
    action: item.plan?.action ?? null,
  };
}
