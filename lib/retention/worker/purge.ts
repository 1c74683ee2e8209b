import { purgeContactsCollectedBefore } from '@/lib/book/store';
import { purgeHistory } from '@/lib/history/worker/store';
import { purgeLedger } from '@/lib/lookup/worker/ledger';
import type { Preferences } from '@/lib/settings/preferences';
import { ledgerWindowMs, retentionCutoff, retentionDays } from '@/lib/retention/period';

/** The stores the purge writes, each on its own: one that fails leaves the others purged. */
export interface PurgeSteps {
  contacts(cutoff: number): Promise<unknown>;
  history(days: number, now: number): Promise<unknown>;
  ledger(windowFor: (op: string) => number, now: number): Promise<unknown>;
}

export const PURGE_STEPS: PurgeSteps = {
  contacts: purgeContactsCollectedBefore,
  history: purgeHistory,
  ledger: (windowFor, now) => purgeLedger({ windowFor }, now),
};

/**
 * The retention purge, run daily (lib/worker/maintenance.ts): contacts first collected, history
 * entries recorded and paid answers bought before the period are deleted; a paid answer goes
 * sooner when its reuse window is shorter. Each step runs even when another failed (reported,
 * then thrown together), so that one damaged store never keeps the others' data past its time.
 */
export async function purgeExpired(prefs: Pick<Preferences, 'freshness' | 'privacy'>, now: number, steps: PurgeSteps = PURGE_STEPS): Promise<void> {
  const results = await Promise.allSettled([
    steps.contacts(retentionCutoff(prefs, now)),
    steps.history(retentionDays(prefs), now),
    steps.ledger((op) => ledgerWindowMs(op, prefs), now),
  ]);
  const failed = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  if (failed.length) throw new AggregateError(failed, 'The retention purge could not finish.');
}
