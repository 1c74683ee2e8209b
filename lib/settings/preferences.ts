import { z } from 'zod';

const days = (fallback: number) => z.number().int().min(1, 'At least 1 day.').max(3650, 'At most 3650 days.').default(fallback);
const credits = z.number().int().min(0, 'Credits cannot be negative.').max(10_000_000);

/** Every setting besides the connection, validated the same way wherever it is written. */
export const preferencesSchema = z.object({
  freshness: z
    .object({ phoneDays: days(30), otherDays: days(90) })
    .default({ phoneDays: 30, otherDays: 90 }),
  spending: z
    .object({
      /** Ask before a lookup that may cost more than this; null: never ask. */
      confirmAbove: credits.nullable().default(null),
      /** Refuse lookups once this many credits were spent today; null: no cap. */
      dailyCap: credits.nullable().default(null),
      lowBalanceThreshold: credits.default(50),
    })
    .default({ confirmAbove: null, dailyCap: null, lowBalanceThreshold: 50 }),
  privacy: z
    .object({
      euMode: z.boolean().default(false),
      /** Emails, domains, phones and profile URLs that are never looked up. */
      suppression: z.array(z.string().trim().min(1).max(500)).max(10_000).default([]),
      historyRetentionDays: days(365),
    })
    .default({ euMode: false, suppression: [], historyRetentionDays: 365 }),
  lookups: z
    .object({
      /** ISO 3166 region used to read national phone numbers; null: from the page's language. */
      defaultPhoneRegion: z.string().regex(/^[A-Z]{2}$/, 'Use a two-letter country code, like FR.').nullable().default(null),
      fullFlags: z
        .object({
          companyPremium: z.boolean().default(true),
          companyFull: z.boolean().default(false),
          personFull: z.boolean().default(false),
          phoneFull: z.boolean().default(false),
          whatsappCheck: z.boolean().default(false),
        })
        .default({ companyPremium: true, companyFull: false, personFull: false, phoneFull: false, whatsappCheck: false }),
      findEmailStep: z.union([z.literal(2), z.literal(3)]).default(3),
      findEmailCountry: z.string().trim().max(100).default(''),
      minimumMatch: z.number().int().min(1).max(10).default(1),
    })
    .default({
      defaultPhoneRegion: null,
      fullFlags: { companyPremium: true, companyFull: false, personFull: false, phoneFull: false, whatsappCheck: false },
      findEmailStep: 3,
      findEmailCountry: '',
      minimumMatch: 1,
    }),
  history: z.object({ maxEntries: z.number().int().min(100).max(100_000).default(10_000) }).default({ maxEntries: 10_000 }),
  network: z
    .object({
      /** Per request. Chrome cancels a worker's fetch at 30 s, so the ceiling stays well under it. */
      timeoutMs: z.number().int().min(1_000, 'At least 1 second.').max(25_000, 'At most 25 seconds.').default(15_000),
    })
    .default({ timeoutMs: 15_000 }),
});

export type Preferences = z.infer<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = preferencesSchema.parse({});

/** Stored preferences may be partial or stale: keep every valid part, default the rest. */
export function readPreferences(stored: unknown): Preferences {
  const parsed = preferencesSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : DEFAULT_PREFERENCES;
}
