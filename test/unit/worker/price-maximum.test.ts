import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers } from '@/lib/worker/handlers';
import type { Handlers } from '@/lib/contracts/handlers';
import { createBackground } from '@/lib/worker/wiring';
import { settleBackgroundsAfterEach } from '@/test/unit/worker/settle-backgrounds';
import type { SenderInfo } from '@/lib/platform/messaging/sender';
import { readHistory } from '@/lib/history/worker/store';
import { apiKeyItem, gatewayItem, preferencesItem } from '@/lib/settings/stored';
import { DEFAULT_PREFERENCES } from '@/lib/settings/preferences';
import { createSandboxApp, type Sandbox } from '@/sandbox/app';
import { maxCost } from '@/sandbox/prices';

/**
 * With "Phone numbers" on, a full enrichment may cost 2 + 30 per mobile number found, at most 92
 * in the sandbox. The worker's real wiring (client, cap, journal, history) against the sandbox
 * in process: the most it may cost is what is shown, asked about and held against the daily cap,
 * before any request; history keeps what the answer really cost.
 */

const KEY = 'max-price-key';
const GATEWAY = { kind: 'sandbox' as const, url: 'http://127.0.0.1:8787/api/ingress/' };
const maya = { op: 'enrichPerson' as const, input: { profileUrl: 'https://www.linkedin.com/in/maya-chen/' } };
const declan = { op: 'enrichPerson' as const, input: { profileUrl: 'https://www.linkedin.com/in/declan-murphy/' } };

let sandbox: Sandbox;

async function setUp(balance: number, prefs: (p: typeof DEFAULT_PREFERENCES) => void) {
  sandbox.state.setKey(KEY, balance);
  await gatewayItem.setValue(GATEWAY);
  await apiKeyItem.setValue(KEY);
  const chosen = structuredClone(DEFAULT_PREFERENCES);
  prefs(chosen);
  await preferencesItem.setValue(chosen);
  const background = settle(createBackground({ extensionId: 'dossier', extensionOrigin: 'chrome-extension://dossier/' }));
  // As the popup does when it opens: the balance is known before the first lookup.
  const { fetchBalance } = await import('@/lib/settings/worker/connection');
  await fetchBalance(background.connection);
  return background;
}

/** Every request the sandbox counted for the key, free ones included. */
const requests = () => sandbox.state.ledger(KEY)!.requests;
let enrichments: number;
const charges = () => sandbox.state.ledger(KEY)!.charges;

beforeEach(() => {
  fakeBrowser.reset();
  sandbox = createSandboxApp({ log: () => undefined });
  // Bound to this test's sandbox: a balance read an earlier test left running must not reach it.
  const own = sandbox;
  enrichments = 0;
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    if (new URL(request.url).pathname.endsWith('/v2/full')) enrichments += 1;
    return own.app.fetch(request);
  });
});

const settle = settleBackgroundsAfterEach();

