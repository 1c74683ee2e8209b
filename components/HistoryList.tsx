import type { HistoryEntry } from '@/lib/history/entry';

const OUTCOME_LABELS: Record<HistoryEntry['outcome'], string> = {
  paid: 'Paid',
  free: 'Free',
  cached: 'From ledger (free)',
  miss: 'No match (free)',
  failed: 'Failed (free)',
  refused: 'Not run',
};

export function HistoryList({ entries, highlight }: { entries: readonly HistoryEntry[]; highlight?: string }) {
  if (!entries.length) return <p>No lookups yet. Enrich a profile and it will be listed here.</p>;
  return (
    <table aria-label="Lookups">
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Lookup</th>
          <th scope="col">Subject</th>
          <th scope="col">Outcome</th>
          <th scope="col">Credits</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id} aria-current={e.id === highlight ? 'true' : undefined}>
            <td>{new Date(e.at).toLocaleString()}</td>
            <td>{e.op}</td>
            <td>{e.subject}</td>
            <td>{OUTCOME_LABELS[e.outcome]}{e.error ? `: ${e.error.message}` : ''}</td>
            <td>{e.cost}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
