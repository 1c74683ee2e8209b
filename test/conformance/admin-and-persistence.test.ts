import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandboxApp } from '@/sandbox/app';
import { DEMO, EMPTY, expectError, SMALL, startHarness } from '@/test/conformance/helpers';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-persistence-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MAYA = { data: 'https://www.linkedin.com/in/maya-chen' };

describe('balances persist across restarts in the state file', () => {
  it('a restart with the same state file keeps balances and created keys', async () => {
    const stateFile = join(dir, 'restart', 'balances.json');
    const first = await startHarness({ stateFile });
    expect(await first.balance(SMALL)).toBe(100);
    await first.get('v2/full', MAYA, { apiId: SMALL });
    const created = await first.freshKey(77);
    await first.stop();

    const second = await startHarness({ stateFile });
    expect(await second.balance(SMALL)).toBe(98);
    expect(await second.balance(created)).toBe(77);
    expect(await second.balance(DEMO)).toBe(1_000_000);
    await second.stop();
    expect(JSON.parse(readFileSync(stateFile, 'utf8'))).toMatchObject({ version: 1, balances: { [SMALL]: 98 } });
  });

  it('a different state file starts from the default balances', async () => {
    const other = await startHarness({ stateFile: join(dir, 'other.json') });
    expect(await other.balance(SMALL)).toBe(100);
    expect(await other.balance(EMPTY)).toBe(0);
    await other.stop();
  });

  it('an unreadable state file is reported and replaced by default balances', async () => {
    const stateFile = join(dir, 'corrupt.json');
    writeFileSync(stateFile, '{"version": 1, "balances": {"sandbox-small-key": -5');
    const lines: string[] = [];
    const h = await startHarness({ stateFile, log: (line) => lines.push(line) });
    expect(await h.balance(SMALL)).toBe(100);
    expect(lines.some((line) => line.includes('ignoring unreadable state file'))).toBe(true);
    await h.stop();
  });

  it('without a state file (in-process use), balances live in memory only', async () => {
    const a = createSandboxApp({ log: () => {} });
    await a.app.fetch(new Request(`http://sandbox/api/ingress/v2/full?apiId=${SMALL}&data=${encodeURIComponent(MAYA.data)}`));
    expect(a.state.balance(SMALL)).toBe(98);
    expect(createSandboxApp({ log: () => {} }).state.balance(SMALL)).toBe(100);
  });
});

describe('admin API', () => {
  it('POST /__sandbox/keys creates a key or sets a balance', async () => {
    const h = await startHarness({ stateFile: join(dir, 'keys.json') });
    const res = await h.admin('keys', { method: 'POST', body: { apiId: 'my-test-key', balance: 5 } });
    expect(res.status).toBe(201);
    expect(await h.balance('my-test-key')).toBe(5);
    await h.admin('keys', { method: 'POST', body: { apiId: SMALL, balance: 3 } });
    expect(await h.balance(SMALL)).toBe(3);
    await expectError(await h.admin('keys', { method: 'POST', body: { apiId: '', balance: 5 } }), 400, 3);
    await expectError(await h.admin('keys', { method: 'POST', body: { apiId: 'k', balance: -1 } }), 400, 3);
    await h.stop();
  });

  it('GET /__sandbox/ledger reports balance, charges and the request count; 404 for an unknown key', async () => {
    const h = await startHarness({ stateFile: join(dir, 'ledger.json'), rateLimitPerSecond: 1000 });
    await h.get('v2/full', MAYA, { apiId: SMALL });
    await h.get('v2/full', { data: 'nobody@nowhere.example' }, { apiId: SMALL });
    const ledger = await h.ledger(SMALL);
    expect(ledger).toMatchObject({ balance: 98, requests: 2, charges: [{ path: '/v2/full', operation: 'full', creditBurn: 2 }] });
    expect(Object.keys(ledger).sort()).toEqual(['balance', 'charges', 'requests']);
    await expectError(await h.admin('ledger?apiId=nobody'), 404, 5);
    await h.stop();
  });

  it('POST /__sandbox/reset restores default balances, drops created keys and clears counters and faults', async () => {
    const h = await startHarness({ stateFile: join(dir, 'reset.json') });
    await h.get('v2/full', MAYA, { apiId: SMALL });
    const created = await h.freshKey(10);
    await h.admin('faults', { method: 'POST', body: { apiId: SMALL, kind: '500', count: 5 } });
    expect((await h.admin('reset', { method: 'POST' })).status).toBe(200);
    expect(await h.ledger(SMALL)).toEqual({ balance: 100, charges: [], requests: 0 });
    await expectError(await h.get('v1/getCredit', {}, { apiId: created }), 401, 16);
    expect((await h.get('v1/getCredit', {}, { apiId: SMALL })).status).toBe(200);
    expect(JSON.parse(readFileSync(join(dir, 'reset.json'), 'utf8')).balances).toEqual({ [DEMO]: 1_000_000, [SMALL]: 100, [EMPTY]: 0 });
    await h.stop();
  });
});