describe('a full enrichment with Phone numbers on is priced at its maximum', () => {
  it('a daily cap of 10 refuses it before any request, and the message says the price and why', async () => {
    const { lookups } = await setUp(1_000, (p) => {
      p.spending.dailyCap = 10;
      p.lookups.fullFlags.phoneFull = true;
    });
    const price = maxCost('full', { phoneFull: true });
    expect(await lookups.preview(maya)).toMatchObject({ cost: price, price, mobiles: 3 });
    const before = requests();
    const reply = await lookups.lookup(maya);
    expect(reply).toMatchObject({ status: 'refused', price, cost: 0, error: { kind: 'daily_cap' } });
    expect(reply.error?.message).toContain(`may cost ${price} credits`);
    expect(reply.error?.message).toMatch(/up to 3 mobile numbers at 30 credits each/);
    expect(requests()).toBe(before);
    expect(enrichments).toBe(0);
    expect(charges()).toEqual([]);
    expect(await readHistory()).toMatchObject([{ outcome: 'refused', cost: 0 }]);
  });

  it('with Phone numbers off, the same cap lets it run at 2 credits', async () => {
    const { lookups } = await setUp(1_000, (p) => (p.spending.dailyCap = 10));
    expect(await lookups.preview(maya)).toMatchObject({ cost: 2, price: 2 });
    expect((await lookups.preview(maya)).mobiles).toBeUndefined();
    expect(await lookups.lookup(maya)).toMatchObject({ status: 'paid', cost: 2 });
    expect(enrichments).toBe(1);
  });

  it('the confirmation asks at the maximum; history keeps what the answer really cost', async () => {
    const { lookups } = await setUp(1_000, (p) => {
      p.spending.confirmAbove = 10;
      p.lookups.fullFlags.phoneFull = true;
    });
    const asked = await lookups.lookup(maya);
    expect(asked).toMatchObject({ status: 'needs_confirmation', price: 92 });
    expect(asked.error?.message).toMatch(/may cost 92 credits.*up to 3 mobile numbers/);
    // Maya has one mobile and one landline: 2 + 30.
    expect(await lookups.lookup({ ...maya, confirmed: true })).toMatchObject({ status: 'paid', cost: 32 });
    expect(await lookups.lookup({ ...declan, confirmed: true })).toMatchObject({ status: 'paid', cost: 92 });
    expect((await readHistory()).map((e) => e.cost).sort((a, b) => a - b)).toEqual([32, 92]);
  });

  it('a lost answer counts at the maximum against the day, so the next lookup cannot pass the cap', async () => {
    const { lookups } = await setUp(1_000, (p) => {
      p.spending.dailyCap = 100;
      p.network.timeoutMs = 1_000;
      p.lookups.fullFlags.phoneFull = true;
    });
    sandbox.faults.add(KEY, { kind: 'charge-then-reset' }, 1);
    const lost = await lookups.lookup(maya);
    expect(lost).toMatchObject({ status: 'unknown', price: 92 });
    expect(await readHistory()).toMatchObject([{ outcome: 'unknown', maxCost: 92 }]);
    // 92 counted of 100: another full enrichment (up to 92) is refused before any request.
    const before = enrichments;
    expect(await lookups.lookup(declan)).toMatchObject({ status: 'refused', error: { kind: 'daily_cap' } });
    expect(enrichments).toBe(before);
  });
});

describe('a bulk run with Phone numbers on', () => {
  it('is quoted at the maximum a row, and charges no more than its quote', { timeout: 20_000 }, async () => {
    const background = await setUp(1_000, (p) => (p.lookups.fullFlags.phoneFull = true));
    const handlers = createHandlers(background.handlerDeps);
    const page: SenderInfo = { id: 'dossier', url: 'chrome-extension://dossier/bulk.html' };
    const send = <N extends keyof Handlers>(name: N, data: Parameters<Handlers[N]>[0]) => (handlers[name] as (d: unknown, s: SenderInfo) => ReturnType<Handlers[N]>)(data, page);
    const rows = ['maya-chen', 'declan-murphy', 'priya-raman'].map((slug) => [`https://www.linkedin.com/in/${slug}/`]);
    const created = await send('bulkCreate', { name: 'Three', source: 'paste', headers: ['Profile'], rows, mapping: ['profileUrl'] });
    if (!created.ok) throw new Error(created.error.message);
    const quote = await send('bulkQuote', { runId: created.value.id, operations: ['enrichPerson'], skipInCrm: false });
    if (!quote.ok) throw new Error(quote.error.message);
    expect(quote.value).toMatchObject({ total: 3 * 92, toPay: 3, byOperation: [{ op: 'enrichPerson', toPay: 3, price: 92 }] });
    const started = await send('bulkStart', { runId: created.value.id, quoteId: quote.value.id });
    if (!started.ok) throw new Error(started.error.message);
    await background.bulk.runner.whenIdle(created.value.id);
    // One mobile, three mobiles, none: 32 + 92 + 2, what each answer really cost.
    expect(charges().map((c) => c.creditBurn).sort((a, b) => a - b)).toEqual([2, 32, 92]);
    // The run over, the balance after its last lookup is read at once, not at the end of the
    // 10 s gap kept while it ran (a read here takes milliseconds; 5 s is only a margin for a busy machine).
    const read = await Promise.race([background.balanceReadsIdle().then(() => 'read'), new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5_000))]);
    expect(read).toBe('read');
  });
});
