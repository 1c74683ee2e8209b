import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '@/sandbox/start';

/** People beyond the directory for bulk runs (sandbox/tools/generate-directory.ts, buildCrowd). */
export const E2E_CROWD = 500;

/** The sandbox as the browser suites (Chromium and Firefox) drive it. */
export interface Sandbox {
  url: string;
  origin: string;
  close(): Promise<void>;
  ledger(apiId: string): Promise<{ balance: number; requests: number; charges: { path: string; creditBurn: number }[] }>;
  admin(path: string, init?: RequestInit): Promise<Response>;
  /** How many requests of this key reached this path (free balance reads are counted apart from lookups). */
  sentTo(apiId: string, path: string): Promise<number>;
  /** A new API key of the sandbox's with this many credits, for one test alone. */
  newKey(balance?: number): Promise<string>;
}

/**
 * A sandbox of its own on a free port of 127.0.0.1 (or the one given: a new user's default), its state in a folder of its own, with the
 * crowd (served by the interface only, never on the demo pages); `stop` closes it and removes that folder.
 */
export async function startTestSandbox(port = 0): Promise<{ sandbox: Sandbox; stop(): Promise<void> }> {
  const stateDir = mkdtempSync(join(tmpdir(), 'dossier-sandbox-'));
  const server = await startSandbox({ port, stateFile: join(stateDir, 'balances.json'), log: () => {}, crowd: E2E_CROWD });
  const origin = new URL(server.url).origin;
  const admin = (path: string, init?: RequestInit) => fetch(`${origin}/__sandbox/${path}`, init);
  const sandbox: Sandbox = {
    url: server.url,
    origin,
    close: server.close,
    admin,
    async ledger(apiId) {
      return (await admin(`ledger?apiId=${encodeURIComponent(apiId)}`)).json();
    },
    async sentTo(apiId, path) {
      const { requests } = (await (await admin(`requests?apiId=${encodeURIComponent(apiId)}`)).json()) as { requests: { path: string }[] };
      return requests.filter((request) => request.path === path).length;
    },
    async newKey(balance = 1000) {
      const apiId = `e2e-${Math.random().toString(36).slice(2)}`;
      const created = await admin('keys', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiId, balance }) });
      if (!created.ok) throw new Error(`The sandbox refused a new key: ${created.status}`);
      return apiId;
    },
  };
  return {
    sandbox,
    async stop() {
      await server.close();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}
