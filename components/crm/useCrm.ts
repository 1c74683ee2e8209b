import { useCallback, useEffect, useRef, useState } from 'react';
import type { CrmStatusReply } from '@/lib/crm/messages';
import type { OutboxItemView } from '@/lib/crm/outbox/schema';
import { sendMessage } from '@/lib/messaging/messenger';
import { ask } from '@/components/useBackground';

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

/**
 * The pushes of one lookup, asked again every couple of seconds while any is on its way: the
 * background owns the outbox, and a web page's content script has no business watching it.
 */
export function usePushStatus(historyId: string | null) {
  const [items, setItems] = useState<OutboxItemView[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const refresh = useCallback(async () => {
    clearTimeout(timer.current);
    if (!historyId) return setItems([]);
    const reply = await ask(() => sendMessage('crmPushStatus', { historyId }));
    if (!reply.ok) return;
    setItems(reply.value);
    if (reply.value.some((item) => !SETTLED.has(item.state))) timer.current = setTimeout(() => void refresh(), 1_500);
  }, [historyId]);

  useEffect(() => {
    void refresh();
    return () => clearTimeout(timer.current);
  }, [refresh]);

  return { items, refresh };
}
