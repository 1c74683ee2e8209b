import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json, startHarness, type Harness } from '@/test/conformance/helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ rateLimitPerSecond: 1000 });
});
afterAll(() => h.stop());

const MAYA = { data: 'https://www.linkedin.com/in/maya-chen' };

async function inject(apiId: string, kind: string | number, count = 1, delayMs?: number) {
  const res = await h.admin('faults', { method: 'POST', body: { apiId, kind, count, ...(delayMs === undefined ? {} : { delayMs }) } });
  expect(res.status, await res.clone().text()).toBe(201);
}

describe('faults (POST /__sandbox/faults)', () => {
  it('500: the next request fails with 500 and a JSON error body', async () => {
    const apiId = await h.freshKey(100);
    await inject(apiId, '500');
    const res = await h.get('v2/full', MAYA, { apiId });
    expect(res.status).toBe(500);
    expect(await json(res)).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
    expect((await h.get('v2/full', MAYA, { apiId })).status).toBe(200);
  });

  it('429 (given as a number): a rate-limit answer with Retry-After', async () => {
    const apiId = await h.freshKey(100);
    await inject(apiId, 429);
    const res = await h.get('v1/getCredit', {}, { apiId });
    expect(res.headers.get('retry-after')).toBe('1');
    await expectError(res, 429, 8);
  });

  it('count: exactly the next `count` requests fail, then answers are normal again', async () => {
    const apiId = await h.freshKey(100);
    await inject(apiId, '500', 3);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await h.get('v1/getCredit', {}, { apiId })).status);
    expect(statuses).toEqual([500, 500, 500, 200]);
  });

  it('faults queue up in order', async () => {
    const apiId = await h.freshKey(100);
    await inject(apiId, '429');
    await inject(apiId, 'html-error');
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await h.get('v1/getCredit', {}, { apiId })).status);
    expect(statuses).toEqual([429, 502, 200]);
  });

  it('malformed-json: 200 with a JSON content type and a body that does not parse', async () => {
    const apiId = await h.freshKey(100);
    await inject(apiId, 'malformed-json');
    const res = await h.get('v2/full', MAYA, { apiId });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/json/);
    const text = await res.text();
    expect(() => JSON.parse(text)).toThrow();
  });

  it('html-error: an HTML error page with status 502', async () => {
    const apiId = await h.freshKey(100);
    await inject(apiId, 'html-error');
    const res = await h.get('v2/full', MAYA, { apiId });
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toMatch(/<html>.*502/s);
  });

  it('unexpected-shape: 200 with well-formed JSON of another shape', async () => {
    const apiId = await h.freshKey(100);
    await inject(apiId, 'unexpected-shape');
    const res = await h.get('v2/full', MAYA, { apiId });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).not.toHaveProperty('data');
    expect(body).not.toHaveProperty('code');
  });

  it('slow: answers normally after delayMs (and, being a normal answer, is billed normally)', async () => {
    const apiId = await h.freshKey(100);
    await inject(apiId, 'slow', 1, 300);
    const started = Date.now();
    const res = await h.get('v2/full', MAYA, { apiId });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(res.status).toBe(200);
    expect((await json<{ data: { creditBurn: number } }>(res)).data.creditBurn).toBe(2);
    expect(await h.balance(apiId)).toBe(98);
  });

  it('slow: a client that gives up during the delay is not charged', async () => {
    const apiId = await h.freshKey(100);
    await inject(apiId, 'slow', 1, 1_000);
    await expect(h.get('v2/full', MAYA, { apiId, signal: AbortSignal.timeout(150) })).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await h.balance(apiId)).toBe(100);
  });

  it('hang: never answers until the client gives up', async () => {
    const apiId = await h.freshKey(100);
    await inject(apiId, 'hang');
    const started = Date.now();
    await expect(h.get('v2/full', MAYA, { apiId, signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect((await h.get('v1/getCredit', {}, { apiId })).status).toBe(200);
  });

  it('hang with delayMs: the sandbox gives up after delayMs with 504', async () => {
    const apiId = await h.freshKey(100);
    await inject(apiId, 'hang', 1, 200);
    const res = await h.get('v2/full', MAYA, { apiId });
    await expectError(res, 504, 4);
  });

  it('faults never charge, and each faulted request is still counted in the ledger', async () => {
    const apiId = await h.freshKey(100);
    for (const kind of ['500', '429', 'malformed-json', 'html-error', 'unexpected-shape']) await inject(apiId, kind);
    for (let i = 0; i < 5; i += 1) await h.get('v1/search', { username: 'https://www.linkedin.com/in/maya-chen' }, { apiId });
    const ledger = await h.ledger(apiId);
    expect(ledger).toMatchObject({ balance: 100, charges: [], requests: 5 });
  });

  it('apply to one key only', async () => {
    const [a, b] = [await h.freshKey(100), await h.freshKey(100)];
    await inject(a, '500');
    expect((await h.get('v1/getCredit', {}, { apiId: b })).status).toBe(200);
    expect((await h.get('v1/getCredit', {}, { apiId: a })).status).toBe(500);
  });

  it('DELETE /__sandbox/faults clears pending faults (all, or one key’s)', async () => {
    const [a, b] = [await h.freshKey(100), await h.freshKey(100)];
    await inject(a, '500', 5);
    await inject(b, '500', 5);
    expect((await h.admin(`faults?apiId=${a}`, { method: 'DELETE' })).status).toBe(200);
    expect((await h.get('v1/getCredit', {}, { apiId: a })).status).toBe(200);
    expect((await h.get('v1/getCredit', {}, { apiId: b })).status).toBe(500);
    const listed = await json<{ pending: Record<string, { kind: string; count: number }[]> }>(await h.admin('faults'));
    expect(listed.pending[b]).toEqual([{ kind: '500', count: 4 }]);
    await h.admin('faults', { method: 'DELETE' });
    expect((await h.get('v1/getCredit', {}, { apiId: b })).status).toBe(200);
  });

  it('rejects an unknown kind, a bad count, an unknown key, or a body that is not JSON', async () => {
    const apiId = await h.freshKey(1);
    await expectError(await h.admin('faults', { method: 'POST', body: { apiId, kind: 'explode' } }), 400, 3);
    await expectError(await h.admin('faults', { method: 'POST', body: { apiId, kind: '500', count: 0 } }), 400, 3);
    await expectError(await h.admin('faults', { method: 'POST', body: { apiId: 'nobody', kind: '500' } }), 404, 5);
    await expectError(await fetch(`${h.sandbox.origin}/__sandbox/faults`, { method: 'POST', body: 'kind=500' }), 400, 3);
  });
});
