import type { DirectoryIndex } from '@/sandbox/match/lookup';
import type { QueryParams } from '@/sandbox/params';

export interface OperationInput {
  params: QueryParams;
  index: DirectoryIndex;
  /** The caller's balance before this request. */
  balance: number;
}

/** A successful lookup: what it costs, and the JSON body (which repeats the cost as creditBurn). */
export interface Answer {
  cost: number;
  body: unknown;
}

/**
 * One operation of the interface. Handlers are pure lookups: they throw an ApiError for a
 * bad request or a miss, and never touch balances; the ingress pipeline bills them.
 */
export interface Operation {
  name: string;
  /** The interface's path first, then the live gateway's aliases. */
  paths: readonly string[];
  /** Billable operations refuse every lookup from a key with no credit left. */
  billable: boolean;
  handle(input: OperationInput): Answer;
}
