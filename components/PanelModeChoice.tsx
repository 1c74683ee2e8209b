import { useId, useState, type MouseEvent } from 'react';
import { usePreferences } from '@/components/stores/preferences';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging/messenger';
import type { PanelMode } from '@/lib/settings/preferences';

const LABEL: Record<PanelMode, 'panelMode.frame' | 'panelMode.stealth'> = { frame: 'panelMode.frame', stealth: 'panelMode.stealth' };
const HINT: Record<PanelMode, 'panelMode.frameHint' | 'panelMode.stealthHint'> = { frame: 'panelMode.frameHint', stealth: 'panelMode.stealthHint' };

/**
 * The choice between the in-page panel and stealth mode: two buttons, one sentence each. The
 * first-run page and the settings show the same one; it saves at once.
 */
export function PanelModeChoice({ tabId, onChosen }: { tabId?: number; onChosen?(mode: PanelMode): void }) {
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
      <h3 id={ids.title}>{t('panelMode.title')}</h3>
      {(['frame', 'stealth'] as const).map((mode) => (
        <p key={mode}>
          <button type="button" aria-pressed={current === mode} aria-describedby={ids[mode]} onClick={(e) => void choose(mode, e)}>
            {t(LABEL[mode])}
          </button>{' '}
          <span id={ids[mode]} className="muted">
            {t(HINT[mode])}
          </span>
        </p>
      ))}
      <p aria-live="polite" className="muted">{failed ? t('panelMode.failed') : current ? t('panelMode.chosen', { mode: t(LABEL[current]) }) : t('panelMode.notChosen')}</p>
    </div>
  );
}
