import { useDeferredValue, useEffect, useState } from 'react';
import { ask } from '@/components/platform/useBackground';
import { CreditBalance } from '@/components/balance/CreditBalance';
import { CurrentTabPerson } from '@/components/popup/CurrentTabPerson';
import { ProfileViews } from '@/components/network-safety/ProfileViews';
import { QuickLookup } from '@/components/lookup/QuickLookup';
import { PanelModeChoice } from '@/components/panel/PanelModeChoice';
import { NoKeyNotice } from '@/components/welcome/NoKeyNotice';
import { MigrationProgressLine } from '@/components/history/MigrationProgress';
import { RecentLookups } from '@/components/history/RecentLookups';
import { useConnection } from '@/components/settings/connection-store';
import { usePreferences } from '@/components/settings/preferences-store';
import { useRecentHistory } from '@/components/history/recent-store';
import { t } from '@/lib/platform/i18n';
import { sendMessage } from '@/lib/contracts/messenger';
import type { ErrorReport } from '@/lib/contracts/protocol';
import { sidePanelKind } from '@/lib/panel/page/side-panel';
import { useTakeOver } from '@/components/platform/first-paint';
import { openBeside, openBulk, openContactBook, openSafetySettings, openSettings, openWelcome, sidePanelApis } from '@/entrypoints/popup/actions';

/** The popup's window, learnt up front: the side panel must be opened straight from the click. */
function useWindowId(): number | undefined {
  const [windowId, setWindowId] = useState<number>();
  useEffect(() => {
    void browser.windows.getCurrent().then((w) => setWindowId(w.id));
  }, []);
  return windowId;
}

function SidePanelButton({ windowId }: { windowId: number | undefined }) {
  const kind = sidePanelKind(sidePanelApis);
  if (!kind) return null;
  return (
    <button type="button" className="link-button" onClick={() => openBeside(windowId)} disabled={kind === 'sidePanel' && windowId === undefined}>
      {kind === 'sidePanel' ? t('app.openSidePanel') : t('app.openSidebar')}
    </button>
  );
}

/**
 * Marks the moment the popup can be used, for scripts/bench/popup.bench.ts; what can wait (the
 * deferred value) renders after that frame.
 */
function useInteractive(ready: boolean): boolean {
  useEffect(() => {
    if (ready && !performance.getEntriesByName('dossier:interactive').length) performance.mark('dossier:interactive');
  }, [ready]);
  return useDeferredValue(ready, false);
}

function RecentHistoryProgress() {
  return <MigrationProgressLine progress={useRecentHistory((s) => s.progress)} />;
}

export function Popup() {
  const { status, statusError, balance, balanceLoaded, isSandbox, gateway, gatewayLoaded, keyHint } = useConnection();
  const prefs = usePreferences((s) => s.prefs);
  const prefsLoaded = usePreferences((s) => s.loaded);
  // Slices, so that the move of an older history (progress) re-renders only its line.
  const recent = { entries: useRecentHistory((s) => s.entries), error: useRecentHistory((s) => s.error) };
  const [balanceError, setBalanceError] = useState<ErrorReport | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [refreshAsked, setRefreshAsked] = useState(false);
  const windowId = useWindowId();

  async function refresh() {
    setRefreshing(true);
    setRefreshAsked(true);
    // The answer lands in storage, and from there in the store: nothing to copy here.
    const reply = await ask(() => sendMessage('getCredits', { refresh: true }));
    setRefreshing(false);
    setBalanceError(reply.ok ? null : reply.error);
  }

  // Drawn from the hint while the background wakes up; its answer has the last word.
  const hasKey = status ? status.hasKey : keyHint ? true : null;
  const interactive = useInteractive(hasKey === false || (hasKey === true && recent.entries !== null));
  // Everything the first paint (first-paint.ts) showed is read, here too.
  const windowKnown = sidePanelKind(sidePanelApis) !== 'sidePanel' || windowId !== undefined;
  const drawnAll = prefsLoaded && balanceLoaded && gatewayLoaded && windowKnown;
  // What can wait comes after: until the gateway answers, the stored balance is shown.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a fetch on opening: the balance shows "refreshing" from the request's start, as with the button
    if (interactive && hasKey && drawnAll) void refresh();
  }, [interactive, hasKey, drawnAll]);
  // The first paint showed the balance being refreshed: this page takes its place once it shows as
  // much, in the commit that starts the refresh (its answer cannot come before). A trouble to
  // report (a read that failed) is shown at once: only this page can say it.
  const settled = interactive && (hasKey === false || (refreshAsked && drawnAll));
  useTakeOver(settled || recent.error !== null || statusError !== null);

  if (statusError && hasKey === null) return <p role="alert">{statusError.message}</p>;
  if (hasKey === null) return <p aria-busy="true">{t('app.loading')}</p>;

  return (
    <>
      <header className="bar popup-header">
        <h1>{t('app.name')}</h1>
        {isSandbox && (
          <span className="tag" title={t('app.sandboxTitle', { url: gateway?.url ?? '' })}>
            {t('app.sandbox')}
          </span>
        )}
        {/* The links take a row of their own when the language's words do not fit beside the name. */}
        <div className="popup-links">
          {hasKey && <SidePanelButton windowId={windowId} />}
          <button type="button" className="link-button" onClick={openContactBook}>
            {t('app.openBook')}
          </button>
          <button type="button" className="link-button" onClick={openBulk}>
            {t('bulk.ui.open')}
          </button>
          {hasKey && (
            <button type="button" className="link-button" onClick={openSettings}>
              {t('settings.title')}
            </button>
          )}
        </div>
      </header>
      {hasKey ? (
        <>
          <CreditBalance
            balance={balance}
            error={balanceError}
            refreshing={refreshing}
            lowThreshold={prefs.spending.lowBalanceThreshold}
            onRefresh={() => void refresh()}
          />
          {/* Not answered on the welcome page: asked here, never in a tab of its own. */}
          {prefsLoaded && prefs.pageAccess.panelMode === null && <PanelModeChoice recommended="stealth" headingLevel={2} />}
          {interactive && <ProfileViews onOpenBulk={openBulk} onOpenSettings={openSafetySettings} />}
          {interactive && <CurrentTabPerson />}
          <QuickLookup defaultRegion={prefs.lookups.defaultPhoneRegion} />
          {recent.error && <p role="alert">{recent.error}</p>}
          <RecentHistoryProgress />
          {recent.entries && <RecentLookups entries={recent.entries} />}
        </>
      ) : (
        <NoKeyNotice onSetUp={openWelcome}>
          <button type="button" className="link-button" onClick={openSettings}>
            {t('app.openSettings')}
          </button>
        </NoKeyNotice>
      )}
    </>
  );
}
