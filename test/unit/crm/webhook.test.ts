import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWebhookAdapter } from '@/lib/crm/worker/webhook/adapter';
import { createOutboxRunner } from '@/lib/crm/worker/outbox/runner';
import { createCrmHttp } from '@/lib/crm/worker/http';
import { z } from 'zod';
import { outboxItemSchema, type OutboxItem } from '@/lib/crm/outbox/schema';
import { idempotencyKey } from '@/lib/crm/worker/webhook/payload';
import { hmacSha256Hex, signatureHeader } from '@/lib/crm/worker/webhook/sign';
import { startWebhookEmulator, WEBHOOK_SECRET } from '@/test/emulators/webhook';
import { contactFromEnrichment } from '@/lib/crm/contact';
import { contact, emilieEnrichment, instantRetry, mayaEnrichment, memoryProgress } from '@/test/unit/crm/fixtures';

type Emulator = Awaited<ReturnType<typeof startWebhookEmulator>>;
let hook: Emulator;

const adapter = (secret = WEBHOOK_SECRET) => createWebhookAdapter({ kind: 'webhook', url: hook.url, secret }, { retry: instantRetry() });

async function push(who = contact(), remembered: string | null = null) {
  const crm = adapter();
  const match = await crm.find(who, remembered);
  const plan = crm.plan(who, match.ok ? match.value : null, { overwrite: [] });
  return crm.apply(plan, who, memoryProgress().context());
}

beforeAll(async () => {
  hook = await startWebhookEmulator();
});
afterAll(() => hook.server.close());
beforeEach(() => {
  hook.deliveries.splice(0);
  hook.control.reset();
  hook.answer.redirect = null;
  hook.answer.moved = null;
});

describe('webhook signature', () => {
  it('is HMAC-SHA256 of the raw body, hex, as node:crypto computes it', async () => {
    const body = '{"event":"contact.push","name":"Émilie Lefèvre ✓"}';
    const expected = createHmac('sha256', 'a-shared-secret-16').update(body, 'utf8').digest('hex');
    expect(await hmacSha256Hex('a-shared-secret-16', body)).toBe(expected);
    expect(await signatureHeader('a-shared-secret-16', body)).toBe(`sha256=${expected}`);
  });
});

