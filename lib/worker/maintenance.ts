import { browser } from 'wxt/browser';
import { purgeExpired } from '@/lib/retention/worker/purge';
import { loadPreferences } from '@/lib/settings/stored';

export const MAINTENANCE_ALARM = 'dossier-maintenance';
const PERIOD_MINUTES = 24 * 60;

/** Daily: contacts, history and paid answers past the retention period go (lib/retention/README.md). */
export async function runMaintenance(now: number): Promise<void> {
  try {
    await purgeExpired(await loadPreferences(), now);
  } catch (err) {
    // Tomorrow's alarm tries again; nothing is waiting on this answer.
    console.error('maintenance: the retention purge failed', err);
  }
}

/**
 * Makes sure the daily alarm exists. Chrome keeps alarms across restarts only "generally" (its
 * documentation: they may be cleared when the browser restarts), and a purge that never runs
 * again would keep everything for ever: the worker checks on every start, not only on install.
 */
export async function ensureMaintenanceAlarm(): Promise<void> {
  if (await browser.alarms.get(MAINTENANCE_ALARM)) return;
  await browser.alarms.create(MAINTENANCE_ALARM, { periodInMinutes: PERIOD_MINUTES, delayInMinutes: 1 });
}
