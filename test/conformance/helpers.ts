import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { startSandbox, type RunningSandbox, type StartOptions } from '@/sandbox/start';

export const DEMO = 'sandbox-demo-key';
export const SMALL = 'sandbox-small-key';
export const EMPTY = 'sandbox-empty-key';

export interface Harness {
  sandbox: RunningSandbox;
  stateFile: string;
  /** GET `<base><path>?apiId=…&…`; params are encoded with URLSearchParams unless `raw` is given. */
  get(path: string, params?: Record<string, string>, options?: { apiId?: string | null; raw?: string; signal?: AbortSignal }): Promise<Response>;
  admin(path: string, init?: { method?: string; body?: unknown }): Promise<Response>;
  /** A key of its own for one test, so balances and rate windows never interfere. */
  freshKey(balance: number): Promise<string>;
  balance(apiId: string): Promise<number>;
  ledger(apiId: string): Promise<{ balance: number; requests: number; charges: { path: string; operation: string; creditBurn: number; at: string }[] }>;
  stop(): Promise<void>;
}

let keySerial = 0;

/**
 * A real sandbox on a free port with a temporary state file. Suites that walk many lookups in
 * a row raise the rate limit (`rateLimitPerSecond`) so they test one rule at a time; the rate
 * limit has its own suite with the default of 10.
 */
export async function startHarness(options: StartOptions & { stateFile?: string } = {}): Promise<Harness> {
  const ownDir = options.stateFile === undefined ? mkdtempSync(join(tmpdir(), 'sandbox-conformance-')) : undefined;
  const stateFile = options.stateFile ?? join(ownDir!, 'balances.json');
  const sandbox = await startSandbox({ log: () => {}, ...options, port: 0, stateFile });

  const harness: Harness = {
    sandbox,
    stateFile,
    get(path, params = {}, { apiId = DEMO, raw, signal } = {}) {
      const query = new URLSearchParams(apiId === null ? params : { apiId, ...params }).toString();
      const url = `${sandbox.url}${path.replace(/^\//, '')}?${raw === undefined ? query : [query, raw].filter(Boolean).join('&')}`;
      return fetch(url, signal ? { signal } : {});
    },
    admin(path, init = {}) {
      return fetch(`${sandbox.origin}/__sandbox/${path}`, {
        method: init.method ?? 'GET',
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body), headers: { 'Content-Type': 'application/json' } }),
      });
    },
    async freshKey(balance) {
      keySerial += 1;
      const apiId = `conformance-${process.pid}-${keySerial}-${Math.random().toString(36).slice(2, 8)}`;
      const res = await harness.admin('keys', { method: 'POST', body: { apiId, balance } });
      if (res.status !== 201) throw new Error(`Could not create a key: ${res.status} ${await res.text()}`);
      return apiId;
    },
    async balance(apiId) {
      const res = await harness.get('v1/getCredit', {}, { apiId });
      const body = (await res.json()) as { currentCredit: string };
      return Number(body.currentCredit);
    },
    async ledger(apiId) {
      const res = await harness.admin(`ledger?apiId=${encodeURIComponent(apiId)}`);
      return res.json() as ReturnType<Harness['ledger']>;
    },
    async stop() {
      await sandbox.close();
      if (ownDir) rmSync(ownDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** Reads a JSON body, failing with the raw text when it is not JSON. */
export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  const text = await res.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`Expected JSON, got ${res.status}: ${text.slice(0, 200)}`);
  }
}

export async function expectError(res: Response, status: number, code: number): Promise<{ code: number; message: string }> {
  const body = await json<{ code: number; message: string }>(res);
  expect({ status: res.status, code: body.code }, JSON.stringify(body)).toEqual({ status, code });
  expect(Object.keys(body).sort()).toEqual(['code', 'message']);
  expect(body.message).toMatch(/\S/);
  return body;
}
