/**
 * What one lookup's history write costs with 10,000 entries (~1.5 KB each, shaped like a real
 * enrichment), in the real Chromium: the history code (lib/history) runs as the service worker
 * of a bare extension, on the vault (the extension's IndexedDB, lib/platform/storage/vault.ts), and every
 * time is the worker's own clock. Measured in the same run: release 0.1's write in
 * `storage.local` (read the one array, parse it, put the entry first, write all of it back)
 * against the append to the vault's history record store (one put, and the count beside it);
 * also reading the whole history back, the popup's newest 20, and the one-time moves:
 * `storage.local` into the vault (lib/worker/local-storage-move.ts), then the array into the record store
 * (lib/history/worker/migrate.ts).
 * Passes when the append is at least 10× cheaper than the array rewrite.
 */
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Worker } from 'playwright-core';
import { CHROMIUM_FLAGS, findBrowser } from '@/scripts/browser';
import type { HistoryEntry } from '@/lib/history/entry';
import { benchHistoryEntry, type BenchResult } from '@/scripts/bench/shared';
import { kb, ms, table, verdict } from '@/scripts/bench/table';

export const name = 'history: one lookup’s write at 10,000 entries';
const ENTRIES = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const TARGET_RATIO = 10;

/**
 * The worker: the record store as shipped (lib/history/worker/store.ts), and release 0.1's write as it
 * was. Every call answers its own duration (and, for storage.local, the keys and bytes written).
 */
const WORKER_SOURCE = `
import { historyEntrySchema } from '@/lib/history/entry';
import { migrateHistory } from '@/lib/history/worker/migrate';
import { appendHistory, readHistory, readRecentHistory } from '@/lib/history/worker/store';
import { moveLocalIntoVault } from '@/lib/worker/local-storage-move';

const area = chrome.storage.local;
let written = { keys: 0, bytes: 0 };
function counted(target) {
  const originalSet = target.set.bind(target);
  target.set = (items) => {
    written.keys += Object.keys(items).length;
    written.bytes += JSON.stringify(items).length;
    return originalSet(items);
  };
  return originalSet;
}
const originalSet = counted(area);

function parseAll(raw) {
  return (Array.isArray(raw) ? raw : []).flatMap((item) => {
    const parsed = historyEntrySchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Release 0.1's appendHistory: the whole array read, parsed and written back. */
async function appendArray(entry, maxEntries) {
  const entries = parseAll((await area.get('history')).history);
  const next = [entry, ...entries.filter((e) => e.id !== entry.id)].slice(0, maxEntries);
  await area.set({ history: next });
  await area.set({ historyRecent: next.slice(0, 50) });
}

async function readArray() {
  return parseAll((await area.get('history')).history);
}

async function timed(task) {
  const before = performance.now();
  const value = await task();
  return { ms: performance.now() - before, value };
}

self.historyBench = {
  async seed(entries) {
    await area.clear();
    await originalSet({ history: entries });
  },
  async measure(what, entry, maxEntries) {
    written = { keys: 0, bytes: 0 };
    const task = {
      arrayAppend: () => appendArray(entry, maxEntries),
      arrayRead: () => readArray(),
      append: () => appendHistory(entry, maxEntries),
      read: () => readHistory(),
      recent: () => readRecentHistory(20),
      moveIntoVault: () => moveLocalIntoVault(),
      moveIntoRecords: () => migrateHistory(),
    }[what];
    const { ms, value } = await timed(task);
    return { ms, written, count: Array.isArray(value) ? value.length : null };
  },
  async keys() {
    return Object.keys(await area.get(null)).length;
  },
};
`;

