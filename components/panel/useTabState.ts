import { useEffect, useState } from 'react';
import { storage } from 'wxt/utils/storage';
import { sendMessage } from '@/lib/contracts/messenger';
import { tabStateKey, type PanelTabState } from '@/lib/panel/tab-state';
import { within } from '@/lib/platform/ui/first-paint-start';

/**
 * How long one ask may go unanswered, and the waits between asks. The ask is free, so it is
 * asked again: a Firefox event page that is being suspended (or a worker that is starting) can
 * drop or refuse it, and a panel that gave up would stay blank for good.
 */
const ASK_LIMIT_MS = 3000;
const RETRY_WAITS_MS = [250, 500, 1000, 2000];

const ask = (tabId: number | undefined) =>
  within(ASK_LIMIT_MS, sendMessage('panelState', tabId === undefined ? {} : { tabId }).then((reply) => (reply.ok ? reply.value : null)));

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
    let unwatch: (() => void) | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let generation = 0;
    const load = async (failures = 0): Promise<void> => {
      const mine = ++generation;
      const value = await ask(tabId);
      if (!live || mine !== generation) return;
      if (!value) {
        retry = setTimeout(() => void load(failures + 1), RETRY_WAITS_MS[Math.min(failures, RETRY_WAITS_MS.length - 1)]);
        return;
      }
      setState(value);
      if (unwatch) return;
      unwatch = storage.watch(tabStateKey(value.tabId), () => void load());
      // A change written between this answer and the watch would go unheard: read once more.
      void load();
    };
    void load();
    return () => {
      live = false;
      clearTimeout(retry);
      unwatch?.();
    };
  }, [tabId]);
  return state;
}
