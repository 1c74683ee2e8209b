import { useEffect, useId, useRef, useState } from 'react';
import { lastEnrichment } from '@/lib/card/page/enrichment';
import { seedOfDetection } from '@/lib/card/page/subject';
import type { Detection } from '@/lib/detect/detection';
import { LOW_CONFIDENCE } from '@/lib/detect/detection';
import { t } from '@/lib/platform/i18n';
import type { LookupResponse } from '@/lib/lookup/contract';
import { sendMessage } from '@/lib/contracts/messenger';
import type { TabNotice } from '@/lib/panel/tab-state';
import type { PanelStatus } from '@/lib/panel/contract';
import type { Corrections } from '@/lib/panel/page/actions';
import { LookupCard } from '@/components/card/LookupCard';
import { PageCard } from '@/components/card/PageCard';
import type { CardAnswer } from '@/components/card/useCardLookups';
import { CostLine } from '@/components/lookup/CostLine';
import { PanelCrm, type CrmWho } from '@/components/crm/PanelCrm';
import { OpenBookButton } from '@/components/book/OpenBookButton';
import { useTakeOver } from '@/components/platform/first-paint';
import { MailPeople } from '@/components/webmail/MailPeople';
import type { WebmailParticipants } from '@/lib/webmail/participant';

export interface PanelLayout {
  collapsed: boolean;
  side: 'left' | 'right';
}

interface Props {
  detection: Detection | null;
  /** On a web mail page: the open message's people (null: none open). Absent elsewhere. */
  mail?: WebmailParticipants | null;
  notice: TabNotice | null;
  /** Extra content below the card (search results queue, items found on the page). */
  children?: React.ReactNode;
  layout: PanelLayout;
  onLayout(layout: PanelLayout): void;
  /** Absent in the side panel, which the browser closes. */
  onClose?(): void;
  /** The in-page frame can go to either side of the page; the side panel is where the browser puts it. */
  movable?: boolean;
}

/** What the panel says where the page is about no one in particular (no card to show). */
function whoLabel(detection: Detection | null): string {
  if (!detection) return t('panel.nothingDetected');
  if (detection.kind === 'peopleSearch') return t('panel.peopleSearch');
  return detection.kind === 'company' ? t('panel.companyPage') : t('panel.profile');
}

function crmWhoOf(detection: Detection | null): CrmWho | null {
  const person = detection && (detection.kind === 'person' || detection.kind === 'salesLead') ? detection.person : undefined;
  return person ? { profileUrl: person.profileUrl, fullName: person.fullName, company: person.company } : null;
}

/** What the user and the lookups added to one page. */
interface PageWork {
  url: string | undefined;
  corrections: Corrections;
  enrichment?: LookupResponse;
  enrichedBefore: string | null;
}

const NO_CORRECTIONS: Corrections = {};
const freshPage = (url: string | undefined): PageWork => ({ url, corrections: NO_CORRECTIONS, enrichedBefore: null });

