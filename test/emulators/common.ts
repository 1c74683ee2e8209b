import { createAdaptorServer } from '@hono/node-server';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What every CRM emulator shares: injected faults, a "down" switch, a request log and an HTTP
 * server on 127.0.0.1 that can refuse connections and come back on the same port.
 */
/** `lost`: the request is carried out, then the connection is reset before the answer: a create whose answer never arrives. */
export type FaultKind = '429' | '500' | '502' | '503' | 'lost';
/** A fault the emulator answers with an error body of its vendor's. */
export type AnsweredFault = Exclude<FaultKind, 'lost'>;

export interface Fault {
  kind: FaultKind;
  /**
   * For 429: the Retry-After header, in seconds (1 when unset). `null` sends none, as HubSpot,
   * Pipedrive and Zoho answer: the client must know the vendor's window.
   */
  retryAfter?: number | null;
  /** For 429: the vendor's daily allowance is spent (its daily headers say 0, or its daily-limit refusal). */
  daily?: boolean;
  /** Only requests whose path contains this are hit (e.g. `/batch/upsert`). */
  path?: string;
  /** Only requests with this method. */
  method?: string;
}

export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

export class EmulatorControl {
  faults: Fault[] = [];
  /** `503`: every API request answers 503 until turned back `up`. */
  mode: 'up' | '503' = 'up';
  log: LoggedRequest[] = [];

  takeFault(method: string, path: string): Fault | null {
    const index = this.faults.findIndex((f) => (!f.path || path.includes(f.path)) && (!f.method || f.method.toUpperCase() === method));
    if (index < 0) return null;
    return this.faults.splice(index, 1)[0]!;
  }

  reset(): void {
    this.faults = [];
    this.mode = 'up';
    this.log = [];
  }
}

/** What a vendor adds to an injected fault: its own rate-limit headers, or another status (Salesforce limits with 403). */
export interface FaultAnswer {
  status?: number;
  headers?: Record<string, string>;
}

/** Logs each API request, then plays a queued fault or the down mode instead of the route. */
export function controlMiddleware(control: EmulatorControl, faultBody: (fault: AnsweredFault, detail: Fault) => unknown, vendor?: (fault: Fault) => FaultAnswer): MiddlewareHandler {
  return async (c, next) => {
    const body = ['GET', 'HEAD'].includes(c.req.method) ? '' : await c.req.raw.clone().text();
    const headers: Record<string, string> = {};
    c.req.raw.headers.forEach((value, key) => (headers[key] = value));
    const entry: LoggedRequest = { method: c.req.method, path: new URL(c.req.url).pathname + new URL(c.req.url).search, status: 0, headers, body };
    control.log.push(entry);
    if (control.mode === '503') {
      entry.status = 503;
      return c.json(faultBody('503', { kind: '503' }) as object, 503);
    }
    const fault = control.takeFault(c.req.method, entry.path);
    if (fault?.kind === 'lost') {
      await next();
      entry.status = 0;
      // The CRM did the work; the client sees a reset connection instead of the answer.
      (c.env as { incoming?: { socket?: { destroy(): void } } } | undefined)?.incoming?.socket?.destroy();
      return;
    }
    if (fault) {
      const answer = vendor?.(fault) ?? {};
      const status = answer.status ?? Number(fault.kind);
      entry.status = status;
      if (fault.kind === '429' && fault.retryAfter !== null) c.header('Retry-After', String(fault.retryAfter ?? 1));
      for (const [name, value] of Object.entries(answer.headers ?? {})) c.header(name, value);
      return c.json(faultBody(fault.kind, fault) as object, status as 429);
    }
    await next();
    entry.status = c.res.status;
  };
}

/** `/__admin/faults`, `/__admin/mode`, `/__admin/reset`, `/__admin/log`: for tests only. */
export function adminControlRoutes(app: Hono, control: EmulatorControl, reset: () => void): void {
  app.post('/__admin/faults', async (c) => {
    const body = (await c.req.json()) as Fault & { count?: number };
    for (let i = 0; i < (body.count ?? 1); i++) control.faults.push({ kind: String(body.kind) as FaultKind, retryAfter: body.retryAfter, daily: body.daily, path: body.path, method: body.method });
    return c.json({ pending: control.faults }, 201);
  });
  app.post('/__admin/mode', async (c) => {
    const { mode } = (await c.req.json()) as { mode: 'up' | '503' };
    control.mode = mode === '503' ? '503' : 'up';
    return c.json({ mode: control.mode });
  });
  app.post('/__admin/reset', (c) => {
    reset();
    control.reset();
    return c.json({ reset: true });
  });
  app.get('/__admin/log', (c) => c.json({ requests: control.log }));
}

export function bearer(c: Context): string | null {
  const value = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(value);
  return match?.[1] ?? null;
}

export interface RunningEmulator {
  origin: string;
  port: number;
  /** Stops listening (connection refused) until `resume()`, which listens on the same port. */
  refuse(): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
}

/** Serves an emulator on 127.0.0.1, a free port. */
export async function serve(app: Hono, port = 0): Promise<RunningEmulator> {
  let server = createAdaptorServer({ fetch: app.fetch });
  let listening = false;

  async function listen(on: number): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(on, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    listening = true;
    return (server.address() as AddressInfo).port;
  }

  async function stop(): Promise<void> {
    if (!listening) return;
    listening = false;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      if (server instanceof Server) server.closeAllConnections();
    });
  }

  const actual = await listen(port);
  return {
    origin: `http://127.0.0.1:${actual}`,
    port: actual,
    refuse: stop,
    async resume() {
      if (listening) return;
      server = createAdaptorServer({ fetch: app.fetch });
      await listen(actual);
    },
    close: stop,
  };
}
