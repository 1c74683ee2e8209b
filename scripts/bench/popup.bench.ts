/**
 * How fast the popup becomes usable with a long history. The popup marks
 * `performance.mark('dossier:interactive')` once its lookup box is enabled and its list of
 * recent lookups is rendered; the mark's time is measured from navigation start. Measured
 * with 10,000 history entries and, as a baseline in the same run, with none.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Worker } from 'playwright-core';
import { startSandbox } from '../../sandbox/start';
import { CHROMIUM_FLAGS, findBrowser } from '../browser';
import { writeVault } from '../demo/automation';
import { seedHistory } from './seed';
import type { BenchResult } from './shared';

export const name = 'popup: time to interactive';
const BUDGET_MS = 100;
const ENTRIES = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 25);
const WARM_UPS = 3;
const COLD_RUNS = 8;
const EXTENSION_DIR = resolve(process.env.DOSSIER_EXTENSION_DIR ?? '.output-e2e/chrome-mv3');

/** Writes into the vault (the extension's IndexedDB), where the extension keeps all of this. */
async function seed(worker: Worker, values: Record<string, unknown>, remove: string[] = []) {
  await writeVault(worker, { ...values, ...Object.fromEntries(remove.map((key) => [key, undefined])) });
}

interface Timing {
  /** popup.html parsed, before any of Dossier's code ran: the browser's share. */
  parsed: number;
  interactive: number;
}

async function timeToInteractive(context: BrowserContext, url: string): Promise<Timing> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName('dossier:interactive').length > 0, undefined, { timeout: 20_000 });
    return page.evaluate(() => ({
      parsed: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive,
      interactive: performance.getEntriesByName('dossier:interactive')[0]!.startTime,
    }));
  } finally {
    await page.close();
  }
}

/** One browser profile with the extension, pointed at the sandbox with a working key. */
async function launch(executablePath: string, gatewayUrl: string) {
  const profile = mkdtempSync(join(tmpdir(), 'dossier-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [...CHROMIUM_FLAGS, `--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await seed(worker, { gateway: { kind: 'sandbox', url: gatewayUrl }, apiKey: 'sandbox-demo-key' });
  const popup = `chrome-extension://${new URL(worker.url()).host}/popup.html`;
  const helper = await context.newPage();
  return {
    worker,
    open: () => timeToInteractive(context, popup),
    /** As after the browser reclaimed an idle worker: the popup is opened with the worker stopped. */
    async openCold() {
      const cdp = await context.newCDPSession(helper);
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      await cdp.detach();
      return timeToInteractive(context, popup);
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function run(): Promise<BenchResult> {
  if (!existsSync(join(EXTENSION_DIR, 'manifest.json'))) execSync('npm run build:e2e', { stdio: 'inherit' });
  const executablePath = findBrowser();
  if (!executablePath) throw new Error('No Chromium found: run `npx tsx scripts/browser.ts` first.');
  const sandbox = await startSandbox({ port: 0, log: () => {} });
  const empty = await launch(executablePath, sandbox.url);
  const loaded = await launch(executablePath, sandbox.url);
  try {
    const now = Date.now();
    // In the history record store, as this release keeps it (an older layout is moved in by the
    // worker at its start: scripts/bench/migration.bench.ts measures that).
    await seedHistory(loaded.worker, 'records', { count: ENTRIES, now });

    // The first opens pay for the disk cache; they are not timed. The two profiles then take turns, so that a change in the
    // machine's load during the run weighs on both alike.
    for (let i = 0; i < WARM_UPS; i++) await Promise.all([empty.open(), loaded.open()]);
    const baseline: Timing[] = [];
    const loadedRuns: Timing[] = [];
    for (let i = 0; i < RUNS; i++) {
      baseline.push(await empty.open());
      loadedRuns.push(await loaded.open());
    }
    // Not part of the budget, which is for the popup itself; shown because a popup opened after
    // the worker went idle is the common case.
    const cold: Timing[] = [];
    for (let i = 0; i < COLD_RUNS; i++) cold.push(await loaded.openCold());
    const sorted = (runs: Timing[], key: keyof Timing) => runs.map((r) => r[key]).sort((a, b) => a - b);
    const full = sorted(loadedRuns, 'interactive');

    const row = (label: string, runs: Timing[]) => {
      const t = sorted(runs, 'interactive');
      const cells = [percentile(t, 50), percentile(t, 95), t[t.length - 1]!, percentile(sorted(runs, 'parsed'), 50)];
      return `| ${label.padEnd(26)} | ${String(t.length).padStart(4)} | ${cells.map((c) => c.toFixed(1).padStart(9)).join(' | ')} |`;
    };
    const pass = percentile(full, 50) < BUDGET_MS && percentile(full, 95) < BUDGET_MS;
    const lines = [
      `machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} (timings stretch with load)`,
      `| scenario                   | runs | median ms |    p95 ms |    max ms | page parsed, median ms |`,
      `| -------------------------- | ---- | --------- | --------- | --------- | --------- |`,
      row('empty history (baseline)', baseline),
      row(`${ENTRIES.toLocaleString('en')} history entries`, loadedRuns),
      row(`same, worker asleep (info)`, cold),
      '(page parsed: popup.html read, before any of Dossier’s code runs; the rest is Dossier’s)',
      `${pass ? 'PASS' : 'FAIL'}: with ${ENTRIES.toLocaleString('en')} entries, median ${percentile(full, 50).toFixed(1)} ms and p95 ${percentile(full, 95).toFixed(1)} ms against a ${BUDGET_MS} ms budget`,
    ];
    return { name, pass, lines };
  } finally {
    await Promise.all([empty.close(), loaded.close()]);
    await sandbox.close();
  }
}

export default run;
