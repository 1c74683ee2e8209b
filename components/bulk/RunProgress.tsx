import { useEffect, useId, useState, type MouseEvent } from 'react';
import { ConfirmAction } from '@/components/platform/ConfirmAction';
import { ask } from '@/components/platform/useBackground';
import { unknownRetryPrice } from '@/lib/bulk/counts';
import { secondsLeft, settledCount, type BulkRun } from '@/lib/bulk/model';
import { formatNumber, t, tn } from '@/lib/platform/i18n';
import { pricesFor } from '@/lib/lookup/prices';
import { loadPreferences } from '@/lib/settings/stored';
import { sendMessage } from '@/lib/contracts/messenger';
import { watchRows } from '@/lib/bulk/page/watch';
import { allRows } from '@/components/bulk/useBulkRecords';
import { credits, runStateText, timeLeftText } from '@/components/bulk/text';

/**
 * The price of sending again every task whose answer was lost (each may cost its operation's
 * price again), summed as the worker sums it: bulkRetry is refused unless the two agree.
 */
export async function unknownPrice(runId: string): Promise<number> {
  let price = 0;
  const priceOf = pricesFor(await loadPreferences());
  for await (const page of allRows(runId)) price += unknownRetryPrice(page, priceOf);
  return price;
}

/** A running run whose record has not changed for this long is woken (see RunProgress). */
export const STALL_MS = 5_000;

/** The progress said aloud in steps of a tenth, and at each change of state: not at every row. */
function announcement(run: BulkRun): string {
  const total = run.counts.total;
  const tenth = total ? Math.floor((settledCount(run.counts) / total) * 10) * 10 : 0;
  return t('bulk.ui.progress.announce', { state: runStateText(run.state), percent: tenth });
}

function Counts({ run }: { run: BulkRun }) {
  const c = run.counts;
  const items: [string, string | number][] = [
    [t('bulk.ui.count.done'), c.done],
    [t('bulk.ui.count.paid'), c.paid],
    [t('bulk.ui.count.free'), c.free],
    [t('bulk.ui.count.noMatch'), c.noMatch],
    [t('bulk.ui.count.failed'), c.failed],
    [t('bulk.ui.count.skipped'), c.skipped],
    [t('bulk.ui.count.unknown'), c.unknown],
    [t('bulk.ui.count.spent'), credits(c.spent)],
  ];
  return (
    <dl className="facts bulk-counts" aria-label={t('bulk.ui.count.title')}>
      {items.map(([label, value]) => (
        <div key={label} className="bulk-count">
          <dt>{label}</dt>
          <dd>{typeof value === 'number' ? formatNumber(value) : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A run once started: its progress, live from the vault (the worker writes the run as tasks
 * settle), the time left at the recent rate, and what the user can do: pause, resume, cancel,
 * and send again what did not settle with an answer.
 */
export function RunProgress({ run }: { run: BulkRun }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [priced, setPriced] = useState<{ key: string; price: number | null } | null>(null);
  const settled = settledCount(run.counts);
  const total = run.counts.total;
  const left = timeLeftText(secondsLeft(run));
  const active = run.state === 'running' || run.state === 'paused';

  // A running run that has not moved for a while may have lost its worker (the browser stops an
  // idle one): a message starts it again, and a starting worker resumes its runs.
  useEffect(() => {
    if (run.state !== 'running') return;
    const timer = setInterval(() => void ask(() => sendMessage('bulkWake', undefined)), STALL_MS);
    return () => clearInterval(timer);
  }, [run.state, run.updatedAt]);

  // The price of "send again" is summed from the rows, and again whenever rows change while
  // the run is not running (the only time it is offered): the rows, not the run's counts, are
  // what the worker sums too.
  // A price read for other rows is never offered: it is shown only for the rows it was read for.
  const offerUnknown = run.counts.unknown > 0 && run.state !== 'running';
  const priceKey = `${run.id}:${run.counts.unknown}`;
  useEffect(() => {
    if (!offerUnknown) return;
    return watchRows(
      () => unknownPrice(run.id),
      (price) => setPriced({ key: priceKey, price }),
      () => setPriced({ key: priceKey, price: null }),
    );
  }, [run.id, offerUnknown, priceKey]);
  const retryPrice = offerUnknown && priced?.key === priceKey ? priced.price : null;

  async function send(name: 'bulkPause' | 'bulkResume' | 'bulkCancel') {
    setBusy(true);
    const reply = await ask(() => sendMessage(name, { runId: run.id }));
    setBusy(false);
    setError(reply.ok ? null : reply.error.message);
  }

  async function retry(which: 'failed' | 'unknown', price?: number) {
    setBusy(true);
    const reply = await ask(() => sendMessage('bulkRetry', price === undefined ? { runId: run.id, which } : { runId: run.id, which, price }));
    setBusy(false);
    setError(reply.ok ? null : reply.error.message);
  }

  function retryFailed(event: MouseEvent) {
    // These were in the confirmed price already; still, only the user's own click sends them.
    if (!event.nativeEvent.isTrusted) return;
    void retry('failed');
  }

  const settledRun = run.state !== 'running';
  return (
    <section aria-labelledby={`${id}-title`} className="bulk-progress">
      <h3 id={`${id}-title`}>{t('bulk.ui.progress.title')}</h3>
      <div
        role="progressbar"
        aria-label={t('bulk.ui.progress.label')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={settled}
        aria-valuetext={t('bulk.ui.progress.valueText', { done: settled, total })}
        className="bulk-bar"
      >
        <span style={{ width: `${total ? (settled / total) * 100 : 0}%` }} />
      </div>
      <p>
        {t('bulk.ui.progress.summary', { done: settled, total })}
        {left && ` · ${left}`}
      </p>
      <p role="status" className="visually-hidden">
        {announcement(run)}
      </p>
      <Counts run={run} />
      {run.state === 'paused' && run.pauseReason && <p className="warning">{t('bulk.ui.progress.pausedBecause', { reason: run.pauseReason.message })}</p>}
      <p className="actions">
        {run.state === 'running' && (
          <button type="button" className="secondary" disabled={busy} onClick={() => void send('bulkPause')}>
            {t('bulk.ui.progress.pause')}
          </button>
        )}
        {run.state === 'paused' && (
          <button type="button" disabled={busy} onClick={() => void send('bulkResume')}>
            {t('bulk.ui.progress.resume')}
          </button>
        )}
        {active && (
          <ConfirmAction
            label={t('bulk.ui.progress.cancel')}
            question={t('bulk.ui.progress.cancelQuestion')}
            confirmLabel={t('bulk.ui.progress.cancelYes')}
            disabled={busy}
            onConfirm={() => send('bulkCancel')}
          />
        )}
        {settledRun && run.counts.failed > 0 && (
          <button type="button" className="secondary" disabled={busy} onClick={retryFailed}>
            {tn('bulk.ui.progress.retryFailed', run.counts.failed)}
          </button>
        )}
        {offerUnknown && retryPrice !== null && (
          <ConfirmAction
            kind="spend"
            label={tn('bulk.ui.progress.retryUnknown', run.counts.unknown, { credits: credits(retryPrice) })}
            question={t('bulk.ui.progress.retryUnknownQuestion', { credits: credits(retryPrice) })}
            confirmLabel={t('bulk.ui.progress.retryUnknownYes', { credits: credits(retryPrice) })}
            disabled={busy}
            onConfirm={() => retry('unknown', retryPrice)}
          />
        )}
      </p>
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
