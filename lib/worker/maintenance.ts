import { purgeHistory } from '@/lib/history/worker/store';
import { purgeLedger } from '@/lib/lookup/worker/ledger';
import { OPERATIONS, isOperationName } from '@/lib/lookup/worker/operations';
import { loadPreferences } from '@/lib/settings/stored';

export const MAINTENANCE_ALARM = 'dossier-maintenance';
const DAY = 86_400_000;

/** Daily: drop history past its retention and ledger answers past their freshness. */
export async function runMaintenance(now: number): Promise<void> {
  const prefs = await loadPreferences();
  await purgeHistory(prefs.privacy.historyRetentionDays, now);
  await purgeLedger(
    {
      windowFor: (op) =>
        (isOperationName(op) && OPERATIONS[op].freshness === 'phone' ? prefs.freshness.phoneDays : prefs.freshness.otherDays) * DAY,
    },
    now,
  );
}
