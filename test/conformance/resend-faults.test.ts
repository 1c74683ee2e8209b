import { Agent, get, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '@/test/conformance/helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ rateLimitPerSecond: 1000 });
});
afterAll(() => h.stop());

const MAYA = 'data=https%3A%2F%2Fwww.linkedin.com%2Fin%2Fmaya-chen';

interface Outcome {
  status?: number;
  headers?: IncomingMessage['headers'];
  body?: string;
  error?: string;
}

/** One GET over `agent` (one kept-alive connection when the agent allows one socket), reporting what arrived. */
function request(agent: Agent, path: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = get(`${h.sandbox.url}${path}`, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
      res.on('error', (error) => resolve({ status: res.statusCode, error: (error as NodeJS.ErrnoException).code ?? error.message }));
    });
    req.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
  });
}

async function inject(apiId: string, kind: string) {
  const res = await h.admin('faults', { method: 'POST', body: { apiId, kind } });
  expect(res.status, await res.clone().text()).toBe(201);
}

async function requestsOf(apiId: string) {
  const res = await h.admin(`requests?apiId=${encodeURIComponent(apiId)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { requests: { path: string; query: string; connection: number; reused: boolean; fault: string | null; connectionHeader: string | null }[] }).requests;
}

describe('connections in GET /__sandbox/requests', () => {
  it('lists each request with its connection and whether that connection had served before', async () => {
    const apiId = await h.freshKey(100);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    await request(agent, `v1/getCredit?apiId=${apiId}`);
    await request(agent, `v2/full?apiId=${apiId}&${MAYA}`);
    const other = new Agent({ keepAlive: false });
    await request(other, `v1/getCredit?apiId=${apiId}`);
    agent.destroy();
    const requests = await requestsOf(apiId);
    expect(requests.map((r) => [r.path, r.reused, r.fault])).toEqual([
      ['/v1/getCredit', false, null],
      ['/v2/full', true, null],
      ['/v1/getCredit', false, null],
    ]);
    expect(requests[1]!.connection).toBe(requests[0]!.connection);
    expect(requests[2]!.connection).not.toBe(requests[0]!.connection);
    // The key never appears; the rest of the query does, as sent, so a re-send is recognisable.
    expect(requests[1]!.query).toBe(`?apiId=***&${MAYA}`);
    // What the client asked of the connection: Node's keep-alive agent says so, the other says close.
    expect(requests.map((r) => r.connectionHeader)).toEqual(['keep-alive', 'keep-alive', 'close']);
  });

  it('an unknown key is 404/5; a reset forgets the requests', async () => {
    expect((await h.admin('requests?apiId=nobody')).status).toBe(404);
    const apiId = await h.freshKey(100);
    await h.get('v1/getCredit', {}, { apiId });
    expect(await requestsOf(apiId)).toHaveLength(1);
  });
});

describe('faults that lose the answer in ways a browser repeats', () => {
  it('charge-then-reset-before-answer: billed, then the connection is reset before any byte of the answer', async () => {
    const apiId = await h.freshKey(100);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await request(agent, `v1/getCredit?apiId=${apiId}`)).status).toBe(200);
    await inject(apiId, 'charge-then-reset-before-answer');
    const lost = await request(agent, `v2/full?apiId=${apiId}&${MAYA}`);
    expect(lost.status).toBeUndefined();
    expect(lost.error).toMatch(/ECONNRESET|socket hang up/);
    const ledger = await h.ledger(apiId);
    expect(ledger.charges.map((c) => [c.path, c.creditBurn])).toEqual([['/v2/full', 2]]);
    // The fault applied to that one request: the same lookup again is answered (and billed) normally.
    expect((await request(agent, `v2/full?apiId=${apiId}&${MAYA}`)).status).toBe(200);
    expect((await h.ledger(apiId)).charges).toHaveLength(2);
    const requests = await requestsOf(apiId);
    expect(requests.map((r) => [r.path, r.reused, r.fault])).toEqual([
      ['/v1/getCredit', false, null],
      ['/v2/full', true, 'charge-then-reset-before-answer'],
      // The reset connection is gone: the next request needed a new one.
      ['/v2/full', false, null],
    ]);
    agent.destroy();
  });

  it('charge-then-408: billed, then a bare 408 with no body, and the connection closed', async () => {
    const apiId = await h.freshKey(100);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    await request(agent, `v1/getCredit?apiId=${apiId}`);
    await inject(apiId, 'charge-then-408');
    const timedOut = await request(agent, `v2/full?apiId=${apiId}&${MAYA}`);
    expect(timedOut.status).toBe(408);
    expect(timedOut.body).toBe('');
    expect(timedOut.headers?.connection).toBe('close');
    expect((await h.ledger(apiId)).charges.map((c) => c.creditBurn)).toEqual([2]);
    await request(agent, `v1/getCredit?apiId=${apiId}`);
    expect((await requestsOf(apiId)).map((r) => [r.reused, r.fault])).toEqual([
      [false, null],
      [true, 'charge-then-408'],
      [false, null],
    ]);
    agent.destroy();
  });

  it('in process (no socket), charge-then-reset-before-answer is a network error, still billed', async () => {
    const { createSandboxApp } = await import('@/sandbox/app');
    const { app, state, faults } = createSandboxApp({ log: () => {} });
    faults.add('sandbox-small-key', { kind: 'charge-then-reset-before-answer' }, 1);
    const res = await app.fetch(new Request(`http://sandbox/api/ingress/v2/full?apiId=sandbox-small-key&${MAYA}`));
    expect(res.type).toBe('error');
    expect(state.ledger('sandbox-small-key')?.charges).toHaveLength(1);
  });
});
