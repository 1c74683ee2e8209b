import type { CrmContact } from '@/lib/crm/contact';
import type { CrmSchema } from '@/lib/crm/mapping';
import type { PlanPolicy } from '@/lib/crm/worker/plan';
import type { CheckResult, CrmField, CrmResult, CrmTarget, Match, PushPlan, PushResult } from '@/lib/crm/types';

/** Who to look for: built from an enrichment, or from the page before anything is paid for. */
export interface MatchQuery {
  /** Verified addresses only: a guess must not decide which record gets written. */
  emails: string[];
  profileUrl?: string;
  firstName?: string;
  lastName?: string;
  fullName?: string;
  companyName?: string;
  companyDomain?: string;
}

export function queryOf(contact: CrmContact): MatchQuery {
  return {
    emails: contact.emails.filter((e) => e.status === 'verified').map((e) => e.address),
    profileUrl: contact.profileUrl,
    firstName: contact.firstName,
    lastName: contact.lastName,
    fullName: contact.fullName,
    companyName: contact.company?.name,
    companyDomain: contact.company?.domain,
  };
}

/**
 * How far a push got, written to the outbox after each step. A push interrupted at any point
 * (worker stopped, CRM down, 429) resumes from here: the record is never created twice and
 * the note never added twice.
 */
export interface Progress {
  recordId?: string;
  recordUrl?: string | null;
  /** The record did not exist before this push. */
  created?: boolean;
  /** The contact's own fields are written; only the company link and the note may remain. */
  contactDone?: boolean;
  companyId?: string;
  companyLinked?: boolean;
  noteDone?: boolean;
  /**
   * When the note was first sent (its timestamp). Set before the create: a retry finding it set
   * looks for that note on the record before making it, since the answer may have been lost.
   */
  noteAt?: number;
  /** The record is in the list the user chose (adding it again must be harmless: a retry may). */
  listed?: boolean;
}

export interface ApplyContext {
  policy: PlanPolicy;
  progress: Progress;
  save(progress: Progress): Promise<void>;
}

/** Records a finished step in the push's progress (saved before the next step begins). */
export async function checkpoint(progress: Progress, context: Pick<ApplyContext, 'save'>, step: Partial<Progress>): Promise<CrmResult<Progress>> {
  const next = { ...progress, ...step };
  await context.save(next);
  return { ok: true, value: next };
}

/** What a connection learnt from the CRM and keeps (account id, custom field key). */
export type Learn = (patch: Record<string, unknown>) => Promise<void>;

/**
 * One CRM. `find` matches in a fixed order (the record pushed before, email, profile URL, name
 * at the company); `plan` says what a push would change; `apply` carries a plan out, step by
 * step; `check` answers "already in your CRM?" for free, from what the page shows.
 */
export interface CrmAdapter {
  readonly target: CrmTarget;
  readonly fields: readonly CrmField[];
  find(contact: CrmContact, rememberedId: string | null): Promise<CrmResult<Match | null>>;
  plan(contact: CrmContact, match: Match | null, policy: PlanPolicy): PushPlan;
  apply(plan: PushPlan, contact: CrmContact, context: ApplyContext): Promise<CrmResult<PushResult>>;
  check(query: MatchQuery, rememberedId: string | null): Promise<CrmResult<CheckResult>>;
  /** Proves the connection works and says so in a sentence; may learn account details. */
  test(): Promise<CrmResult<string>>;
  /** The properties a push may write and the users who may own a record, from the CRM's schema endpoints (field mapping). */
  schema?(): Promise<CrmResult<CrmSchema>>;
}

type Finder = () => Promise<CrmResult<Match | null>>;

/** Runs finders in order and stops at the first match; a failing CRM stops the search. */
export async function firstMatch(finders: readonly (Finder | null | undefined | false)[]): Promise<CrmResult<Match | null>> {
  for (const finder of finders) {
    if (!finder) continue;
    const result = await finder();
    if (!result.ok || result.value) return result;
  }
  return { ok: true, value: null };
}

export function checkFrom(result: CrmResult<Match | null>): CrmResult<CheckResult> {
  if (!result.ok) return result;
  const match = result.value;
  return {
    ok: true,
    value: match ? { state: 'in_crm', recordId: match.id, recordUrl: match.url, by: match.by } : { state: 'not_in_crm', recordId: null, recordUrl: null, by: null },
  };
}

/** Splits a name shown on a page the way a CRM files it, when the page gives only the whole. */
export function splitFullName(fullName: string | undefined): { firstName?: string; lastName?: string } {
  const name = fullName?.replace(/\s+/g, ' ').trim();
  if (!name) return {};
  const at = name.indexOf(' ');
  return at > 0 ? { firstName: name.slice(0, at), lastName: name.slice(at + 1) } : { firstName: name };
}
