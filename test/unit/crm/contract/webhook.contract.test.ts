import { createWebhookAdapter } from '@/lib/crm/worker/webhook/adapter';
import type { WebhookPayload } from '@/lib/crm/worker/webhook/payload';
import { startWebhookEmulator, WEBHOOK_SECRET } from '@/test/emulators/webhook';
import { crmContractSuite } from '@/test/unit/crm/contract/suite';

let hook: Awaited<ReturnType<typeof startWebhookEmulator>>;

/** The deliveries that counted, newest last: a webhook's "records" are the people it received. */
const received = () => hook.accepted().map((d) => d.json as WebhookPayload);

crmContractSuite({
  name: 'Webhook',
  searches: false,
  refreshesTokens: false,
  start: async () => void (hook = await startWebhookEmulator()),
  stop: () => hook.server.close(),
  async reset() {
    hook.deliveries.splice(0);
    hook.control.reset();
  },
  async adapter({ retry, token = 'valid' } = {}) {
    return createWebhookAdapter({ kind: 'webhook', url: hook.url, secret: token === 'valid' ? WEBHOOK_SECRET : 'not-the-shared-secret-000' }, { retry });
  },
  people: async () => new Set(received().map((p) => p.contact.identity)).size,
  async personValues() {
    const last = received().at(-1);
    return last ? { email: last.contact.primaryEmail ?? undefined, jobTitle: last.contact.jobTitle ?? undefined } : null;
  },
  fault: (fault) => hook.control.faults.push(fault),
  // A receiver's limits are its own: a minute, the safe reading.
  rateLimitWaitMs: 60_000,
  createRequest: { path: '/hooks/', method: 'POST' },
});
