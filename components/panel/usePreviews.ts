import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { sendMessage } from '@/lib/contracts/messenger';
import type { Preview } from '@/lib/lookup/contract';
import type { PanelAction } from '@/lib/panel/page/actions';

const NO_PREVIEWS: Record<string, Preview> = {};

/** Each action's price, by action id; an action the background could not price is left out. */
async function previewsOf(actions: readonly PanelAction[]): Promise<Record<string, Preview>> {
  const entries = await Promise.all(
    actions.map(async (action) => {
      try {
        const reply = await sendMessage('preview', action.request);
        return reply.ok ? ([action.id, reply.value] as const) : null;
      } catch {
        return null;
      }
    }),
  );
  return Object.fromEntries(entries.filter((e): e is NonNullable<typeof e> => e !== null));
}

/**
 * The price of each action, asked of the background (which knows the ledger) before any click,
 * again when the actions' requests change, and on `refreshPreviews()` (a lookup changed the ledger).
 * Prices read for other requests are never shown.
 */
export function usePreviews(actions: readonly PanelAction[]) {
  const signature = JSON.stringify(actions.map((a) => a.request));
  const [asked, setAsked] = useState(0);
  const [read, setRead] = useState<{ signature: string; previews: Record<string, Preview> } | null>(null);

  // The same requests in new action objects (each render makes them) are not a reason to ask again.
  const readPreviews = useEffectEvent(() => previewsOf(actions));
  useEffect(() => {
    let live = true;
    void readPreviews().then((previews) => live && setRead({ signature, previews }));
    return () => {
      live = false;
    };
  }, [signature, asked]);

  const refreshPreviews = useCallback(() => setAsked((n) => n + 1), []);
  return { previews: read?.signature === signature ? read.previews : NO_PREVIEWS, refreshPreviews };
}
