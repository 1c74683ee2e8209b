import { t, tn } from '@/lib/i18n';
import { formatDay } from '@/lib/i18n/relative-time';
import type { OperationName } from '@/lib/lookup/operations';
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

// Spelled out rather than read from PRICES: the popup must not load every operation's schemas.
export const OPERATION_NAMES: readonly OperationName[] = [
  'enrichPerson',
  'enrichCompany',
  'findWorkEmail',
  'searchPhone',
  'searchPersonalEmail',
  'reversePhone',
  'microblogProfile',
  'microblogByEmail',
];

/** A lookup the user paid for (or could), as opposed to a CRM push recorded beside them. */
export function isLookupOperation(op: string): op is OperationName {
  return (OPERATION_NAMES as readonly string[]).includes(op);
}

/** Every kind of history entry: the lookups, then the CRM pushes. */
export const HISTORY_OPERATIONS: readonly string[] = [...OPERATION_NAMES, 'crmPush'];

export function operationLabel(op: string): string {
  if (op === 'crmPush') return t('ops.crmPush');
  return isLookupOperation(op) ? t(`ops.${op}`) : op;
}
