import { t } from '@/lib/i18n';
import type { UserGesture } from '../useLookup';
import type { Preview } from '@/lib/lookup/service';
import type { PanelAction } from '@/lib/panel/actions';
import { credits, priceLabel } from './format';

interface Props {
  action: PanelAction;
  preview: Preview | undefined;
  busy: boolean;
  /** The gesture goes with it: the spend path runs only on the user's own click. */
  onRun(action: PanelAction, refresh: boolean, gesture: UserGesture): void;
}

export function ActionButton({ action, preview, busy, onRun }: Props) {
  const price = priceLabel(preview);
  return (
    <li className="action">
      <button type="button" disabled={busy || Boolean(preview?.refused)} onClick={(e) => onRun(action, false, e)}>
        {action.label} <span className="price">({price})</span>
      </button>
      {preview?.inLedger && (
        <button type="button" className="link-button" disabled={busy} onClick={(e) => onRun(action, true, e)}>
          {t('panel.refresh', { action: action.label.toLowerCase(), credits: credits(preview.price) })}
        </button>
      )}
      {preview?.refused && <p className="muted">{preview.refused.message}</p>}
    </li>
  );
}
