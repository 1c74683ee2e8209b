import type { OperationAnswer } from '@/lib/lookup/operation-names';

/**
 * One answer about someone, as the contact book takes it in: what was asked (the request's
 * identity keys and input), what came back (typed by operation), when, and whether it was paid.
 * The worker builds one after every lookup that matched (paid, free or from the ledger) and
 * after every CRM check; the history migration builds them from old entries.
 */
interface AnswerBase {
  historyId: string | null;
  at: number;
  /** Credits were spent on this answer (a ledger repeat or a free answer: false). */
  paid: boolean;
  /** Identity keys of the request (lib/identity/keys.ts): the profile, email or phone asked about. */
  requestKeys: string[];
  /** The request's input as validated (names, company, profile URL). */
  input: Record<string, unknown>;
}

/** A lookup's typed answer (`result`, by operation), or what a CRM check said. */
export type ContactAnswer = AnswerBase &
  (
    | OperationAnswer
    | { op: 'crmCheck'; result: { crm: string; found: boolean; recordId?: string; url?: string } }
  );

export type ContactAnswerOp = ContactAnswer['op'];
