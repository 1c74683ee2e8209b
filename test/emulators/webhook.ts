import { Hono } from 'hono';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { adminControlRoutes, controlMiddleware, EmulatorControl, serve, type AnsweredFault, type RunningEmulator } from '@/test/emulators/common';

/**
 * A receiver such as an automation tool runs: checks the HMAC-SHA256 signature of the raw body
 * with the shared secret (node:crypto, independent of the extension's WebCrypto code), and
 * drops repeats by their Idempotency-Key, the way such tools dedupe.
 */
export const WEBHOOK_SECRET = 'whsec-emulator-0123456789abcdef';

export interface Delivery {
  path: string;
  body: string;
  json: unknown;
  signature: string | null;
  signatureValid: boolean;
  idempotencyKey: string | null;
  duplicate: boolean;
  at: number;
}

const FAULT_BODIES: Record<AnsweredFault, object> = {
  '429': { error: 'Too many requests' },
  '500': { error: 'Internal error' },
  '502': { error: 'Bad gateway' },
  '503': { error: 'Service unavailable' },
};

export function verifySignature(secret: string, body: string, header: string | null): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', secret).update(body, 'utf8').digest();
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function createWebhookEmulator(options: { secret?: string; rejectBadSignatures?: boolean } = {}) {
  const secret = options.secret ?? WEBHOOK_SECRET;
  const deliveries: Delivery[] = [];
  const control = new EmulatorControl();
  const app = new Hono();
  /**
   * How the receiver answers a delivery it took: 2xx, or a redirect to where its result can be
   * read, as a Google Apps Script web app does (its answer is served from another host). `moved`:
   * the receiver now lives at its path with a trailing slash, and the old one answers a move.
   */
  const answer: { redirect: 302 | 303 | null; moved: 301 | 307 | 308 | null } = { redirect: null, moved: null };

  adminControlRoutes(app, control, () => {
    deliveries.splice(0);
    answer.redirect = null;
    answer.moved = null;
  });
  app.get('/__admin/deliveries', (c) => c.json({ deliveries }));
  // Where the redirect points: a GET here reads the result (a client following a 302 after a POST turns it into a GET).
  app.get('/echo/:id', (c) => c.json({ status: 'accepted', id: c.req.param('id') }));

  const hooks = new Hono();
  hooks.use(controlMiddleware(control, (kind) => FAULT_BODIES[kind]));
  hooks.post('/*', async (c) => {
    // A receiver that moved (to the same path with a trailing slash) hands the request on, undone.
    const path = new URL(c.req.url).pathname;
    if (answer.moved && !path.endsWith('/')) return c.redirect(`${path}/`, answer.moved);
    const body = await c.req.text();
    const signature = c.req.header('x-dossier-signature') ?? null;
    const idempotencyKey = c.req.header('idempotency-key') ?? null;
    const signatureValid = verifySignature(secret, body, signature);
    let json: unknown = null;
    try {
      json = JSON.parse(body);
    } catch {
      // Recorded as it came: a test asserts on it.
    }
    const duplicate = idempotencyKey !== null && deliveries.some((d) => d.idempotencyKey === idempotencyKey && d.signatureValid && !d.duplicate);
    deliveries.push({ path: new URL(c.req.url).pathname, body, json, signature, signatureValid, idempotencyKey, duplicate, at: Date.now() });
    if (!signatureValid && options.rejectBadSignatures !== false) return c.json({ error: 'Invalid signature' }, 401);
    if (answer.redirect) return c.redirect(`/echo/${deliveries.length}`, answer.redirect);
    return c.json({ status: duplicate ? 'duplicate' : 'accepted' }, duplicate ? 200 : 202);
  });
  app.route('/', hooks);

  /** Deliveries that counted: signed correctly and not a repeat of a key already accepted. */
  const accepted = () => deliveries.filter((d) => d.signatureValid && !d.duplicate);
  return { app, deliveries, accepted, control, secret, answer };
}

export type WebhookEmulator = ReturnType<typeof createWebhookEmulator>;

export async function startWebhookEmulator(options: { secret?: string } = {}): Promise<WebhookEmulator & { server: RunningEmulator; origin: string; url: string }> {
  const emulator = createWebhookEmulator(options);
  const server = await serve(emulator.app);
  return { ...emulator, server, origin: server.origin, url: `${server.origin}/hooks/dossier` };
}
