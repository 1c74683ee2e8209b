import type { MouseEvent } from 'react';
import { t } from '@/lib/i18n';
import type { Preview } from '@/lib/lookup/service';
import type { PanelAction } from '@/lib/panel/actions';
import { credits, priceLabel } from './format';

interface Props {
  action: PanelAction;
  preview: Preview | undefined;
  busy: boolean;
  onRun(action: PanelAction, refresh: boolean): void;
}

/**
 * Spending credits needs a trusted gesture: a page script can call `.click()` on an element
 * inside an open shadow root, and must not be able to spend the user's credits that way.
 */
function trusted(handler: () => void) {
  return (event: MouseEvent) => {
    if (!event.nativeEvent.isTrusted) return;
    handler();
  };
}

export function ActionButton({ action, preview, busy, onRun }: Props) {
  const price = priceLabel(preview);
  return (
    <li className="action">
      <button type="button" disabled={busy || Boolean(preview?.refused)} onClick={trusted(() => onRun(action, false))}>
        {action.label} <span className="price">({price})</span>
      </button>
      {preview?.inLedger && (
        <button type="button" className="link-button" disabled={busy} onClick={trusted(() => onRun(action, true))}>
          {t('panel.refresh', { action: action.label.toLowerCase(), credits: credits(preview.price) })}
        </button>
      )}
      {preview?.refused && <p className="muted">{preview.refused.message}</p>}
    </li>
  );
}
