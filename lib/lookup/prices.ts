import type { OperationName } from '@/lib/lookup/operation-names';
import type { Preferences } from '@/lib/settings/preferences';

/**
 * Prices before the click: the most an action may cost with the settings in force. From the
 * interface (full enrichment 2 per match) and the gateway's observed prices (1 per verified
 * email, 30 per mobile number found, also when a full enrichment returns it); the sandbox
 * documents the same for the operations whose price the interface leaves out, and states the
 * maximum this file repeats (sandbox/README.md, Prices). What an answer really cost is its
 * `creditBurn`, which history and the ledger record.
 *
 * Kept apart from the operations (lib/lookup/worker/operations.ts) so that a screen can say a price
 * without loading every operation's schemas.
 */
export const PRICES = {
  enrichPerson: 2,
  enrichCompany: 2,
  findWorkEmail: 1,
  searchPhone: 30,
  searchPersonalEmail: 1,
  reversePhone: 1,
  microblogProfile: 1,
  microblogByEmail: 1,
} as const satisfies Record<OperationName, number>;

/** What one mobile number costs when a full enrichment with "Phone numbers" returns it. */
export const MOBILE_PRICE = 30;

/**
 * The most mobile numbers one full enrichment returns: the sandbox's stated figure
 * (MAX_MOBILES_PER_ANSWER), which the live gateway states none of. Were it to return more, the
 * answer's own cost is what history records and the day's spending counts.
 */
export const MAX_MOBILES = 3;

/** The settings that move a price: only "Phone numbers" does (each mobile it returns is paid). */
export type PriceFlags = Pick<Preferences['lookups']['fullFlags'], 'phoneFull'>;

/** How many mobile numbers the maximum of `op` includes (0: none can come with it). */
export function mobilesIncluded(op: OperationName, flags: PriceFlags): number {
  return op === 'enrichPerson' && flags.phoneFull ? MAX_MOBILES : 0;
}

/** The most `op` may cost with these settings: every price shown, quoted, reserved or assumed for a lost answer. */
export function maxPrice(op: OperationName, flags: PriceFlags): number {
  return PRICES[op] + mobilesIncluded(op, flags) * MOBILE_PRICE;
}

/** The price function of the settings in force, for code that prices many tasks at once. */
export function pricesFor(prefs: Pick<Preferences, 'lookups'>): (op: OperationName) => number {
  return (op) => maxPrice(op, prefs.lookups.fullFlags);
}
