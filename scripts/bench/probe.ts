/**
 * The in-page half of the page-reader bench: bundled with the readers and run inside the
 * page, so every number is the browser's own clock on the real DOM.
 */
import { detectPage } from '@/lib/detect/content/detect';
import type { Found } from '@/lib/scan/content/found';
import { scanPage } from '@/lib/scan/content/scan';
import { findPhoneNumbersInText } from 'libphonenumber-js/max';

export interface ProbeInput {
  url: string;
  runs: number;
  warmUps: number;
  /** Whether the detector runs on this page (network and X pages). */
  detect: boolean;
  /** What a person sees on the page, when the page says; the scan's finds are checked against it. */
  visible?: { emails: string[]; phones: string[] };
  /** Time the naive readers of `body.textContent` too (slow on large pages). */
  baselines: boolean;
}

export interface Finds {
  total: number;
  /** Finds that are not among the page's visible contacts: hidden data or look-alikes. */
  notVisible: number;
  ms: number;
}

export interface ProbeResult {
  textNodes: number;
  /** The bare TreeWalker walk: detection's floor. */
  walkMs: number;
  /** The walk that reads every text node's data: the scanner's floor. */
  readMs: number;
  detectionMs: number;
  detectionRatio: number;
  firstDetectionMs: number;
  detection: { kind: string; confidence: number; fullName?: string; company?: string; rows?: number };
  scanMs: number;
  scanRatio: number;
  scanBusyMs: number;
  scanBusyRatio: number;
  longestSliceMs: number;
  longTasks: number[];
  longTaskSupported: boolean;
  ours: { emails: Finds; phones: Finds; missedVisible: number };
  baseline?: { phones: Finds; emails: Finds };
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

function perCall(fn: () => unknown, calls: number): number {
  const start = performance.now();
  for (let i = 0; i < calls; i += 1) fn();
  return (performance.now() - start) / calls;
}

/** Detection's floor: the least any reader of the page's text must do. */
function walkTextNodes(): number {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let count = 0;
  while (walker.nextNode()) count += 1;
  return count;
}

/** The scanner's floor: the same walk, reading each text node's characters (what any finder must look at). */
function walkAndRead(): number {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let length = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) length += (node as Text).data.length;
  return length;
}

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const schedulerYield = () => ((globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler?.yield?.() ?? pause());

interface Scan {
  found: Found[];
  wallMs: number;
  busyMs: number;
  longestSliceMs: number;
}

/** One scan, with the length of every synchronous slice it ran. */
async function scanOnce(): Promise<Scan> {
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

/** `calls` scans back to back; per scan: wall time, and busy time (the clock read per batch, not per tiny scan). */
async function scanBatch(calls: number): Promise<{ wallMs: number; busyMs: number; scans: Scan[] }> {
  const scans: Scan[] = [];
  const start = performance.now();
  for (let i = 0; i < calls; i += 1) scans.push(await scanOnce());
  const wall = (performance.now() - start) / calls;
  const yielded = scans.reduce((sum, scan) => sum + scan.wallMs - scan.busyMs, 0) / calls;
  return { wallMs: wall, busyMs: wall - yielded, scans };
}

function score(found: string[], visible: string[], ms: number): Finds {
  const truth = new Set(visible);
  return { total: found.length, notVisible: found.filter((value) => !truth.has(value)).length, ms };
}

export async function measure(input: ProbeInput): Promise<ProbeResult> {
  const textNodes = walkTextNodes();
  // The first call on a fresh page, before the JIT has seen the code: what a page load pays.
  let start = performance.now();
  if (input.detect) detectPage(document, input.url);
  const firstDetectionMs = performance.now() - start;

  // Detection against the bare walk: floor and subject alternate, so load on the machine hits both alike.
  const detect = () => detectPage(document, input.url);
  for (let i = 0; i < input.warmUps; i += 1) {
    walkTextNodes();
    walkAndRead();
    if (input.detect) detect();
  }
  const walkBatch = batchSize(walkTextNodes);
  const readBatch = batchSize(walkAndRead);
  const detectBatch = input.detect ? batchSize(detect) : 0;
  const walks: number[] = [];
  const detections: number[] = [];
  const detectionRatios: number[] = [];
  for (let i = 0; i < input.runs; i += 1) {
    const walk = perCall(walkTextNodes, walkBatch);
    walks.push(walk);
    if (!input.detect) continue;
    const time = perCall(detect, detectBatch);
    detections.push(time);
    detectionRatios.push(time / walk);
  }
  const detected = detectPage(document, input.url);

  const longTaskSupported = PerformanceObserver.supportedEntryTypes?.includes('longtask') ?? false;
  const longTasks: number[] = [];
  const observer = longTaskSupported ? new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((entry) => entry.duration))) : undefined;
  for (let i = 0; i < input.warmUps; i += 1) await scanOnce().then(pause); // compiles the regexes, loads libphonenumber's metadata
  // Enough scans per sample for the 0.1 ms clock on a small page; one on a large one.
  const probe = await scanBatch(1);
  const scanCalls = Math.max(1, Math.ceil(SAMPLE_MS / Math.max(probe.wallMs, 0.001)));
  observer?.observe({ type: 'longtask' });
  const reads: number[] = [];
  const scanTimes: number[] = [];
  const scanRatios: number[] = [];
  const busyTimes: number[] = [];
  const busyRatios: number[] = [];
  const scans: Scan[] = [];
  for (let i = 0; i < input.runs; i += 1) {
    const read = perCall(walkAndRead, readBatch);
    // Each sample starts in a task of its own, as a scan would on a page.
    await pause();
    const batch = await scanBatch(scanCalls);
    reads.push(read);
    scanTimes.push(batch.wallMs);
    scanRatios.push(batch.wallMs / read);
    busyTimes.push(batch.busyMs);
    busyRatios.push(batch.busyMs / read);
    if (scanCalls === 1) scans.push(...batch.scans);
  }
  // Long-task entries are delivered after the task; give the observer a turn before reading.
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer?.disconnect();
  const found = probe.scans[0]!.found;
  const ourEmails = found.filter((item) => item.kind === 'email').map((item) => item.value);
  const ourPhones = found.filter((item) => item.kind === 'phone').map((item) => item.value);
  const visible = input.visible ?? { emails: ourEmails, phones: ourPhones };

  let baseline: ProbeResult['baseline'];
  if (input.baselines) {
    // What a naive content script would run: over all text of the body, hidden data included.
    start = performance.now();
    const text = document.body.textContent ?? '';
    const baselinePhones = findPhoneNumbersInText(text, 'US').map((match) => match.number.number);
    const phoneMs = performance.now() - start;
    start = performance.now();
    const baselineEmails = (text.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g) ?? []).map((email) => email.toLowerCase());
    const emailMs = performance.now() - start;
    baseline = { phones: score(baselinePhones, visible.phones, phoneMs), emails: score(baselineEmails, visible.emails, emailMs) };
  }

  return {
    textNodes,
    walkMs: median(walks),
    readMs: median(reads),
    detectionMs: input.detect ? median(detections) : 0,
    detectionRatio: input.detect ? median(detectionRatios) : 0,
    firstDetectionMs,
    detection: { kind: detected.kind, confidence: detected.confidence, fullName: detected.person?.fullName ?? detected.company?.name, company: detected.person?.company, rows: detected.results?.length },
    scanMs: median(scanTimes),
    scanRatio: median(scanRatios),
    scanBusyMs: median(busyTimes),
    scanBusyRatio: median(busyRatios),
    longestSliceMs: Math.max(...[probe, { scans }].flatMap((batch) => batch.scans.map((scan) => scan.longestSliceMs))),
    longTasks,
    longTaskSupported,
    ours: {
      emails: score(ourEmails, visible.emails, 0),
      phones: score(ourPhones, visible.phones, 0),
      missedVisible: [...visible.emails, ...visible.phones].filter((value) => !found.some((item) => item.value === value)).length,
    },
    baseline,
  };
}
