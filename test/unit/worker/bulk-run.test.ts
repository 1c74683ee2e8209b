import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers } from '@/lib/worker/handlers';
import type { Handlers } from '@/lib/contracts/handlers';
import { createBackground } from '@/lib/worker/wiring';
import { settleBackgroundsAfterEach } from '@/test/unit/worker/settle-backgrounds';
import { getRun, readRows } from '@/lib/bulk/store';
import type { SenderInfo } from '@/lib/platform/messaging/sender';
import { DEFAULT_PREFERENCES } from '@/lib/settings/preferences';
import { apiKeyItem, gatewayItem, preferencesItem } from '@/lib/settings/stored';
import { createSandboxApp, type Sandbox } from '@/sandbox/app';
import { buildCrowd } from '@/sandbox/tools/generate-directory';

/**
 * A bulk run through the worker's real wiring (its one lookup service, limiter, cap, ledger,
 * history, contact book and vault) against the real sandbox in process, serving its crowd.
 */
const KEY = 'bulk-run-key';
const GATEWAY = { kind: 'sandbox' as const, url: 'http://127.0.0.1:8787/api/ingress/' };
const page: SenderInfo = { id: 'dossier', url: 'chrome-extension://dossier/bulk.html' };
const CROWD = 12;
const profiles = buildCrowd(CROWD).people.map((p) => p.networkUrl);

let sandbox: Sandbox;
let sent: string[];

async function setUp(balance = 1_000) {
  sandbox.state.setKey(KEY, balance);
  await gatewayItem.setValue(GATEWAY);
  await apiKeyItem.setValue(KEY);
  const prefs = structuredClone(DEFAULT_PREFERENCES);
  prefs.network.timeoutMs = 1_000;
  await preferencesItem.setValue(prefs);
  const background = settle(createBackground({ extensionId: 'dossier', extensionOrigin: 'chrome-extension://dossier/' }));
  // As the bulk page does when it opens: the balance is known before the run.
  const { fetchBalance } = await import('@/lib/settings/worker/connection');
  await fetchBalance(background.connection);
  const handlers = createHandlers(background.handlerDeps);
  const send = <N extends keyof Handlers>(name: N, data: Parameters<Handlers[N]>[0]) => (handlers[name] as (d: unknown, s: SenderInfo) => ReturnType<Handlers[N]>)(data, page);
  return { background, send };
}

const charged = () => sandbox.state.ledger(KEY)!.charges.reduce((sum, c) => sum + c.creditBurn, 0);
const fullCalls = () => sent.filter((p) => p.endsWith('/v2/full')).length;

async function quoteAndStart(send: Awaited<ReturnType<typeof setUp>>['send'], runId: string) {
  const quote = await send('bulkQuote', { runId, operations: ['enrichPerson'], skipInCrm: false });
  if (!quote.ok) throw new Error(quote.error.message);
  const started = await send('bulkStart', { runId, quoteId: quote.value.id });
  if (!started.ok) throw new Error(started.error.message);
  return quote.value;
}

beforeEach(() => {
  fakeBrowser.reset();
  sandbox = createSandboxApp({ crowd: CROWD, log: () => undefined });
  // Bound to this test's sandbox: a balance read an earlier test left running must not reach it.
  const own = sandbox;
  sent = [];
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push(new URL(request.url).pathname);
    return own.app.fetch(request);
  });
});

const settle = settleBackgroundsAfterEach();

