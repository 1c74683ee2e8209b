import { useId, useState } from 'react';
import { staleWarning } from '@/lib/book/freshness-words';
import { StalePushConfirm } from '@/components/crm/StalePushConfirm';
import type { CrmField, PushPlan } from '@/lib/crm/types';
import { CRM_LABELS } from '@/lib/crm/types';
import { t } from '@/lib/platform/i18n';
import { safeHttpUrl } from '@/lib/platform/ui/safe-url';
import { ACTION_TEXT, CHANGE_TEXT, CRM_TEXT } from '@/components/crm/text';

interface Props {
  plan: PushPlan;
  overwrite: ReadonlySet<CrmField>;
  onOverwrite(field: CrmField, allowed: boolean): void;
  busy: boolean;
  /** `confirmStale`: the user was warned of the plan's stale emails and pushes anyway. */
  onPush(event: React.MouseEvent<HTMLButtonElement>, confirmStale: boolean): void;
}

/**
 * The plan before the push: create, update or skip, why, and field by field what would change.
 * A field the CRM already fills differently is kept unless its own box is ticked.
 */
export function PushPlanView({ plan, overwrite, onOverwrite, busy, onPush }: Props) {
  const id = useId();
  // A push with a stale email stops at a warning first; the push button only opens it.
  const [askedAt, setAskedAt] = useState<number | null>(null);
  const stale = plan.stale ?? [];
  const label = CRM_LABELS[plan.target];
  const changes = plan.changes.map((change) => (change.status === 'keep' && overwrite.has(change.field) ? { ...change, status: 'overwrite' as const } : change));
  const writes = changes.some((c) => c.status === 'add' || c.status === 'overwrite');
  const action = plan.action === 'skip' && writes ? 'update' : plan.action;
  const record = safeHttpUrl(plan.match?.url);
  return (
    <section className="crm-plan" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{t('crm.plan.heading', { crm: label, action: ACTION_TEXT[action] })}</h4>
      <p>
        {plan.reason}
        {record && (
          <>
            {' '}
            <a href={record} target="_blank" rel="noopener noreferrer">
              {CRM_TEXT.openRecord(label)}
            </a>
          </>
        )}
      </p>
      <ul className="crm-changes" aria-label={t('crm.plan.fieldsFor', { crm: label })}>
        {changes.map((change) => (
          <li key={change.field} data-status={change.status}>
            <strong>{change.label}</strong>: {change.proposed} <span className="muted">{change.current && change.status !== 'same' && change.status !== 'add' ? t('crm.plan.statusWithCurrent', { status: CHANGE_TEXT[change.status], crm: label, current: change.current }) : t('crm.plan.status', { status: CHANGE_TEXT[change.status] })}</span>
            {(change.status === 'keep' || change.status === 'overwrite') && (
              <label className="crm-overwrite">
                <input type="checkbox" style={{ width: 'auto' }} checked={overwrite.has(change.field)} onChange={(e) => onOverwrite(change.field, e.target.checked)} /> {CRM_TEXT.overwrite(change.label)}
              </label>
            )}
          </li>
        ))}
      </ul>
      {plan.company && (
        <p className="muted">
          {t(plan.note ? 'crm.plan.companyWithNote' : 'crm.plan.company', { company: plan.company.name ?? plan.company.domain ?? '' })}
        </p>
      )}
      {askedAt !== null ? (
        <StalePushConfirm
          warning={staleWarning(stale, askedAt)}
          busy={busy}
          onConfirm={(event) => {
            setAskedAt(null);
            onPush(event, true);
          }}
          onCancel={() => setAskedAt(null)}
        />
      ) : (
        <button type="button" disabled={busy || action === 'skip'} onClick={(event) => (stale.length ? setAskedAt(Date.now()) : onPush(event, false))}>
          {CRM_TEXT.pushButton(label, action)}
        </button>
      )}
    </section>
  );
}
