import { useEffect, type ReactNode } from 'react';
import { startConnectionMirror, useConnection } from '@/components/settings/connection-store';
import { extensionPageUrl } from '@/lib/platform/extension-pages';
import { t } from '@/lib/platform/i18n';

interface Props {
  /**
   * The popup opens the welcome page in a tab and closes itself: it passes that here and gets
   * a button. Pages get a plain link to the page, which opens where links open.
   */
  onSetUp?: () => void;
  /** More ways out after the set-up (the popup's settings link). */
  children?: ReactNode;
}

/** "No API key yet": what it means and the way to the welcome page, where a key is set in a minute. */
export function NoKeyNotice({ onSetUp, children }: Props) {
  return (
    <section aria-labelledby="no-key-title" className="no-key">
      <h2 id="no-key-title">{t('onboarding.title')}</h2>
      <p>{t('onboarding.body')}</p>
      <p className="actions">
        {onSetUp ? (
          <button type="button" onClick={onSetUp}>
            {t('onboarding.setUp')}
          </button>
        ) : (
          <a className="button" href={extensionPageUrl('welcome')}>
            {t('onboarding.setUp')}
          </a>
        )}
        {children}
      </p>
    </section>
  );
}

/**
 * The notice at the top of a page that is of little use without a key (history, contact book,
 * bulk): shown only once the worker has said that no key is saved, gone as soon as one is.
 */
export function MissingKeyNotice() {
  useEffect(() => startConnectionMirror(), []);
  const hasKey = useConnection((s) => s.status?.hasKey);
  return hasKey === false ? (
    <div className="no-key-banner">
      <NoKeyNotice />
    </div>
  ) : null;
}