describe('webhook adapter against the receiver', () => {
  it('delivers the normalised contact, signed, with an idempotency key; the receiver verifies it', async () => {
    expect(await push()).toMatchObject({ ok: true, value: { action: 'created', recordUrl: null } });
    const [delivery] = hook.deliveries;
    expect(delivery!.signatureValid).toBe(true);
    expect(delivery!.signature).toBe(`sha256=${createHmac('sha256', WEBHOOK_SECRET).update(delivery!.body).digest('hex')}`);
    expect(delivery!.idempotencyKey).toBe(await idempotencyKey(contact()));
    expect(delivery!.json).toMatchObject({
      event: 'contact.push',
      version: 1,
      idempotencyKey: delivery!.idempotencyKey,
      contact: { fullName: 'Maya Chen', primaryEmail: 'maya.chen@northwind-analytics.example', company: { domain: 'northwind-analytics.example' } },
    });
  });

  it('the key is stable per person and content: a later enrichment of the same data has the same key, a change a new one', async () => {
    const first = await idempotencyKey(contact(undefined, 'h-1'));
    expect(await idempotencyKey({ ...contact(undefined, 'h-2'), enrichedAt: 1 })).toBe(first);
    expect(await idempotencyKey({ ...contact(), jobTitle: 'CTO' })).not.toBe(first);
  });

  it('the key ignores where and when values were found: the same person from a paid lookup, the ledger or the book, with or without a notice, has one key', async () => {
    const plain = contact();
    const first = await idempotencyKey(plain);
    const paid = contactFromEnrichment(mayaEnrichment(), { historyId: 'h-1', at: 1_000, paid: true })!;
    const fromLedger = contactFromEnrichment(mayaEnrichment(), { historyId: 'h-9', at: 9_000, paid: false })!;
    // The sources really differ (the test would prove nothing otherwise).
    expect(paid.emails[0]!.source).not.toEqual(fromLedger.emails[0]!.source);
    const fromBook = {
      ...fromLedger,
      emails: fromLedger.emails.map((e) => ({ ...e, grade: 'verified' as const })),
      phones: fromLedger.phones.map((p) => ({ ...p, whatsapp: true, whatsappCheckedAt: 5_000 })),
      notice: { text: 'We got your details from LinkedIn.', preparedAt: 7_000 },
    };
    expect(await idempotencyKey(paid)).toBe(first);
    expect(await idempotencyKey(fromLedger)).toBe(first);
    expect(await idempotencyKey(fromBook)).toBe(first);
    // What is sent still counts: another email is another key.
    const moved = { ...fromBook, emails: [{ ...fromBook.emails[0]!, address: 'maya@globex.example' }] };
    expect(await idempotencyKey(moved)).not.toBe(first);
  });

  it('a contact without sources keeps the key earlier releases gave it (the whole contact but its date and lookup, keys sorted)', async () => {
    const sorted = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(sorted)
        : value && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, sorted(v)]))
          : value;
    for (const who of [contact(), contact(emilieEnrichment())]) {
      const { enrichedAt: _at, historyId: _id, ...content } = who;
      const before = `dossier-${createHash('sha256').update(JSON.stringify(sorted(content))).digest('hex').slice(0, 40)}`;
      expect(await idempotencyKey(who)).toBe(before);
    }
  });

  it('unchanged since the last delivery: skipped; changed: sent again under a new key', async () => {
    const key = await idempotencyKey(contact());
    expect(await push(contact(), key)).toMatchObject({ ok: true, value: { action: 'skipped' } });
    expect(hook.deliveries).toHaveLength(0);
    expect(await push({ ...contact(), jobTitle: 'CTO' }, key)).toMatchObject({ ok: true, value: { action: 'updated' } });
    expect(hook.deliveries).toHaveLength(1);
  });

  it('a retried delivery (5xx first) carries the same bytes and key, so the receiver counts it once', async () => {
    hook.control.faults.push({ kind: '503' });
    expect((await push()).ok).toBe(true);
    expect(hook.control.log.map((r) => r.status)).toEqual([503, 202]);
    await push();
    expect(hook.accepted()).toHaveLength(1);
    expect(hook.deliveries.filter((d) => d.duplicate)).toHaveLength(1);
  });

  it("a 'Most Probable' address is never the primary email", async () => {
    await push(contact(emilieEnrichment()));
    expect(hook.deliveries[0]!.json).toMatchObject({
      contact: { primaryEmail: null, emails: [{ address: 'emilie@brightwater-labs.example', status: 'most_probable', verified: false }] },
    });
  });

  it('a wrong secret is refused by the receiver; the error never shows the secret', async () => {
    const result = await adapter('another-secret-of-16-chars').test();
    expect(result).toMatchObject({ ok: false, error: { kind: 'auth', retryable: false } });
    if (!result.ok) expect(result.error.message).not.toContain('another-secret');
    expect(await adapter().test()).toMatchObject({ ok: true });
  });
});

