import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWebhookAdapter } from '@/lib/crm/worker/webhook/adapter';
import type { WebhookPayload } from '@/lib/crm/worker/webhook/payload';
import { startWebhookEmulator, WEBHOOK_SECRET } from '@/test/emulators/webhook';
import { crmContractSuite } from '@/test/unit/crm/contract/suite';
import { pushUntilSettled } from '@/test/unit/crm/contract/harness';
import { contact, instantRetry } from '@/test/unit/crm/fixtures';

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

describe('Webhook: a receiver that answers with a redirect', () => {
  let own: Awaited<ReturnType<typeof startWebhookEmulator>>;
  beforeAll(async () => void (own = await startWebhookEmulator()));
  afterAll(() => own.server.close());
  beforeEach(() => {
    own.deliveries.splice(0);
    own.control.reset();
    own.answer.redirect = 302;
  });

  it('a webhook answering 302 delivered once', async () => {
    const waits: number[] = [];
    const hook = createWebhookAdapter({ kind: 'webhook', url: own.url, secret: WEBHOOK_SECRET }, { retry: instantRetry(waits) });
    const { result, errors } = await pushUntilSettled(hook, contact());
    expect(result).toMatchObject({ ok: true, value: { action: 'created', redirected: true } });
    expect(errors).toEqual([]);
    expect(waits).toEqual([]);
    // Sent once, counted once: not re-sent, and the redirect was not followed as a GET.
    expect(own.deliveries).toHaveLength(1);
    expect(own.accepted()).toHaveLength(1);
    expect(own.control.log.map((r) => r.method)).toEqual(['POST']);
  });

  it('Test connection says the receiver answered with a redirect', async () => {
    own.answer.redirect = 303;
    const hook = createWebhookAdapter({ kind: 'webhook', url: own.url, secret: WEBHOOK_SECRET }, { retry: instantRetry() });
    expect(await hook.test()).toMatchObject({ ok: true, value: expect.stringContaining('redirect') });
    expect(own.deliveries).toHaveLength(1);
  });
});
