import type { MigrationProgress } from '@/lib/history/progress';
import { t } from '@/lib/platform/i18n';

/** The line screens show while the worker moves an older release's history in (they list what is in). */
export function MigrationProgressLine({ progress }: { progress: MigrationProgress | null }) {
  if (!progress) return null;
  return (
    <p role="status" className="muted">
      {progress.total === null ? t('history.migratingStart') : t('history.migrating', { done: progress.done, total: progress.total })}
    </p>
  );
}
