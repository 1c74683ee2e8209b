import { browser } from 'wxt/browser';
import type { BulkRun } from '@/lib/bulk/model';
import type { StoredBalance } from '@/lib/balance/contract';
import { loadPreferences, readBalance } from '@/lib/settings/stored';
import { badgeFor } from '@/lib/balance/worker/badge';
import { bulkBadgeFor } from '@/lib/bulk/worker/badge';

/**
 * The toolbar button's badge and title, which two things want: the balance when it runs low,
 * and a bulk run's progress while one runs. The run wins while it runs; the balance comes back
 * after it.
 */
/** Null until the worker's first report: a badge a stopped worker left may still show a run's progress. */
let bulkShown: boolean | null = null;

export async function showBalanceOnBadge(balance: StoredBalance | null): Promise<void> {
  // A balance read after each paid lookup of a run must not hide the run's progress.
  if (bulkShown === true) return;
  const prefs = await loadPreferences();
  const badge = badgeFor(balance?.credits ?? null, prefs.spending.lowBalanceThreshold);
  await browser.action.setBadgeText({ text: badge?.text ?? '' });
  if (badge) await browser.action.setBadgeBackgroundColor({ color: badge.color });
}

function defaultTitle(): string {
  const manifest = browser.runtime.getManifest();
  return manifest.action?.default_title ?? manifest.name;
}

/** Shows the running runs' progress, or (none running) puts the balance badge and the usual title back. */
export async function showBulkProgress(running: readonly BulkRun[]): Promise<void> {
  const badge = bulkBadgeFor(running);
  if (badge) {
    bulkShown = true;
    await browser.action.setBadgeText({ text: badge.text });
    await browser.action.setBadgeBackgroundColor({ color: badge.color });
    await browser.action.setTitle({ title: badge.title });
    return;
  }
  if (bulkShown === false) return;
  bulkShown = false;
  await browser.action.setTitle({ title: defaultTitle() });
  await showBalanceOnBadge(await readBalance());
}
