import { useId, useState } from 'react';
import type { BulkRun } from '@/lib/bulk/model';
import { t, tn } from '@/lib/platform/i18n';
import { CrmPushSection } from '@/components/bulk/CrmPushSection';
import { saveBlob } from '@/components/platform/download';
import { resultsBlob, resultsFileName } from '@/components/bulk/results-file';
import { RowsTable } from '@/components/bulk/RowsTable';

/** The results of a started run: the file to download, the rows, and the push to the CRM. */
export function RunResults({ run }: { run: BulkRun }) {
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ tone: 'status' | 'alert'; text: string } | null>(null);

  async function download() {
    setProgress(0);
    setNotice(null);
    try {
      const { blob, rows } = await resultsBlob(run, setProgress);
      saveBlob(blob, resultsFileName(run, Date.now()));
      setNotice({ tone: 'status', text: tn('bulk.ui.results.saved', rows) });
    } catch (err) {
      setNotice({ tone: 'alert', text: t('bulk.ui.results.failed', { reason: err instanceof Error ? err.message : String(err) }) });
    } finally {
      setProgress(null);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="bulk-results">
      <h3 id={`${id}-title`}>{t('bulk.ui.results.title')}</h3>
      <p className="actions">
        <button type="button" disabled={progress !== null} onClick={() => void download()}>
          {t('bulk.ui.results.download')}
        </button>
        <span className="muted">{t('bulk.ui.results.hint')}</span>
      </p>
      {progress !== null && (
        <p role="status" aria-busy="true">
          {t('bulk.ui.results.writing', { done: progress, total: run.rowCount })}
        </p>
      )}
      {notice && <p role={notice.tone}>{notice.text}</p>}
      <RowsTable run={run} />
      <CrmPushSection run={run} />
    </section>
  );
}
