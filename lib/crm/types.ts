import { t } from '@/lib/platform/i18n';

/**
 * The vocabulary every CRM target shares: which fields a push may write, what a match is,
 * what a plan says before anything is written, and how a failure is described.
 */
export const CRM_TARGETS = ['hubspot', 'pipedrive', 'webhook', 'attio', 'salesforce', 'close', 'zoho'] as const;
export type CrmTarget = (typeof CRM_TARGETS)[number];

/** A record whose values are read from the i18n catalog on each access, in the current language. */
function translated<K extends string>(keys: readonly K[], message: (key: K) => string): Record<K, string> {
  return Object.defineProperties({} as Record<K, string>, Object.fromEntries(keys.map((key) => [key, { enumerable: true, get: () => message(key) }])));
}

/** A webhook sends the contact alone: no note, so nothing meant for a note (the article 14 notice) goes there. */
export function writesNotes(target: CrmTarget): boolean {
  return target !== 'webhook';
}

export const CRM_LABELS: Record<CrmTarget, string> = translated(CRM_TARGETS, (target) => t(`crm.target.${target}`));

/** Fields a plan compares one by one; each adapter says which of them it can store. */
export const CRM_FIELDS = ['firstName', 'lastName', 'fullName', 'jobTitle', 'email', 'phone', 'mobilePhone', 'profileUrl', 'companyName', 'website'] as const;
export type CrmField = (typeof CRM_FIELDS)[number];

export const FIELD_LABELS: Record<CrmField, string> = translated(CRM_FIELDS, (field) => t(`crm.field.${field}`));

export type FieldValues = Partial<Record<CrmField, string>>;

/** How a record was found, in the order they are tried. */
export type MatchedBy = 'remembered' | 'email' | 'profileUrl' | 'nameCompany';

export interface Match {
  id: string;
  by: MatchedBy;
  /** The record in the CRM's own app; only ever shown as a link when it is http(s). */
  url: string | null;
  /** What the record holds now, in Dossier's field names. */
  values: FieldValues;
}

/**
 *   add        the CRM field is empty: written
 *   same       already holds this value: nothing to do
 *   overwrite  holds another value and the user allowed replacing it
 *   keep       holds another value; left alone unless the user allows it
 */
export type ChangeStatus = 'add' | 'same' | 'overwrite' | 'keep';

export interface FieldChange {
  field: CrmField;
  label: string;
  current: string | null;
  proposed: string;
  status: ChangeStatus;
}

export type PlanAction = 'create' | 'update' | 'skip';

export interface PushPlan {
  target: CrmTarget;
  action: PlanAction;
  reason: string;
  match: Omit<Match, 'values'> | null;
  changes: FieldChange[];
  /** The company the contact will be linked to (found or created), when there is one. */
  company: { name: string | null; domain: string | null } | null;
  /** Where the enrichment summary goes: a note on the record, unverified emails included. */
  note: boolean;
  /** Emails of the push gone stale (lib/book/freshness.ts), with when an answer last gave them: the push asks first. */
  stale?: { address: string; at: number }[];
}

export interface PushResult {
  action: 'created' | 'updated' | 'skipped';
  recordId: string;
  recordUrl: string | null;
  /** A webhook receiver took the delivery and answered with a redirect: delivered, and said so. */
  redirected?: true;
}

export type CheckState = 'in_crm' | 'not_in_crm' | 'unknown';

export interface CheckResult {
  state: CheckState;
  recordId: string | null;
  recordUrl: string | null;
  by: MatchedBy | null;
}

export type CrmErrorKind =
  | 'auth'
  | 'rate_limited'
  | 'unavailable'
  | 'network'
  | 'rejected'
  | 'conflict'
  | 'not_found'
  | 'invalid_response'
  | 'not_connected';

export interface CrmError {
  kind: CrmErrorKind;
  /** The CRM's own words where it gave any, with secrets removed. */
  message: string;
  /** Retrying later may succeed (network, 429, 5xx); otherwise the user must act. */
  retryable: boolean;
  retryAfterMs?: number;
  /** The CRM's allowance for the day is spent: the push waits for it to renew, no failed attempt. */
  dailyBudget?: boolean;
  status?: number;
  /** The CRM's own error code (Salesforce's `errorCode`), where it gives one. */
  code?: string;
  /** Records the CRM's refusal names: the existing ones a duplicate rule matched. */
  recordIds?: string[];
  /**
   * The permissions the CRM says the token lacks (HubSpot's MISSING_SCOPES), one group per refused
   * call: any one scope of a group lets that call through.
   */
  scopes?: string[][];
}

export type CrmResult<T> = { ok: true; value: T } | { ok: false; error: CrmError };

export const ok = <T>(value: T): CrmResult<T> => ({ ok: true, value });
export const fail = <T = never>(error: CrmError): CrmResult<T> => ({ ok: false, error });
