import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBackground } from '@/lib/worker/wiring';
import { settleBackgroundsAfterEach } from '@/test/unit/worker/settle-backgrounds';
import { dismissDifference, fetchBalance, testConnection } from '@/lib/settings/worker/connection';
import { readHistory } from '@/lib/history/worker/store';
import type { HistoryEntry } from '@/lib/history/entry';
import { apiKeyItem, gatewayItem, preferencesItem, readBalance } from '@/lib/settings/stored';
import { DEFAULT_PREFERENCES } from '@/lib/settings/preferences';
import { createSandboxApp, type Sandbox } from '@/sandbox/app';

/**
 * The worker's real wiring against the sandbox in process. The fetch below stands in for the
 * browser's network stack, and can do what Chromium's does on a reused keep-alive connection
 * that is reset before any answer: send the same GET again, without telling the extension. The
 * gateway then charges twice; the extension sees one answer. Only the balance can tell.
 */

const KEY = 'reconcile-key';
const GATEWAY = { kind: 'sandbox' as const, url: 'http://127.0.0.1:8787/api/ingress/' };
const phone = { op: 'searchPhone' as const, input: { profileUrl: 'https://www.linkedin.com/in/maya-chen/' } };
const maya = { op: 'enrichPerson' as const, input: { profileUrl: 'https://www.linkedin.com/in/maya-chen/' } };

let sandbox: Sandbox;
/** Paths whose next request the "browser" sends twice. */
let resend: string[];
let slowPaid: Promise<void> | null;

async function setUp(balance: number) {
  sandbox.state.setKey(KEY, balance);
  await gatewayItem.setValue(GATEWAY);
  await apiKeyItem.setValue(KEY);
  const prefs = structuredClone(DEFAULT_PREFERENCES);
  prefs.network.timeoutMs = 5_000;
  await preferencesItem.setValue(prefs);
  const background = settle(createBackground({ extensionId: 'dossier', extensionOrigin: 'chrome-extension://dossier/' }));
  // The popup opens: the first reading, that the next ones are held against.
  await fetchBalance(background.connection);
  return background;
}

const differences = async () => (await readHistory()).filter((e) => e.op === 'balanceDifference');
const charges = () => sandbox.state.ledger(KEY)!.charges;

/** Another device, a teammate or a tool spends on the same key, outside Dossier. */
async function spendElsewhere(path: string, query: string) {
  const response = await sandbox.app.fetch(new Request(`http://127.0.0.1:8787/api/ingress${path}?apiId=${KEY}&${query}`));
  expect(response.status).toBe(200);
}

beforeEach(() => {
  fakeBrowser.reset();
  sandbox = createSandboxApp({ log: () => undefined });
  // Bound to this test's sandbox: a balance read an earlier test left running must not reach it.
  const own = sandbox;
  resend = [];
  slowPaid = null;
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    if (slowPaid && !path.endsWith('/v1/getCredit')) await slowPaid;
    const index = resend.findIndex((p) => path.endsWith(p));
    if (index >= 0) {
      resend.splice(index, 1);
      // The first answer never reaches the extension (its connection was reset): charged anyway.
      await sandbox.app.fetch(request.clone());
    }
    return own.app.fetch(request);
  });
});

const settle = settleBackgroundsAfterEach();

