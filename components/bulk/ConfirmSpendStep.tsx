import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { t } from '@/lib/i18n';

interface Props {
  /** The first button: it only asks. */
  label: string;
  question: ReactNode;
  confirmLabel: string;
  disabled?: boolean;
  /** Called from the user's own click on the second button (synthetic clicks are ignored). */
  onConfirm(): void | Promise<void>;
}

/**
 * A spend in two real steps: the first button says what it will cost, the second confirms it.
 * As every spending button, the confirmation counts only from a trusted click.
 */
export function ConfirmSpendStep({ label, question, confirmLabel, disabled, onConfirm }: Props) {
  const [asking, setAsking] = useState(false);
  const yes = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (asking) yes.current?.focus();
    else if (wasAsking.current) opener.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  if (!asking) {
    return (
      <button type="button" className="secondary" ref={opener} disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  function confirm(event: MouseEvent) {
    if (!event.nativeEvent.isTrusted) return;
    setAsking(false);
    void onConfirm();
  }
  return (
    <span className="confirm-inline" role="group" aria-label={label}>
      <span>{question}</span>{' '}
      <button type="button" ref={yes} onClick={confirm}>
        {confirmLabel}
      </button>{' '}
      <button type="button" className="secondary" onClick={() => setAsking(false)}>
        {t('confirm.cancel')}
      </button>
    </span>
  );
}
