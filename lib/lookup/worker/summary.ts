import { t, tn, type MessageKey } from '@/lib/platform/i18n';
import { formatDay } from '@/lib/platform/i18n/relative-time';
import { personLabel } from '@/lib/book/naming';
import { whoOfResult } from '@/lib/history/who';
import type { OperationName } from '@/lib/lookup/operation-names';
import { answer } from '@/lib/lookup/results';
import type { LookupResponse } from '@/lib/lookup/contract';

type TitleKey = Extract<MessageKey, `notification.op.${string}`>;

const OP_TITLES: Record<OperationName, TitleKey> = {
  enrichPerson: 'notification.op.enrichPerson',
  enrichCompany: 'notification.op.enrichCompany',
  findWorkEmail: 'notification.op.findWorkEmail',
  searchPhone: 'notification.op.searchPhone',
  searchPersonalEmail: 'notification.op.searchPersonalEmail',
  reversePhone: 'notification.op.reversePhone',
  microblogProfile: 'notification.op.microblogProfile',
  microblogByEmail: 'notification.op.microblogProfile',
};

export function titleOf(op: OperationName): string {
  return t(OP_TITLES[op] ?? 'notification.op.lookup');
}

/** Who the answer found, as every screen names them: "Maya Chen · Northwind Analytics". */
function whoOf(response: LookupResponse): string | undefined {
  if (response.value === undefined) return undefined;
  const who = whoOfResult(answer(response.op, response.value));
  // A work email search answers addresses only: the address says who it is.
  return who ? personLabel(who.name, who.company) : response.op === 'findWorkEmail' ? response.value.email?.address : undefined;
}

/** One line for a notification: who was found and what it cost. */
export function summarise(response: LookupResponse): string {
  const cost =
    response.fromLedger && response.paidAt !== null
      ? t('notification.inLedger', { date: formatDay(response.paidAt) })
      : response.cost > 0
        ? tn('credits', response.cost)
        : t('notification.noCharge');
  switch (response.status) {
    case 'paid':
    case 'free':
    case 'cached': {
      return t('notification.summary', { who: whoOf(response) ?? t('notification.found'), cost });
    }
    case 'miss':
      return t('cost.miss');
    default:
      return response.error?.message ?? t('cost.didNotRun');
  }
}
