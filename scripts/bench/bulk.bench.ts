/**
 * A bulk run of 2,000 people through the real worker, in the real Chromium with the automation
 * build, against a sandbox that serves its crowd (sandbox/tools/generate-directory.ts):
 *
 *   throughput  tasks settled per second from the first settle to the last, read from the run's
 *               counts a few times a second, as a ratio of the gateway's 10 requests/s (goal
 *               ≥ 0.9), with the requests the sandbox saw: the most that arrived within any one
 *               second, sliding, as a gateway counts (goal ≤ 10; lib/worker/gateway-rate.ts), and 429s.
 *   memory      the worker's JS heap (CDP Runtime.getHeapUsage after HeapProfiler.collectGarbage)
 *               after a warm-up run of 20 and after the 2,000: goal within 10%.
 *
 * The run is made, priced, started and watched as the bulk page does: messages from an
 * extension page (bulkCreate, bulkQuote, bulkStart) and reads of the vault's bulkRuns store.
 */
import { cpus, loadavg } from 'node:os';
import type { CDPSession, Page } from 'playwright-core';
import { busiestWindow } from '@/sandbox/log';
import { buildCrowd } from '@/sandbox/tools/generate-directory';
import { startSandboxProcess } from '@/scripts/bench/sandbox-process';
import { ensureBuilt, launchProfile, valueFromBackground, type BenchProfile } from '@/scripts/bench/extension';
import type { BenchResult } from '@/scripts/bench/shared';
import { table, verdict } from '@/scripts/bench/table';

export const name = 'bulk: 2,000 people enriched through the worker against the sandbox (throughput, memory)';

const PEOPLE = Number(process.env.BENCH_BULK_PEOPLE ?? 2_000);
/** A daily spending cap to run under (credits): the cap's check runs before every paid lookup. */
const CAP = process.env.BENCH_BULK_CAP ? Number(process.env.BENCH_BULK_CAP) : null;
const WARM_UP = 100;
const LIMIT_PER_SECOND = 10;
const TARGET = { ratio: 0.9, heapGrowth: 0.1 };
const POLL_MS = 200;
const TIMEOUT_MS = 15 * 60_000;

/** CDP on the worker's target, through a page's session (Playwright opens sessions on pages only). */
async function workerDebugger(profile: BenchProfile, page: Page) {
  const cdp: CDPSession = await profile.context.newCDPSession(page);
  const { targetInfos } = await cdp.send('Target.getTargets');
  const worker = targetInfos.find((t) => t.type === 'service_worker' && t.url.endsWith('/background.js'));
  if (!worker) throw new Error('No Dossier worker target.');
  let next = 1;
  const waiting = new Map<number, (reply: { result?: unknown; error?: { message: string } }) => void>();
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    const reply = JSON.parse(event.message) as { id?: number; result?: unknown; error?: { message: string } };
    if (reply.id && waiting.has(reply.id)) {
      waiting.get(reply.id)!(reply);
      waiting.delete(reply.id);
    }
  });
  // Attached only while measuring: a debugger keeps a worker alive, which would hide whether the run does.
  async function measure<T>(use: (call: (method: string, params?: object) => Promise<unknown>) => Promise<T>): Promise<T> {
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: worker!.targetId, flatten: false });
    const call = (method: string, params: object = {}) =>
      new Promise<unknown>((resolve, reject) => {
        const id = next++;
        waiting.set(id, (reply) => (reply.error ? reject(new Error(reply.error.message)) : resolve(reply.result)));
        void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
      });
    try {
      return await use(call);
    } finally {
      await cdp.send('Target.detachFromTarget', { sessionId });
    }
  }
  return {
    targetId: worker.targetId,
    /** Bytes of JS heap in use after a full collection (three, as V8 frees some only on a second pass). */
    heap: () =>
      measure(async (call) => {
        for (let i = 0; i < 3; i++) await call('HeapProfiler.collectGarbage');
        return ((await call('Runtime.getHeapUsage')) as { usedSize: number }).usedSize;
      }),
    async sameWorker() {
      const { targetInfos: now } = await cdp.send('Target.getTargets');
      return now.some((t) => t.targetId === worker.targetId);
    },
  };
}

/** The run as the bulk page reads it: from the vault's bulkRuns store. */
function readRun(page: Page, runId: string): Promise<{ state: string; counts: Record<string, number> } | null> {
  return page.evaluate(
    (id) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('dossier-vault');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction('bulkRuns').objectStore('bulkRuns').get(id);
          get.onsuccess = () => {
            db.close();
            resolve(get.result ?? null);
          };
          get.onerror = () => reject(get.error);
        };
      }),
    runId,
  );
}

const settledOf = (counts: Record<string, number>) => (counts.done ?? 0) + (counts.failed ?? 0) + (counts.unknown ?? 0) + (counts.skipped ?? 0);

/** Makes, prices and starts a run of these profiles; answers its id and the time it was started. */
async function startRun(page: Page, urls: readonly string[], label: string): Promise<{ id: string; total: number; createMs: number; quoteMs: number }> {
  const t0 = Date.now();
  const run = await valueFromBackground(page, 'bulkCreate', { name: label, source: 'paste', headers: ['Profile'], rows: urls.map((u) => [u]), mapping: ['profileUrl'] });
  const t1 = Date.now();
  const quote = await valueFromBackground(page, 'bulkQuote', { runId: run.id, operations: ['enrichPerson'], skipInCrm: false });
  const t2 = Date.now();
  await valueFromBackground(page, 'bulkStart', { runId: run.id, quoteId: quote.id });
  return { id: run.id, total: quote.total, createMs: t1 - t0, quoteMs: t2 - t1 };
}

