// The first paint formats with these before the whole catalog is in: translate.ts, not @/lib/platform/i18n.
import { t, tn } from '@/lib/platform/i18n/translate';
import { formatDay } from '@/lib/platform/i18n/relative-time';
// The names only, not lib/lookup/worker/operations.ts: the popup must not load every operation's schemas.
import { BALANCE_DIFFERENCE, CRM_PUSH, OPERATION_NAMES, isOperationName } from '@/lib/lookup/operation-names';
import type { Preview } from '@/lib/lookup/contract';

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

/** Every kind of history entry: the lookups, then the CRM pushes and the balance checks. */
export const HISTORY_OPERATIONS: readonly string[] = [...OPERATION_NAMES, CRM_PUSH, BALANCE_DIFFERENCE];

export function operationLabel(op: string): string {
  if (op === CRM_PUSH) return t('ops.crmPush');
  if (op === BALANCE_DIFFERENCE) return t('ops.balanceDifference');
  return isOperationName(op) ? t(`ops.${op}`) : op;
}
