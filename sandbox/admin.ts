import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { FAULT_KINDS, type FaultQueue } from './faults';
import type { SlidingWindowLimiter } from './rate-limit';
import type { SandboxState } from './state';

export interface AdminDeps {
  state: SandboxState;
  faults: FaultQueue;
  limiter: SlidingWindowLimiter;
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

/** Test-only controls under `/__sandbox`: faults, ledgers, keys, reset. Not part of the interface. */
export function adminRoutes({ state, faults, limiter }: AdminDeps): Hono {
  const routes = new Hono();

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
    return c.json({ reset: true });
  });

  return routes;
}
