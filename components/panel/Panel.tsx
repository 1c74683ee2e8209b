import { useEffect, useId, useRef, useState } from 'react';
import type { Detection } from '@/lib/extract/detection';
import { LOW_CONFIDENCE } from '@/lib/extract/detection';
import type { LookupResponse } from '@/lib/lookup/service';
import { sendMessage } from '@/lib/messaging/messenger';
import type { TabNotice } from '@/lib/messaging/content-protocol';
import type { PanelStatus } from '@/lib/messaging/protocol';
import { actionsFor, type Corrections, type PanelAction } from '@/lib/panel/actions';
import { PanelCrm } from '../crm/PanelCrm';
import { ActionButton } from './ActionButton';
import { credits } from './format';
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

const NO_KEY = 'No API key is set, so nothing can be looked up yet.';

function whoLabel(detection: Detection | null): string {
  if (!detection) return 'Nothing detected on this page yet. Open a profile, a company page or people search results.';
  if (detection.kind === 'company') return detection.company?.name ?? 'A company page';
  const p = detection.person;
  if (!p?.fullName) return detection.kind === 'peopleSearch' ? 'People search results' : 'A profile';
  const role = p.headline ?? p.jobTitle;
  const company = p.company && !role?.includes(p.company) ? p.company : undefined;
  return [p.fullName, role, company].filter(Boolean).join(' · ');
}

export function Panel({ detection, notice, children, layout, onLayout, onClose }: Props) {
  const [status, setStatus] = useState<PanelStatus | null>(null);
  const [corrections, setCorrections] = useState<Corrections>({});
  const [results, setResults] = useState<Record<string, LookupResponse>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ action: PanelAction; refresh: boolean; price: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ids = { title: useId(), name: useId(), company: useId() };
  const rootRef = useRef<HTMLElement>(null);

  const actions = actionsFor(detection, corrections);
  const { previews, refreshPreviews } = usePreviews(actions);
  const lowConfidence = detection !== null && detection.kind !== 'peopleSearch' && detection.confidence < LOW_CONFIDENCE;

  useEffect(() => {
    void sendMessage('panelStatus', undefined)
      .then((reply) => reply.ok && setStatus(reply.value))
      .catch(() => setError('Dossier’s background did not answer. Reload the page.'));
  }, []);

  // A new page (single-page navigation) starts clean: answers belong to who they were about.
  useEffect(() => {
    setResults({});
    setCorrections({});
    setConfirming(null);
    setError(null);
  }, [detection?.url]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && onClose) onClose();
    };
    const root = rootRef.current;
    root?.addEventListener('keydown', onKey);
    return () => root?.removeEventListener('keydown', onKey);
  }, [onClose]);

  async function run(action: PanelAction, refresh: boolean, confirmed = false) {
    setBusy(action.id);
    setError(null);
    try {
      const reply = await sendMessage('lookup', { ...action.request, refresh, confirmed });
      if (!reply.ok) return setError(reply.error.message);
      if (reply.value.status === 'needs_confirmation') {
        setConfirming({ action, refresh, price: reply.value.price ?? 0 });
        return;
      }
      setResults((r) => ({ ...r, [action.id]: reply.value }));
      if (reply.value.error?.kind === 'no_key') setStatus((s) => (s ? { ...s, hasKey: false } : s));
      void refreshPreviews();
    } catch {
      setError('The lookup did not get an answer from Dossier’s background. Check the history before trying again.');
    } finally {
      setBusy(null);
    }
  }

  const title = (
    <h2 id={ids.title} className="panel-title">
      Dossier{status?.isSandbox && <span className="tag">Sandbox</span>}
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
            aria-label={layout.side === 'right' ? 'Move Dossier panel to the left' : 'Move Dossier panel to the right'}
            onClick={() => onLayout({ ...layout, side: layout.side === 'right' ? 'left' : 'right' })}
          >
            {layout.side === 'right' ? '⇤' : '⇥'}
          </button>
          <button
            type="button"
            className="icon-button"
            aria-expanded={!layout.collapsed}
            aria-label={layout.collapsed ? 'Expand Dossier panel' : 'Collapse Dossier panel'}
            onClick={() => onLayout({ ...layout, collapsed: !layout.collapsed })}
          >
            {layout.collapsed ? '▸' : '▾'}
          </button>
          {onClose && (
            <button type="button" className="icon-button" aria-label="Close Dossier panel" onClick={onClose}>
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
              <legend>Dossier is not sure it read this page right. Check before anything is paid:</legend>
              <label htmlFor={ids.name}>Full name</label>
              <input id={ids.name} value={corrections.fullName ?? detection?.person?.fullName ?? ''} onChange={(e) => setCorrections((c) => ({ ...c, fullName: e.target.value }))} />
              <label htmlFor={ids.company}>Company</label>
              <input id={ids.company} value={corrections.company ?? detection?.person?.company ?? detection?.company?.name ?? ''} onChange={(e) => setCorrections((c) => ({ ...c, company: e.target.value }))} />
            </fieldset>
          )}
          {status && !status.hasKey ? (
            <div role="alert">
              <p>{NO_KEY}</p>
              <button type="button" onClick={() => void sendMessage('openSettings', undefined)}>
                Open Dossier settings
              </button>
            </div>
          ) : (
            <>
              {status?.credits === 0 && (
                <p role="alert">Your account has no credits left. Add credits to your account, then refresh the balance in Dossier’s popup.</p>
              )}
              {actions.length > 0 && (
                <ul className="actions" aria-label="Lookups">
                  {actions.map((action) => (
                    <ActionButton key={action.id} action={action} preview={previews[action.id]} busy={busy !== null} onRun={(a, r) => void run(a, r)} />
                  ))}
                </ul>
              )}
            </>
          )}
          {confirming && (
            <div role="alertdialog" aria-label="Confirm spending" className="confirm">
              <p>This lookup may cost {credits(confirming.price)}. Go ahead?</p>
              <button type="button" onClick={() => { const c = confirming; setConfirming(null); void run(c.action, c.refresh, true); }}>
                Spend up to {credits(confirming.price)}
              </button>{' '}
              <button type="button" className="secondary" onClick={() => setConfirming(null)}>
                Cancel
              </button>
            </div>
          )}
          {busy && <p role="status" aria-busy="true">Looking up… This can take a few seconds.</p>}
          {error && <p role="alert">{error}</p>}
          {actions.map((action) => {
            const response = results[action.id];
            return response ? (
              <section key={action.id} aria-label={`${action.label}: result`} className="result-block">
                <h3>{action.label}</h3>
                <ResultView response={response} />
              </section>
            ) : null;
          })}
          <PanelCrm detection={detection} enrichment={results.enrich} />
          {children}
        </div>
      )}
    </section>
  );
}
