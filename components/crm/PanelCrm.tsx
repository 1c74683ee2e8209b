import { useEffect, useEffectEvent, useState } from 'react';
import { t } from '@/lib/platform/i18n';
import type { CrmCheckItem } from '@/lib/crm/contract';
import type { CrmField, CrmTarget, PushPlan } from '@/lib/crm/types';
import type { LookupResponse } from '@/lib/lookup/contract';
import { sendMessage } from '@/lib/contracts/messenger';
import { safeHttpUrl } from '@/lib/platform/ui/safe-url';
import { ask } from '@/components/platform/useBackground';
import { saveFile } from '@/components/crm/download';
import { PushPlanView } from '@/components/crm/PushPlanView';
import { PushStatusList } from '@/components/crm/PushStatusList';
import { CRM_TEXT } from '@/components/crm/text';
import { useCrmStatus, usePushStatus } from '@/components/crm/useCrm';

/** Who the free "already in your CRM?" check looks for: what the page (or the mail header) shows. */
export interface CrmWho {
  profileUrl?: string;
  fullName?: string;
  company?: string;
  /** An address the person wrote from (a web mail participant). */
  email?: string;
}

interface Props {
  /** null: the page is about no one the CRM could hold. */
  who: CrmWho | null;
  /** A new page (or message, or participant) starts the section afresh. */
  resetKey: string;
  /** The latest person enrichment shown in the panel, if any. */
  enrichment?: LookupResponse;
  /** Else, the history entry of the newest enrichment the contact book knows of (an earlier visit). */
  enrichedBefore?: string | null;
}

const FOUND = new Set(['paid', 'free', 'cached']);

/** A lookup whose answer is a person a CRM can hold; the background checks again. */
function pushableHistoryId(response: LookupResponse | undefined): string | null {
  if (!response || response.op !== 'enrichPerson' || !FOUND.has(response.status) || !response.historyId) return null;
  return response.value?.person ? response.historyId : null;
}

function CheckLine({ item }: { item: CrmCheckItem }) {
  const link = safeHttpUrl(item.recordUrl);
  if (item.state === 'in_crm') {
    return (
      <p data-testid={`crm-check-${item.target}`}>
        {item.target === 'webhook' ? CRM_TEXT.sentBefore(item.label) : CRM_TEXT.inCrm(item.label)}
        {link && (
          <>
            {': '}
            <a href={link} target="_blank" rel="noopener noreferrer">
              {CRM_TEXT.openRecord(item.label)}
            </a>
          </>
        )}
      </p>
    );
  }
  if (item.state === 'not_in_crm') return <p data-testid={`crm-check-${item.target}`}>{CRM_TEXT.notInCrm(item.label)}</p>;
  return item.message ? <p className="muted" data-testid={`crm-check-${item.target}`}>{CRM_TEXT.couldNotCheck(item.label, item.message)}</p> : null;
}

/**
 * The panel's CRM section: before anything is paid, whether the person is already in the
 * connected CRMs (a free check against the CRM, not the enrichment service); after an
 * enrichment, the push plan per CRM, the push itself, and where it stands in the outbox.
 */
const checkable = (who: CrmWho | null): who is CrmWho => Boolean(who && (who.profileUrl || who.email || (who.fullName && who.company)));

export function PanelCrm({ who, resetKey, enrichment, enrichedBefore = null }: Props) {
  const status = useCrmStatus();
  const connected = status?.connected ?? [];
  const person = checkable(who) ? who : undefined;
  const historyId = pushableHistoryId(enrichment) ?? enrichedBefore;
  const { items, refresh } = usePushStatus(historyId);
  // The free check's answer, with the person it was about: another person is checked afresh.
  const [checked, setChecked] = useState<{ key: string; items: CrmCheckItem[]; error: string | null } | null>(null);
  const delivered = items.filter((i) => i.state === 'delivered').length;
  const checkKey = JSON.stringify([person?.profileUrl, person?.fullName, person?.company, person?.email]);
  const checks = checked?.key === checkKey ? checked.items : null;

  // Asked again once a push lands, so the line above the plan tells the truth.
  const checking = connected.length > 0 && person !== undefined;
  const query = person && { profileUrl: person.profileUrl, fullName: person.fullName, company: person.company, email: person.email };
  const askCheck = useEffectEvent(() => (query ? ask(() => sendMessage('crmCheck', query)) : null));
  useEffect(() => {
    if (!checking) return;
    let live = true;
    void askCheck()?.then((reply) => {
      if (live) setChecked({ key: checkKey, items: reply.ok ? reply.value.results : [], error: reply.ok ? null : reply.error.message });
    });
    return () => {
      live = false;
    };
  }, [checking, connected.length, checkKey, delivered]);

  if (!connected.length || (!person && !historyId)) return null;
  const checkError = checked?.key === checkKey ? checked.error : null;

  return (
    <section className="result-block crm" aria-label={t('crm.panel.title')}>
      <h3>{CRM_TEXT.sectionTitle}</h3>
      {person &&
        (checks === null ? (
          <p role="status">{CRM_TEXT.checking}</p>
        ) : (
          <div role="status" aria-label={t('crm.panel.checkLabel')}>
            {checks.map((item) => (
              <CheckLine key={item.target} item={item} />
            ))}
            {!historyId && <p className="muted">{CRM_TEXT.freeCheck}</p>}
          </div>
        ))}
      {historyId ? (
        // Keyed: plans, fields to overwrite and refusals are for one page and one enrichment.
        <PushSection key={JSON.stringify([resetKey, historyId])} historyId={historyId} connected={connected} items={items} refresh={refresh} checkError={checkError} />
      ) : (
        checkError && <p role="alert">{checkError}</p>
      )}
    </section>
  );
}

