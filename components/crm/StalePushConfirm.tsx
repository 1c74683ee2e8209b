import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { t } from '@/lib/platform/i18n';

interface Props {
  /** The warning: each stale address and its age (lib/book/freshness-words.ts staleWarning). */
  warning: string;
  busy: boolean;
  onConfirm(event: MouseEvent<HTMLButtonElement>): void;
  onCancel(): void;
  children?: ReactNode;
}

/**
 * A push holding a stale email, stopped before anything is sent: the warning, named as such, and
 * two real buttons; "Push anyway" sends it, Cancel goes back. Focus moves to the question so
 * keyboard and screen reader users meet it where they clicked.
 */
export function StalePushConfirm({ warning, busy, onConfirm, onCancel }: Props) {
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => yes.current?.focus(), []);
  return (
    <div className="stale-push" role="group" aria-label={t('crm.stale.question')}>
      <p role="alert">{warning}</p>
      <p>{t('crm.stale.question')}</p>
      <p className="actions">
        <button type="button" ref={yes} disabled={busy} onClick={onConfirm}>
          {t('crm.stale.pushAnyway')}
        </button>{' '}
        <button type="button" className="secondary" onClick={onCancel}>
          {t('confirm.cancel')}
        </button>
      </p>
    </div>
  );
}