/** Polls the run until it is done: (time, settled) pairs. */
async function watch(page: Page, runId: string): Promise<{ at: number; settled: number }[]> {
  const samples: { at: number; settled: number }[] = [];
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const run = await readRun(page, runId);
    if (run) samples.push({ at: Date.now(), settled: settledOf(run.counts) });
    if (run && run.state !== 'running') {
      if (run.state !== 'done') throw new Error(`The run stopped ${run.state}: ${JSON.stringify(run)}`);
      return samples;
    }
    if (Date.now() > deadline) throw new Error('The run did not finish in time.');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export async function run(): Promise<BenchResult> {
  const executablePath = ensureBuilt();
  // The sandbox's own request log: each request's arrival (what a gateway's limit counts).
  const sandbox = await startSandboxProcess(PEOPLE + WARM_UP);
  let stopped = false;
  const stopSandbox = () => ((stopped = true), sandbox.stop());
  const profile = await launchProfile(executablePath, sandbox.url, CAP === null ? {} : { preferences: { spending: { dailyCap: CAP } }, preferences$: { v: 2 } });
  const lines: string[] = [];
  let pass = false;
  try {
    const page = await profile.open('blank.html');
    await valueFromBackground(page, 'getCredits', {});
    const urls = buildCrowd(PEOPLE + WARM_UP).people.map((p) => p.networkUrl);
    const worker = await workerDebugger(profile, page);

    // A small run first: the bulk code is loaded and compiled before the heap is taken.
    const warm = await startRun(page, urls.slice(PEOPLE), 'warm-up');
    await watch(page, warm.id);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const heapBefore = await worker.heap();

    const started = Date.now();
    const big = await startRun(page, urls.slice(0, PEOPLE), 'bench');
    const samples = await watch(page, big.id);
    const first = samples.find((s) => s.settled > 0)!;
    const last = samples.find((s) => s.settled >= PEOPLE) ?? samples[samples.length - 1]!;
    const perSecond = (last.settled - first.settled) / ((last.at - first.at) / 1000);
    const ratio = perSecond / LIMIT_PER_SECOND;

    // The balance read that follows the last paid lookup lands within its 5 s gap.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const sameWorker = await worker.sameWorker();
    const heapAfter = await worker.heap();
    const growth = (heapAfter - heapBefore) / heapBefore;

    const requests = (await stopSandbox()).map((r) => ({ at: r.arrivedAt, path: r.path.split('?')[0]!, status: r.status }));
    const during = requests.filter((r) => r.at >= started && r.at <= last.at);
    const lookups = during.filter((r) => r.path.endsWith('/v2/full'));
    const tooMany = during.filter((r) => r.status === 429).length;
    const bySecond = new Map<number, number>();
    for (const r of during) bySecond.set(Math.floor(r.at / 1000), (bySecond.get(Math.floor(r.at / 1000)) ?? 0) + 1);
    const busiest = Math.max(...bySecond.values());
    const busiestSliding = busiestWindow(during.map((r) => r.at), 1_000);
    const balanceReads = during.filter((r) => r.path.endsWith('/v1/getCredit')).length;

    const fast = ratio >= TARGET.ratio;
    const lean = growth <= TARGET.heapGrowth;
    // A 429 is answered by the gateway, free, and the lookup is sent again after its Retry-After:
    // it costs time (counted in the rate above), not money. Shown, not a goal of its own.
    pass = fast && lean && busiestSliding <= LIMIT_PER_SECOND;
    const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(2)} MB`;
    lines.push(
      `machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}; ${PEOPLE.toLocaleString('en')} people x enrichPerson, quote ${big.total.toLocaleString('en')} credits${CAP === null ? '' : `, daily cap ${CAP.toLocaleString('en')}`}`,
      ...table(
        ['measure', 'value', 'goal', 'result'],
        [
          [`making the run (bulkCreate, ${PEOPLE.toLocaleString('en')} rows read and stored)`, `${big.createMs} ms`, '', ''],
          ['pricing it (bulkQuote: a ledger read per row, no request)', `${big.quoteMs} ms`, '', ''],
          ['settled per second (first to last settle)', perSecond.toFixed(2), '', ''],
          ['as a ratio of 10 requests/s', ratio.toFixed(3), `≥ ${TARGET.ratio}`, verdict(fast)],
          ['run time (first to last settle)', `${((last.at - first.at) / 1000).toFixed(1)} s`, '', ''],
          ['gateway requests during the run (lookups / balance reads)', `${during.length} (${lookups.length} / ${balanceReads})`, '', ''],
          ['busiest fixed second at the sandbox (arrivals)', `${busiest} requests`, '', ''],
          ['busiest one-second window, sliding (arrivals, what the gateway counts)', `${busiestSliding} requests`, `≤ ${LIMIT_PER_SECOND}`, verdict(busiestSliding <= LIMIT_PER_SECOND)],
          ['429 answers (each retried after its Retry-After, free)', String(tooMany), '', ''],
          ['worker heap after a warm-up run', mb(heapBefore), '', ''],
          [`worker heap after the run${sameWorker ? '' : ' (the worker restarted during the run)'}`, `${mb(heapAfter)} (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%)`, `≤ +${TARGET.heapGrowth * 100}%`, verdict(lean)],
        ],
      ),
    );
  } finally {
    await profile.close();
    if (!stopped) await stopSandbox();
  }
  return { name, pass, lines };
}

export default run;
