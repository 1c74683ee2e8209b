import { t, tn } from '@/lib/i18n';
import { formatDay } from '@/lib/i18n/relative-time';
import { isLookupOperation, OPERATION_NAMES } from '@/lib/lookup/operation-names';
import type { Preview } from '@/lib/lookup/service';

export function credits(count: number): string {
  return tn('credits', count);
}

/** What an action will cost, said before the click. */
export function priceText(preview: Preview | undefined): string {
  if (!preview) return t('quick.checkingPrice');
  if (preview.refused) return preview.refused.message;
  if (preview.inLedger) return t('cost.inLedger', { date: formatDay(preview.inLedger.paidAt) });
  return preview.cost === 0 ? t('cost.free') : t('cost.upTo', { credits: credits(preview.price) });
}

export { isLookupOperation, OPERATION_NAMES };

/** Every kind of history entry: the lookups, then the CRM pushes. */
export const HISTORY_OPERATIONS: readonly string[] = [...OPERATION_NAMES, 'crmPush'];

export function operationLabel(op: string): string {
  if (op === 'crmPush') return t('ops.crmPush');
  return isLookupOperation(op) ? t(`ops.${op}`) : op;
}
