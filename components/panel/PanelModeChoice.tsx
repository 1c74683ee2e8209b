import { useId, useState, type MouseEvent } from 'react';
import { usePreferences } from '@/components/settings/preferences-store';
import { t } from '@/lib/platform/i18n';
import { sendMessage } from '@/lib/contracts/messenger';
import type { PanelMode } from '@/lib/settings/preferences';

const LABEL: Record<PanelMode, 'panelMode.frame' | 'panelMode.stealth'> = { frame: 'panelMode.frame', stealth: 'panelMode.stealth' };
const HINT: Record<PanelMode, 'panelMode.frameHint' | 'panelMode.stealthHint'> = { frame: 'panelMode.frameHint', stealth: 'panelMode.stealthHint' };

/**
 * The choice between the in-page panel and stealth mode: two buttons, one sentence each. The
 * first-run page and the settings show the same one; it saves at once.
 */
export function PanelModeChoice({
  tabId,
  onChosen,
  recommended,
  headingLevel = 3,
}: {
  tabId?: number;
  onChosen?(mode: PanelMode): void;
  /** The welcome page's advice: that button is the primary one, and says so. */
  recommended?: PanelMode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const ids = { title: useId(), frame: useId(), stealth: useId() };
  const stored = usePreferences((s) => s.prefs.pageAccess.panelMode ?? null);
  const [chosen, setChosen] = useState<PanelMode | null>(null);
  const [failed, setFailed] = useState(false);
  const current = chosen ?? stored;

  async function choose(mode: PanelMode, event: MouseEvent) {
    if (!event.nativeEvent.isTrusted) return;
    const reply = await sendMessage('choosePanelMode', tabId === undefined ? { mode } : { mode, tabId }).catch(() => null);
    setFailed(!reply?.ok);
    if (!reply?.ok) return;
    setChosen(mode);
    usePreferences.setState({ prefs: reply.value });
    onChosen?.(mode);
  }

  return (
    <div role="group" aria-labelledby={ids.title} className="panel-mode">
      <Heading id={ids.title}>{t('panelMode.title')}</Heading>
      {(recommended === 'stealth' ? (['stealth', 'frame'] as const) : (['frame', 'stealth'] as const)).map((mode) => (
        <p key={mode}>
          <button
            type="button"
            className={recommended === mode ? undefined : 'secondary'}
            aria-pressed={current === mode}
            aria-describedby={recommended === mode ? `${ids[mode]}-recommended ${ids[mode]}` : ids[mode]}
            onClick={(e) => void choose(mode, e)}
          >
            {t(LABEL[mode])}
          </button>
          {recommended === mode && <span id={`${ids[mode]}-recommended`} className="badge ok recommended">{t('panelMode.recommended')}</span>}{' '}
          <span id={ids[mode]} className="muted">
            {t(HINT[mode])}
          </span>
        </p>
      ))}
      <p aria-live="polite" className="muted">{failed ? t('panelMode.failed') : current ? t('panelMode.chosen', { mode: t(LABEL[current]) }) : t('panelMode.notChosen')}</p>
    </div>
  );
}