describe('a bulk run against the sandbox', () => {
  it('charges what the quote said: people already in the ledger free, bad rows skipped, each person once', { timeout: 20_000 }, async () => {
    const { background, send } = await setUp();
    // Three people looked up before: the ledger answers them free.
    for (const url of profiles.slice(0, 3)) await background.lookups.lookup({ op: 'enrichPerson', input: { profileUrl: url } });
    const before = charged();
    const created = await send('bulkCreate', { name: 'Crowd', source: 'paste', headers: ['Profile'], rows: [...profiles.map((u) => [u]), ['not a profile'], ['']], mapping: ['profileUrl'] });
    if (!created.ok) throw new Error(created.error.message);
    const quote = await quoteAndStart(send, created.value.id);
    expect(quote).toMatchObject({ total: (CROWD - 3) * 2, toPay: CROWD - 3, fromLedger: 3, unusable: 2 });

    await background.bulk.runner.whenIdle(created.value.id);
    expect(charged() - before).toBe(quote.total);
    const rows = await readRows(created.value.id, 0, 100);
    expect(rows.filter((r) => r.contactId)).toHaveLength(CROWD);
    // The results file's columns, from each answer (the ledger's included).
    for (const row of rows.slice(0, CROWD)) expect(row.columns).toMatchObject({ email: expect.stringContaining('@'), jobTitle: expect.any(String), profileUrl: expect.stringContaining('linkedin.com/in/') });
    expect(await getRun(created.value.id)).toMatchObject({ state: 'done', counts: { total: CROWD + 2, paid: CROWD - 3, free: 3, skipped: 2, spent: quote.total, sending: 0 } });
  });

  it('an answer lost after the gateway charged it: unknown, charged once, sent again only when the user confirms its price', { timeout: 20_000 }, async () => {
    const { background, send } = await setUp();
    const created = await send('bulkCreate', { name: 'Crowd', source: 'paste', headers: ['Profile'], rows: profiles.slice(0, 4).map((u) => [u]), mapping: ['profileUrl'] });
    if (!created.ok) throw new Error(created.error.message);
    sandbox.faults.add(KEY, { kind: 'charge-then-reset' }, 1);
    await quoteAndStart(send, created.value.id);
    await background.bulk.runner.whenIdle(created.value.id);
    expect(fullCalls()).toBe(4);
    expect(charged()).toBe(8);
    expect(await getRun(created.value.id)).toMatchObject({ state: 'done', counts: { paid: 3, unknown: 1 } });
    const rows = await readRows(created.value.id, 0, 10);
    expect(rows.flatMap((r) => r.tasks).filter((t) => t.state === 'unknown')).toHaveLength(1);

    expect(await send('bulkRetry', { runId: created.value.id, which: 'unknown' })).toMatchObject({ ok: false, error: { kind: 'needs_confirmation' } });
    expect(fullCalls()).toBe(4);
    expect(await send('bulkRetry', { runId: created.value.id, which: 'unknown', price: 2 })).toMatchObject({ ok: true });
    await background.bulk.runner.whenIdle(created.value.id);
    expect(fullCalls()).toBe(5);
    expect(charged()).toBe(10);
  });

  it('429s answered by the gateway are honoured and retried: nothing is charged twice', { timeout: 20_000 }, async () => {
    const { background, send } = await setUp();
    const created = await send('bulkCreate', { name: 'Crowd', source: 'paste', headers: ['Profile'], rows: profiles.slice(0, 6).map((u) => [u]), mapping: ['profileUrl'] });
    if (!created.ok) throw new Error(created.error.message);
    sandbox.faults.add(KEY, { kind: '429' }, 3);
    await quoteAndStart(send, created.value.id);
    await background.bulk.runner.whenIdle(created.value.id);
    expect(charged()).toBe(12);
    expect(sandbox.state.ledger(KEY)!.charges).toHaveLength(6);
  });

  it('the daily cap reached mid-run pauses it, with nothing charged beyond the cap', { timeout: 20_000 }, async () => {
    const { background, send } = await setUp();
    const created = await send('bulkCreate', { name: 'Crowd', source: 'paste', headers: ['Profile'], rows: profiles.slice(0, 8).map((u) => [u]), mapping: ['profileUrl'] });
    if (!created.ok) throw new Error(created.error.message);
    await quoteAndStart(send, created.value.id);
    // The user lowers the cap after confirming: the per-lookup reservation still holds.
    const prefs = structuredClone(DEFAULT_PREFERENCES);
    prefs.network.timeoutMs = 1_000;
    prefs.spending.dailyCap = 6;
    await preferencesItem.setValue(prefs);
    await background.bulk.runner.whenIdle(created.value.id);
    expect(charged()).toBeLessThanOrEqual(6);
    expect(await getRun(created.value.id)).toMatchObject({ state: 'paused', pauseReason: { kind: 'daily_cap' } });
  });
});
