import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { ask } from '@/components/useBackground';
import { ConfirmAction } from '@/components/ConfirmAction';
import { download } from '@/components/history/download';
import { filterHistory, NO_FILTER, type HistoryFilter } from '@/components/history/filter';
import { HistoryDetails } from '@/components/history/HistoryDetails';
import { HistoryTable } from '@/components/history/HistoryTable';
import { HistoryToolbar } from '@/components/history/HistoryToolbar';
import { startHistoryMirror, useHistory } from '@/components/stores/history';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/messenger';

function idFromHash(): string | null {
  const id = decodeURIComponent(location.hash.slice(1));
  return id || null;
}

export function HistoryPage() {
  const entries = useHistory((s) => s.entries);
  const [filter, setFilter] = useState<HistoryFilter>(NO_FILTER);
  const deferredFilter = useDeferredValue(filter);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [openId, setOpenId] = useState<string | null>(idFromHash);
  const [notice, setNotice] = useState<{ tone: 'status' | 'alert'; text: string } | null>(null);

  useEffect(() => startHistoryMirror(), []);
  useEffect(() => {
    const follow = () => setOpenId(idFromHash());
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);

  const shown = useMemo(() => (entries ? filterHistory(entries, deferredFilter) : []), [entries, deferredFilter]);
  const openEntry = openId && entries ? (entries.find((e) => e.id === openId) ?? null) : null;
  // Entries deleted since they were selected no longer count.
  const selectedIds = useMemo(() => (entries ? entries.filter((e) => selected.has(e.id)).map((e) => e.id) : []), [entries, selected]);

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
    const count = entries?.length ?? 0;
    const reply = await ask(() => sendMessage('clearHistory', undefined));
    if (!reply.ok) return setNotice({ tone: 'alert', text: reply.error.message });
    setSelected(new Set());
    setNotice({ tone: 'status', text: t('history.deleted', { count }) });
  }

  return (
    <>
      <h1>{t('app.historyTitle')}</h1>
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
          disabled={!entries?.length}
          question={t('history.deleteAllConfirm', { count: entries?.length ?? 0 })}
          confirmLabel={t('history.deleteAllYes')}
          onConfirm={removeAll}
        />
      </p>
      {notice && <p role={notice.tone}>{notice.text}</p>}
      {entries === null ? (
        <p aria-busy="true">{t('app.loading')}</p>
      ) : entries.length === 0 ? (
        <p>{t('history.empty')}</p>
      ) : (
        <div className={openId ? 'history-layout with-details' : 'history-layout'}>
          <div>
            <p className="muted" aria-live="polite">
              {shown.length ? t('history.shown', { shown: shown.length, total: entries.length }) : t('history.noMatch')}
            </p>
            <HistoryTable
              entries={shown}
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
            />
          </div>
          {openId && <HistoryDetails entry={openEntry} onClose={() => open(null)} />}
        </div>
      )}
    </>
  );
}
