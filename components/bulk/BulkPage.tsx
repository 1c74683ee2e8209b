import { useEffect, useState } from 'react';
import { ask } from '@/components/platform/useBackground';
import { MissingKeyNotice } from '@/components/welcome/NoKeyNotice';
import { BULK_MAX_ROWS } from '@/lib/bulk/model';
import { t } from '@/lib/platform/i18n';
import { sendMessage } from '@/lib/contracts/messenger';
import { PastRuns } from '@/components/bulk/PastRuns';
import { RunView } from '@/components/bulk/RunView';
import { SourcePicker, type SourceTable } from '@/components/bulk/SourcePicker';
import { bulkRunHash, runIdOf } from '@/lib/bulk/address';

function useHashRun(): [string | null, (runId: string | null) => void] {
  const [runId, setRunId] = useState(() => runIdOf(location.hash));
  useEffect(() => {
    const onHash = () => setRunId(runIdOf(location.hash));
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
  function open(next: string | null) {
    // Each run has its address: reloading the tab, or going back, shows the same run.
    if (next) location.hash = bulkRunHash(next);
    else history.pushState(null, '', location.pathname);
    setRunId(next);
  }
  return [runId, open];
}

/**
 * Bulk enrichment: a list of people (a CSV file, pasted lines, people collected on search pages,
 * a contact book selection) enriched by the worker in the background, priced before it starts,
 * resumable, paid once. The page reads runs and rows from the vault; every write is the worker's.
 */
export function BulkPage() {
  const [runId, openRun] = useHashRun();
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function create(table: SourceTable) {
    setCreating(true);
    setError(null);
    const { name, source, headers, rows, mapping } = table;
    const reply = await ask(() => sendMessage('bulkCreate', { name: name.trim().slice(0, 200) || t('bulk.ui.untitled'), source, headers, rows, mapping }));
    setCreating(false);
    if (!reply.ok) return setError(reply.error.message);
    openRun(reply.value.id);
  }

  return (
    <>
      <header className="bar">
        <h1>{t('bulk.ui.title')}</h1>
      </header>
      <MissingKeyNotice />
      <p className="muted">{t('bulk.ui.limits', { max: BULK_MAX_ROWS })}</p>
      {runId ? (
        <RunView runId={runId} onClose={() => openRun(null)} />
      ) : (
        <>
          <SourcePicker busy={creating} onTable={(table) => void create(table)} />
          {creating && (
            <p role="status" aria-busy="true">
              {t('bulk.ui.creating')}
            </p>
          )}
          {error && <p role="alert">{error}</p>}
        </>
      )}
      <PastRuns currentId={runId} onOpen={openRun} onDeleted={(id) => id === runId && openRun(null)} />
    </>
  );
}
