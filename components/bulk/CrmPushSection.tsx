import { useId, useState } from 'react';
import { CrmTargetSelect, useCrmTarget } from '@/components/crm/CrmTargetPicker';
import { ask } from '@/components/platform/useBackground';
import type { BulkCrmSummary } from '@/lib/bulk/contract';
import type { BulkRun } from '@/lib/bulk/model';
import type { CrmTarget } from '@/lib/crm/types';
import { t, tn } from '@/lib/platform/i18n';
import { sendMessage } from '@/lib/contracts/messenger';

/**
 * "Push all matched to the CRM": the plan first (the worker matches every person before any
 * write: N create, M update, K skip), then the push, through the outbox as every push goes.
 */
export function CrmPushSection({ run }: { run: BulkRun }) {
  const id = useId();
  const crm = useCrmTarget();
  const { status, connected, chosen, label } = crm;
  const [planned, setPlanned] = useState<{ target: CrmTarget; matched: number; plan: BulkCrmSummary } | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'status' | 'alert'; text: string } | null>(null);
  const matched = run.counts.paid + run.counts.free;

  // A plan is for one CRM and the rows as they were: another CRM, or more answers, make it stale.
  const plan = planned && planned.target === chosen && planned.matched === matched ? planned.plan : null;

  async function review() {
    if (!chosen) return;
    setBusy(true);
    setNotice(null);
    const reply = await ask(() => sendMessage('bulkCrmPlan', { runId: run.id, target: chosen }));
    setBusy(false);
    if (!reply.ok) return setNotice({ tone: 'alert', text: reply.error.message });
    setPlanned({ target: chosen, matched, plan: reply.value });
  }

  async function push() {
    if (!chosen) return;
    setBusy(true);
    const reply = await ask(() => sendMessage('bulkCrmPush', { runId: run.id, target: chosen, overwrite: [] }));
    setBusy(false);
    setPlanned(null);
    if (!reply.ok) return setNotice({ tone: 'alert', text: reply.error.message });
    const queued = tn('bulk.ui.crm.queued', reply.value.queued, { crm: label });
    setNotice({ tone: 'status', text: reply.value.skipped ? `${queued} ${tn('bulk.ui.crm.skipped', reply.value.skipped)}` : queued });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="bulk-crm">
      <h3 id={`${id}-title`}>{t('bulk.ui.crm.title')}</h3>
      {status && !connected.length ? (
        <p className="muted">{t('bulk.ui.crm.none')}</p>
      ) : (
        <>
          {connected.length > 1 && (
            <span className="inline">
              <CrmTargetSelect id={`${id}-crm`} label={t('bulk.ui.crm.target')} choice={crm} />
            </span>
          )}
          {!plan ? (
            <p className="actions">
              <button type="button" disabled={busy || !chosen || !matched} onClick={() => void review()}>
                {t('bulk.ui.crm.pushAll', { crm: label })}
              </button>
              {!matched && <span className="muted">{t('bulk.ui.crm.nothingMatched')}</span>}
            </p>
          ) : (
            <div className="confirm" role="group" aria-label={t('bulk.ui.crm.planTitle', { crm: label })}>
              <p data-testid="bulk-crm-plan">{t('bulk.ui.crm.plan', { create: plan.create, update: plan.update, skip: plan.skip })}</p>
              {plan.unknown > 0 && <p className="muted">{tn('bulk.ui.crm.unknown', plan.unknown, { crm: label })}</p>}
              {plan.duplicates > 0 && <p className="muted">{tn('bulk.ui.crm.duplicates', plan.duplicates)}</p>}
              <p className="muted">{t('bulk.ui.crm.keeps', { crm: label })}</p>
              <p className="actions">
                <button type="button" disabled={busy || plan.create + plan.update + plan.unknown === 0} onClick={() => void push()}>
                  {t('bulk.ui.crm.confirm', { crm: label })}
                </button>
                <button type="button" className="secondary" disabled={busy} onClick={() => setPlanned(null)}>
                  {t('confirm.cancel')}
                </button>
              </p>
            </div>
          )}
        </>
      )}
      {notice && <p role={notice.tone}>{notice.text}</p>}
    </section>
  );
}
