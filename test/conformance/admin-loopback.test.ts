import { createAdaptorServer } from '@hono/node-server';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxApp } from '@/sandbox/app';
import { SMALL, startHarness, type Harness } from '@/test/conformance/helpers';

/**
 * The admin routes reset balances and queue faults: only this machine, addressing the sandbox
 * as this machine, may use them. DNS rebinding is a web page whose own name now resolves to
 * 127.0.0.1: the browser connects from loopback but sends `Host: <the page's name>`.
 */

interface RawAnswer {
  status: number;
  body: string;
}

/** A raw HTTP/1.1 request, so that the Host header is exactly what the test says (or absent). */
function raw(options: { host: string; port: number; path: string; method?: string; hostHeader?: string | null; localAddress?: string }): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (options.hostHeader) headers.host = options.hostHeader;
    const req = request(
      {
        host: options.host,
        port: options.port,
        path: options.path,
        method: options.method ?? 'GET',
        headers,
        setHost: options.hostHeader === undefined,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function expectRefused(answer: RawAnswer): void {
  expect(answer.status).toBe(403);
  const body = JSON.parse(answer.body) as { code: number; message: string };
  expect(body.code).toBe(7);
  expect(body.message).toMatch(/sandbox admin routes answer only/);
}

describe('admin routes: the Host header', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.stop());

  const get = (hostHeader: string | null, path = '/__sandbox/faults', method = 'GET') => raw({ host: '127.0.0.1', port: h.sandbox.port, path, method, hostHeader });

  it.each(['127.0.0.1', 'localhost', '[::1]', 'LOCALHOST'])('%s with the server’s port is answered', async (name) => {
    expect((await get(`${name}:${h.sandbox.port}`)).status).toBe(200);
  });

  it.each([
    ['a rebound name', (port: number) => `evil.example:${port}`],
    ['a rebound name without port', () => 'evil.example'],
    ['loopback without the port', () => '127.0.0.1'],
    ['loopback with another port', (port: number) => `127.0.0.1:${port + 1}`],
    ['a subdomain of localhost', (port: number) => `a.localhost:${port}`],
    ['another loopback address', (port: number) => `127.0.0.2:${port}`],
    ['a name ending like localhost', (port: number) => `evil-localhost:${port}`],
  ])('%s: 403 with a JSON reason', async (_label, host) => {
    expectRefused(await get(host(h.sandbox.port)));
  });

  it('no Host header at all is refused (Node itself answers 400 to HTTP/1.1 without Host)', async () => {
    expect([400, 403]).toContain((await get(null)).status);
  });

  it('a forged Host cannot reset balances or queue faults', async () => {
    const rebound = `evil.example:${h.sandbox.port}`;
    const key = await h.freshKey(50);
    await h.get('v2/full', { data: 'https://www.linkedin.com/in/maya-chen' }, { apiId: key });
    const before = await h.balance(key);
    expectRefused(await get(rebound, '/__sandbox/reset', 'POST'));
    expectRefused(await get(rebound, `/__sandbox/ledger?apiId=${SMALL}`));
    expect(await h.balance(key)).toBe(before);
  });

  it('the interface itself is not affected', async () => {
    expect((await get(`evil.example:${h.sandbox.port}`, `/api/ingress/v1/getCredit?apiId=${SMALL}`)).status).toBe(200);
  });
});

describe('admin routes: the peer', () => {
  it('an in-process request has no peer and is refused', async () => {
    const { app } = createSandboxApp({ log: () => {} });
    const res = await app.fetch(new Request('http://127.0.0.1:8787/__sandbox/faults'));
    expect(res.status).toBe(403);
  });

  /** This machine's own non-loopback address, if it has one: a peer that is not loopback. */
  const external = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

  it.skipIf(!external)('a peer from another address is refused even with a loopback Host', async () => {
    const { app } = createSandboxApp({ log: () => {} });
    const server = createAdaptorServer({ fetch: app.fetch }) as Server;
    await new Promise<void>((resolve) => server.listen(0, external, () => resolve()));
    const port = (server.address() as AddressInfo).port;
    try {
      expectRefused(await raw({ host: external!, port, path: '/__sandbox/faults', hostHeader: `127.0.0.1:${port}`, localAddress: external }));
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
