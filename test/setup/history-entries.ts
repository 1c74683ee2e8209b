import type { Enrichment, Person } from '@/lib/enrichment/model';
import type { LookupEntry } from '@/lib/history/entry';
import type { OperationName } from '@/lib/lookup/operation-names';

/** A recorded lookup of `op`, with plausible defaults; `patch` may set its answer, typed for `op`. */
export function lookupEntry<Op extends OperationName>(op: Op, patch: Partial<LookupEntry<Op>> & { id: string }): LookupEntry<Op> {
  const fields = {
    subject: patch.id,
    input: {},
    identity: null,
    outcome: 'paid' as const,
    cost: 2,
    fromLedger: false,
    paidAt: null,
    at: 1_000,
    pageUrl: null,
    error: null,
  };
  return { ...fields, ...patch, op };
}

/** A person as the normalisers build one: the lists and `extra` always present. */
export function person(fields: Partial<Person> = {}): Person {
  return { urls: [], emails: [], phones: [], extra: {}, ...fields };
}

export function enrichment(fields: Partial<Person> = {}): Enrichment {
  return { person: person(fields), extra: {} };
}
