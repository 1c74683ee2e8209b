/**
 * The in-page half of the bulk parse bench: bundled with lib/bulk's readers and run inside an
 * extension page, so every number is the browser's own clock, with the page's frames and long
 * tasks watched while the file is read.
 */
import Papa from 'papaparse';
import { guessMapping } from '@/lib/bulk/columns';
import { parseCsv } from '@/lib/bulk/page/csv';
import { personOf } from '@/lib/bulk/person';

export interface BulkProbeInput {
  text: string;
  name: string;
  runs: number;
  warmUps: number;
  previewRows: number;
}

export interface Watched {
  ms: number;
  /** Long tasks (over 50 ms) that overlapped the work. */
  longTasks: number[];
  /** The longest gap between two frames while the work ran. */
  longestFrameMs: number;
}

export interface BulkProbeResult {
  floor: Watched[];
  baseline: Watched[];
  ours: Watched[];
  refusal: Watched & { message: string };
  rows: number;
  delimiter: string;
  headers: string[];
  mapping: (string | null)[];
  previewUsable: number;
  previewProblems: string[];
  /** Whether a deliberate 80 ms task was reported as a long task (headless may report none). */
  longTasksReported: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

/** Runs `work` with a frame loop and a long-task observer around it. */
async function watched(work: () => Promise<unknown>): Promise<Watched> {
  const tasks: { start: number; duration: number }[] = [];
  const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries().map((e) => ({ start: e.startTime, duration: e.duration }))));
  observer.observe({ type: 'longtask' });
  const frames: number[] = [];
  let stopped = false;
  const loop = (now: number) => {
    frames.push(now);
    if (!stopped) requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  await nextFrame();
  await nextFrame();
  const start = performance.now();
  await work();
  const end = performance.now();
  // The frame that follows the work closes its last gap.
  await nextFrame();
  await nextFrame();
  stopped = true;
  // Long-task entries are delivered after their task.
  await sleep(100);
  observer.disconnect();
  const before = frames.filter((f) => f < start).at(-1) ?? start;
  const after = frames.find((f) => f > end) ?? end;
  const during = [before, ...frames.filter((f) => f >= start && f <= end), after];
  const gaps = during.slice(1).map((f, i) => f - during[i]!);
  return {
    ms: end - start,
    longTasks: tasks.filter((t) => t.start <= end && t.start + t.duration >= start).map((t) => t.duration),
    longestFrameMs: Math.max(0, ...gaps),
  };
}

const fileOf = (text: string, name: string) => new File([text], name, { type: 'text/csv' });

export async function measure(input: BulkProbeInput): Promise<BulkProbeResult> {
  const seen: { last: { rows: string[][]; headers: string[]; delimiter: string; mapping: (string | null)[]; preview: ReturnType<typeof personOf>[] } | null } = { last: null };

  /** What the bulk page does with a dropped file before it shows the mapping screen and the preview. */
  const ours = async (file: File) => {
    const parsed = await parseCsv(file);
    if (!parsed.ok) throw new Error(parsed.message);
    const { headers, rows, delimiter } = parsed.table;
    const sample = rows.slice(0, input.previewRows);
    const mapping = guessMapping(headers, sample);
    const preview = sample.map((cells) => personOf(cells, mapping));
    seen.last = { rows, headers, delimiter, mapping, preview };
  };
  /** The naive reader: the whole text, then papaparse over it in one call (one task). */
  const baseline = async (file: File) => {
    const text = await file.text();
    const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
    if (!parsed.data.length) throw new Error('nothing parsed');
  };
  /** The floor: reading the file's text and splitting its lines, the least any reader does. */
  const floor = async (file: File) => {
    const text = await file.text();
    if (!text.split('\n').length) throw new Error('nothing read');
  };

  for (let i = 0; i < input.warmUps; i += 1) {
    await floor(fileOf(input.text, input.name));
    await baseline(fileOf(input.text, input.name));
    await ours(fileOf(input.text, input.name));
  }
  const out = { floor: [] as Watched[], baseline: [] as Watched[], ours: [] as Watched[] };
  for (let i = 0; i < input.runs; i += 1) {
    // Turns alternate, so that the machine's load weighs on each alike.
    const order = i % 2 === 0 ? (['floor', 'baseline', 'ours'] as const) : (['ours', 'baseline', 'floor'] as const);
    for (const which of order) {
      const file = fileOf(input.text, input.name);
      await sleep(50);
      out[which].push(await watched(() => (which === 'floor' ? floor(file) : which === 'baseline' ? baseline(file) : ours(file))));
    }
  }

  // Twice the rows: refused once the row after the limit is read.
  const body = input.text.slice(input.text.indexOf('\n') + 1);
  const tooLong = fileOf(input.text + body, input.name);
  let message = '';
  await sleep(50);
  const refusal = await watched(async () => {
    const parsed = await parseCsv(tooLong);
    message = parsed.ok ? `not refused: ${parsed.table.rows.length} rows` : parsed.message;
  });

  const calibration = await watched(async () => {
    const until = performance.now() + 80;
    while (performance.now() < until) {
      // busy: one long task
    }
  });
  const result = seen.last;
  if (!result) throw new Error('no run');
  return {
    ...out,
    refusal: { ...refusal, message },
    rows: result.rows.length,
    delimiter: result.delimiter,
    headers: result.headers,
    mapping: result.mapping,
    previewUsable: result.preview.filter((p) => p.person).length,
    previewProblems: result.preview.flatMap((p) => (p.problem ? [p.problem] : [])),
    longTasksReported: calibration.longTasks.length > 0,
  };
}
