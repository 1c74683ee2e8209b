import { useEffect, useState } from 'react';
import type { CollectedPerson } from '@/lib/bulk/contract';
import type { SearchResultRow } from '@/lib/detect/detection';
import { t, tn } from '@/lib/platform/i18n';
import { sendMessage } from '@/lib/contracts/messenger';
import { ask } from '@/components/platform/useBackground';

/** People per message (the message's own limit). */
const PER_MESSAGE = 200;

/** A row of the page as the collecting list takes it, cut to the message's limits. */
export function collectedOf(row: SearchResultRow): CollectedPerson | null {
  if (!row.profileUrl || row.profileUrl.length > 600) return null;
  const person: CollectedPerson = { profileUrl: row.profileUrl };
  if (row.fullName) person.fullName = row.fullName.slice(0, 200);
  if (row.headline) person.headline = row.headline.slice(0, 300);
  return person;
}

/**
 * "Add all on this page to a bulk list": the page's people join the collecting list the worker
 * keeps (each once, whichever page added them), so that the next page of results adds to the
 * same list; the bulk page then enriches the list as one run. Nothing is spent here.
 */
export function BulkCollect({ rows }: { rows: readonly SearchResultRow[] }) {
  const people = rows.map(collectedOf).filter((p): p is CollectedPerson => p !== null);
  const [count, setCount] = useState<number | null>(null);
  const [added, setAdded] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void ask(() => sendMessage('bulkCollection', undefined)).then((reply) => live && reply.ok && setCount(reply.value.people.length));
    return () => {
      live = false;
    };
  }, []);

  async function addAll() {
    setBusy(true);
    setError(null);
    let total = 0;
    let last: number | null = null;
    for (let i = 0; i < people.length; i += PER_MESSAGE) {
      const reply = await ask(() => sendMessage('bulkCollect', { people: people.slice(i, i + PER_MESSAGE) }));
      if (!reply.ok) {
        setError(reply.error.message);
        break;
      }
      total += reply.value.added;
      last = reply.value.count;
    }
    setBusy(false);
    if (last !== null) {
      setCount(last);
      setAdded(total);
    }
  }

  return (
    <div className="bulk-collect">
      <p className="actions">
        <button type="button" className="secondary" disabled={busy || !people.length} onClick={() => void addAll()}>
          {tn('bulk.ui.panel.addAll', people.length)}
        </button>
        <button type="button" className="link-button" onClick={() => void ask(() => sendMessage('openBulk', undefined))}>
          {t('bulk.ui.panel.open')}
        </button>
      </p>
      <p role="status">
        {count !== null && (added !== null ? tn('bulk.ui.panel.added', count, { added }) : count > 0 ? tn('bulk.ui.panel.count', count) : '')}
      </p>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
