import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { LoggedRequest } from '@/sandbox/log';

const ROOT = resolve(import.meta.dirname, '../..');
const LISTENING = /^Sandbox listening on (http:\/\/127\.0\.0\.1:\d+\/api\/ingress\/)$/m;

export interface SandboxProcess {
  url: string;
  /** Stops the sandbox and reads its request log (each request with its arrival time). */
  stop(): Promise<LoggedRequest[]>;
}

/**
 * The sandbox in a process of its own, as a gateway is: its clock reads a request's arrival when
 * it arrives, where a sandbox sharing the bench's process would read it whenever the browser
 * driver left its event loop free (tens of milliseconds late on a busy machine).
 */
export async function startSandboxProcess(crowd: number): Promise<SandboxProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'dossier-bench-sandbox-'));
  const logFile = join(dir, 'requests.jsonl');
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['sandbox/server.ts', '--port', '0', '--crowd', String(crowd), '--state', join(dir, 'balances.json'), '--request-log', logFile], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = await new Promise<string>((found, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`The sandbox did not start within 30 s: ${out}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = LISTENING.exec(out);
      if (match) {
        clearTimeout(timer);
        found(match[1]!);
      }
    });
    void exited.then(() => fail(new Error(`The sandbox stopped before listening: ${out}`)));
  });
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
      await exited;
      const lines = readFileSync(logFile, 'utf8').split('\n').filter(Boolean);
      rmSync(dir, { recursive: true, force: true });
      return lines.map((line) => JSON.parse(line) as LoggedRequest);
    },
  };
}
