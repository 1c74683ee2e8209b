import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxApp } from '@/sandbox/app';
import { expectError, json, startHarness, type Harness } from '@/test/conformance/helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness(); // the default limit: 10 requests per second per key
});
afterAll(() => h.stop());

describe('rate limit: 10 requests per second per key', () => {
  it('the 11th request within a second answers 429, code 8, with Retry-After in seconds', async () => {
    const apiId = await h.freshKey(100);
    const responses = await Promise.all(Array.from({ length: 11 }, () => h.get('v1/getCredit', {}, { apiId })));
    const statuses = responses.map((res) => res.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    const limited = responses.find((res) => res.status === 429)!;
    expect(limited).toBeDefined();
    expect(limited.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    await expectError(limited, 429, 8);
  });

  it('limits each key on its own', async () => {
    const [a, b] = [await h.freshKey(100), await h.freshKey(100)];
    await Promise.all(Array.from({ length: 10 }, () => h.get('v1/getCredit', {}, { apiId: a })));
    expect((await h.get('v1/getCredit', {}, { apiId: a })).status).toBe(429);
    expect((await h.get('v1/getCredit', {}, { apiId: b })).status).toBe(200);
  });

  it('a limited request costs nothing', async () => {
    const apiId = await h.freshKey(100);
    await Promise.all(Array.from({ length: 10 }, () => h.get('v1/getCredit', {}, { apiId })));
    const res = await h.get('v2/full', { data: 'https://www.linkedin.com/in/maya-chen' }, { apiId });
    expect(res.status).toBe(429);
    expect((await h.ledger(apiId)).balance).toBe(100);
  });
});

describe('rate limit: a sliding one-second window (fake clock, in process)', () => {
  function sandboxAt(clock: { now: number }) {
    const { app } = createSandboxApp({ now: () => clock.now, log: () => {} });
    return (apiId = 'sandbox-demo-key') => app.fetch(new Request(`http://sandbox/api/ingress/v1/getCredit?apiId=${apiId}`));
  }

  it('counts the last 1000 ms, not calendar seconds', async () => {
    const clock = { now: 1_000_900 };
    const get = sandboxAt(clock);
    for (let i = 0; i < 10; i += 1) expect((await get()).status).toBe(200);
    clock.now += 200; // a new calendar second, but still inside the window
    const limited = await get();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    clock.now += 799; // 999 ms after the first request
    expect((await get()).status).toBe(429);
    clock.now += 1; // 1000 ms after: the first ten have left the window
    expect((await get()).status).toBe(200);
  });

  it('spreads over time: 10 per second, indefinitely, never limited', async () => {
    const clock = { now: 0 };
    const get = sandboxAt(clock);
    for (let i = 0; i < 50; i += 1) {
      expect((await get()).status).toBe(200);
      clock.now += 100;
    }
  });

  it('refused requests do not extend the wait', async () => {
    const clock = { now: 0 };
    const get = sandboxAt(clock);
    for (let i = 0; i < 10; i += 1) await get();
    for (let i = 0; i < 20; i += 1) {
      clock.now += 10;
      expect((await get()).status).toBe(429);
    }
    clock.now = 1000;
    expect(await json(await get())).toMatchObject({ creditBurn: 0 });
  });
});
