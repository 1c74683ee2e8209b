/**
 * `npm run sandbox -- [--port <n>] [--state <file>] [--crowd <n>] [--request-log <file>]`: serves
 * the sandbox until SIGINT/SIGTERM. Prints exactly one line once listening, which launchers and
 * tests parse. `--request-log`: each request as a JSON line with its arrival time, the gateway's
 * own log to measure a client's rate against (scripts/bench/bulk.bench.ts).
 */
import { createWriteStream } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_CROWD, DEFAULT_PORT, startSandbox } from '@/sandbox/start';
import { CROWD_MAX } from '@/sandbox/tools/generate-directory';

const DEFAULT_STATE_FILE = fileURLToPath(new URL('./.state/balances.json', import.meta.url));

function portFrom(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_PORT;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65_535) throw new Error(`Not a port number: ${raw}`);
  return port;
}

function crowdFrom(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_CROWD;
  const count = Number(raw);
  if (!/^\d+$/.test(raw) || count > CROWD_MAX) throw new Error(`--crowd takes 0 to ${CROWD_MAX}, not ${raw}`);
  return count;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { port: { type: 'string' }, state: { type: 'string' }, crowd: { type: 'string' }, 'request-log': { type: 'string' }, help: { type: 'boolean' } },
    strict: true,
  });
  if (values.help) {
    console.log('Usage: npm run sandbox -- [--port <n>|0] [--state <file>] [--crowd <n>] [--request-log <file>]  (env SANDBOX_PORT also sets the port)');
    return;
  }
  const requestLog = values['request-log'] === undefined ? null : createWriteStream(resolve(values['request-log']), { flags: 'w' });
  const sandbox = await startSandbox({
    port: portFrom(values.port ?? process.env.SANDBOX_PORT),
    stateFile: values.state === undefined ? DEFAULT_STATE_FILE : resolve(values.state),
    crowd: crowdFrom(values.crowd),
    ...(requestLog ? { record: (request) => void requestLog.write(`${JSON.stringify(request)}\n`) } : {}),
  });
  console.log(`Sandbox listening on ${sandbox.url}`);

  // `on`, not `once`: a process-group signal reaches this process twice (directly, and relayed
  // by tsx), and a second signal must not fall back to the default handler and kill it mid-close.
  const stop = () => {
    sandbox.close().then(
      () => (requestLog ? requestLog.end(() => process.exit(0)) : process.exit(0)),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`Sandbox failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
