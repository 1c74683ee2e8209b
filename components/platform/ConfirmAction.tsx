import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { t } from '@/lib/platform/i18n';

interface Props {
  /** The first button; it only opens the question. */
  label: string;
  question: ReactNode;
  confirmLabel: string;
  disabled?: boolean;
  /**
   * `danger` (default): a destructive action. `spend`: an action that may cost credits; its
   * confirmation counts only from the user's own click (synthetic clicks are ignored), as every
   * spending button's.
   */
  kind?: 'danger' | 'spend';
  onConfirm(): void | Promise<void>;
}

/** An action in two real steps, in the page itself (window.confirm cannot be styled, tested or translated). */
export function ConfirmAction({ label, question, confirmLabel, disabled, kind = 'danger', onConfirm }: Props) {
  const [asking, setAsking] = useState(false);
  const yes = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  // Focus follows the question and comes back when it closes, so keyboard users stay in place.
  useEffect(() => {
    if (asking) yes.current?.focus();
    else if (wasAsking.current) opener.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  const spend = kind === 'spend';
  if (!asking) {
    return (
      <button type="button" className={spend ? 'secondary' : 'danger'} ref={opener} disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  function confirm(event: MouseEvent) {
    if (spend && !event.nativeEvent.isTrusted) return;
    setAsking(false);
    void onConfirm();
  }
  return (
    <span className="confirm-inline" role="group" aria-label={label}>
      <span>{question}</span>{' '}
      <button type="button" className={spend ? undefined : 'danger'} ref={yes} onClick={confirm}>
        {confirmLabel}
      </button>{' '}
      <button type="button" className="secondary" onClick={() => setAsking(false)}>
        {t('confirm.cancel')}
      </button>
    </span>
  );
}
