import { MAX_PHONES_PER_PERSON } from '@/sandbox/directory';
import type { FullFlags } from '@/sandbox/records/full';

/**
 * What each answer costs, in credits. The interface fixes full enrichment (2 per match) and
 * makes 'Most Probable' emails, misses and failures free; the gateway notes give the email
 * and phone prices (30 per mobile number found, also when a full enrichment returns it with
 * `phoneFull`); the rest are the sandbox's own choice, documented in README.md.
 */
export const PRICES = {
  fullEnrichment: 2,
  verifiedEmail: 1,
  mostProbableEmail: 0,
  phoneFound: 30,
  mobileInFullEnrichment: 30,
  personalEmail: 1,
  reversePhone: 1,
  microblogProfile: 1,
  credit: 0,
} as const;

/** Every phone a person carries may be a mobile: one answer returns at most this many. */
export const MAX_MOBILES_PER_ANSWER = MAX_PHONES_PER_PERSON;

/** The sandbox's operations by the name they carry in the route table (operations/index.ts). */
export type PricedOperation = 'full' | 'findEmail' | 'search' | 'searchByEmail' | 'searchByPhone' | 'microblogByUsername' | 'microblogByEmail' | 'getCredit';

/**
 * The most one answer of `operation` can cost with these flags: what a client must show and
 * reserve before the click. Only `phoneFull` moves a price (a full enrichment's mobiles).
 */
export function maxCost(operation: PricedOperation, flags: Partial<FullFlags> = {}): number {
  switch (operation) {
    case 'full':
      return PRICES.fullEnrichment + (flags.phoneFull ? MAX_MOBILES_PER_ANSWER * PRICES.mobileInFullEnrichment : 0);
    case 'findEmail':
      return PRICES.verifiedEmail;
    case 'search':
      return PRICES.phoneFound;
    case 'searchByEmail':
      return PRICES.personalEmail;
    case 'searchByPhone':
      return PRICES.reversePhone;
    case 'microblogByUsername':
    case 'microblogByEmail':
      return PRICES.microblogProfile;
    case 'getCredit':
      return PRICES.credit;
  }
}
