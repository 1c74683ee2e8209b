import { useEffect, useState } from 'react';
import { ask } from '@/components/useBackground';
import { HistoryList } from '@/components/HistoryList';
import { sendMessage } from '@/lib/messaging/messenger';
import type { HistoryEntry } from '@/lib/history/entry';

function download(filename: string, mimeType: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function HistoryPage() {
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const selected = decodeURIComponent(location.hash.slice(1));

  useEffect(() => {
    void ask(() => sendMessage('getHistory', {})).then((reply) => (reply.ok ? setEntries(reply.value) : setError(reply.error.message)));
  }, []);

  async function exportAs(format: 'csv' | 'json') {
    const reply = await ask(() => sendMessage('exportHistory', { format }));
    if (!reply.ok) return setError(reply.error.message);
    download(reply.value.filename, reply.value.mimeType, reply.value.content);
  }

  return (
    <>
      <h1>Lookup history</h1>
      <p>
        <button type="button" onClick={() => void exportAs('csv')}>Export CSV</button>{' '}
        <button type="button" className="secondary" onClick={() => void exportAs('json')}>Export JSON</button>
      </p>
      {error && <p role="alert">{error}</p>}
      {entries === null ? <p aria-busy="true">Loading…</p> : <HistoryList entries={entries} highlight={selected} />}
    </>
  );
}
