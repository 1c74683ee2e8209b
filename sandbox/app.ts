import { Hono } from 'hono';
import { adminRoutes } from '@/sandbox/admin';
import { defaultDirectory, directorySchema, type Directory } from '@/sandbox/directory';
import { ConnectionLog, incomingOf } from '@/sandbox/connections';
import { FaultQueue } from '@/sandbox/faults';
import { ingressRoutes } from '@/sandbox/ingress';
import { requestLog, type LoggedRequest } from '@/sandbox/log';
import { DirectoryIndex } from '@/sandbox/match/lookup';
import { buildCrowd } from '@/sandbox/tools/generate-directory';
import { pageRoutes } from '@/sandbox/pages/routes';
import { SlidingWindowLimiter } from '@/sandbox/rate-limit';
import { SandboxState } from '@/sandbox/state';

export interface SandboxOptions {
  /** The people and companies to serve; defaults to `sandbox/directory.json`. */
  directory?: Directory;
  /** Where balances persist; omitted, they live in memory only. */
  stateFile?: string;
  /** Clock for the rate limiter and ledger timestamps (tests pass a fake one). */
  now?: () => number;
  /** One line per request; defaults to console.log. */
  log?: (line: string) => void;
  /** Each request with its arrival time, for measurements (scripts/bench/bulk.bench.ts). */
  record?: (request: LoggedRequest) => void;
  /** Requests per second per key before 429; defaults to 10, the gateway's documented limit. */
  rateLimitPerSecond?: number;
  /**
   * This many more synthetic people (at most CROWD_MAX), for bulk runs: served by the
   * interface, not listed by the demo pages. Defaults to none.
   */
  crowd?: number;
}

export interface Sandbox {
  app: Hono;
  state: SandboxState;
  faults: FaultQueue;
}

/**
 * The whole sandbox as a Hono app, with no network and (without stateFile) no disk:
 * `app.fetch(new Request('http://sandbox/api/ingress/v1/getCredit?apiId=sandbox-demo-key'))`.
 */
export function createSandboxApp(options: SandboxOptions = {}): Sandbox {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => console.log(line));
  const directory = options.directory ? directorySchema.parse(options.directory) : defaultDirectory();
  const crowd = options.crowd ? buildCrowd(options.crowd) : null;
  const index = new DirectoryIndex(crowd ? { companies: [...directory.companies, ...crowd.companies], people: [...directory.people, ...crowd.people] } : directory);
  const pagesIndex = crowd ? new DirectoryIndex(directory) : index;
  const state = new SandboxState({ ...(options.stateFile === undefined ? {} : { stateFile: options.stateFile }), now, log });
  const faults = new FaultQueue();
  const limiter = new SlidingWindowLimiter(options.rateLimitPerSecond ?? 10);
  const connections = new ConnectionLog();

  const app = new Hono();
  // Every request counts toward its connection's use, whatever route it takes.
  app.use(async (c, next) => {
    connections.tag(incomingOf(c.env));
    await next();
  });
  app.use(requestLog(log, now, options.record));
  app.route('/api/ingress', ingressRoutes({ state, faults, limiter, index, now, connections }));
  app.route('/__sandbox', adminRoutes({ state, faults, limiter, connections }));
  app.route('/pages', pageRoutes(pagesIndex));
  // Routing is strict (so `/v2/full/` stays a missing route); only the pages index takes both forms.
  app.get('/pages/', (c) => c.redirect('/pages', 301));
  app.get('/', (c) => c.text('Dossier enrichment sandbox. Interface: /api/ingress/ · demo pages: /pages/ · see sandbox/README.md\n'));
  // The client tells a missing route from a miss by this: a 404 whose body is not JSON.
  app.notFound((c) => c.text('404 Not Found', 404));
  app.onError((error, c) => {
    log(`sandbox: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return c.json({ code: 2, message: 'internal error' }, 500);
  });
  return { app, state, faults };
}
