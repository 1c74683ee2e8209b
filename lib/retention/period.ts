import type { OperationName } from '@/lib/lookup/operation-names';
import { DEFAULT_PREFERENCES, type Preferences } from '@/lib/settings/preferences';

/**
 * How long Dossier keeps what it collected about people: one period for the contact book, the
 * history and the ledger (stored as `privacy.historyRetentionDays`, its name from when it held
 * the history only, kept so that nothing migrates). Each record's time runs from when it was
 * collected and is never renewed by an update (README.md).
 */

export const DAY = 86_400_000;

/** The forecast's horizon: what goes within this many days is announced on the settings page. */
export const NEXT_TO_GO_DAYS = 30;

/** The period in days; a value that is no whole number of days in range (a damaged store) is the default. */
export function retentionDays(prefs: Pick<Preferences, 'privacy'>): number {
  const days = prefs.privacy?.historyRetentionDays;
  return Number.isInteger(days) && days >= 1 && days <= 3650 ? days : DEFAULT_PREFERENCES.privacy.historyRetentionDays;
}

/** Whatever was collected before this goes at the purge run at `now`. */
export function retentionCutoff(prefs: Pick<Preferences, 'privacy'>, now: number): number {
  return now - retentionDays(prefs) * DAY;
}

/** Which reuse window an operation's answers are kept for: phones decay sooner than the rest. */
export type ReuseKind = 'phone' | 'other';

/**
 * Each operation's reuse window, as the worker's operations say (lib/lookup/worker/operations.ts,
 * `freshness`; a test keeps the two the same): here so that a page can forecast the ledger too.
 */
export const REUSE_KIND: Readonly<Record<OperationName, ReuseKind>> = {
  enrichPerson: 'other',
  enrichCompany: 'other',
  findWorkEmail: 'other',
  searchPhone: 'phone',
  searchPersonalEmail: 'other',
  reversePhone: 'phone',
  microblogProfile: 'other',
  microblogByEmail: 'other',
};

/**
 * How long, in ms, a paid answer of this kind is served again for free: the reuse window the user
 * set, never longer than the retention period (an answer older than it is no longer kept at all).
 */
export function reuseWindowMs(kind: ReuseKind, prefs: Pick<Preferences, 'freshness' | 'privacy'>): number {
  const reuse = kind === 'phone' ? prefs.freshness.phoneDays : prefs.freshness.otherDays;
  return Math.min(reuse, retentionDays(prefs)) * DAY;
}

/** The same, by operation name as the ledger stores it (an unknown name: the longer, 'other'). */
export function ledgerWindowMs(op: string, prefs: Pick<Preferences, 'freshness' | 'privacy'>): number {
  return reuseWindowMs((REUSE_KIND as Record<string, ReuseKind | undefined>)[op] ?? 'other', prefs);
}
