import { purgeContactsCollectedBefore } from '@/lib/book/store';
import { purgeHistory } from '@/lib/history/worker/store';
import { purgeLedger } from '@/lib/lookup/worker/ledger';
import type { Preferences } from '@/lib/settings/preferences';
import { ledgerWindowMs, retentionCutoff, retentionDays } from '@/lib/retention/period';
import { ensureContactsPurgeFrom } from '@/lib/retention/worker/contacts-from';

/** The stores the purge writes, each on its own: one that fails leaves the others purged. */
export interface PurgeSteps {
  contacts(cutoff: number): Promise<unknown>;
  /** When the contacts' purge may start: before it, no contact goes (contacts-from.ts). */
  contactsFrom(now: number): Promise<number>;
  history(days: number, now: number): Promise<unknown>;
  ledger(windowFor: (op: string) => number, now: number): Promise<unknown>;
}

export const PURGE_STEPS: PurgeSteps = {
  contacts: purgeContactsCollectedBefore,
  contactsFrom: ensureContactsPurgeFrom,
  history: purgeHistory,
  ledger: (windowFor, now) => purgeLedger({ windowFor }, now),
};

/**
 * The retention purge, run daily (lib/worker/maintenance.ts): contacts first collected, history
 * entries recorded and paid answers bought before the period are deleted; a paid answer goes
 * sooner when its reuse window is shorter. Each step runs even when another failed (reported,
 * then thrown together), so that one damaged store never keeps the others' data past its time.
 * Contacts wait for the grace given on upgrade (lib/retention/contacts-from.ts); the history and
 * the ledger, which this period or their windows already purged, do not.
 */
export async function purgeExpired(prefs: Pick<Preferences, 'freshness' | 'privacy'>, now: number, steps: PurgeSteps = PURGE_STEPS): Promise<void> {
  const results = await Promise.allSettled([
    steps.contactsFrom(now).then((from) => (now >= from ? steps.contacts(retentionCutoff(prefs, now)) : 0)),
    steps.history(retentionDays(prefs), now),
    steps.ledger((op) => ledgerWindowMs(op, prefs), now),
  ]);
  const failed = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  if (failed.length) throw new AggregateError(failed, 'The retention purge could not finish.');
}
