import type { z } from 'zod';
import {
  companySchema,
  enrichmentSchema,
  microblogProfileSchema,
  personalEmailResultSchema,
  phoneSearchResultSchema,
  reversePhoneResultSchema,
  workEmailResultSchema,
} from '@/lib/enrichment/model-schema';
import type { OperationName, ResultOf } from '@/lib/lookup/operation-names';

/** The schema each operation's stored answer is read back with (history, ledger). */
export const RESULT_SCHEMAS: { [Op in OperationName]: z.ZodType<ResultOf<Op>> } = {
  enrichPerson: enrichmentSchema,
  enrichCompany: companySchema,
  findWorkEmail: workEmailResultSchema,
  searchPhone: phoneSearchResultSchema,
  searchPersonalEmail: personalEmailResultSchema,
  reversePhone: reversePhoneResultSchema,
  microblogProfile: microblogProfileSchema,
  microblogByEmail: microblogProfileSchema,
};

/** A stored answer of `op`, or undefined when it no longer reads as one. */
export function readResult<Op extends OperationName>(op: Op, raw: unknown): ResultOf<Op> | undefined {
  const parsed = RESULT_SCHEMAS[op].safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

// Beside the names (no schema): the popup's first paint names people with it.
export { answer } from '@/lib/lookup/operation-names';