describe('a balance that moved otherwise than the lookups explain', () => {
  it('a paid request the browser sent twice: one answer, two charges; the difference is in history, on the lookup and beside the balance', async () => {
    const { lookups, connection } = await setUp(1_000);
    resend.push('/v1/search');
    const reply = await lookups.lookup(phone);
    expect(reply).toMatchObject({ status: 'paid', cost: 30 });
    expect(charges()).toHaveLength(2);

    // The balance is read again once the lookup is in history: 60 left, not 30.
    await vi.waitFor(async () => expect(await differences()).toHaveLength(1));
    const [difference] = await differences();
    expect(difference).toMatchObject({ outcome: 'difference', cost: 30, difference: { cause: 'repeat', credits: 30, before: 1_000, after: 940, expected: 30, suspects: [reply.historyId] } });
    const paid = (await readHistory()).find((e) => e.id === reply.historyId) as HistoryEntry;
    expect(paid).toMatchObject({ outcome: 'paid', cost: 30, chargeQuestion: { differenceId: difference!.id, cause: 'repeat', credits: 30 } });
    expect(await readBalance()).toMatchObject({ credits: 940, difference: { historyId: difference!.id, cause: 'repeat', credits: 30 } });

    // A later reading keeps the note beside the balance until the user has seen it.
    await fetchBalance(connection);
    expect((await readBalance())?.difference?.historyId).toBe(difference!.id);
    expect(await dismissDifference(connection, difference!.id)).toEqual({ credits: 940, at: expect.any(Number) });
    expect(await differences()).toHaveLength(1);
  });

  it('with every answer lost, a lookup charged twice is told from one charged once', async () => {
    const { lookups } = await setUp(1_000);
    resend.push('/v2/full');
    sandbox.faults.add(KEY, { kind: 'charge-then-reset' }, 2);
    const reply = await lookups.lookup(maya);
    expect(reply).toMatchObject({ status: 'unknown', price: 2 });
    expect(charges()).toHaveLength(2);
    await vi.waitFor(async () => expect(await differences()).toHaveLength(1));
    expect((await differences())[0]).toMatchObject({ difference: { cause: 'repeat', credits: 2, suspects: [reply.historyId] } });
  });

  it('spending on the same key outside Dossier is recorded as such, and not counted against the daily cap', async () => {
    const { connection } = await setUp(1_000);
    await spendElsewhere('/v1/search', `username=${encodeURIComponent('https://www.linkedin.com/in/maya-chen/')}`);
    await fetchBalance(connection);
    expect(await differences()).toMatchObject([{ cost: 0, difference: { cause: 'elsewhere', credits: 30, suspects: [] } }]);
  });

  it('a top-up between two readings is recorded as credits added', async () => {
    const { connection, lookups } = await setUp(1_000);
    await lookups.lookup(maya);
    sandbox.state.setKey(KEY, 1_498);
    await vi.waitFor(async () => expect(await differences()).toHaveLength(1));
    await fetchBalance(connection);
    const all = await differences();
    expect(all.at(-1)).toMatchObject({ cost: 0, difference: { cause: 'added' } });
  });

  it('a reading taken while a paid lookup is in flight makes no difference appear', async () => {
    const { connection, lookups } = await setUp(1_000);
    let release!: () => void;
    slowPaid = new Promise((resolve) => (release = resolve));
    const running = lookups.lookup(phone);
    // The popup reads the balance while the search is out (charged at the gateway an instant later).
    await new Promise((resolve) => setTimeout(resolve, 20));
    const during = fetchBalance(connection);
    release();
    slowPaid = null;
    await Promise.all([running, during]);
    await fetchBalance(connection);
    expect(charges()).toHaveLength(1);
    expect(await differences()).toEqual([]);
  });

  it('Test connection reads the balance of the saved key against history; a key only being tried is not', async () => {
    const { connection } = await setUp(1_000);
    sandbox.state.setKey('another-key', 50);
    expect(await testConnection(connection, GATEWAY, 'another-key')).toEqual({ status: 'ok', credits: 50 });
    expect(await differences()).toEqual([]);
    await spendElsewhere('/v1/search', `username=${encodeURIComponent('https://www.linkedin.com/in/maya-chen/')}`);
    expect(await testConnection(connection, GATEWAY, undefined)).toEqual({ status: 'ok', credits: 970 });
    expect(await differences()).toMatchObject([{ difference: { cause: 'elsewhere', credits: 30 } }]);
    expect((await readBalance())?.difference).toMatchObject({ cause: 'elsewhere', credits: 30 });
  });
});
