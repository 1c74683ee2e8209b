import { createAdaptorServer } from '@hono/node-server';
import { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSandboxApp, type SandboxOptions } from '@/sandbox/app';
import type { FaultQueue } from '@/sandbox/faults';
import type { SandboxState } from '@/sandbox/state';

export interface StartOptions extends SandboxOptions {
  /** 0 picks a free port. Defaults to 8787. */
  port?: number;
}

export interface RunningSandbox {
  /** The gateway base URL, e.g. `http://127.0.0.1:8787/api/ingress/`. */
  url: string;
  origin: string;
  port: number;
  state: SandboxState;
  faults: FaultQueue;
  /** Stops listening and drops open connections (hung requests included). Safe to call twice. */
  close(): Promise<void>;
}

export const DEFAULT_PORT = 8787;
/** What the command line and the demo serve besides the directory: enough for a bulk run of thousands. */
export const DEFAULT_CROWD = 3_000;

/** Starts the sandbox on 127.0.0.1 only: it serves fake data, but nobody else should spend its keys. */
export async function startSandbox(options: StartOptions = {}): Promise<RunningSandbox> {
  const { port = DEFAULT_PORT, ...appOptions } = options;
  const { app, state, faults } = createSandboxApp(appOptions);
  const server = createAdaptorServer({ fetch: app.fetch });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

  const actualPort = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${actualPort}`;
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      if (server instanceof Server) server.closeAllConnections();
    });
    return closing;
  };
  return { url: `${origin}/api/ingress/`, origin, port: actualPort, state, faults, close };
}
