/**
 * What each answer costs, in credits. The interface fixes full enrichment (2 per match) and
 * makes 'Most Probable' emails, misses and failures free; the gateway notes give the email
 * and phone prices; the rest are the sandbox's own choice, documented in README.md.
 */
export const PRICES = {
  fullEnrichment: 2,
  verifiedEmail: 1,
  mostProbableEmail: 0,
  phoneFound: 30,
  personalEmail: 1,
  reversePhone: 1,
  microblogProfile: 1,
  credit: 0,
} as const;
