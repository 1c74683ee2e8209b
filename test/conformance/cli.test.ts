import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const LINE = /^Sandbox listening on (http:\/\/127\.0\.0\.1:(\d+)\/api\/ingress\/)$/;
const dir = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));
const children: ChildProcess[] = [];

afterAll(() => {
  // Only our own process groups, and only if a test failed before stopping them.
  for (const child of children) if (child.exitCode === null && child.pid) tryKill(-child.pid);
  rmSync(dir, { recursive: true, force: true });
});

function tryKill(pid: number) {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

interface Launched {
  child: ChildProcess;
  url: string;
  port: number;
  stdout: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Spawns the CLI in its own process group (so a signal reaches npx, tsx and node alike). */
function launch(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Launched> {
  const child = spawn(command, args, { cwd: ROOT, detached: true, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  let err = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.once('exit', (code, signal) => done({ code, signal })));
  return new Promise((resolveLaunch, reject) => {
    const timer = setTimeout(() => reject(new Error(`No listening line within 15 s. stdout: ${out} stderr: ${err}`)), 15_000);
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const first = out.split('\n')[0] ?? '';
      const match = out.includes('\n') ? LINE.exec(first) : null;
      if (match) {
        clearTimeout(timer);
        resolveLaunch({ child, url: match[1]!, port: Number(match[2]), stdout: () => out, exited });
      } else if (out.includes('\n')) {
        clearTimeout(timer);
        reject(new Error(`Unexpected first line: ${first}`));
      }
    });
    void exited.then(({ code }) => reject(new Error(`Exited early with ${code}. stderr: ${err}`)));
  });
}

async function refused(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1_000) });
    return false;
  } catch {
    return true;
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

describe('the CLI (sandbox/server.ts)', () => {
  it('`npx tsx sandbox/server.ts --port 0` prints its one line, serves, and stops on SIGTERM', async () => {
    const stateFile = join(dir, 'npx.json');
    const run = await launch('npx', ['tsx', 'sandbox/server.ts', '--port', '0', '--state', stateFile]);
    expect(run.port).toBeGreaterThan(0);
    await new Promise((done) => setTimeout(done, 200));
    expect(run.stdout().trim().split('\n')).toHaveLength(1);

    const res = await fetch(`${run.url}v1/getCredit?apiId=sandbox-small-key`);
    expect(await res.json()).toMatchObject({ currentCredit: '100' });
    await fetch(`${run.url}v2/full?apiId=sandbox-small-key&data=${encodeURIComponent('https://www.linkedin.com/in/maya-chen')}`);
    expect(JSON.parse(readFileSync(stateFile, 'utf8')).balances['sandbox-small-key']).toBe(98);

    process.kill(-run.child.pid!, 'SIGTERM');
    await run.exited;
    await expect.poll(() => refused(run.port), { timeout: 5_000 }).toBe(true);
  });

  it('exits with code 0 on SIGTERM and on SIGINT, and logs requests with the key redacted', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const run = await launch(process.execPath, ['--import', 'tsx', 'sandbox/server.ts', '--port=0', '--state', join(dir, `${signal}.json`)]);
      await fetch(`${run.url}v1/getCredit?apiId=sandbox-demo-key`);
      await expect.poll(() => run.stdout(), { timeout: 2_000 }).toMatch(/GET \/api\/ingress\/v1\/getCredit\?apiId=\*\*\* 200 \d+ms/);
      expect(run.stdout()).not.toContain('sandbox-demo-key');
      run.child.kill(signal);
      expect(await run.exited).toEqual({ code: 0, signal: null });
      expect(await refused(run.port)).toBe(true);
    }
  });

  it('--request-log writes each request as a JSON line with its arrival time, the key redacted', async () => {
    const logFile = join(dir, 'requests.jsonl');
    const before = Date.now();
    const run = await launch(process.execPath, ['--import', 'tsx', 'sandbox/server.ts', '--port=0', '--state', join(dir, 'log.json'), '--request-log', logFile]);
    await fetch(`${run.url}v1/getCredit?apiId=sandbox-demo-key`);
    run.child.kill('SIGTERM');
    expect(await run.exited).toEqual({ code: 0, signal: null });
    const lines = readFileSync(logFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { arrivedAt: number; path: string; status: number });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ path: '/api/ingress/v1/getCredit?apiId=***', status: 200 });
    expect(lines[0]!.arrivedAt).toBeGreaterThanOrEqual(before);
    expect(lines[0]!.arrivedAt).toBeLessThanOrEqual(Date.now());
  });

  it('takes its port from SANDBOX_PORT when --port is absent', async () => {
    const port = await freePort();
    const run = await launch(process.execPath, ['--import', 'tsx', 'sandbox/server.ts', '--state', join(dir, 'env.json')], { SANDBOX_PORT: String(port) });
    expect(run.port).toBe(port);
    run.child.kill('SIGTERM');
    await run.exited;
  });

  it('listens on 127.0.0.1 only', async () => {
    const run = await launch(process.execPath, ['--import', 'tsx', 'sandbox/server.ts', '--port', '0', '--state', join(dir, 'loopback.json')]);
    await expect(fetch(`http://[::1]:${run.port}/`, { signal: AbortSignal.timeout(1_000) })).rejects.toThrow();
    run.child.kill('SIGTERM');
    await run.exited;
  });

  it('refuses a bad port with a message and a non-zero exit', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/server.ts', '--port', 'eighty'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    expect(code).toBe(1);
    expect(err).toContain('Not a port number: eighty');
  });
});
