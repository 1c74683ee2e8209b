import { useCallback, useEffect, useState } from 'react';
import { sendMessage } from '@/lib/messaging/messenger';
import type { Preview } from '@/lib/lookup/service';
import type { PanelAction } from '@/lib/panel/actions';

/** The price of each action, asked of the background (which knows the ledger) before any click. */
export function usePreviews(actions: readonly PanelAction[]) {
  const [previews, setPreviews] = useState<Record<string, Preview>>({});
  const signature = JSON.stringify(actions.map((a) => a.request));

  const refresh = useCallback(async () => {
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
    setPreviews(Object.fromEntries(entries.filter((e): e is NonNullable<typeof e> => e !== null)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);

  useEffect(() => {
    setPreviews({});
    void refresh();
  }, [refresh]);

  return { previews, refreshPreviews: refresh };
}
