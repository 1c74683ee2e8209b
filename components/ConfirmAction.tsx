import { useEffect, useRef, useState, type ReactNode } from 'react';
import { t } from '@/lib/i18n';

interface Props {
  /** The first button; it only opens the question. */
  label: string;
  question: ReactNode;
  confirmLabel: string;
  disabled?: boolean;
  onConfirm(): void | Promise<void>;
}

/** A destructive action in two real steps, in the page itself (window.confirm cannot be styled, tested or translated). */
export function ConfirmAction({ label, question, confirmLabel, disabled, onConfirm }: Props) {
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
  if (!asking) {
    return (
      <button type="button" className="danger" ref={opener} disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <span className="confirm-inline" role="group" aria-label={label}>
      <span>{question}</span>{' '}
      <button
        type="button"
        className="danger"
        ref={yes}
        onClick={() => {
          setAsking(false);
          void onConfirm();
        }}
      >
        {confirmLabel}
      </button>{' '}
      <button type="button" className="secondary" onClick={() => setAsking(false)}>
        {t('confirm.cancel')}
      </button>
    </span>
  );
}
