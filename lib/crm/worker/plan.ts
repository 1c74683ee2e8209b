import { t, tn } from '@/lib/platform/i18n';
import { normalisePhone } from '@/lib/identity/keys';
import { parseNetworkProfileUrl } from '@/lib/identity/network-profile';
import { contactValues, type CrmContact } from '@/lib/crm/contact';
import { CRM_LABELS, FIELD_LABELS, type CrmField, type CrmTarget, type FieldChange, type Match, type MatchedBy, type PushPlan } from '@/lib/crm/types';

/** Which non-empty CRM fields the user agreed to replace, one by one. Nothing, by default. */
export interface PlanPolicy {
  overwrite: readonly CrmField[];
}

export const KEEP_EVERYTHING: PlanPolicy = { overwrite: [] };

/**
 * Two spellings of one value are the same value: a CRM that stores `+1 415-555-0110` or
 * `HTTP://WWW.ACME.EXAMPLE/` must not be shown as holding something else.
 */
export function comparable(field: CrmField, value: string): string {
  const text = value.normalize('NFC').replace(/\s+/g, ' ').trim();
  switch (field) {
    case 'email':
      return text.toLowerCase();
    case 'phone':
    case 'mobilePhone':
      return normalisePhone(text) ?? text.replace(/[^\d+]/g, '');
    case 'profileUrl':
      return parseNetworkProfileUrl(text)?.canonicalUrl ?? text.toLowerCase();
    case 'website':
      return text.toLowerCase().replace(/^[a-z]+:\/\//, '').replace(/^www\./, '').replace(/\/+$/, '');
    default:
      return text.toLowerCase();
  }
}

function by(matchedBy: MatchedBy): string {
  return t(`crm.plan.by.${matchedBy}`);
}

export function diffFields(fields: readonly CrmField[], contact: CrmContact, current: Match['values'], policy: PlanPolicy): FieldChange[] {
  const proposed = contactValues(contact);
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const value = proposed[field];
    if (!value) continue;
    const existing = current[field]?.trim() ? current[field]! : null;
    const status =
      existing === null ? 'add' : comparable(field, existing) === comparable(field, value) ? 'same' : policy.overwrite.includes(field) ? 'overwrite' : 'keep';
    changes.push({ field, label: FIELD_LABELS[field], current: existing, proposed: value, status });
  }
  return changes;
}

/**
 * What a push would do, before it does it: create when nothing matched, update when a match
 * lacks something (or the user allowed replacing a value), skip when the CRM already has it all.
 * A non-empty CRM field is never replaced unless its name is in `policy.overwrite`.
 */
export function planPush(target: CrmTarget, fields: readonly CrmField[], contact: CrmContact, match: Match | null, policy: PlanPolicy): PushPlan {
  const crm = CRM_LABELS[target];
  const company = contact.company?.name || contact.company?.domain ? { name: contact.company.name ?? null, domain: contact.company.domain ?? null } : null;
  const matchView = match ? { id: match.id, by: match.by, url: match.url } : null;
  if (!match) {
    const changes = diffFields(fields, contact, {}, policy);
    return { target, action: 'create', reason: t('crm.plan.notFound', { crm }), match: null, changes, company, note: true };
  }
  const changes = diffFields(fields, contact, match.values, policy);
  const writes = changes.filter((c) => c.status === 'add' || c.status === 'overwrite').length;
  const kept = changes.filter((c) => c.status === 'keep').length;
  const found = t('crm.plan.found', { crm, by: by(match.by) });
  const keptText = kept ? tn('crm.plan.kept', kept, { crm }) : '';
  if (writes === 0) {
    return { target, action: 'skip', reason: t('crm.plan.nothingNew', { found, kept: keptText }), match: matchView, changes, company, note: false };
  }
  return { target, action: 'update', reason: tn('crm.plan.toWrite', writes, { found, kept: keptText }), match: matchView, changes, company, note: true };
}

/** The fields a plan writes, with the values it writes. */
export function writtenFields(plan: PushPlan): Partial<Record<CrmField, string>> {
  const out: Partial<Record<CrmField, string>> = {};
  for (const change of plan.changes) if (change.status === 'add' || change.status === 'overwrite') out[change.field] = change.proposed;
  return out;
}
