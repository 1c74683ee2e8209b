import { useEffect, useState } from 'react';
import { ask, useConnectionStatus } from '@/components/useBackground';
import { sendMessage } from '@/lib/messaging/messenger';
import type { ErrorReport, StoredBalance } from '@/lib/messaging/protocol';
import { CreditBalance } from '@/components/CreditBalance';

export function Popup() {
  const { status, error } = useConnectionStatus();
  const [balance, setBalance] = useState<StoredBalance | null>(null);
  const [balanceError, setBalanceError] = useState<ErrorReport | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  async function refresh() {
    setRefreshing(true);
    const reply = await ask(() => sendMessage('getCredits', { refresh: true }));
    setRefreshing(false);
    if (reply.ok) {
      setBalance(reply.value);
      setBalanceError(null);
    } else setBalanceError(reply.error);
  }

  useEffect(() => {
    if (!status?.hasKey) return;
    setBalance(status.balance);
    void refresh();
  }, [status?.hasKey]);

  if (error) return <p role="alert">{error.message}</p>;
  if (!status) return <p aria-busy="true">Loading…</p>;

  return (
    <>
      <header className="bar">
        <h1>Dossier</h1>
        {status.isSandbox && (
          <span className="tag" title={`Connected to the local sandbox at ${status.gateway.url}`}>
            Sandbox
          </span>
        )}
      </header>
      {status.hasKey ? (
        <CreditBalance balance={balance} error={balanceError} refreshing={refreshing} onRefresh={refresh} />
      ) : (
        <section aria-labelledby="onboarding-title">
          <h2 id="onboarding-title">No API key yet</h2>
          <p>Dossier needs an API key to look people up. Paste it in the settings; the local sandbox key is <code>sandbox-demo-key</code>.</p>
          <button type="button" onClick={() => void browser.runtime.openOptionsPage()}>
            Open settings
          </button>
        </section>
      )}
    </>
  );
}
