import { useEffect, useRef, useState } from 'react';
import { ask } from '@/components/useBackground';
import { CreditBalance } from '@/components/CreditBalance';
import { CurrentTabPerson } from '@/components/CurrentTabPerson';
import { QuickLookup } from '@/components/QuickLookup';
import { RecentLookups } from '@/components/RecentLookups';
import { startConnectionMirror, useConnection } from '@/components/stores/connection';
import { startPreferencesMirror, usePreferences } from '@/components/stores/preferences';
import { startRecentHistoryMirror, useRecentHistory } from '@/components/stores/recent-history';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/messenger';
import type { ErrorReport } from '@/lib/messaging/protocol';

function openSettings() {
  void browser.runtime.openOptionsPage();
}

/** Marks the moment the popup can be used, for scripts/bench/popup.bench.ts. */
function useInteractiveMark(ready: boolean) {
  const marked = useRef(false);
  useEffect(() => {
    if (!ready || marked.current) return;
    marked.current = true;
    performance.mark('dossier:interactive');
  }, [ready]);
}

export function Popup() {
  const { status, statusError, balance, isSandbox, gateway } = useConnection();
  const prefs = usePreferences((s) => s.prefs);
  const recent = useRecentHistory();
  const [balanceError, setBalanceError] = useState<ErrorReport | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  useEffect(() => {
    const stops = [startConnectionMirror(), startPreferencesMirror(), startRecentHistoryMirror()];
    return () => stops.forEach((stop) => stop());
  }, []);

  async function refresh() {
    setRefreshing(true);
    // The answer lands in storage, and from there in the store: nothing to copy here.
    const reply = await ask(() => sendMessage('getCredits', { refresh: true }));
    setRefreshing(false);
    setBalanceError(reply.ok ? null : reply.error);
  }

  useEffect(() => {
    if (status?.hasKey) void refresh();
  }, [status?.hasKey]);

  useInteractiveMark(Boolean(status && (!status.hasKey || recent.entries !== null)));

  if (statusError && !status) return <p role="alert">{statusError.message}</p>;
  if (!status) return <p aria-busy="true">{t('app.loading')}</p>;

  return (
    <>
      <header className="bar">
        <h1>{t('app.name')}</h1>
        {isSandbox && (
          <span className="tag" title={t('app.sandboxTitle', { url: gateway?.url ?? '' })}>
            {t('app.sandbox')}
          </span>
        )}
        <span className="spacer" />
        {status.hasKey && (
          <button type="button" className="link-button" onClick={openSettings}>
            {t('settings.title')}
          </button>
        )}
      </header>
      {status.hasKey ? (
        <>
          <CreditBalance
            balance={balance}
            error={balanceError}
            refreshing={refreshing}
            lowThreshold={prefs.spending.lowBalanceThreshold}
            onRefresh={() => void refresh()}
          />
          <CurrentTabPerson />
          <QuickLookup defaultRegion={prefs.lookups.defaultPhoneRegion} />
          {recent.error && <p role="alert">{recent.error}</p>}
          {recent.entries && <RecentLookups entries={recent.entries} />}
        </>
      ) : (
        <section aria-labelledby="onboarding-title">
          <h2 id="onboarding-title">{t('onboarding.title')}</h2>
          <p>{t('onboarding.body', { key: 'sandbox-demo-key' })}</p>
          <button type="button" onClick={openSettings}>
            {t('app.openSettings')}
          </button>
        </section>
      )}
    </>
  );
}