async function bundleWorker(): Promise<string> {
  const root = resolve(import.meta.dirname, '../..');
  const result = await build({
    stdin: { contents: WORKER_SOURCE, resolveDir: root, loader: 'ts' },
    bundle: true,
    format: 'iife',
    // What WXT's build defines and lib/ reads (the vault checks it is not in a test).
    define: { 'import.meta.env.MODE': '"production"' },
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

interface Measure {
  ms: number;
  written: { keys: number; bytes: number };
  count: number | null;
}

/** What the bundled worker code (WORKER_SOURCE) puts on the worker's global. */
interface HistoryBench {
  seed(entries: HistoryEntry[]): Promise<void>;
  measure(what: What, entry: HistoryEntry | null, max: number): Promise<Measure>;
}
/** The worker's global, as the evaluated functions below see it (they run there: no helper from here). */
type BenchScope = { historyBench: HistoryBench };

type What = 'arrayAppend' | 'arrayRead' | 'append' | 'read' | 'recent' | 'moveIntoVault' | 'moveIntoRecords';

function measure(worker: Worker, what: What, entry: HistoryEntry | null = null): Promise<Measure> {
  return worker.evaluate(([what, entry, max]) => (self as unknown as BenchScope).historyBench.measure(what, entry, max), [what, entry, ENTRIES] as const);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function run(): Promise<BenchResult> {
  const executablePath = findBrowser();
  if (!executablePath) return { name, pass: false, lines: ['No Chromium-family browser found: run `tsx scripts/browser.ts` or set CHROME_PATH.'] };
  const dir = mkdtempSync(join(tmpdir(), 'dossier-history-bench-'));
  const extension = join(dir, 'extension');
  const profile = join(dir, 'profile');
  mkdirSync(extension);
  writeFileSync(
    join(extension, 'manifest.json'),
    JSON.stringify({ manifest_version: 3, name: 'Dossier history bench', version: '0.0.1', permissions: ['storage', 'unlimitedStorage'], background: { service_worker: 'worker.js' } }),
  );
  writeFileSync(join(extension, 'worker.js'), await bundleWorker());

  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [...CHROMIUM_FLAGS, `--disable-extensions-except=${extension}`, `--load-extension=${extension}`],
  });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const now = Date.now();
    const entries = Array.from({ length: ENTRIES }, (_, i) => benchHistoryEntry(i, now));
    const entryBytes = JSON.stringify(entries).length;
    const fresh = (run: number) => ({ ...benchHistoryEntry(ENTRIES + run, now + run), id: `new-${run}` });
    const seed = () => worker.evaluate((list) => (self as unknown as BenchScope).historyBench.seed(list), entries);

    // Release 0.1: the array, rewritten by every lookup.
    await seed();
    await measure(worker, 'arrayRead'); // warm-up
    const arrayAppends: Measure[] = [];
    for (let i = 0; i < RUNS; i++) arrayAppends.push(await measure(worker, 'arrayAppend', fresh(i)));
    const arrayReads: Measure[] = [];
    for (let i = 0; i < 3; i++) arrayReads.push(await measure(worker, 'arrayRead'));

    // The record store: the same array as release 0.1 left it in storage.local, moved into the
    // vault as the worker does at its start, then into the record store, then appended to.
    await seed();
    const toVault = await measure(worker, 'moveIntoVault');
    const move = await measure(worker, 'moveIntoRecords');
    const appends: Measure[] = [];
    for (let i = 0; i < RUNS; i++) appends.push(await measure(worker, 'append', fresh(i)));
    const reads: Measure[] = [];
    for (let i = 0; i < 3; i++) reads.push(await measure(worker, 'read'));
    const recents: Measure[] = [];
    for (let i = 0; i < 5; i++) recents.push(await measure(worker, 'recent'));

    const arrayAppendMs = median(arrayAppends.map((m) => m.ms));
    const appendMs = median(appends.map((m) => m.ms));
    const ratio = arrayAppendMs / appendMs;
    const pass = ratio >= TARGET_RATIO && reads.every((m) => m.count === ENTRIES);
    const row = (label: string, runs: Measure[], extra = '') => [
      label,
      String(runs.length),
      ms(median(runs.map((m) => m.ms))),
      ms(Math.max(...runs.map((m) => m.ms))),
      runs[0]!.written.keys ? `${runs[0]!.written.keys} keys, ${kb(runs[0]!.written.bytes)}` : '-',
      extra,
    ];
    const lines = [
      `machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}; headless ${executablePath}`,
      `history: ${ENTRIES.toLocaleString('en')} entries, ${kb(entryBytes)} as JSON (${Math.round(entryBytes / ENTRIES)} bytes each); times from the worker's clock`,
      ...table(
        ['operation', 'runs', 'median ms', 'max ms', 'written per call', ''],
        [
          row('release 0.1: append (array rewrite)', arrayAppends),
          row('record store: append', appends, `${ratio.toFixed(0)}× cheaper`),
          row('release 0.1: read all', arrayReads),
          row('record store: readHistory (all)', reads),
          row('record store: readRecentHistory(20)', recents),
          row('one-time move of storage.local into the vault', [toVault]),
          row('one-time move of the array into the record store', [move]),
        ],
      ),
      `${verdict(pass)}: append median ${ms(appendMs)} ms against ${ms(arrayAppendMs)} ms for the array rewrite, ${ratio.toFixed(1)}× (target ≥ ${TARGET_RATIO}×)`,
    ];
    return { name, pass, lines };
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export default run;
