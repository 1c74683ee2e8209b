import { z } from 'zod';
import { t } from '@/lib/platform/i18n';
import { DEFAULT_LOW_BALANCE_THRESHOLD, PANEL_MODES } from '@/lib/settings/defaults';

const days = (fallback: number) =>
  z
    .number({ error: () => t('validation.wholeNumber') })
    .int({ error: () => t('validation.wholeNumber') })
    .min(1, { error: () => t('validation.atLeastDays', { min: 1 }) })
    .max(3650, { error: () => t('validation.atMostDays', { max: 3650 }) })
    .default(fallback);
const DEFAULT_DAILY_PROFILES = 60;
const DEFAULT_WEEKLY_PROFILES = 250;
const profiles = (fallback: number) =>
  z
    .number({ error: () => t('validation.wholeNumber') })
    .int({ error: () => t('validation.wholeNumber') })
    .min(1, { error: () => t('validation.between', { min: 1, max: 5_000 }) })
    .max(5_000, { error: () => t('validation.between', { min: 1, max: 5_000 }) })
    .default(fallback);
const credits = z
  .number({ error: () => t('validation.wholeNumber') })
  .int({ error: () => t('validation.wholeNumber') })
  .min(0, { error: () => t('validation.creditsNegative') })
  .max(10_000_000, { error: () => t('validation.creditsTooMany', { max: 10_000_000 }) });

const line = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: () => t('validation.textTooLong', { max }) })
    .default('');
/** Empty (not set yet) or one email address. */
const emailOrEmpty = z
  .string()
  .trim()
  .max(320, { error: () => t('validation.textTooLong', { max: 320 }) })
  .refine((value) => value === '' || z.email().safeParse(value).success, { error: () => t('validation.noticeEmail') })
  .default('');
const NOTICE_DEFAULTS = { legalName: '', postalAddress: '', privacyEmail: '', dpo: '', representative: '', purpose: '', transfers: '' };

// How the panel shows on the network's pages (defaults.ts: the popup's first paint reads it too).
export { PANEL_MODES };
export type PanelMode = (typeof PANEL_MODES)[number];

const PAGE_ACCESS_DEFAULTS = { scanAllSites: false, panelMode: null };

/**
 * Before the panel modes there was `quietMode` (nothing on pages until asked): a user who
 * turned it on chose what stealth mode is. A stored `false` was only the default, never a
 * choice, so it leaves the mode unchosen and the first-run question asks.
 */
export function migratePageAccess(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const { quietMode, ...rest } = value as Record<string, unknown>;
  if (quietMode === undefined || 'panelMode' in rest) return rest;
  return { ...rest, panelMode: quietMode === true ? 'stealth' : null };
}

/**
 * How old a value may grow before the screens call it "ageing", then "stale" (lib/book/freshness.ts),
 * per kind, in days. Not the ledger's reuse window (`freshness`): that one says when a repeat
 * lookup is free; this one says when a value found may no longer be true. Defaults from the decay
 * figures: contact data decays by about 2% a month (a fifth a year) and the median job tenure is
 * under four years, so
 *  - phones first (60/120): direct lines move with the job and mobile numbers get reassigned; a
 *    number four months old is the first thing to check, and phone answers are reused 30 days only;
 *  - emails (90/180): at 2% a month, one address in 16 is gone after three months and one in 9
 *    after six, well past the bounce rates senders are penalised for;
 *  - a person's title, company and location (120/240): a fifth of people move in a year, so one
 *    in 14 after four months, one in 7 after eight;
 *  - company facts (180/365): size, industry and headquarters change slowly, headcounts yearly.
 * Stale always comes after ageing (checked below, with a message on the field).
 */
