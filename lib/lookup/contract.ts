import { z } from 'zod';
import type { CardContacts } from '@/lib/card/contract';
import { OPERATION_NAMES, type OperationName, type ResultOf } from '@/lib/lookup/operation-names';

/**
 * A lookup between the screens (and content scripts) that ask for it and the worker that runs it:
 * what is asked, what it came to, what it would cost. Types only; the worker's service
 * (lib/lookup/worker/service.ts) implements it.
 */

export interface LookupRequest {
  op: OperationName;
  input: unknown;
  /** Pay again even when the ledger holds a fresh answer. */
  refresh?: boolean;
  /** The user saw the price and agreed (spending guard). */
  confirmed?: boolean;
  pageUrl?: string | null;
  /**
   * The caller's name for this attempt, used as its history id: if the connection to the
   * worker is lost mid-lookup, the caller asks for this attempt's outcome by it.
   */
  attemptId?: string;
  /**
   * Who the page the lookup came from showed (its detected name and company), recorded with the
   * entry so that a lookup that failed, whose answer names no one, is still listed by name.
   */
  about?: { name: string; company?: string };
}

/**
 * `unknown`: the request went out and its answer was lost (time-out, dropped connection,
 * stopped worker). It may have been charged, so it is never sent again by itself; the balance
 * is read again and the user is offered a retry with its price.
 */
export type LookupStatus = 'paid' | 'free' | 'cached' | 'miss' | 'failed' | 'refused' | 'needs_confirmation' | 'unknown';

export interface BalanceCheck {
  /** The last balance known when the request left; null when none was known. */
  before: number | null;
  /** The balance read again after the answer was lost; null when it could not be read. */
  after: number | null;
}

export interface ResponseFields {
  status: LookupStatus;
  historyId: string | null;
  cost: number;
  fromLedger: boolean;
  /** For a ledger answer: when it was paid for. */
  paidAt: number | null;
  /** For a refresh: this answer replaced a fresh one from the ledger, and was paid again. */
  refreshed: boolean;
  price?: number;
  error?: { kind: string; message: string };
  /** For `unknown`: whether credits moved while the answer was lost. */
  balanceCheck?: BalanceCheck;
  /**
   * For an answer about someone: the contact book's card of them once the answer is merged in,
   * and the keys the book files them under. The card that asked draws it from the reply: one trip.
   */
  card?: AnsweredCard;
}

export interface AnsweredCard extends CardContacts {
  keys: string[];
}

/**
 * What a lookup came to. Discriminated on `op`: checking the operation tells the answer's
 * type (`ResultOf`), so no screen has to guess what `value` holds.
 */
export type LookupResponse<Op extends OperationName = OperationName> = {
  [O in Op]: ResponseFields & { op: O; value?: ResultOf<O> };
}[Op];

export interface Preview {
  op: OperationName;
  /** What the action costs now: 0 when the ledger has a fresh answer. */
  cost: number;
  /** What it would cost to refresh (pay again): the most it may cost with the settings in force. */
  price: number;
  /** How many mobile numbers, at their own price, `price` includes ("Phone numbers" on). */
  mobiles?: number;
  inLedger: { paidAt: number; creditBurn: number } | null;
  refused?: { kind: string; message: string };
}

const lookupRequest = z
  .object({
    /** Only the operations Dossier offers: anything else is refused before a handler sees it. */
    op: z.enum(OPERATION_NAMES),
    input: z.record(z.string(), z.unknown()),
    refresh: z.boolean().optional(),
    confirmed: z.boolean().optional(),
    /** The caller's id for this attempt, to ask for its outcome if the connection drops. */
    attemptId: z.string().uuid().optional(),
  })
  .strict();

/** The lookups' messages, from Dossier's own pages. */
export const lookupMessageSchemas = {
  lookup: lookupRequest,
  preview: lookupRequest.pick({ op: true, input: true }).strict(),
  /** The outcome of an attempt whose answer the caller never received (the worker stopped). */
  lookupOutcome: z.object({ attemptId: z.string().uuid() }).strict(),
} as const;

export interface LookupReplies {
  lookup: LookupResponse;
  preview: Preview;
  /** null when the worker never saw the attempt: then nothing was sent. */
  lookupOutcome: LookupResponse | null;
}
