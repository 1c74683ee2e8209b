import type { OperationName } from './operations';

/**
 * Every lookup operation by name, spelled out rather than read from PRICES: screens that must
 * open fast (the popup) use it without loading every operation's schemas.
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
] as const satisfies readonly OperationName[];

/** Fails to compile when PRICES (operations.ts) names an operation this list lacks. */
type Unlisted = Exclude<OperationName, (typeof OPERATION_NAMES)[number]>;
export const EVERY_OPERATION_LISTED: [Unlisted] extends [never] ? true : Unlisted = true;

/** A lookup the user paid for (or could), as opposed to a CRM push recorded beside them. */
export function isLookupOperation(op: string): op is OperationName {
  return (OPERATION_NAMES as readonly string[]).includes(op);
}
