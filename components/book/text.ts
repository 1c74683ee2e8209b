import type { CrmPresence, EmailGrade, PhoneKind } from '@/lib/book/model';
import { CRM_LABELS, CRM_TARGETS, type CrmTarget } from '@/lib/crm/types';
import { t } from '@/lib/platform/i18n';

/** The contact book's words that depend on data, read from the catalog each time they are shown. */
export const emailText = {
  grade: (grade: EmailGrade) => t(`book.grade.${grade}`),
};

export const phoneKindText = (kind: PhoneKind) => t(`book.phoneKind.${kind}`);

const crmLabel = (crm: string) => ((CRM_TARGETS as readonly string[]).includes(crm) ? CRM_LABELS[crm as CrmTarget] : crm);

/** "In HubSpot", "Not in HubSpot", or that nobody checked. */
export function crmText(crm: CrmPresence | null): string {
  if (!crm) return t('book.crm.unchecked');
  return crm.found ? t('book.crm.in', { crm: crmLabel(crm.crm) }) : t('book.crm.out', { crm: crmLabel(crm.crm) });
}
