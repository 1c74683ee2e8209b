import { useEffect, useState } from 'react';
import type { OutboxItemView } from '@/lib/crm/outbox/schema';
import { outboxItem } from '@/lib/crm/outbox/store';
import { t } from '@/lib/platform/i18n';
import { sendMessage } from '@/lib/contracts/messenger';
import { ask } from '@/components/platform/useBackground';
import { PushStatusList } from '@/components/crm/PushStatusList';

const readOutbox = () => ask(() => sendMessage('crmOutbox', undefined));

/** Every push the outbox holds, newest first, with retry and drop; follows the background's writes. */
export function OutboxList() {
  const [items, setItems] = useState<OutboxItemView[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const load = () => void readOutbox().then((reply) => live && (reply.ok ? setItems(reply.value) : setError(reply.error.message)));
    load();
    // The outbox changes in the background (retries, deliveries): read it again when it does.
    const unwatch = outboxItem.watch(load);
    return () => {
      live = false;
      unwatch();
    };
  }, []);

  async function act(run: () => Promise<{ ok: boolean; error?: { message: string } }>) {
    const reply = await run();
    if (!reply.ok) setError(reply.error?.message ?? null);
    const again = await readOutbox();
    if (again.ok) setItems(again.value);
    else setError(again.error.message);
  }

  return (
    <section aria-labelledby="crm-outbox-title">
      <h3 id="crm-outbox-title">{t('crm.outbox.title')}</h3>
      {items === null ? (
        <p className="muted">{t('app.loading')}</p>
      ) : items.length === 0 ? (
        <p className="muted">{t('crm.outbox.empty')}</p>
      ) : (
        <PushStatusList
          items={items}
          showName
          onRetry={(id) => void act(() => ask(() => sendMessage('crmRetry', { id })))}
          onDrop={(id) => void act(() => ask(() => sendMessage('crmDrop', { id })))}
        />
      )}
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
