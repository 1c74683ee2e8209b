import { useEffect, useId, useRef, useState } from 'react';
import type { Detection } from '@/lib/extract/detection';
import { LOW_CONFIDENCE } from '@/lib/extract/detection';
import { t } from '@/lib/i18n';
import type { LookupResponse } from '@/lib/lookup/service';
import { sendMessage } from '@/lib/messaging/messenger';
import type { TabNotice } from '@/lib/messaging/content-protocol';
import type { PanelStatus } from '@/lib/messaging/protocol';
import { actionsFor, type Corrections, type PanelAction } from '@/lib/panel/actions';
import { PanelCrm } from '../crm/PanelCrm';
import { OpenBookButton } from '../book/OpenBookButton';
import { SpendStatus } from '../SpendStatus';
import { useSpend, type UserGesture } from '../useLookup';
import { ActionButton } from './ActionButton';
import { ResultView } from './ResultView';
import { usePreviews } from './usePreviews';

export interface PanelLayout {
  collapsed: boolean;
  side: 'left' | 'right';
}

interface Props {
  detection: Detection | null;
  notice: TabNotice | null;
  /** Extra content below the actions (search results queue, items found on the page). */
  children?: React.ReactNode;
  layout: PanelLayout;
  onLayout(layout: PanelLayout): void;
  /** Absent in the side panel, which the browser closes. */
  onClose?(): void;
}

function whoLabel(detection: Detection | null): string {
  if (!detection) return t('panel.nothingDetected');
  if (detection.kind === 'company') return detection.company?.name ?? t('panel.companyPage');
  const p = detection.person;
  if (!p?.fullName) return detection.kind === 'peopleSearch' ? t('panel.peopleSearch') : t('panel.profile');
  const role = p.headline ?? p.jobTitle;
  const company = p.company && !role?.includes(p.company) ? p.company : undefined;
  return [p.fullName, role, company].filter(Boolean).join(' · ');
}

export function Panel({ detection, notice, children, layout, onLayout, onClose }: Props) {
  const [status, setStatus] = useState<PanelStatus | null>(null);
  const [corrections, setCorrections] = useState<Corrections>({});
  const [results, setResults] = useState<Record<string, LookupResponse>>({});
  const [error, setError] = useState<string | null>(null);
  const spend = useSpend();
  const [spending, setSpending] = useState<PanelAction | null>(null);
  const busy = spend.state.phase === 'running';
  const ids = { title: useId(), name: useId(), company: useId() };
  const rootRef = useRef<HTMLElement>(null);

  const actions = actionsFor(detection, corrections);
  const { previews, refreshPreviews } = usePreviews(actions);
  const lowConfidence = detection !== null && detection.kind !== 'peopleSearch' && detection.confidence < LOW_CONFIDENCE;

  useEffect(() => {
    void sendMessage('panelStatus', undefined)
      .then((reply) => reply.ok && setStatus(reply.value))
      .catch(() => setError(t('panel.noBackground')));
  }, []);

  // A new page (single-page navigation) starts clean: answers belong to who they were about.
  useEffect(() => {
    setResults({});
    setCorrections({});
    setSpending(null);
    spend.reset();
    setError(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [detection?.url]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && onClose) onClose();
    };
    const root = rootRef.current;
    root?.addEventListener('keydown', onKey);
    return () => root?.removeEventListener('keydown', onKey);
  }, [onClose]);

  function run(action: PanelAction, refresh: boolean, gesture: UserGesture) {
    setError(null);
    if (spend.run({ ...action.request, refresh }, gesture, { price: previews[action.id]?.price ?? null })) setSpending(action);
  }

  // A finished spend fills its action's result; the price of every action may have changed.
  useEffect(() => {
    if (spend.state.phase !== 'done' || !spending) return;
    const response = spend.state.response;
    setResults((r) => ({ ...r, [spending.id]: response }));
    if (response.error?.kind === 'no_key') setStatus((s) => (s ? { ...s, hasKey: false } : s));
    void refreshPreviews();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [spend.state]);

  const title = (
    <h2 id={ids.title} className="panel-title">
      {t('app.name')}{status?.isSandbox && <span className="tag">{t('app.sandbox')}</span>}
    </h2>
  );

  return (
    <section ref={rootRef} className={`panel side-${layout.side}`} aria-labelledby={ids.title} role="complementary">
      <header className="panel-header">
        {title}
        <div className="panel-controls">
          <button
            type="button"
            className="icon-button"
            aria-label={layout.side === 'right' ? t('panel.moveLeft') : t('panel.moveRight')}
            onClick={() => onLayout({ ...layout, side: layout.side === 'right' ? 'left' : 'right' })}
          >
            {layout.side === 'right' ? '⇤' : '⇥'}
          </button>
          <button
            type="button"
            className="icon-button"
            aria-expanded={!layout.collapsed}
            aria-label={layout.collapsed ? t('panel.expand') : t('panel.collapse')}
            onClick={() => onLayout({ ...layout, collapsed: !layout.collapsed })}
          >
            {layout.collapsed ? '▸' : '▾'}
          </button>
          {onClose && (
            <button type="button" className="icon-button" aria-label={t('panel.close')} onClick={onClose}>
              ×
            </button>
          )}
        </div>
      </header>
      {!layout.collapsed && (
        <div className="panel-body">
          {notice && (
            <div className="notice" role="status">
              <h3>{notice.title}</h3>
              {notice.response ? <ResultView response={notice.response} /> : <p>{notice.message}</p>}
            </div>
          )}
          <p className="who" data-testid="detected">{whoLabel(detection)}</p>
          {lowConfidence && (
            <fieldset className="corrections">
              <legend>{t('panel.unsure')}</legend>
              <label htmlFor={ids.name}>{t('panel.fullName')}</label>
              <input id={ids.name} value={corrections.fullName ?? detection?.person?.fullName ?? ''} onChange={(e) => setCorrections((c) => ({ ...c, fullName: e.target.value }))} />
              <label htmlFor={ids.company}>{t('panel.company')}</label>
              <input id={ids.company} value={corrections.company ?? detection?.person?.company ?? detection?.company?.name ?? ''} onChange={(e) => setCorrections((c) => ({ ...c, company: e.target.value }))} />
            </fieldset>
          )}
          {status && !status.hasKey ? (
            <div role="alert">
              <p>{t('panel.noKey')}</p>
              <button type="button" onClick={() => void sendMessage('openSettings', undefined)}>
                {t('panel.openSettings')}
              </button>
            </div>
          ) : (
            <>
              {status?.credits === 0 && (
                <p role="alert">{t('panel.noCredits')}</p>
              )}
              {actions.length > 0 && (
                <ul className="actions" aria-label={t('panel.lookups')}>
                  {actions.map((action) => (
                    <ActionButton key={action.id} action={action} preview={previews[action.id]} busy={busy} onRun={run} />
                  ))}
                </ul>
              )}
            </>
          )}
          <SpendStatus spend={spend} showResult={false} />
          {busy && <p role="status" aria-busy="true">{t('panel.busy')}</p>}
          {error && <p role="alert">{error}</p>}
          {actions.map((action) => {
            const response = results[action.id];
            return response ? (
              <section key={action.id} aria-label={t('panel.resultOf', { action: action.label })} className="result-block">
                <h3>{action.label}</h3>
                <ResultView response={response} />
              </section>
            ) : null;
          })}
          <PanelCrm detection={detection} enrichment={results.enrich} />
          {children}
          <OpenBookButton />
        </div>
      )}
    </section>
  );
}
