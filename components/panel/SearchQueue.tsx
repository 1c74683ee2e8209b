import { useEffect, useEffectEvent, useRef, useState, type MouseEvent } from 'react';
import type { SearchResultRow } from '@/lib/detect/detection';
import { t } from '@/lib/platform/i18n';
import type { SpendRefusal } from '@/lib/panel/page/visibility-guard';
import type { PanelRequest } from '@/lib/panel/page/actions';
import type { Preview } from '@/lib/lookup/contract';
import { gestureRefusal, type UserGesture } from '@/components/lookup/spend-gate';
import { SpendRefused } from '@/components/lookup/SpendRefused';
import { credits } from '@/components/panel/format';
import { BulkCollect } from '@/components/panel/BulkCollect';
import { RowOutcome } from '@/components/panel/RowOutcome';
import { previewOf, spendOnRow, type RowResult } from '@/components/panel/useLookupRunner';

const requestFor = (row: SearchResultRow): PanelRequest => ({ op: 'enrichPerson', input: { profileUrl: row.profileUrl! } });

/** Each row's price, by row key. */
async function previewsOf(rows: readonly SearchResultRow[]): Promise<Record<string, Preview | undefined>> {
  return Object.fromEntries(await Promise.all(rows.map(async (row) => [row.key, await previewOf(requestFor(row))] as const)));
}

/** Search results: a quick action per row, and "enrich selected" as a cancellable queue. */
/** A row's price once its preview has come: never a guess before (it depends on the settings). */
function rowPrice(preview: Preview | undefined): string {
  if (!preview) return t('quick.checkingPrice');
  return preview.cost === 0 ? t('cost.free') : credits(preview.price);
}

export function SearchQueue({ rows }: { rows: readonly SearchResultRow[] }) {
  const enrichable = rows.filter((r) => r.profileUrl);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [previews, setPreviews] = useState<Record<string, Preview | undefined>>({});
  const [results, setResults] = useState<Record<string, RowResult>>({});
  /** Why the last "enrich selected" click started nothing (the panel was covered). */
  const [refused, setRefused] = useState<SpendRefusal | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const cancelled = useRef(false);
  const rowKeys = enrichable.map((r) => r.key).join('|');

  // The same rows in a new list (each page update sends one) are not a reason to ask again.
  const readPreviews = useEffectEvent(() => previewsOf(enrichable));
  useEffect(() => {
    void readPreviews().then(setPreviews);
  }, [rowKeys]);

  const chosen = enrichable.filter((r) => selected.has(r.key));
  const total = chosen.reduce((sum, r) => sum + (previews[r.key]?.cost ?? 0), 0);
  const free = chosen.filter((r) => previews[r.key]?.cost === 0).length;

  async function runOne(row: SearchResultRow, gesture: UserGesture | 'queued') {
    const running = spendOnRow(requestFor(row), gesture);
    if (!running) return null;
    const result = await running;
    setResults((r) => ({ ...r, [row.key]: result }));
    return result;
  }

  async function runQueue(event: MouseEvent) {
    // The user's click on "enrich selected", with its total shown, starts the queue: a click the
    // user could not have seen (the panel covered) starts nothing, and says so.
    const refusal = gestureRefusal(event);
    if (refusal !== null) {
      if (refusal !== 'untrusted') setRefused(refusal);
      return;
    }
    setRefused(null);
    cancelled.current = false;
    const queue = [...chosen];
    setProgress({ done: 0, total: queue.length });
    for (const [i, row] of queue.entries()) {
      if (cancelled.current) break;
      // An answer lost on the way stops the queue: the user looks before anything more is sent.
      if ((await runOne(row, 'queued'))?.kind === 'unknown') break;
      setProgress({ done: i + 1, total: queue.length });
    }
    setProgress(null);
    // The ledger changed: what was bought is free now.
    setPreviews(await previewsOf(enrichable));
  }

  if (!enrichable.length) return <p>{t('panel.queue.noProfiles')}</p>;
  return (
    <section aria-label={t('panel.queue.label')} className="queue">
      <h3>{t('panel.queue.title')}</h3>
      <ul className="queue-list" style={{ listStyle: 'none', padding: 0 }}>
        {enrichable.map((row) => {
          const name = row.fullName ?? row.profileUrl ?? t('panel.queue.unnamed');
          const result = results[row.key];
          return (
            <li key={row.key} className="queue-row">
              <input
                type="checkbox"
                aria-label={t('panel.queue.select', { name })}
                checked={selected.has(row.key)}
                onChange={(e) =>
                  setSelected((s) => {
                    const next = new Set(s);
                    if (e.target.checked) next.add(row.key);
                    else next.delete(row.key);
                    return next;
                  })
                }
                style={{ width: 'auto' }}
              />
              <div>
                <strong>{name}</strong>
                {row.headline && <div className="muted">{row.headline}</div>}
                <button
                  type="button"
                  className="link-button"
                  disabled={progress !== null}
                  onClick={(e) => void runOne(row, e)}
                >
                  {t('panel.queue.enrichOne', { name, price: rowPrice(previews[row.key]) })}
                </button>
                <RowOutcome result={result} />
              </div>
            </li>
          );
        })}
      </ul>
      <p aria-live="polite">
        {chosen.length === 0
          ? t('panel.queue.hint')
          : free
            ? t('panel.queue.selectedWithFree', { count: chosen.length, credits: credits(total), free })
            : t('panel.queue.selected', { count: chosen.length, credits: credits(total) })}
      </p>
      {progress ? (
        <p>
          <span role="status">{t('panel.queue.progress', { done: progress.done, total: progress.total })}</span>{' '}
          <button type="button" className="secondary" onClick={() => (cancelled.current = true)}>
            {t('panel.queue.cancel')}
          </button>
        </p>
      ) : (
        <button type="button" disabled={chosen.length === 0} onClick={(e) => void runQueue(e)}>
          {t('panel.queue.enrichSelected', { credits: credits(total) })}
        </button>
      )}
      {refused && <SpendRefused reason={refused} onDismiss={() => setRefused(null)} />}
      <BulkCollect rows={enrichable} />
    </section>
  );
}
