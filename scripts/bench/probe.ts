/**
 * The in-page half of the page-reader bench: bundled with the readers and run inside the
 * page, so every number is the browser's own clock on the real DOM.
 */
import { detectPage } from '@/lib/extract/detect';
import type { Found } from '@/lib/scan/found';
import { scanPage } from '@/lib/scan/scan';
import { findPhoneNumbersInText } from 'libphonenumber-js/max';

export interface ProbeInput {
  url: string;
  runs: number;
  scanRuns: number;
  warmUps: number;
  visible: { emails: string[]; phones: string[] };
}

export interface Finds {
  total: number;
  /** Finds that are not among the page's visible contacts: hidden data or look-alikes. */
  notVisible: number;
  ms: number;
}

export interface ProbeResult {
  textNodes: number;
  floorMs: number;
  detectionMs: number;
  detectionRatio: number;
  firstDetectionMs: number;
  scanRatio: number;
  detection: { kind: string; confidence: number; fullName?: string; company?: string };
  scanMs: number;
  scanBusyMs: number;
  longestSliceMs: number;
  longTasks: number[];
  longTaskSupported: boolean;
  ours: { emails: Finds; phones: Finds; missedVisible: number };
  baseline: { phones: Finds; emails: Finds };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// Without cross-origin isolation the page's clock ticks in 0.1 ms steps: each sample times a
// batch of calls long enough for that not to matter, and reports the time per call.
const SAMPLE_MS = 5;

function batchSize(fn: () => unknown): number {
  let calls = 0;
  const start = performance.now();
  while (performance.now() - start < SAMPLE_MS) {
    fn();
    calls += 1;
  }
  return calls;
}

interface Timing {
  ms: number;
  /** Median of per-pair ratios: floor and subject alternate, so load on the machine hits both alike. */
  ratio: number;
  floorMs: number;
}

function perCall(fn: () => unknown, calls: number): number {
  const start = performance.now();
  for (let i = 0; i < calls; i += 1) fn();
  return (performance.now() - start) / calls;
}

function versusFloor(runs: number, warmUps: number, fn: () => unknown): Timing {
  for (let i = 0; i < warmUps; i += 1) {
    walkTextNodes();
    fn();
  }
  const floorBatch = batchSize(walkTextNodes);
  const batch = batchSize(fn);
  const floors: number[] = [];
  const times: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const floor = perCall(walkTextNodes, floorBatch);
    const time = perCall(fn, batch);
    floors.push(floor);
    times.push(time);
    ratios.push(time / floor);
  }
  return { ms: median(times), ratio: median(ratios), floorMs: median(floors) };
}

/** The floor: the least any reader of all text must do. */
function walkTextNodes(): number {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let count = 0;
  while (walker.nextNode()) count += 1;
  return count;
}

const SCAN_BATCH = 10;

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const schedulerYield = () => ((globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler?.yield?.() ?? pause());

/** One scan, with the length of every synchronous slice it ran. */
async function scanOnce(): Promise<{ found: Found[]; wallMs: number; busyMs: number; longestSliceMs: number }> {
  let sliceStart = 0;
  let busy = 0;
  let longest = 0;
  const closeSlice = () => {
    const slice = performance.now() - sliceStart;
    busy += slice;
    longest = Math.max(longest, slice);
  };
  const start = performance.now();
  sliceStart = start;
  const found = await scanPage(document, {
    region: 'US',
    yieldToPage: async () => {
      closeSlice();
      await schedulerYield();
      sliceStart = performance.now();
    },
  });
  closeSlice();
  return { found, wallMs: performance.now() - start, busyMs: busy, longestSliceMs: longest };
}

function score(found: string[], visible: string[], ms: number): Finds {
  const truth = new Set(visible);
  return { total: found.length, notVisible: found.filter((value) => !truth.has(value)).length, ms };
}

export async function measure(input: ProbeInput): Promise<ProbeResult> {
  const textNodes = walkTextNodes();
  // The first call on a fresh page, before the JIT has seen the code: what a page load pays.
  let start = performance.now();
  detectPage(document, input.url);
  const firstDetectionMs = performance.now() - start;
  const detection = versusFloor(input.runs, input.warmUps, () => detectPage(document, input.url));
  const detected = detectPage(document, input.url);

  const longTaskSupported = PerformanceObserver.supportedEntryTypes?.includes('longtask') ?? false;
  const longTasks: number[] = [];
  const observer = longTaskSupported ? new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((entry) => entry.duration))) : undefined;
  for (let i = 0; i < input.warmUps; i += 1) await scanOnce().then(pause); // compiles the regexes, loads libphonenumber's metadata
  observer?.observe({ type: 'longtask' });
  const scans: Awaited<ReturnType<typeof scanOnce>>[] = [];
  const scanTimes: number[] = [];
  const scanRatios: number[] = [];
  const floorBatch = batchSize(walkTextNodes);
  for (let i = 0; i < input.scanRuns; i += 1) {
    const floor = perCall(walkTextNodes, floorBatch);
    let total = 0;
    for (let j = 0; j < SCAN_BATCH; j += 1) {
      // Each scan starts in a task of its own, as it would on a page: chained scans would
      // otherwise run back to back in one task and read as one long task.
      await pause();
      const scan = await scanOnce();
      total += scan.wallMs;
      scans.push(scan);
    }
    const time = total / SCAN_BATCH;
    scanTimes.push(time);
    scanRatios.push(time / floor);
  }
  // Long-task entries are delivered after the task; give the observer a turn before reading.
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer?.disconnect();
  const found = scans[0]!.found;
  const ourEmails = found.filter((item) => item.kind === 'email').map((item) => item.value);
  const ourPhones = found.filter((item) => item.kind === 'phone').map((item) => item.value);

  // Baselines a naive content script would run: over all text of the body, hidden data included.
  start = performance.now();
  const text = document.body.textContent ?? '';
  const baselinePhones = findPhoneNumbersInText(text, 'US').map((match) => match.number.number);
  const phoneMs = performance.now() - start;
  start = performance.now();
  const baselineEmails = (text.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g) ?? []).map((email) => email.toLowerCase());
  const emailMs = performance.now() - start;

  return {
    textNodes,
    floorMs: detection.floorMs,
    detectionMs: detection.ms,
    detectionRatio: detection.ratio,
    firstDetectionMs,
    scanRatio: median(scanRatios),
    detection: { kind: detected.kind, confidence: detected.confidence, fullName: detected.person?.fullName, company: detected.person?.company },
    scanMs: median(scanTimes),
    scanBusyMs: median(scans.map((scan) => scan.busyMs)),
    longestSliceMs: Math.max(...scans.map((scan) => scan.longestSliceMs)),
    longTasks,
    longTaskSupported,
    ours: {
      emails: score(ourEmails, input.visible.emails, 0),
      phones: score(ourPhones, input.visible.phones, 0),
      missedVisible: [...input.visible.emails, ...input.visible.phones].filter((value) => !found.some((item) => item.value === value)).length,
    },
    baseline: { phones: score(baselinePhones, input.visible.phones, phoneMs), emails: score(baselineEmails, input.visible.emails, emailMs) },
  };
}
