import { settledCount, type BulkRun } from '@/lib/bulk/model';
import { t } from '@/lib/platform/i18n';

/**
 * The toolbar badge while bulk runs are running: how far they are, all runs together (the
 * percentage on the badge, the counts in its title). Null when none is running: the balance
 * badge comes back.
 */
export function bulkBadgeFor(running: readonly Pick<BulkRun, 'state' | 'counts'>[]): { text: string; title: string; color: string } | null {
  const runs = running.filter((run) => run.state === 'running');
  if (!runs.length) return null;
  const total = runs.reduce((n, run) => n + run.counts.total, 0);
  const settled = runs.reduce((n, run) => n + Math.min(run.counts.total, settledCount(run.counts)), 0);
  // Never 100% while something is left: the badge says done only when the run is.
  const percent = total ? Math.min(99, Math.floor((settled / total) * 100)) : 0;
  return { text: `${percent}%`, title: t('bulk.run.badgeTitle', { settled, total }), color: '#1d4ed8' };
}
