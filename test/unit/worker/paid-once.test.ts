import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBackground } from '@/lib/worker/wiring';
import { settleBackgroundsAfterEach } from '@/test/unit/worker/settle-backgrounds';
import { readHistory } from '@/lib/history/worker/store';
import { apiKeyItem, gatewayItem, preferencesItem } from '@/lib/settings/stored';
import { DEFAULT_PREFERENCES } from '@/lib/settings/preferences';
import { createSandboxApp, type Sandbox } from '@/sandbox/app';
import type { FaultKind } from '@/sandbox/faults';

/**
 * The worker's real wiring (one client, one limiter, the cap, the journal, history) against
 * the real sandbox in process: the sandbox's Hono app stands in for the network. Each fault
 * below is one the live gateway can produce: the lookup is billed, then its answer is lost.
 */

const KEY = 'paid-once-key';
const GATEWAY = { kind: 'sandbox' as const, url: 'http://127.0.0.1:8787/api/ingress/' };
const maya = { op: 'enrichPerson' as const, input: { profileUrl: 'https://www.linkedin.com/in/maya-chen/' } };

let sandbox: Sandbox;
let requests: string[];

async function setUp(balance: number, prefs: (p: typeof DEFAULT_PREFERENCES) => void = () => {}) {
  sandbox.state.setKey(KEY, balance);
  await gatewayItem.setValue(GATEWAY);
  await apiKeyItem.setValue(KEY);
  const chosen = structuredClone(DEFAULT_PREFERENCES);
  chosen.network.timeoutMs = 1_000;
  prefs(chosen);
  await preferencesItem.setValue(chosen);
  const background = settle(createBackground({ extensionId: 'dossier', extensionOrigin: 'chrome-extension://dossier/' }));
  // As the popup does when it opens: the balance is known before the first lookup.
  const { fetchBalance } = await import('@/lib/settings/worker/connection');
  await fetchBalance(background.connection);
  return background;
}

function fault(kind: FaultKind, count = 1, delayMs?: number) {
  sandbox.faults.add(KEY, delayMs === undefined ? { kind } : { kind, delayMs }, count);
}

const charges = () => sandbox.state.ledger(KEY)!.charges;

beforeEach(() => {
  fakeBrowser.reset();
  sandbox = createSandboxApp({ log: () => undefined });
  // Bound to this test's sandbox: a balance read an earlier test left running must not reach it.
  const own = sandbox;
  requests = [];
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(new URL(request.url).pathname);
    return own.app.fetch(request);
  });
});

const settle = settleBackgroundsAfterEach();

describe('a paid lookup whose answer is lost after the gateway charged it', () => {
  it.each([
    ['charge-then-reset', undefined],
    ['charge-then-hang', 10_000],
  ] as const)('%s: charged exactly once, shown as unknown, balance re-read, retry offered at its price', { timeout: 15_000 }, async (kind, delayMs) => {
    const { lookups } = await setUp(100);
    fault(kind, 1, delayMs);
    const reply = await lookups.lookup(maya);
    expect(charges()).toHaveLength(1);
    expect(requests.filter((p) => p.endsWith('/v2/full'))).toHaveLength(1);
    expect(reply).toMatchObject({ status: 'unknown', cost: 0, price: 2, error: { kind: 'outcome_unknown' } });
    // The balance was read again after the loss (free) and shows the charge.
    expect(reply.balanceCheck).toEqual({ before: 100, after: 98 });
    expect(reply.error?.message).toMatch(/from 100 to 98 credits/);
    expect(requests.filter((p) => p.endsWith('/v1/getCredit')).length).toBeGreaterThanOrEqual(1);
    expect(await readHistory()).toMatchObject([{ outcome: 'unknown', maxCost: 2 }]);

    // The user's retry (a new click) is a normal lookup, priced and paid once.
    const retry = await lookups.lookup(maya);
    expect(retry).toMatchObject({ status: 'paid', cost: 2 });
    expect(charges()).toHaveLength(2);
  });

  it('a 500 and a 429 answered by the gateway are retried to one charge', async () => {
    const { lookups } = await setUp(100);
    fault('500');
    fault('429');
    expect(await lookups.lookup(maya)).toMatchObject({ status: 'paid', cost: 2 });
    expect(charges()).toHaveLength(1);
  });
});

describe('after a lost answer on a gateway that stays down', () => {
  it('the balance is tried twice, not through the whole backoff, and the outcome says it could not be read', async () => {
    const { lookups } = await setUp(100);
    requests.length = 0;
    vi.stubGlobal('fetch', async (input: string | URL | Request) => {
      requests.push(new URL(new Request(input).url).pathname);
      throw new TypeError('Failed to fetch');
    });
    const reply = await lookups.lookup(maya);
    expect(reply).toMatchObject({ status: 'unknown', balanceCheck: { before: 100, after: null } });
    expect(reply.error?.message).toMatch(/balance could not be read/);
    expect(requests.filter((p) => p.endsWith('/v2/full'))).toHaveLength(1);
    expect(requests.filter((p) => p.endsWith('/v1/getCredit'))).toHaveLength(2);
  });
});

describe('free calls', () => {
  it('a 500 and a 429 with Retry-After on the balance are retried to success', async () => {
    const { connection } = await setUp(77);
    const { fetchBalance, testConnection } = await import('@/lib/settings/worker/connection');
    fault('500');
    fault('429');
    expect(await fetchBalance(connection)).toMatchObject({ ok: true, value: { credits: 77 } });
    fault('500');
    fault('429');
    expect(await testConnection(connection, GATEWAY, KEY)).toEqual({ status: 'ok', credits: 77 });
  });
});

describe('the daily cap', () => {
  it('twenty concurrent lookups against a cap of ten credits spend at most ten', async () => {
    const { lookups } = await setUp(1_000, (p) => (p.spending.dailyCap = 10));
    const slugs = (await import('@/sandbox/directory')).defaultDirectory().people.slice(0, 20).map((p) => p.slug);
    const replies = await Promise.all(slugs.map((slug) => lookups.lookup({ op: 'enrichPerson', input: { profileUrl: `https://www.linkedin.com/in/${slug}/` } })));
    const charged = charges().reduce((sum, c) => sum + c.creditBurn, 0);
    expect(charged).toBeLessThanOrEqual(10);
    expect(charged).toBeGreaterThan(0);
    expect(replies.filter((r) => r.error?.kind === 'daily_cap').length).toBeGreaterThanOrEqual(15);
  });
});

describe('one client and one limiter', () => {
  it('a gateway that only knows the alias costs the miss once, not once per lookup', async () => {
    const { connection } = await setUp(50);
    const { fetchBalance } = await import('@/lib/settings/worker/connection');
    requests.length = 0;
    // The live gateway answers the balance on /v1/mine only.
    vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      requests.push(url.pathname);
      if (url.pathname.endsWith('/v1/getCredit')) return new Response('404 page not found', { status: 404 });
      if (url.pathname.endsWith('/v1/mine')) return Response.json({ currentCredit: '50' });
      return sandbox.app.fetch(request);
    });
    await fetchBalance(connection);
    await fetchBalance(connection);
    await fetchBalance(connection);
    expect(requests.filter((p) => p.endsWith('/v1/getCredit'))).toHaveLength(1);
    expect(requests.filter((p) => p.endsWith('/v1/mine'))).toHaveLength(3);
  });
});
