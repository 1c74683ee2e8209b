import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { ask } from '@/components/platform/useBackground';
import { ConfirmAction } from '@/components/platform/ConfirmAction';
import { useTakeOver } from '@/components/platform/first-paint';
import { MissingKeyNotice } from '@/components/welcome/NoKeyNotice';
import { download } from '@/components/history/download';
import { historyQuery, NO_FILTER, type HistoryFilter } from '@/components/history/filter';
import { HistoryDetails } from '@/components/history/HistoryDetails';
import { HistoryTable } from '@/components/history/HistoryTable';
import { HistoryToolbar } from '@/components/history/HistoryToolbar';
import { MigrationProgressLine } from '@/components/history/MigrationProgress';
import { loadMoreHistory, startHistoryMirror, startMigrationProgressMirror, useHistory } from '@/components/history/history-store';
import type { Rect } from '@tanstack/react-virtual';
import type { HistoryEntry } from '@/lib/history/entry';
import { readHistoryEntries } from '@/lib/history/read';
import { t } from '@/lib/platform/i18n';
import { sendMessage } from '@/lib/contracts/messenger';

const NO_ENTRIES: readonly HistoryEntry[] = [];

function idFromHash(): string | null {
  const id = decodeURIComponent(location.hash.slice(1));
  return id || null;
}

/** The entry whose details are open: from the rows read, or read by id (a link to an older one). */
function useOpenEntry(openId: string | null, entries: readonly HistoryEntry[] | null): HistoryEntry | null {
  const listed = openId && entries ? (entries.find((e) => e.id === openId) ?? null) : null;
  const isListed = listed !== null;
  // What was read by id is shown only for that id: another one shows nothing until it is read.
  const [fetched, setFetched] = useState<HistoryEntry | null>(null);
  useEffect(() => {
    if (!openId || isListed) return;
    let current = true;
    void readHistoryEntries([openId]).then(([entry]) => current && setFetched(entry ?? null), () => {});
    return () => {
      current = false;
    };
  }, [openId, isListed]);
  return listed ?? (fetched?.id === openId ? fetched : null);
}

/** Its own component: the progress of a move changes often, and re-renders only this line. */
function HistoryProgress() {
  return <MigrationProgressLine progress={useHistory((s) => s.progress)} />;
}

/**
 * `tableRect`: the size of the first paint's table body, where the page was drawn first without
 * React (first-paint.ts): the page, rendered aside, draws the same rows and then takes its place.
 */
export function HistoryPage({ tableRect }: { tableRect?: Rect } = {}) {
  const entries = useHistory((s) => s.entries);
  const total = useHistory((s) => s.total);
  const complete = useHistory((s) => s.complete);
  const readError = useHistory((s) => s.error);
  const [filter, setFilter] = useState<HistoryFilter>(NO_FILTER);
  const deferredFilter = useDeferredValue(filter);
  const query = useMemo(() => historyQuery(deferredFilter), [deferredFilter]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [openId, setOpenId] = useState<string | null>(idFromHash);
  const [notice, setNotice] = useState<{ tone: 'status' | 'alert'; text: string } | null>(null);

  useEffect(() => startHistoryMirror(query), [query]);
  // The first rows (or the empty history) are on screen: for scripts/bench/records.bench.ts and
  // migration.bench.ts. Where the first paint showed them, it marked it, and this page takes its place.
  const firstShown = entries !== null && (entries.length > 0 || complete);
  useTakeOver(firstShown);
  useEffect(() => {
    if (firstShown && !performance.getEntriesByName('dossier:interactive').length) performance.mark('dossier:interactive');
  }, [firstShown]);
  useEffect(() => startMigrationProgressMirror(), []);
  useEffect(() => {
    const follow = () => setOpenId(idFromHash());
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);

  const shown = entries ?? NO_ENTRIES;
  const openEntry = useOpenEntry(openId, entries);
  // Entries deleted since they were selected no longer count.
  const selectedIds = useMemo(() => shown.filter((e) => selected.has(e.id)).map((e) => e.id), [shown, selected]);
  // Unfiltered, every entry is reachable by scrolling: the table counts them all.
  const rowCount = query ? (complete ? shown.length : null) : total;

  function open(id: string | null) {
    setOpenId(id);
    history.replaceState(null, '', id ? `#${encodeURIComponent(id)}` : location.pathname);
  }

  async function exportAs(format: 'csv' | 'json') {
    const reply = await ask(() => sendMessage('exportHistory', { format }));
    if (!reply.ok) return setNotice({ tone: 'alert', text: reply.error.message });
    download(reply.value);
  }

  async function remove(ids: string[]) {
    if (!ids.length) return;
    const reply = await ask(() => sendMessage('deleteHistory', { ids }));
    if (!reply.ok) return setNotice({ tone: 'alert', text: reply.error.message });
    setSelected(new Set());
    setNotice({ tone: 'status', text: t('history.deleted', { count: ids.length }) });
  }

  async function removeAll() {
    const count = total ?? shown.length;
    const reply = await ask(() => sendMessage('clearHistory', undefined));
    if (!reply.ok) return setNotice({ tone: 'alert', text: reply.error.message });
    setSelected(new Set());
    setNotice({ tone: 'status', text: t('history.deleted', { count }) });
  }

  return (
    <>
      <h1>{t('app.historyTitle')}</h1>
      <MissingKeyNotice />
      <HistoryToolbar filter={filter} onChange={setFilter} />
      <p className="actions">
        <button type="button" onClick={() => void exportAs('csv')}>
          {t('history.exportCsv')}
        </button>
        <button type="button" className="secondary" onClick={() => void exportAs('json')}>
          {t('history.exportJson')}
        </button>
        <button type="button" className="danger" disabled={!selectedIds.length} onClick={() => void remove(selectedIds)}>
          {t('history.deleteSelected', { count: selectedIds.length })}
        </button>
        <ConfirmAction
          label={t('history.deleteAll')}
          disabled={!total}
          question={t('history.deleteAllConfirm', { count: total ?? 0 })}
          confirmLabel={t('history.deleteAllYes')}
          onConfirm={removeAll}
        />
      </p>
      {notice && <p role={notice.tone}>{notice.text}</p>}
      <HistoryProgress />
      {readError && <p role="alert">{t('history.loadFailed', { reason: readError })}</p>}
      {entries === null ? (
        <p aria-busy="true">{t('app.loading')}</p>
      ) : !query && complete && entries.length === 0 ? (
        <p>{t('history.empty')}</p>
      ) : (
        <div className={openId ? 'history-layout with-details' : 'history-layout'}>
          <div>
            <p className="muted" aria-live="polite">
              {query && !complete
                ? t('history.searching', { shown: shown.length, total: total ?? 0 })
                : shown.length
                  ? t('history.shown', { shown: query ? shown.length : (total ?? shown.length), total: total ?? shown.length })
                  : t('history.noMatch')}
            </p>
            <HistoryTable
              entries={shown}
              rowCount={rowCount}
              onNearEnd={complete ? undefined : loadMoreHistory}
              selected={selected}
              openId={openId}
              onOpen={open}
              onToggle={(id, on) =>
                setSelected((current) => {
                  const next = new Set(current);
                  if (on) next.add(id);
                  else next.delete(id);
                  return next;
                })
              }
              onToggleAll={(on) => setSelected(on ? new Set(shown.map((e) => e.id)) : new Set())}
              initialRect={tableRect}
            />
          </div>
          {openId && <HistoryDetails entry={openEntry} onClose={() => open(null)} />}
        </div>
      )}
    </>
  );
}
