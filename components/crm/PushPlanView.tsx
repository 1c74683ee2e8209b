import { useId } from 'react';
import type { CrmField, PushPlan } from '@/lib/crm/types';
import { CRM_LABELS } from '@/lib/crm/types';
import { safeHttpUrl } from '@/lib/ui/safe-url';
import { ACTION_TEXT, CHANGE_TEXT, CRM_TEXT } from './text';

interface Props {
  plan: PushPlan;
  overwrite: ReadonlySet<CrmField>;
  onOverwrite(field: CrmField, allowed: boolean): void;
  busy: boolean;
  onPush(event: React.MouseEvent<HTMLButtonElement>): void;
}

/**
 * The plan before the push: create, update or skip, why, and field by field what would change.
 * A field the CRM already fills differently is kept unless its own box is ticked.
 */
export function PushPlanView({ plan, overwrite, onOverwrite, busy, onPush }: Props) {
  const id = useId();
  const label = CRM_LABELS[plan.target];
  const changes = plan.changes.map((change) => (change.status === 'keep' && overwrite.has(change.field) ? { ...change, status: 'overwrite' as const } : change));
  const writes = changes.some((c) => c.status === 'add' || c.status === 'overwrite');
  const action = plan.action === 'skip' && writes ? 'update' : plan.action;
  const record = safeHttpUrl(plan.match?.url);
  return (
    <section className="crm-plan" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>
        {label}: {ACTION_TEXT[action]}
      </h4>
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
      <ul className="crm-changes" aria-label={`Fields for ${label}`}>
        {changes.map((change) => (
          <li key={change.field} data-status={change.status}>
            <strong>{change.label}</strong>: {change.proposed} <span className="muted">({CHANGE_TEXT[change.status]}{change.current && change.status !== 'same' && change.status !== 'add' ? `; ${label} has “${change.current}”` : ''})</span>
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
          Company: {plan.company.name ?? plan.company.domain} (found or created, then linked){plan.note ? '; the enrichment summary is added as a note.' : '.'}
        </p>
      )}
      <button type="button" disabled={busy || action === 'skip'} onClick={onPush}>
        {CRM_TEXT.pushButton(label, action)}
      </button>
    </section>
  );
}
