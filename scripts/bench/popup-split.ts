/**
 * Where the popup's time goes, opening by opening: the blank page and the popup alternated in one
 * profile (as popup.bench.ts), each popup's navigation and resource timings and the `trace:*` /
 * `dossier:*` marks it left, as medians in ms from navigation start (`trace:*` marks are the ones
 * put in by hand while looking: the script's start, the vault open, the read). A tool for finding the next
 * cut, not a benchmark with a target: `npx tsx scripts/bench/popup-split.ts` with
 * DOSSIER_EXTENSION_DIR, SPLIT_COUNT (stored lookups, default 0) and SPLIT_RUNS (default 15).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { startSandbox } from '@/sandbox/start';
import { CHROMIUM_FLAGS, findBrowser } from '@/scripts/browser';
import { writeVault } from '@/scripts/demo/automation';
import { seedHistory } from '@/scripts/bench/seed';

const EXTENSION_DIR = resolve(process.env.DOSSIER_EXTENSION_DIR ?? '.output-e2e/chrome-mv3');
const COUNT = Number(process.env.SPLIT_COUNT ?? 0);
const RUNS = Number(process.env.SPLIT_RUNS ?? 15);

type Timings = Record<string, number>;

/** What one page's timeline says, in ms from its navigation start. */
function readTimings(): Timings {
  const out: Record<string, number> = {};
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
  for (const key of ['responseEnd', 'domInteractive', 'domContentLoadedEventEnd', 'loadEventEnd'] as const) out[`nav.${key}`] = nav[key];
  for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
    const file = entry.name.split('/').pop()!.replace(/-[\w-]{8}\./, '.');
    out[`fetch ${file} start`] = entry.startTime;
    out[`fetch ${file} end`] = entry.responseEnd;
  }
  for (const mark of performance.getEntriesByType('mark')) out[mark.name] = mark.startTime;
  return out;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const sandbox = await startSandbox({ port: 0, log: () => {} });
  const dir = mkdtempSync(join(tmpdir(), 'dossier-split-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: findBrowser()!,
    headless: true,
    args: [...CHROMIUM_FLAGS, `--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`],
  });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const preferences = { pageAccess: { scanAllSites: false, panelMode: 'stealth' } };
    await writeVault(worker, { gateway: { kind: 'sandbox', url: sandbox.url }, apiKey: 'sandbox-demo-key', preferences, preferences$: { v: 2 } });
    await seedHistory(worker, 'records', { count: COUNT, now: Date.now() });
    const origin = `chrome-extension://${new URL(worker.url()).host}`;
    const open = async (path: string, ready: () => boolean): Promise<Timings> => {
      const page = await context.newPage();
      try {
        await page.goto(`${origin}/${path}`);
        await page.waitForFunction(ready, undefined, { timeout: 30_000, polling: 10 });
        return await page.evaluate(readTimings);
      } finally {
        await page.close();
      }
    };
    const blankReady = () => ((performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.loadEventEnd ?? 0) > 0;
    const popupReady = () =>
      performance.getEntriesByName('dossier:interactive').length > 0 &&
      (performance.getEntriesByName('dossier:first-paint').length === 0 || performance.getEntriesByName('dossier:takeover').length > 0);
    const blanks: Timings[] = [];
    const popups: Timings[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const b = await open('blank.html', blankReady);
      const p = await open('popup.html', popupReady);
      if (i < 3) continue;
      blanks.push(b);
      popups.push(p);
    }
    const keys = [...new Set(popups.flatMap((p) => Object.keys(p)))];
    const rows = keys
      .map((key) => ({ key, value: median(popups.map((p) => p[key]).filter((v): v is number => v !== undefined)) }))
      .sort((a, b) => a.value - b.value);
    console.log(`${EXTENSION_DIR} at ${COUNT} lookups, ${RUNS} openings; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.log(`blank: responseEnd ${median(blanks.map((b) => b['nav.responseEnd']!)).toFixed(1)}, loadEventEnd ${median(blanks.map((b) => b['nav.loadEventEnd']!)).toFixed(1)} ms (median)`);
    for (const { key, value } of rows) console.log(`  ${value.toFixed(1).padStart(7)}  ${key}`);
    const ratios = popups.map((p, i) => p['dossier:interactive']! / blanks[i]!['nav.loadEventEnd']!);
    console.log(`interactive / blank: median ${median(ratios).toFixed(2)}x`);
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
    await sandbox.close();
  }
}

void main();