export function Panel({ detection, mail, notice, children, layout, onLayout, onClose, movable = false }: Props) {
  const [status, setStatus] = useState<PanelStatus | null>(null);
  // A new page (single-page navigation) starts clean: answers belong to who they were about.
  const url = detection?.url;
  const [work, setWork] = useState<PageWork>(() => freshPage(url));
  const { corrections, enrichment, enrichedBefore } = work.url === url ? work : freshPage(url);
  const onPage = (change: (page: PageWork) => Partial<PageWork>) =>
    setWork((current) => {
      const page = current.url === url ? current : freshPage(url);
      return { ...page, ...change(page) };
    });
  const [error, setError] = useState<string | null>(null);
  const [keyRefused, setKeyRefused] = useState(false);
  const ids = { title: useId(), name: useId(), company: useId(), notice: useId() };
  const rootRef = useRef<HTMLElement>(null);

  const hasCard = seedOfDetection(detection) !== null;
  const lowConfidence = detection !== null && detection.kind !== 'peopleSearch' && detection.confidence < LOW_CONFIDENCE;

  useEffect(() => {
    void sendMessage('panelStatus', undefined)
      .then((reply) => reply.ok && setStatus(reply.value))
      .catch(() => setError(t('panel.noBackground')));
  }, []);

  // The frame's first paint (entrypoints/panel-frame/first-paint.ts) is this header and these first words, from the same status.
  useTakeOver(status !== null || error !== null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && onClose) onClose();
    };
    // The whole document, not the panel's root: when a re-render removes the focused control
    // (the card after Expand), focus falls back to the frame's body, and Escape must still close.
    const doc = rootRef.current?.ownerDocument;
    doc?.addEventListener('keydown', onKey);
    return () => doc?.removeEventListener('keydown', onKey);
  }, [onClose]);

  function answered({ action, response }: CardAnswer) {
    if (response.error?.kind === 'no_key') setStatus((s) => (s ? { ...s, hasKey: false } : s));
    // A key the service refuses (revoked, mistyped elsewhere) is said at the top, with the way to a new one.
    if (response.error?.kind === 'invalid_key') setKeyRefused(true);
    if (action.id === 'enrich') onPage(() => ({ enrichment: response }));
  }

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
          {/* Glyphs to the eye; each says its name on hover (title) and to a screen reader. */}
          {movable && (
            <button
              type="button"
              className="icon-button"
              aria-label={layout.side === 'right' ? t('panel.moveLeft') : t('panel.moveRight')}
              title={layout.side === 'right' ? t('panel.moveLeft') : t('panel.moveRight')}
              onClick={() => onLayout({ ...layout, side: layout.side === 'right' ? 'left' : 'right' })}
            >
              {layout.side === 'right' ? '⇤' : '⇥'}
            </button>
          )}
          <button
            type="button"
            className="icon-button"
            aria-expanded={!layout.collapsed}
            aria-label={layout.collapsed ? t('panel.expand') : t('panel.collapse')}
            title={layout.collapsed ? t('panel.expand') : t('panel.collapse')}
            onClick={() => onLayout({ ...layout, collapsed: !layout.collapsed })}
          >
            {layout.collapsed ? '▸' : '▾'}
          </button>
          {onClose && (
            <button type="button" className="icon-button" aria-label={t('panel.close')} title={t('panel.close')} onClick={onClose}>
              ×
            </button>
          )}
        </div>
      </header>
      {!layout.collapsed && (
        <div className="panel-body">
          {notice && (
            // A right-click's answer: its cost is announced (a status), its card is there to read and use.
            <section className="notice" aria-labelledby={ids.notice}>
              <h3 id={ids.notice}>{notice.title}</h3>
              {notice.response ? (
                <>
                  <CostLine response={notice.response} />
                  <LookupCard response={notice.response} />
                </>
              ) : (
                <p role="status">{notice.message}</p>
              )}
            </section>
          )}
          {!hasCard && mail === undefined && <p className="who" data-testid="detected">{whoLabel(detection)}</p>}
          {lowConfidence && (
            <fieldset className="corrections">
              <legend>{t('panel.unsure')}</legend>
              <label htmlFor={ids.name}>{t('panel.fullName')}</label>
              <input id={ids.name} value={corrections.fullName ?? detection?.person?.fullName ?? ''} onChange={(e) => onPage((p) => ({ corrections: { ...p.corrections, fullName: e.target.value } }))} />
              <label htmlFor={ids.company}>{t('panel.company')}</label>
              <input id={ids.company} value={corrections.company ?? detection?.person?.company ?? detection?.company?.name ?? ''} onChange={(e) => onPage((p) => ({ corrections: { ...p.corrections, company: e.target.value } }))} />
            </fieldset>
          )}
          {((status && !status.hasKey) || keyRefused) && (
            <div role="alert">
              <p>{keyRefused && status?.hasKey !== false ? t('panel.keyRefused') : t('panel.noKey')}</p>
              <button type="button" onClick={() => void sendMessage('openWelcome', undefined)}>
                {t('panel.connect')}
              </button>
            </div>
          )}
          {status?.hasKey && status.credits === 0 && <p role="alert">{t('panel.noCredits')}</p>}
          {error && <p role="alert">{error}</p>}
          {mail !== undefined ? (
            <MailPeople mail={mail} offerLookups={status?.hasKey !== false} onAnswer={answered} />
          ) : (
            <>
              <PageCard key={detection?.url ?? ''} detection={detection} corrections={corrections} offerLookups={status?.hasKey !== false} onAnswer={answered} onSubject={(subject) => onPage(() => ({ enrichedBefore: lastEnrichment(subject)?.historyId ?? null }))} />
              <PanelCrm who={crmWhoOf(detection)} resetKey={detection?.url ?? ''} enrichment={enrichment} enrichedBefore={enrichedBefore} />
            </>
          )}
          {children}
          <OpenBookButton />
        </div>
      )}
    </section>
  );
}
