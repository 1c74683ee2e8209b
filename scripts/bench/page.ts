/**
 * The page readers in a real browser, on large pages shaped like the real site's:
 * detection (runs on every page load) against a bare TreeWalker walk of all text nodes,
 * the opt-in scan against the same floor, the longest task the scan runs, the gzip size
 * of the content scripts, and what naive readers of `body.textContent` would have found.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, findBrowser } from '@/scripts/browser';
import { bundleForPage } from '@/scripts/bench/bundle';
import { ordinaryPage, profilePage, type BenchPage } from '@/scripts/bench/generate';
import type { ProbeInput, ProbeResult } from '@/scripts/bench/probe';
import { kb, ms, table, verdict } from '@/scripts/bench/table';
import type { BenchResult } from '@/scripts/bench/shared';

export const name = 'page readers: detection and scan on large pages';

const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const SCAN_RUNS = 5;
const WARM_UPS = 5;
const TARGET = { detection: 0.2, scan: 2, taskMs: 50, onLoadGzip: 15 * 1024 };
// The always-on detector; the panel loads on demand and the scanner only where the user opted in.
const ON_LOAD_SCRIPT = 'network.js';
const CONTENT_SCRIPTS = resolve('.output/chrome-mv3/content-scripts');

interface Row {
  cells: string[];
  pass?: boolean;
}

const ratio = (value: number, floor: number) => `${(value / floor).toFixed(2)}×`;

function pageRows(page: BenchPage, result: ProbeResult): Row[] {
  const floor = result.floorMs;
  const longestTask = result.longTasks.length ? Math.max(...result.longTasks) : 0;
  const isProfile = page.url.includes('/in/');
  const rows: Row[] = [
    { cells: [page.name, `floor: TreeWalker over ${result.textNodes} text nodes`, ms(floor), '1.00×', '', ''] },
  ];
  if (isProfile) {
    const ok = result.detectionRatio <= TARGET.detection;
    const seen = `${result.detection.kind}, ${result.detection.fullName ?? '?'} @ ${result.detection.company ?? '?'}, confidence ${result.detection.confidence}`;
    rows.push(
      { cells: ['', `detectPage (${seen})`, ms(result.detectionMs), `${result.detectionRatio.toFixed(2)}×`, `≤ ${TARGET.detection}× floor`, verdict(ok)], pass: ok },
      { cells: ['', 'detectPage, first call on the page (cold JIT, 0.1 ms clock)', ms(result.firstDetectionMs), ratio(result.firstDetectionMs, floor), 'reference', ''] },
    );
  }
  const scanOk = result.scanRatio <= TARGET.scan;
  const sliceOk = result.longestSliceMs <= TARGET.taskMs;
  const taskOk = longestTask <= TARGET.taskMs;
  const { emails, phones, missedVisible } = result.ours;
  const accurate = emails.notVisible === 0 && phones.notVisible === 0 && missedVisible === 0;
  rows.push(
    { cells: ['', 'scanPage, wall time (yields included)', ms(result.scanMs), `${result.scanRatio.toFixed(2)}×`, `≤ ${TARGET.scan}× floor`, verdict(scanOk)], pass: scanOk },
    { cells: ['', 'scanPage, busy time (sum of slices)', ms(result.scanBusyMs), ratio(result.scanBusyMs, floor), '', ''] },
    { cells: ['', 'longest synchronous slice of the scan', ms(result.longestSliceMs), '', `≤ ${TARGET.taskMs} ms`, verdict(sliceOk)], pass: sliceOk },
    {
      cells: ['', result.longTaskSupported ? `long tasks during scans (${result.longTasks.length})` : 'long tasks: API not supported', result.longTasks.length ? ms(longestTask) : '-', '', `none > ${TARGET.taskMs} ms`, verdict(taskOk)],
      pass: taskOk,
    },
    {
      cells: ['', `ours: ${emails.total} emails, ${phones.total} phones; not visible: ${emails.notVisible + phones.notVisible}; visible missed: ${missedVisible}`, '', '', 'exact', verdict(accurate)],
      pass: accurate,
    },
    {
      cells: ['', `baseline findPhoneNumbersInText(body.textContent): ${result.baseline.phones.total} phones, ${result.baseline.phones.notVisible} not visible`, ms(result.baseline.phones.ms), ratio(result.baseline.phones.ms, floor), 'reference', ''],
    },
    {
      cells: ['', `baseline naive email regex over body.textContent: ${result.baseline.emails.total} emails, ${result.baseline.emails.notVisible} not visible`, ms(result.baseline.emails.ms), ratio(result.baseline.emails.ms, floor), 'reference', ''],
    },
  );
  return rows;
}

function sizeRows(detectorGzip: number, scannerGzip: number): Row[] {
  const rows: Row[] = [
    { cells: ['bundles', 'detector alone (esbuild, minified)', '', '', `< ${kb(TARGET.onLoadGzip)}`, verdict(detectorGzip < TARGET.onLoadGzip)], pass: detectorGzip < TARGET.onLoadGzip },
    { cells: ['', `  gzip ${kb(detectorGzip)}; scanner alone gzip ${kb(scannerGzip)} (opt-in, libphonenumber-js max metadata)`, '', '', '', ''] },
  ];
  if (!existsSync(CONTENT_SCRIPTS)) {
    rows.push({ cells: ['built', 'no .output/chrome-mv3/content-scripts: run npm run build first', '', '', '', ''] });
    return rows;
  }
  for (const file of readdirSync(CONTENT_SCRIPTS).filter((entry) => entry.endsWith('.js')).sort()) {
    const gzip = gzipSync(readFileSync(join(CONTENT_SCRIPTS, file))).length;
    const onLoad = file === ON_LOAD_SCRIPT;
    rows.push({
      cells: ['built', `content-scripts/${file} gzip ${kb(gzip)}${onLoad ? ' (on load)' : ''}`, '', '', onLoad ? `< ${kb(TARGET.onLoadGzip)}` : '', onLoad ? verdict(gzip < TARGET.onLoadGzip) : ''],
      pass: onLoad ? gzip < TARGET.onLoadGzip : undefined,
    });
  }
  return rows;
}

export async function run(): Promise<BenchResult> {
  const executablePath = findBrowser();
  if (!executablePath) return { name, pass: false, lines: ['No Chromium-family browser found: run `tsx scripts/browser.ts` or set CHROME_PATH.'] };
  const [probe, detector, scanner] = await Promise.all([
    bundleForPage('__probe', { measure: ['scripts/bench/probe.ts', 'measure'] }),
    bundleForPage('__detector', { detectPage: ['lib/extract/detect.ts', 'detectPage'] }),
    bundleForPage('__scanner', { scanPage: ['lib/scan/scan.ts', 'scanPage'] }),
  ]);

  const rows: Row[] = [];
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS, headless: true });
  try {
    for (const benchPage of [profilePage(), ordinaryPage()]) {
      const page = await browser.newPage();
      await page.setContent(benchPage.html, { waitUntil: 'load' });
      await page.addScriptTag({ content: probe.code });
      const input: ProbeInput = { url: benchPage.url, runs: RUNS, scanRuns: SCAN_RUNS, warmUps: WARM_UPS, visible: benchPage.visible };
      const result = (await page.evaluate(`window.__probe.measure(${JSON.stringify(input)})`)) as ProbeResult;
      rows.push(...pageRows(benchPage, result));
      await page.close();
    }
  } finally {
    await browser.close();
  }
  rows.push(...sizeRows(detector.gzipBytes, scanner.gzipBytes));

  const lines = table(['page', 'measure', 'ms', 'ratio', 'target', 'result'], rows.map((row) => row.cells));
  return { name, pass: rows.every((row) => row.pass !== false), lines: [`medians of ${RUNS} runs (scans: ${SCAN_RUNS}) after ${WARM_UPS} warm-ups, headless ${executablePath}`, ...lines] };
}
