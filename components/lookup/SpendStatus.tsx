import { t } from '@/lib/platform/i18n';
import { ConfirmSpend } from '@/components/lookup/ConfirmSpend';
import { CostLine } from '@/components/lookup/CostLine';
import { SpendRefused } from '@/components/lookup/SpendRefused';
import { credits } from '@/components/lookup/price';
import type { Spend } from '@/components/lookup/useLookup';

/**
 * What a spend is doing, the same on every screen: the price question, what the answer cost, a
 * click the in-page panel could not count (it was covered), a failure, or an answer that was lost, with a retry that says what it may cost. The answer
 * itself is the contact card's to show (components/card).
 */
export function SpendStatus({ spend, showCost = true }: { spend: Spend; showCost?: boolean }) {
  const { state } = spend;
  switch (state.phase) {
    case 'confirm':
      return <ConfirmSpend price={state.price} onConfirm={(e) => spend.confirm(e)} onCancel={spend.reset} />;
    case 'error':
      return <p role="alert">{state.message}</p>;
    case 'refused':
      return <SpendRefused reason={state.reason} onDismiss={spend.reset} />;
    case 'done':
      return showCost ? <CostLine response={state.response} /> : null;
    case 'unknown':
      return (
        <section className="outcome-unknown" role="alert" aria-label={t('spend.unknownTitle')}>
          <h3>{t('spend.unknownTitle')}</h3>
          <p>{state.response?.error?.message ?? t('spend.unknownNoDetails')}</p>
          <p className="actions">
            <button type="button" onClick={(e) => spend.retry(e)}>
              {state.price === null ? t('spend.retryUnpriced') : t('spend.retry', { credits: credits(state.price) })}
            </button>{' '}
            <button type="button" className="secondary" onClick={spend.reset}>
              {t('spend.dismiss')}
            </button>
          </p>
        </section>
      );
    default:
      return null;
  }
}
