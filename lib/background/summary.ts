import { t, tn, type MessageKey } from '../i18n';
import type { Person } from '../api/model';
import type { OperationName } from '../lookup/operation-names';
import type { LookupResponse } from '../lookup/service';

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

function clean(value: string | undefined): string | undefined {
  return value?.trim() || undefined;
}

function nameOf(person: Person | undefined): string | undefined {
  return clean(person?.fullName) ?? clean([person?.firstName, person?.lastName].filter(Boolean).join(' '));
}

/** Who or what the answer found, in a few words. */
function whoOf(response: LookupResponse): string | undefined {
  switch (response.op) {
    case 'enrichPerson':
      return nameOf(response.value?.person) ?? clean(response.value?.company?.name);
    case 'enrichCompany':
      return clean(response.value?.name);
    case 'findWorkEmail':
      return clean(response.value?.email?.address);
    case 'searchPhone':
    case 'searchPersonalEmail':
    case 'reversePhone':
      return nameOf(response.value?.person);
    case 'microblogProfile':
    case 'microblogByEmail':
      return clean(response.value?.displayName) ?? (response.value ? `@${response.value.username}` : undefined);
  }
}

/** One line for a notification: who was found and what it cost. */
export function summarise(response: LookupResponse): string {
  const cost =
    response.fromLedger && response.paidAt !== null
      ? t('notification.inLedger', { date: new Date(response.paidAt).toLocaleDateString() })
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
