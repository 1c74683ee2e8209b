import { useState } from 'react';
import { ConfirmAction } from '@/components/platform/ConfirmAction';
import { ask } from '@/components/platform/useBackground';
import { isPastRun, settledCount, type BulkRun } from '@/lib/bulk/model';
import { t } from '@/lib/platform/i18n';
import { formatDateTime } from '@/lib/platform/i18n/relative-time';
import { sendMessage } from '@/lib/contracts/messenger';
import { runStateText, runSummary } from '@/components/bulk/text';
import { useRuns } from '@/components/bulk/useBulkRecords';

interface Props {
  currentId: string | null;
  onOpen(runId: string): void;
  /** After the run on screen was deleted. */
  onDeleted(runId: string): void;
}

function progressText(run: BulkRun): string {
  if (run.state === 'draft' || run.state === 'quoted') return runStateText(run.state);
  return `${runStateText(run.state)} · ${t('bulk.ui.progress.summary', { done: settledCount(run.counts), total: run.counts.total })}`;
}

/** Every run started, newest first: open one, or delete it (not while it runs: pause or cancel it first). */
export function PastRuns({ currentId, onOpen, onDeleted }: Props) {
  const { value: all, loaded, error } = useRuns();
  // A list being prepared is on screen above, not a past run: it becomes one when it starts.
  const runs = all.filter(isPastRun);
  const [notice, setNotice] = useState<string | null>(null);

  async function remove(run: BulkRun) {
    const reply = await ask(() => sendMessage('bulkDelete', { runId: run.id }));
    if (!reply.ok) return setNotice(reply.error.message);
    setNotice(null);
    onDeleted(run.id);
  }

  return (
    <section aria-labelledby="bulk-runs-title" className="bulk-runs">
      <h2 id="bulk-runs-title">{t('bulk.ui.runs.title')}</h2>
      {error && <p role="alert">{error}</p>}
      {notice && <p role="alert">{notice}</p>}
      {!loaded ? (
        <p aria-busy="true">{t('app.loading')}</p>
      ) : runs.length === 0 ? (
        <p className="muted">{t('bulk.ui.runs.none')}</p>
      ) : (
        <ul className="plain">
          {runs.map((run) => (
            <li key={run.id} className="bulk-run-item">
              <button type="button" className="link-button" aria-current={run.id === currentId ? 'page' : undefined} onClick={() => onOpen(run.id)}>
                {t('bulk.ui.runs.open', { name: run.name })}
              </button>
              <span className="muted">
                {formatDateTime(run.createdAt)} · {runSummary(run)} · {progressText(run)}
              </span>
              <ConfirmAction
                label={t('bulk.ui.runs.delete', { name: run.name })}
                question={t('bulk.ui.runs.deleteQuestion', { name: run.name })}
                confirmLabel={t('bulk.ui.runs.deleteYes')}
                disabled={run.state === 'running'}
                onConfirm={() => remove(run)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
