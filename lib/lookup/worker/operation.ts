import type { ZodType } from 'zod';
import type { EnrichmentClient } from '@/lib/api';
import type { ApiError } from '@/lib/api/errors';
import type { Preferences } from '@/lib/settings/preferences';
import type { OperationName, ResultOf } from '@/lib/lookup/operation-names';

/**
 * What a lookup operation needs to say about itself for the lookup service to run it. Its
 * name decides what it answers (`ResultOf`), so the two cannot drift apart.
 */
export interface Operation<Input, Op extends OperationName, Value = ResultOf<Op>> {
  name: Op;
  /** Validates what a caller (often a web page's content script) sent. */
  input: ZodType<Input>;
  /** Phone answers go stale sooner (30 days by default) than the rest (90). */
  freshness: 'phone' | 'other';
  /** The most it may cost with these settings, before knowing whether there is a match (lib/lookup/prices.ts). */
  maxPrice(prefs: Preferences): number;
  /** Personal-email enrichment is offered only outside the EU. */
  personalData?: boolean;
  /** A readable line naming who or what is looked up. */
  subject(input: Input): string;
  /** Identity keys of the input: the ledger and the suppression list compare these. */
  identities(input: Input, prefs: Preferences): string[];
  /** Identity keys the answer reveals (its email, phones, profile), so other routes find it too. */
  resultIdentities(value: Value): string[];
  run(client: EnrichmentClient, input: Input, prefs: Preferences): Promise<OperationResult<Value>>;
}

export type OperationResult<Value> =
  | { ok: true; value: Value; creditBurn: number }
  | { ok: false; error: ApiError };