describe('a receiver that answers the POST with a redirect', () => {
  it('a browser’s opaque answer to a manual redirect counts as delivered: asked with redirect "manual", sent once', async () => {
    const seen: RequestInit[] = [];
    // What a browser's fetch gives for `redirect: 'manual'`: the redirect hidden, status 0.
    const opaque = { type: 'opaqueredirect', status: 0, ok: false, statusText: '', headers: new Headers(), text: async () => '' } as unknown as Response;
    const crm = createWebhookAdapter({ kind: 'webhook', url: 'https://script.google.com/macros/s/abc/exec', secret: WEBHOOK_SECRET }, { retry: instantRetry(), fetch: async (_url, init) => (seen.push(init!), opaque) });
    const who = contact();
    const result = await crm.apply(crm.plan(who, null, { overwrite: [] }), who, memoryProgress().context());
    expect(result).toMatchObject({ ok: true, value: { action: 'created', redirected: true } });
    expect(seen.map((init) => init.redirect)).toEqual(['manual']);
  });

  it.each([301, 307, 308] as const)('a receiver that moved (%i: nothing done at the old address) is refused as moved, never counted delivered', async (status) => {
    hook.answer.moved = status;
    const who = contact();
    const crm = adapter();
    const pushed = await crm.apply(crm.plan(who, null, { overwrite: [] }), who, memoryProgress().context());
    expect(pushed).toMatchObject({ ok: false, error: { kind: 'rejected', retryable: false, message: expect.stringContaining('The receiver has moved') } });
    // Test connection follows the move and names it too (a browser hides a manual redirect's status).
    expect(await crm.test()).toMatchObject({ ok: false, error: { message: expect.stringContaining('The receiver has moved') } });
    expect(hook.accepted().filter((d) => (d.json as { event?: string } | null)?.event !== 'ping')).toHaveLength(0);
  });

  it('Test connection follows a receiver’s "see other" to its result elsewhere, and counts the delivery received', async () => {
    hook.answer.redirect = 302;
    expect(await adapter().test()).toMatchObject({ ok: true, value: expect.stringContaining('answered with a redirect') });
    expect(hook.accepted()).toHaveLength(1);
  });

  it('tells a receiver that moved from one answering elsewhere', async () => {
    const { sameReceiverMoved } = await import('@/lib/crm/worker/webhook/adapter');
    expect(sameReceiverMoved('http://hooks.example/in', 'https://hooks.example/in/')).toBe(true);
    expect(sameReceiverMoved('https://hooks.example/in', 'https://www.hooks.example/in')).toBe(true);
    expect(sameReceiverMoved('https://script.google.com/macros/s/abc/exec', 'https://script.googleusercontent.com/macros/echo?user_content_key=x')).toBe(false);
    expect(sameReceiverMoved('not a url', 'https://hooks.example/')).toBe(false);
  });

  it('a CRM still refuses redirects: its token must never follow one to another host', async () => {
    const seen: RequestInit[] = [];
    const http = createCrmHttp({ secrets: [], messageOf: () => null, fetch: async (_url, init) => (seen.push(init!), new Response(null, { status: 302, headers: { location: 'https://elsewhere.example/' } })) });
    const sent = await http.send({ method: 'POST', url: 'https://api.crm.example/x', body: {}, idempotent: false }, z.unknown());
    expect(seen.map((init) => init.redirect)).toEqual(['error']);
    expect(sent.ok).toBe(false);
  });

  it('the outbox keeps the push delivered after one attempt, and its entry says the receiver answered with a redirect', async () => {
    hook.answer.redirect = 302;
    const items: OutboxItem[] = [];
    const runner = createOutboxRunner({
      read: async () => items.map((i) => ({ ...i })),
      update: async (change) => {
        const next = change(items.map((i) => ({ ...i })));
        items.splice(0, items.length, ...next.items);
        return next.result;
      },
      adapterFor: async () => adapter(),
      remembered: async () => null,
      remember: async () => {},
      report: async () => {},
      schedule: () => {},
      now: () => 1_000,
      newId: () => 'item-1',
    });
    await runner.enqueue({ target: 'webhook', contact: contact(), overwrite: [] });
    await runner.drain();
    expect(items).toEqual([expect.objectContaining({ state: 'delivered', attempts: 1, result: expect.objectContaining({ redirected: true }) })]);
    expect(outboxItemSchema.parse(items[0]).result?.redirected).toBe(true);
    expect(hook.deliveries).toHaveLength(1);
  });
});
