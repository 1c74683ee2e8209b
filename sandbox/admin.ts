import type { IncomingMessage } from 'node:http';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { ConnectionLog } from '@/sandbox/connections';
import { FAULT_KINDS, type FaultQueue } from '@/sandbox/faults';
import type { SlidingWindowLimiter } from '@/sandbox/rate-limit';
import type { SandboxState } from '@/sandbox/state';

export interface AdminDeps {
  state: SandboxState;
  faults: FaultQueue;
  limiter: SlidingWindowLimiter;
  connections: ConnectionLog;
}

const apiIdSchema = z.string().min(1).max(200);

const faultSchema = z.object({
  apiId: apiIdSchema,
  // `500` and `429` are accepted as numbers too: that is how a test naturally writes them.
  kind: z.union([z.enum(FAULT_KINDS), z.literal(500).transform(() => '500' as const), z.literal(429).transform(() => '429' as const)]),
  count: z.number().int().min(1).max(10_000).default(1),
  delayMs: z.number().int().min(0).max(600_000).optional(),
});

const keySchema = z.object({ apiId: apiIdSchema, balance: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) });

async function readJson<T>(c: Context, schema: z.ZodType<T>): Promise<{ ok: true; value: T } | { ok: false; response: Response }> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return { ok: false, response: c.json({ code: 3, message: 'The body must be JSON.' }, 400) };
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) return { ok: false, response: c.json({ code: 3, message: z.prettifyError(parsed.error) }, 400) };
  return { ok: true, value: parsed.data };
}

/** A peer on this machine: 127.0.0.0/8 or ::1, also as an IPv4-mapped IPv6 address. */
const LOOPBACK_PEER = /^(?:::ffff:)?127(?:\.\d{1,3}){3}$|^::1$/i;
const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * The admin routes can reset balances and queue faults, so they answer only this machine,
 * addressed as this machine. The peer check keeps other hosts out should the server ever
 * listen beyond 127.0.0.1; the Host check defeats DNS rebinding, where a web page's own name
 * is pointed at 127.0.0.1 and the browser (a loopback peer) sends `Host: evil.example`.
 * A request with no socket (`app.fetch` in-process) has no peer to check and is refused too:
 * in-process callers hold `state` and `faults` directly.
 */
export function loopbackOnly(): MiddlewareHandler {
  return async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const peer = incoming?.socket.remoteAddress;
    const port = incoming?.socket.localPort;
    if (!peer || !LOOPBACK_PEER.test(peer)) return refuse(c, 'The sandbox admin routes answer only requests from this machine.');
    const host = (c.req.header('host') ?? '').toLowerCase();
    const allowed = LOOPBACK_HOSTS.flatMap((name) => (port === 80 ? [name, `${name}:80`] : [`${name}:${port}`]));
    if (!allowed.includes(host)) {
      return refuse(c, `The sandbox admin routes answer only requests addressed to 127.0.0.1:${port}, localhost:${port} or [::1]:${port}.`);
    }
    await next();
  };
}

function refuse(c: Context, message: string): Response {
  // gRPC-style body, like every other sandbox error: 7 is PERMISSION_DENIED.
  return c.json({ code: 7, message }, 403);
}

/** Test-only controls under `/__sandbox`: faults, ledgers, keys, reset. Not part of the interface. */
export function adminRoutes({ state, faults, limiter, connections }: AdminDeps): Hono {
  const routes = new Hono();
  routes.use('*', loopbackOnly());

  routes.post('/faults', async (c) => {
    const input = await readJson(c, faultSchema);
    if (!input.ok) return input.response;
    const { apiId, kind, count, delayMs } = input.value;
    if (!state.hasKey(apiId)) return c.json({ code: 5, message: `Unknown apiId: create it with POST /__sandbox/keys first.` }, 404);
    faults.add(apiId, delayMs === undefined ? { kind } : { kind, delayMs }, count);
    return c.json({ pending: faults.pending()[apiId] ?? [] }, 201);
  });
  routes.get('/faults', (c) => c.json({ pending: faults.pending() }));
  routes.delete('/faults', (c) => {
    faults.clear(c.req.query('apiId'));
    return c.json({ pending: faults.pending() });
  });

  routes.get('/ledger', (c) => {
    const apiId = c.req.query('apiId');
    const ledger = apiId === undefined ? undefined : state.ledger(apiId);
    if (!ledger) return c.json({ code: 5, message: 'Unknown apiId.' }, 404);
    return c.json(ledger);
  });

  // Which connection served each request of a key, and whether it was a reused one: how a test
  // sees a browser send the same request again by itself.
  routes.get('/requests', (c) => {
    const apiId = c.req.query('apiId');
    if (apiId === undefined || !state.hasKey(apiId)) return c.json({ code: 5, message: 'Unknown apiId.' }, 404);
    return c.json({ requests: connections.requests(apiId) });
  });

  routes.post('/keys', async (c) => {
    const input = await readJson(c, keySchema);
    if (!input.ok) return input.response;
    state.setKey(input.value.apiId, input.value.balance);
    return c.json(input.value, 201);
  });

  routes.post('/reset', (c) => {
    state.reset();
    faults.clear();
    limiter.reset();
    connections.reset();
    return c.json({ reset: true });
  });

  return routes;
}
