import { useEffect } from 'react';
import { PanelModeChoice } from '@/components/panel/PanelModeChoice';
import { startConnectionMirror, useConnection } from '@/components/settings/connection-store';
import { startPreferencesMirror } from '@/components/settings/preferences-store';
import { ConnectStep } from '@/components/welcome/ConnectStep';
import { t } from '@/lib/platform/i18n';

/** Where a first profile takes the user: LinkedIn itself (their feed, and from there any profile). */
const LINKEDIN = 'https://www.linkedin.com/feed/';

/**
 * The page that opens on install (entrypoints/background.ts): connect the account, choose how the
 * panel appears, then open a profile. Every screen without a key links here.
 */
export function Welcome() {
  useEffect(() => {
    const stops = [startConnectionMirror(), startPreferencesMirror()];
    return () => stops.forEach((stop) => stop());
  }, []);
  const hasKey = useConnection((s) => s.status?.hasKey ?? false);
  return (
    <div className="welcome">
      <h1>{t('welcome.title')}</h1>
      <p>{t('welcome.intro')}</p>
      <ConnectStep />
      <section className="welcome-step">
        <PanelModeChoice recommended="stealth" headingLevel={2} />
        <p className="muted">{t('welcome.mode.hint')}</p>
      </section>
      <section aria-labelledby="welcome-try" className="welcome-step">
        <h2 id="welcome-try">{t('welcome.try.title')}</h2>
        <p>{t('welcome.try.body')}</p>
        {hasKey ? (
          <a className="button-link" href={LINKEDIN} target="_blank" rel="noreferrer">
            {t('welcome.try.open')}
          </a>
        ) : (
          <p className="muted">{t('welcome.try.notReady')}</p>
        )}
      </section>
    </div>
  );
}
