import { t } from '@/lib/platform/i18n';
import { formatTime } from '@/lib/platform/i18n/relative-time';
import type { OutboxItemView } from '@/lib/crm/outbox/schema';
import type { ChangeStatus, PlanAction } from '@/lib/crm/types';
import { CRM_LABELS } from '@/lib/crm/types';

/** The CRM feature's words, read from the i18n catalog (`crm.*` keys) each time they are shown. */
export const CRM_TEXT = {
  get sectionTitle() {
    return t('crm.panel.title');
  },
  inCrm: (label: string) => t('crm.panel.inCrm', { crm: label }),
  openRecord: (label: string) => t('crm.openRecord', { crm: label }),
  notInCrm: (label: string) => t('crm.panel.notInCrm', { crm: label }),
  sentBefore: (label: string) => t('crm.panel.sentBefore', { crm: label.toLowerCase() }),
  couldNotCheck: (label: string, message: string) => t('crm.panel.couldNotCheck', { crm: label, message }),
  get checking() {
    return t('crm.panel.checking');
  },
  get freeCheck() {
    return t('crm.panel.freeCheck');
  },
  review: (label: string) => t('crm.panel.review', { crm: label }),
  get planning() {
    return t('crm.panel.planning');
  },
  pushButton: (label: string, action: PlanAction) =>
    action === 'create' ? t('crm.plan.pushCreate', { crm: label }) : action === 'update' ? t('crm.plan.pushUpdate', { crm: label }) : t('crm.plan.pushSkip', { crm: label }),
  overwrite: (field: string) => t('crm.plan.overwrite', { field: field.toLowerCase() }),
  get untrusted() {
    return t('crm.panel.untrusted');
  },
  get downloadVCard() {
    return t('crm.panel.downloadVCard');
  },
  get downloadCsv() {
    return t('crm.panel.downloadCsv');
  },
} as const;

export const ACTION_TEXT: Record<PlanAction, string> = {
  get create() {
    return t('crm.plan.create');
  },
  get update() {
    return t('crm.plan.update');
  },
  get skip() {
    return t('crm.plan.skip');
  },
};

export const CHANGE_TEXT: Record<ChangeStatus, string> = {
  get add() {
    return t('crm.plan.change.add');
  },
  get same() {
    return t('crm.plan.change.same');
  },
  get overwrite() {
    return t('crm.plan.change.overwrite');
  },
  get keep() {
    return t('crm.plan.change.keep');
  },
};


export function outboxStateText(item: OutboxItemView): string {
  const crm = CRM_LABELS[item.target];
  switch (item.state) {
    case 'queued':
      return t('crm.outbox.queued', { crm });
    case 'sending':
      return t('crm.outbox.sending', { crm });
    case 'retrying':
      // A wait for tomorrow's allowance counts no attempt: "attempt 0" would say nothing useful.
      if (item.error?.budget === 'daily') return t('crm.outbox.waitingForBudget', { crm, time: formatTime(item.nextAttemptAt ?? Date.now()) });
      return t('crm.outbox.retrying', { crm, attempt: item.attempts, time: formatTime(item.nextAttemptAt ?? Date.now()) });
    case 'failed':
      return t('crm.outbox.failed', { crm });
    case 'delivered':
      return item.result?.action === 'created'
        ? t('crm.outbox.created', { crm })
        : item.result?.action === 'updated'
          ? t('crm.outbox.updated', { crm })
          : t('crm.outbox.upToDate', { crm });
  }
}
