import type {
  Company,
  Enrichment,
  MicroblogProfile,
  PersonalEmailResult,
  PhoneSearchResult,
  ReversePhoneResult,
  WorkEmailResult,
} from '@/lib/enrichment/model';

/**
 * Every lookup Dossier offers, by the name the screens, the worker, history and the ledger use.
 * Kept apart from the operations themselves (lib/lookup/worker/operations.ts) so that a screen or the
 * message protocol can name an operation without loading the code that runs it.
 */
export const OPERATION_NAMES = [
  'enrichPerson',
  'enrichCompany',
  'findWorkEmail',
  'searchPhone',
  'searchPersonalEmail',
  'reversePhone',
  'microblogProfile',
  'microblogByEmail',
] as const;

export type OperationName = (typeof OPERATION_NAMES)[number];

/** What each operation answers when it finds something (lib/enrichment/model.ts). */
export interface OperationResults {
  enrichPerson: Enrichment;
  enrichCompany: Company;
  findWorkEmail: WorkEmailResult;
  searchPhone: PhoneSearchResult;
  searchPersonalEmail: PersonalEmailResult;
  reversePhone: ReversePhoneResult;
  microblogProfile: MicroblogProfile;
  microblogByEmail: MicroblogProfile;
}

export type ResultOf<Op extends OperationName> = OperationResults[Op];

/**
 * An operation's name with its answer, correlated: checking `op` tells the answer's type, so
 * no screen has to guess (or cast) what an answer holds.
 */
export type OperationAnswer<Op extends OperationName = OperationName> = { [O in Op]: { op: O; result: ResultOf<O> } }[Op];

/** Not a lookup: history records each CRM push (lib/crm/worker/presence-check.ts) beside the lookups, under this name. */
export const CRM_PUSH = 'crmPush';

/** Not a lookup: a balance that moved otherwise than the lookups explain (lib/balance/worker/reconcile.ts). */
export const BALANCE_DIFFERENCE = 'balanceDifference';

const NAMES: ReadonlySet<string> = new Set(OPERATION_NAMES);

export function isOperationName(value: unknown): value is OperationName {
  return typeof value === 'string' && NAMES.has(value);
}

/** Pairs a name with its answer; the answer's type follows from the name. */
export function answer<Op extends OperationName>(op: Op, result: ResultOf<Op>): OperationAnswer<Op> {
  return { op, result };
}
