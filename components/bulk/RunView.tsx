import { useEffect, useRef } from 'react';
import { ask } from '@/components/platform/useBackground';
import { isPastRun } from '@/lib/bulk/model';
import { t } from '@/lib/platform/i18n';
import { sendMessage } from '@/lib/contracts/messenger';
import { PrepareRun } from '@/components/bulk/PrepareRun';
import { RunProgress } from '@/components/bulk/RunProgress';
import { RunResults } from '@/components/bulk/RunResults';
import { runStateText, runSummary } from '@/components/bulk/text';
import { useRun } from '@/components/bulk/useBulkRecords';

/** One run: before it starts, the columns and the price; once started, its progress and results. */
export function RunView({ runId, onClose }: { runId: string; onClose(): void }) {
  const { value: run, loaded, error } = useRun(runId);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = loaded && !!run;
  // Opening a run moves the focus to its name, so keyboard and screen reader users land on it.
  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [shown, runId]);

  if (!loaded) return <p aria-busy="true">{t('app.loading')}</p>;
  if (!run) {
    return (
      <section aria-labelledby="bulk-run-title">
        <h2 id="bulk-run-title">{t('bulk.ui.run.goneTitle')}</h2>
        <p role="alert">{error ?? t('bulk.ui.run.gone')}</p>
        <button type="button" onClick={onClose}>
          {t('bulk.ui.run.another')}
        </button>
      </section>
    );
  }
  const preparing = run.state === 'draft' || run.state === 'quoted';
  function another() {
    // A list left before it starts was never a run: it is not kept.
    if (run && !isPastRun(run)) void ask(() => sendMessage('bulkDelete', { runId: run.id }));
    onClose();
  }
  return (
    <section aria-labelledby="bulk-run-title" className="bulk-run">
      <h2 id="bulk-run-title" ref={heading} tabIndex={-1}>
        {run.name}
      </h2>
      <p className="muted">
        {runSummary(run)} · {runStateText(run.state)}
      </p>
      {preparing ? (
        // Keyed by run: the choices on screen start from this run's own.
        <PrepareRun key={run.id} run={run} />
      ) : (
        <>
          <RunProgress run={run} />
          <RunResults run={run} />
        </>
      )}
      <p>
        <button type="button" className="link-button" onClick={another}>
          {t('bulk.ui.run.another')}
        </button>
      </p>
    </section>
  );
}