const age = (ageingDays: number, staleDays: number) => z.object({ ageingDays: days(ageingDays), staleDays: days(staleDays) }).default({ ageingDays, staleDays });
export const VALUE_AGE_KINDS = ['email', 'phone', 'role', 'company'] as const;
export type ValueAgeKind = (typeof VALUE_AGE_KINDS)[number];
export const DEFAULT_VALUE_AGES = {
  email: { ageingDays: 90, staleDays: 180 },
  phone: { ageingDays: 60, staleDays: 120 },
  role: { ageingDays: 120, staleDays: 240 },
  company: { ageingDays: 180, staleDays: 365 },
} as const satisfies Record<ValueAgeKind, { ageingDays: number; staleDays: number }>;
const valueAgesSchema = z
  .object({
    email: age(DEFAULT_VALUE_AGES.email.ageingDays, DEFAULT_VALUE_AGES.email.staleDays),
    phone: age(DEFAULT_VALUE_AGES.phone.ageingDays, DEFAULT_VALUE_AGES.phone.staleDays),
    role: age(DEFAULT_VALUE_AGES.role.ageingDays, DEFAULT_VALUE_AGES.role.staleDays),
    company: age(DEFAULT_VALUE_AGES.company.ageingDays, DEFAULT_VALUE_AGES.company.staleDays),
  })
  .superRefine((ages, ctx) => {
    for (const kind of VALUE_AGE_KINDS) {
      const { ageingDays, staleDays } = ages[kind];
      if (staleDays <= ageingDays) ctx.addIssue({ code: 'custom', path: [kind, 'staleDays'], message: t('validation.staleAfterAgeing', { ageing: ageingDays }) });
    }
  })
  .default(DEFAULT_VALUE_AGES);
export type ValueAges = z.infer<typeof valueAgesSchema>;

/**
 * Every setting besides the connection, as stored. What a user writes is checked further by
 * preferencesInputSchema (preferences-input.ts), which needs the phone library: kept apart so
 * that the popup, which only reads settings, does not load it.
 */
