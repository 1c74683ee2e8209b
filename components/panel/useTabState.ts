import { useEffect, useState } from 'react';
import { storage } from 'wxt/utils/storage';
import { sendMessage } from '@/lib/messaging/messenger';
import { tabStateKey, type PanelTabState } from '@/lib/panel/tab-state';

/**
 * A tab's detection, found items and notice, from the worker (which keeps them in
 * storage.session), kept current by watching that key: an extension page may read it, the
 * page's content script may not. `tabId` undefined: the panel frame's own tab, which the
 * worker takes from the sender; null: no tab yet.
 */
export function useTabState(tabId: number | null | undefined): PanelTabState | null {
  const [state, setState] = useState<PanelTabState | null>(null);
  useEffect(() => {
    if (tabId === null) return;
    let live = true;
    let unwatch = () => {};
    const load = () =>
      sendMessage('panelState', tabId === undefined ? {} : { tabId })
        .then((reply) => {
          if (live && reply.ok) setState(reply.value);
          return reply.ok ? reply.value.tabId : null;
        })
        .catch(() => null);
    void load().then((id) => {
      if (live && id !== null) unwatch = storage.watch(tabStateKey(id), () => void load());
    });
    return () => {
      live = false;
      unwatch();
    };
  }, [tabId]);
  return state;
}