interface PushSectionProps {
  historyId: string;
  connected: readonly { target: CrmTarget; label: string }[];
  items: ReturnType<typeof usePushStatus>['items'];
  refresh(): void;
  /** The free check's refusal, shown where this section shows its own. */
  checkError: string | null;
}

/** After an enrichment: the push plan per CRM, the push itself, where it stands, and the exports. */
function PushSection({ historyId, connected, items, refresh, checkError }: PushSectionProps) {
  const [plans, setPlans] = useState<Partial<Record<CrmTarget, PushPlan>>>({});
  const [overwrite, setOverwrite] = useState<Partial<Record<CrmTarget, Set<CrmField>>>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function review(target: CrmTarget) {
    setBusy(`plan:${target}`);
    setError(null);
    const reply = await ask(() => sendMessage('crmPlan', { historyId, target }));
    setBusy(null);
    if (!reply.ok) return setError(reply.error.message);
    setPlans((p) => ({ ...p, [target]: reply.value }));
  }

  async function push(target: CrmTarget, event: React.MouseEvent<HTMLButtonElement>, confirmStale: boolean) {
    // A page can click for the user; a push writes to the user's CRM, so it needs a real click.
    if (!event.nativeEvent.isTrusted) return setError(CRM_TEXT.untrusted);
    setBusy(`push:${target}`);
    setError(null);
    const reply = await ask(() => sendMessage('crmPush', { historyId, target, overwrite: [...(overwrite[target] ?? [])], confirmStale }));
    setBusy(null);
    // An email went stale since the plan was made (the panel stayed open, the ages changed): a new
    // plan names it and asks, instead of a refusal that every retry would meet again.
    if (!reply.ok && reply.error.kind === 'stale_email') return review(target);
    if (!reply.ok) return setError(reply.error.message);
    setPlans(({ [target]: _done, ...rest }) => rest);
    refresh();
  }

  async function retry(id: string) {
    const reply = await ask(() => sendMessage('crmRetry', { id }));
    if (!reply.ok) setError(reply.error.message);
    refresh();
  }

  async function exportAs(format: 'csv' | 'vcard') {
    const reply = await ask(() => sendMessage('crmExport', { historyIds: [historyId], format }));
    if (!reply.ok) return setError(reply.error.message);
    saveFile(reply.value);
  }

  function setAllowed(target: CrmTarget, field: CrmField, allowed: boolean) {
    setOverwrite((all) => {
      const next = new Set(all[target] ?? []);
      if (allowed) next.add(field);
      else next.delete(field);
      return { ...all, [target]: next };
    });
  }

  const shownError = error ?? checkError;
  return (
    <>
      {connected.map(({ target, label }) => {
        const plan = plans[target];
        return plan ? (
          <PushPlanView
            key={target}
            plan={plan}
            overwrite={overwrite[target] ?? new Set()}
            onOverwrite={(field, allowed) => setAllowed(target, field, allowed)}
            busy={busy !== null}
            onPush={(event, confirmStale) => void push(target, event, confirmStale)}
          />
        ) : (
          <p key={target}>
            <button type="button" className="secondary" disabled={busy !== null} onClick={() => void review(target)}>
              {CRM_TEXT.review(label)}
            </button>
          </p>
        );
      })}
      {busy?.startsWith('plan:') && <p role="status">{CRM_TEXT.planning}</p>}
      <PushStatusList items={items} onRetry={(id) => void retry(id)} />
      <p>
        <button type="button" className="secondary" onClick={() => void exportAs('vcard')}>
          {CRM_TEXT.downloadVCard}
        </button>{' '}
        <button type="button" className="secondary" onClick={() => void exportAs('csv')}>
          {CRM_TEXT.downloadCsv}
        </button>
      </p>
      {shownError && <p role="alert">{shownError}</p>}
    </>
  );
}