export const preferencesSchema = z.object({
  freshness: z
    .object({ phoneDays: days(30), otherDays: days(90) })
    .default({ phoneDays: 30, otherDays: 90 }),
  valueAge: valueAgesSchema,
  spending: z
    .object({
      /** Ask before a lookup that may cost more than this; null: never ask. */
      confirmAbove: credits.nullable().default(null),
      /** Refuse lookups once this many credits were spent today; null: no cap. */
      dailyCap: credits.nullable().default(null),
      lowBalanceThreshold: credits.default(DEFAULT_LOW_BALANCE_THRESHOLD),
    })
    .default({ confirmAbove: null, dailyCap: null, lowBalanceThreshold: DEFAULT_LOW_BALANCE_THRESHOLD }),
  privacy: z
    .object({
      euMode: z.boolean().default(false),
      /** Emails, domains, phones and profile URLs that are never looked up. */
      suppression: z.array(z.string().trim().min(1).max(500)).max(10_000, { error: () => t('validation.tooManyLines', { max: 10_000 }) }).default([]),
      historyRetentionDays: days(365),
    })
    .default({ euMode: false, suppression: [], historyRetentionDays: 365 }),
  lookups: z
    .object({
      /** ISO 3166 region used to read national phone numbers; null: from the page's language. */
      defaultPhoneRegion: z
        .string()
        .regex(/^[A-Z]{2}$/, { error: () => t('validation.region') })
        .nullable()
        .default(null),
      fullFlags: z
        .object({
          companyPremium: z.boolean().default(true),
          companyFull: z.boolean().default(false),
          personFull: z.boolean().default(false),
          phoneFull: z.boolean().default(false),
          whatsappCheck: z.boolean().default(false),
        })
        .default({ companyPremium: true, companyFull: false, personFull: false, phoneFull: false, whatsappCheck: false }),
      findEmailStep: z.union([z.literal(2), z.literal(3)], { error: () => t('validation.findEmailStep') }).default(3),
      findEmailCountry: z.string().trim().max(100, { error: () => t('validation.textTooLong', { max: 100 }) }).default(''),
      minimumMatch: z
        .number({ error: () => t('validation.wholeNumber') })
        .int({ error: () => t('validation.wholeNumber') })
        .min(1, { error: () => t('validation.between', { min: 1, max: 10 }) })
        .max(10, { error: () => t('validation.between', { min: 1, max: 10 }) })
        .default(1),
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
  pageAccess: z.preprocess(
    migratePageAccess,
    z
      .object({
        /** Detect emails and phone numbers on every site; needs the optional `<all_urls>` host permission. */
        scanAllSites: z.boolean().default(false),
        /** null: not chosen yet, the first visit to the network asks (lib/panel/worker/service.ts). */
        panelMode: z.enum(PANEL_MODES).nullable().default(null),
      })
      .default(PAGE_ACCESS_DEFAULTS),
  ),
  webmail: z
    .object({
      /**
       * Read the open message's participants in Gmail and Outlook on the web; needs those hosts'
       * optional permission (lib/webmail/permissions.ts). Off until the user turns it on.
       */
      enabled: z.boolean().default(false),
    })
    .default({ enabled: false }),
  networkSafety: z
    .object({
      /** Count the LinkedIn profiles opened (on this computer only) and warn past the limits below. */
      enabled: z.boolean().default(true),
      /**
       * Users report LinkedIn's warnings and restrictions from about 80 to 100 profiles a day on a
       * free account and a few hundred a week: the defaults stay well under both, so the warning
       * comes while there is room to slow down (lib/network-safety/README.md).
       */
      dailyProfiles: profiles(DEFAULT_DAILY_PROFILES),
      weeklyProfiles: profiles(DEFAULT_WEEKLY_PROFILES),
    })
    .default({ enabled: true, dailyProfiles: DEFAULT_DAILY_PROFILES, weeklyProfiles: DEFAULT_WEEKLY_PROFILES }),
  /**
   * The user's company, which every article 14 notice names as the controller (lib/notice/).
   * Empty until set: a notice is refused without the name, the address and the privacy email.
   */
  notice: z
    .object({
      legalName: line(200),
      postalAddress: line(500),
      privacyEmail: emailOrEmpty,
      /** The data protection officer's contact, where the company has one. */
      dpo: line(500),
      /** The representative in the EU (article 27), for a company established outside it. */
      representative: line(500),
      /** Empty: B2B sales prospecting, said in the notice's language. */
      purpose: line(500),
      /** Empty: the notice says nothing is transferred outside the EEA. */
      transfers: line(1000),
    })
    .default(NOTICE_DEFAULTS),
});

export type Preferences = z.infer<typeof preferencesSchema>;
type Section = keyof Preferences;

export const DEFAULT_PREFERENCES: Preferences = preferencesSchema.parse({});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Stored preferences may be partial or stale (an older release, a manual edit): keep every
 * section that still parses and default only the broken one, so that one bad number can never
 * switch EU mode off or empty the suppression list.
 */
export function readPreferences(stored: unknown): Preferences {
  stored = withReadableSuppression(stored);
  const whole = preferencesSchema.safeParse(stored ?? {});
  if (whole.success) return whole.data;
  const record = isRecord(stored) ? stored : {};
  const shape = preferencesSchema.shape;
  const result: Partial<Record<Section, unknown>> = {};
  for (const name of Object.keys(shape) as Section[]) {
    const section = shape[name].safeParse(record[name]);
    result[name] = section.success ? section.data : withoutBrokenFields(shape[name], record[name], DEFAULT_PREFERENCES[name]);
  }
  return result as Preferences;
}

/**
 * The suppression list as stored, without the lines that can no longer be read: one damaged line
 * (a hand edit, an older release) must not empty the list, or everyone who objected could be
 * looked up again. What a user saves is still checked line by line (preferences-input.ts).
 */
function withReadableSuppression(stored: unknown): unknown {
  if (!isRecord(stored) || !isRecord(stored.privacy) || !Array.isArray(stored.privacy.suppression)) return stored;
  const readable = stored.privacy.suppression.filter((line): line is string => typeof line === 'string' && line.trim().length > 0 && line.trim().length <= 500);
  return { ...stored, privacy: { ...stored.privacy, suppression: readable } };
}

/**
 * A section that does not parse: the fields it names as wrong take their defaults and the rest is
 * kept (a damaged retention period must not empty the suppression list beside it); the whole
 * section's default only when that does not parse either.
 */
function withoutBrokenFields(schema: z.ZodType, stored: unknown, fallback: unknown): unknown {
  if (!isRecord(stored)) return fallback;
  const first = schema.safeParse(stored);
  if (first.success) return first.data;
  const broken = new Set(first.error.issues.map((issue) => issue.path[0]).filter((key) => typeof key === 'string'));
  const repaired = schema.safeParse(Object.fromEntries(Object.entries(stored).filter(([key]) => !broken.has(key))));
  return repaired.success ? repaired.data : fallback;
}
