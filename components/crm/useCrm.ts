import { useCallback, useEffect, useState } from 'react';
import type { CrmStatusReply } from '@/lib/crm/contract';
import type { OutboxItemView } from '@/lib/crm/outbox/schema';
import { sendMessage } from '@/lib/contracts/messenger';
import { ask } from '@/components/platform/useBackground';

/** Which CRMs are connected; null until the background answered. */
/**
 * Which CRMs are connected, asked again each time the page comes back into view: a user who
 * connects a CRM in the settings tab and returns to the profile finds the push there, without
 * reloading the page and losing the result.
 */
export function useCrmStatus(): CrmStatusReply | null {
  const [status, setStatus] = useState<CrmStatusReply | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => void ask(() => sendMessage('crmStatus', undefined)).then((reply) => live && setStatus(reply.ok ? reply.value : { connected: [] }));
    const onVisible = () => {
      if (document.visibilityState === 'visible') load();
    };
    load();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return status;
}

const SETTLED = new Set<OutboxItemView['state']>(['delivered', 'failed']);
const NO_ITEMS: OutboxItemView[] = [];

/**
 * The pushes of one lookup, asked again every couple of seconds while any is on its way: the
 * background owns the outbox, and a web page's content script has no business watching it.
 * `refresh()` asks again now (after a push or a retry). Another lookup's pushes are never shown.
 */
export function usePushStatus(historyId: string | null) {
  const [read, setRead] = useState<{ historyId: string; items: OutboxItemView[] } | null>(null);
  const [asked, setAsked] = useState(0);

  useEffect(() => {
    if (!historyId) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function poll(id: string) {
      const reply = await ask(() => sendMessage('crmPushStatus', { historyId: id }));
      if (!live || !reply.ok) return;
      setRead({ historyId: id, items: reply.value });
      if (reply.value.some((item) => !SETTLED.has(item.state))) timer = setTimeout(() => void poll(id), 1_500);
    }
    void poll(historyId);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [historyId, asked]);

  const refresh = useCallback(() => setAsked((n) => n + 1), []);
  return { items: historyId && read?.historyId === historyId ? read.items : NO_ITEMS, refresh };
}
