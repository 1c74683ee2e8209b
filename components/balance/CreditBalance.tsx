import { t } from '@/lib/platform/i18n';
import { formatAge, formatDateTime } from '@/lib/platform/i18n/relative-time';
import type { ErrorReport } from '@/lib/contracts/protocol';
import type { StoredBalance } from '@/lib/balance/contract';
import { credits } from '@/components/lookup/price';
import { useNow } from '@/components/platform/useNow';
import { BalanceDifferenceNote } from '@/components/balance/BalanceDifferenceNote';

interface Props {
  balance: StoredBalance | null;
  error: ErrorReport | null;
  refreshing: boolean;
  lowThreshold: number;
  onRefresh(): void;
}

export function CreditBalance({ balance, error, refreshing, lowThreshold, onRefresh }: Props) {
  const now = useNow();
  const low = balance !== null && balance.credits < lowThreshold;
  return (
    <section aria-labelledby="balance-title">
      <h2 id="balance-title">{t('balance.title')}</h2>
      <p className="balance-line">
        <span aria-live="polite" data-testid="balance" className={low ? 'balance low' : 'balance'}>
          {balance ? credits(balance.credits) : refreshing ? t('balance.checking') : t('balance.unknown')}
        </span>{' '}
        {balance && (
          <span className="muted" title={formatDateTime(balance.at)} data-testid="balance-age">
            {t('balance.asOf', { age: formatAge(balance.at, Math.max(now, balance.at)) })}
          </span>
        )}
      </p>
      {low && <p className="warning">{t('balance.low', { credits: credits(lowThreshold) })}</p>}
      {balance?.difference && <BalanceDifferenceNote difference={balance.difference} />}
      {error && <p role="alert">{error.message}</p>}
      <button type="button" className="secondary" onClick={onRefresh} disabled={refreshing}>
        {refreshing ? t('balance.refreshing') : t('balance.refresh')}
      </button>
    </section>
  );
}
