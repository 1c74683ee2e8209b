import type { OutboxItemView } from '@/lib/crm/outbox/schema';
import type { ChangeStatus, PlanAction } from '@/lib/crm/types';
import { CRM_LABELS } from '@/lib/crm/types';

/** The CRM feature's words, in one place (to move into the i18n catalog with the rest). */
export const CRM_TEXT = {
  sectionTitle: 'CRM',
  inCrm: (label: string) => `Already in your CRM (${label})`,
  openRecord: (label: string) => `Open in ${label}`,
  notInCrm: (label: string) => `Not in your CRM yet (${label})`,
  sentBefore: (label: string) => `Sent to your ${label.toLowerCase()} before`,
  couldNotCheck: (label: string, message: string) => `${label}: could not check (${message})`,
  checking: 'Checking your CRM…',
  freeCheck: 'Checked for free: no credits are spent.',
  review: (label: string) => `Review push to ${label}`,
  planning: 'Comparing with your CRM…',
  pushButton: (label: string, action: PlanAction) => (action === 'create' ? `Create in ${label}` : action === 'update' ? `Update in ${label}` : `Nothing to push to ${label}`),
  overwrite: (field: string) => `Overwrite ${field.toLowerCase()}`,
  untrusted: 'Dossier only pushes on a real click.',
  downloadVCard: 'Download vCard',
  downloadCsv: 'Download CSV',
} as const;

export const ACTION_TEXT: Record<PlanAction, string> = { create: 'Create', update: 'Update', skip: 'Skip' };

export const CHANGE_TEXT: Record<ChangeStatus, string> = {
  add: 'will be added',
  same: 'already there',
  overwrite: 'will replace what the CRM has',
  keep: 'the CRM has another value: kept',
};

function time(at: number): string {
  return new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

export function outboxStateText(item: OutboxItemView): string {
  const label = CRM_LABELS[item.target];
  switch (item.state) {
    case 'queued':
      return `${label}: waiting to be sent`;
    case 'sending':
      return `${label}: sending…`;
    case 'retrying':
      return `${label}: not sent yet (attempt ${item.attempts}), trying again at ${time(item.nextAttemptAt ?? Date.now())}`;
    case 'failed':
      return `${label}: not sent`;
    case 'delivered': {
      const what = item.result?.action === 'created' ? 'created' : item.result?.action === 'updated' ? 'updated' : 'already up to date';
      return `${label}: ${what}`;
    }
  }
}
