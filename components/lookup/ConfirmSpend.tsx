import { useEffect, useRef, type MouseEvent } from 'react';
import { t } from '@/lib/platform/i18n';
import { credits } from '@/components/lookup/price';

/** Asked when the background says a lookup costs more than the user's threshold. */
export function ConfirmSpend({ price, onConfirm, onCancel }: { price: number; onConfirm(event: MouseEvent): void; onCancel(): void }) {
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <section className="confirm" aria-labelledby="confirm-title" aria-describedby="confirm-body">
      <h2 id="confirm-title">{t('confirm.title')}</h2>
      <p id="confirm-body">{t('confirm.body', { credits: credits(price) })}</p>
      <p className="actions">
        <button type="button" ref={confirm} onClick={onConfirm}>
          {t('confirm.go')}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t('confirm.cancel')}
        </button>
      </p>
    </section>
  );
}
