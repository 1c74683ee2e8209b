import { t } from '@/lib/platform/i18n';
import { formatDay } from '@/lib/platform/i18n/relative-time';
import type { LookupResponse } from '@/lib/lookup/contract';
import { credits } from '@/components/lookup/price';

/** What a finished lookup cost, in one sentence: paid, free from the ledger, a miss, a refusal. */
export function costLine(response: LookupResponse): string {
  if (response.fromLedger && response.paidAt !== null) return t('cost.fromLedger', { date: formatDay(response.paidAt) });
  switch (response.status) {
    case 'paid':
      return t(response.refreshed ? 'cost.refreshed' : 'cost.paid', { credits: credits(response.cost) });
    case 'free':
    case 'cached':
      return t('cost.noCharge');
    case 'miss':
      return t('cost.miss');
    // It did run: the message says what became of it and what the balance shows.
    case 'unknown':
      return response.error?.message ?? t('spend.unknownNoDetails');
    default:
      return t('cost.notRun', { reason: response.error?.message ?? t('cost.didNotRun') });
  }
}

const FAILED = new Set<LookupResponse['status']>(['failed', 'refused', 'unknown']);

/** The cost sentence, announced: a failure or refusal as an alert, anything else as a status. */
export function CostLine({ response }: { response: LookupResponse }) {
  const failed = FAILED.has(response.status);
  return (
    <p role={failed ? 'alert' : 'status'} className={failed ? 'cost-line error-text' : 'cost-line'} data-testid="lookup-cost">
      {costLine(response)}
    </p>
  );
}
