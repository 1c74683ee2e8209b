import { personLabel } from '../contacts/naming';
import { typedResult, whoOfResult } from '../history/who';
import { t, tn, type MessageKey } from '../i18n';
import type { LookupResponse } from '../lookup/service';

type TitleKey = Extract<MessageKey, `notification.op.${string}`>;

const OP_TITLES: Record<string, TitleKey> = {
  enrichPerson: 'notification.op.enrichPerson',
  enrichCompany: 'notification.op.enrichCompany',
  findWorkEmail: 'notification.op.findWorkEmail',
  searchPhone: 'notification.op.searchPhone',
  searchPersonalEmail: 'notification.op.searchPersonalEmail',
  reversePhone: 'notification.op.reversePhone',
  microblogProfile: 'notification.op.microblogProfile',
  microblogByEmail: 'notification.op.microblogProfile',
};

export function titleOf(op: string): string {
  return t(OP_TITLES[op] ?? 'notification.op.lookup');
}

function pick(value: unknown, ...path: string[]): string | undefined {
  let current: unknown = value;
  for (const key of path) {
    if (!current || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return typeof current === 'string' && current.trim() ? current.trim() : undefined;
}

/** Who an answer names, as every screen names them: "Maya Chen · Northwind Analytics". */
function whoFound(response: LookupResponse): string {
  const typed = typedResult({ op: response.op, result: response.value });
  const who = typed ? whoOfResult(typed) : null;
  // A work email search answers addresses only: the address says who it is.
  return who ? personLabel(who.name, who.company) : (pick(response.value, 'email', 'address') ?? t('notification.found'));
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
      return t('notification.summary', { who: whoFound(response), cost });
    }
    case 'miss':
      return t('cost.miss');
    default:
      return response.error?.message ?? t('cost.didNotRun');
  }
}
