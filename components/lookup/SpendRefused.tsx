import { useEffect, useRef, useState } from 'react';
import { t } from '@/lib/platform/i18n';
import type { SpendRefusal } from '@/lib/panel/page/visibility-guard';
import { sendMessage } from '@/lib/contracts/messenger';
import { openSidePanel, sidePanelKind, type SidePanelApis } from '@/lib/panel/page/side-panel';

const MESSAGE = {
  covered: 'spend.refused.covered',
  tooSoon: 'spend.refused.tooSoon',
  unsupported: 'spend.refused.unsupported',
} as const satisfies Record<SpendRefusal, string>;

const sidePanelApis = (typeof browser === 'undefined' ? {} : browser) as unknown as SidePanelApis;

/** The browser's own panel beside the page, which no page can cover: opened straight from the click, as both browsers require. */
function SidePanelButton() {
  const kind = sidePanelKind(sidePanelApis);
  const [windowId, setWindowId] = useState<number>();
  useEffect(() => {
    if (kind !== 'sidePanel') return;
    let live = true;
    void browser.windows.getCurrent().then((w) => live && setWindowId(w.id));
    return () => {
      live = false;
    };
  }, [kind]);
  if (!kind) return null;
  return (
    <button type="button" className="secondary" disabled={kind === 'sidePanel' && windowId === undefined} onClick={() => void openSidePanel(sidePanelApis, windowId)?.catch(() => {})}>
      {kind === 'sidePanel' ? t('app.openSidePanel') : t('app.openSidebar')}
    </button>
  );
}

/**
 * Where the frame has neither (Firefox gives the in-page frame no sidebarAction): Dossier's
 * toolbar menu, which the worker may open, and whose Open sidebar button works. Gone when the
 * browser would not open it: the sentence above still says where the toolbar button is.
 */
function MenuButton() {
  const [refused, setRefused] = useState(false);
  if (refused) return null;
  const open = () =>
    void sendMessage('openMenu', undefined)
      .then((reply) => !(reply.ok && reply.value) && setRefused(true))
      .catch(() => setRefused(true));
  return (
    <button type="button" className="secondary" onClick={open}>
      {t('app.openMenu')}
    </button>
  );
}

/**
 * Why a click in the in-page panel spent nothing (components/lookup/spend-gate.ts), in the user's words,
 * with the way to the side panel (or Firefox's sidebar), where the page cannot reach. Focused
 * when it appears, so a screen reader says it and the keyboard is next to its buttons.
 */
export function SpendRefused({ reason, onDismiss }: { reason: SpendRefusal; onDismiss?(): void }) {
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => message.current?.focus(), [reason]);
  return (
    <section className="spend-refused" aria-label={t('spend.refused.title')}>
      <p role="alert" tabIndex={-1} ref={message}>
        {t(MESSAGE[reason])}
      </p>
      <p className="spend-refused-ways">
        {sidePanelKind(sidePanelApis) ? <SidePanelButton /> : <MenuButton />}
        {onDismiss && (
          <button type="button" className="link-button" onClick={onDismiss}>
            {t('spend.dismiss')}
          </button>
        )}
      </p>
    </section>
  );
}
