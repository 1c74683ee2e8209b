import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCrmService } from '@/lib/crm/worker/presence-check';
import { summarise } from '@/lib/crm/connection';
import { createWebhookAdapter } from '@/lib/crm/worker/webhook/adapter';
import { maskWebhookUrl, redactWebhookUrl } from '@/lib/crm/webhook/redact';
import type { HistoryEntry } from '@/lib/history/entry';
import { appendHistory, readHistory, readHistoryEntries } from '@/lib/history/worker/store';
import { AT, contact, instantRetry, mayaEnrichment, memoryProgress } from '@/test/unit/crm/fixtures';

/** A capability URL as automation tools issue them: the path is the credential. */
const TOKEN = 'XyZ9sEcReT4kq2LmNoPq';
const HOOK = `https://hooks.example/services/T01ABCD23/B04EFGH56/${TOKEN}?sig=Kf83hd92kd`;
const SECRET = 'a-shared-secret-of-sixteen';
/** Everything that would give the hook away. */
const PIECES = [TOKEN, 'T01ABCD23', 'B04EFGH56', 'Kf83hd92kd', '/services/'];

function expectNoHook(text: string): void {
  for (const piece of PIECES) expect(text).not.toContain(piece);
}

describe('masking a webhook address', () => {
  it('shows its origin only', () => {
    expect(maskWebhookUrl(HOOK)).toBe('https://hooks.example/…');
    expect(maskWebhookUrl('http://127.0.0.1:8080/hooks/abc123')).toBe('http://127.0.0.1:8080/…');
    expect(maskWebhookUrl('not a url')).toBe('…');
  });

  it.each<[string, string]>([
    ['the whole URL', `No hook at ${HOOK}.`],
    ['without its query', `POST https://hooks.example/services/T01ABCD23/B04EFGH56/${TOKEN} failed`],
    ['percent-encoded', `redirect=${encodeURIComponent(HOOK)}`],
    ['its path alone', `unknown path /services/T01ABCD23/B04EFGH56/${TOKEN}`],
    ['its last segment alone', `token ${TOKEN} revoked`],
    ['its query value alone', 'bad sig Kf83hd92kd'],
    ['host and path', `hooks.example/services/T01ABCD23/B04EFGH56/${TOKEN}?sig=Kf83hd92kd is gone`],
  ])('%s', (_label, text) => {
    const out = redactWebhookUrl(text, HOOK);
    expectNoHook(out);
    expect(out).toContain('…');
  });

  it('leaves other text alone', () => {
    expect(redactWebhookUrl('Field "email" is required.', HOOK)).toBe('Field "email" is required.');
  });

  it('the connection summary shows origin and a masked path', () => {
    const summary = summarise({ kind: 'webhook', url: HOOK, secret: SECRET });
    expect(summary.address).toBe('https://hooks.example/…');
    expectNoHook(JSON.stringify(summary));
  });
});

/** A receiver that echoes its own address back in its error messages, as many do. */
function echoingReceiver(status: number) {
  return (async (input: RequestInfo | URL) => {
    const url = String(input);
    if (status < 300) return new Response('{"ok":true}', { status });
    return new Response(JSON.stringify({ message: `No such hook: ${url} (path ${new URL(url).pathname})` }), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

describe('the webhook adapter', () => {
  it.each([400, 404, 410, 500])('a %i whose message echoes the URL is reported with the URL masked', async (status) => {
    const crm = createWebhookAdapter({ kind: 'webhook', url: HOOK, secret: SECRET }, { fetch: echoingReceiver(status), retry: instantRetry() });
    const who = contact();
    const plan = crm.plan(who, null, { overwrite: [] });
    const result = await crm.apply(plan, who, memoryProgress().context());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toContain('https://hooks.example/…');
    expectNoHook(JSON.stringify(result.error));
    const tested = await crm.test();
    expect(tested.ok).toBe(false);
    expectNoHook(JSON.stringify(tested));
  });
});

describe('the CRM service with a webhook', () => {
  let ids = 0;
  beforeEach(() => fakeBrowser.reset());

  function lookup(id: string): HistoryEntry {
    return { id, op: 'enrichPerson', subject: 'Maya', input: {}, identity: 'person:maya-chen', outcome: 'paid', cost: 2, fromLedger: false, paidAt: null, at: AT, pageUrl: null, result: mayaEnrichment(), error: null };
  }

  function service(fetch: typeof globalThis.fetch) {
    return createCrmService({ readHistory, readHistoryEntries, appendHistory: (e) => appendHistory(e, 10_000), now: () => AT, newId: () => `id-${++ids}`, wake: () => {}, fetch });
  }

  it('a failed connection test does not show the URL', async () => {
    const error = await service(echoingReceiver(404))
      .connect({ kind: 'webhook', url: HOOK, secret: SECRET })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expectNoHook((error as Error).message);
  });

  it('a failed push leaves the URL out of history, the outbox and the connection list', async () => {
    let status = 202;
    const crm = service((input, init) => echoingReceiver(status)(input, init));
    await crm.connect({ kind: 'webhook', url: HOOK, secret: SECRET });
    await appendHistory(lookup('look-1'), 100);
    status = 400;
    await crm.push('look-1', 'webhook', []);
    await crm.drain();

    const [item] = await crm.pushStatus('look-1');
    expect(item).toMatchObject({ state: 'failed', error: { message: expect.stringContaining('https://hooks.example/…') } });
    const pushed = (await readHistory()).find((e) => e.op === 'crmPush')!;
    expect(pushed).toMatchObject({ outcome: 'failed', error: { message: expect.stringContaining('https://hooks.example/…') } });
    expectNoHook(JSON.stringify(await crm.outbox()));
    expectNoHook(JSON.stringify(await readHistory()));
    expectNoHook(JSON.stringify(await crm.connections()));
  });
});
