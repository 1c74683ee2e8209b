import type { ErrorReport, StoredBalance } from '@/lib/messaging/protocol';

interface Props {
  balance: StoredBalance | null;
  error: ErrorReport | null;
  refreshing: boolean;
  onRefresh(): void;
}

export function CreditBalance({ balance, error, refreshing, onRefresh }: Props) {
  return (
    <section aria-labelledby="balance-title">
      <h2 id="balance-title">Credit balance</h2>
      <p aria-live="polite" data-testid="balance">
        {balance ? `${balance.credits.toLocaleString('en')} credits` : refreshing ? 'Checking…' : 'Unknown'}
      </p>
      {balance && <p className="muted">As of {new Date(balance.at).toLocaleString()}</p>}
      {error && <p role="alert">{error.message}</p>}
      <button type="button" onClick={onRefresh} disabled={refreshing}>
        {refreshing ? 'Refreshing…' : 'Refresh balance'}
      </button>
    </section>
  );
}
