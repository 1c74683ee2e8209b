/**
 * A browser profile with the automation build of the extension (`npm run build:e2e`, which has
 * the benches' blank page, entrypoints/blank), pointed at a sandbox, for the benches that
 * measure Dossier's own pages and worker against that blank page in the same run.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { CHROMIUM_FLAGS, findBrowser } from '@/scripts/browser';
import { callBackground, valueFromBackground, writeVault } from '@/scripts/demo/automation';

export const EXTENSION_DIR = resolve(process.env.DOSSIER_EXTENSION_DIR ?? '.output-e2e/chrome-mv3');
export const DEMO_KEY = 'sandbox-demo-key';

export function ensureBuilt(): string {
  if (!existsSync(join(EXTENSION_DIR, 'blank.html'))) execSync('npm run build:e2e', { stdio: 'inherit' });
  const executablePath = findBrowser();
  if (!executablePath) throw new Error('No Chromium found: run `npx tsx scripts/browser.ts` first.');
  return executablePath;
}

export interface BenchProfile {
  context: BrowserContext;
  /** The worker as it runs now (a stopped one is replaced when a page wakes it). */
  worker(): Worker;
  url(path: string): string;
  open(path: string): Promise<Page>;
  /** Stops the worker, as Chrome does when it reclaims an idle one. */
  stopWorker(): Promise<void>;
  close(): Promise<void>;
}

export async function launchProfile(executablePath: string, gatewayUrl: string, settings: Record<string, unknown> = {}): Promise<BenchProfile> {
  const dir = mkdtempSync(join(tmpdir(), 'dossier-bench-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath,
    headless: true,
    args: [...CHROMIUM_FLAGS, `--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`],
  });
  const first = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const id = new URL(first.url()).host;
  const worker = () => context.serviceWorkers().filter((w) => w.url().includes(id)).at(-1) ?? first;
  await writeVault(first, { gateway: { kind: 'sandbox', url: gatewayUrl }, gateway$: { v: 1 }, apiKey: DEMO_KEY, apiKey$: { v: 1 }, ...settings });
  const url = (path: string) => `chrome-extension://${id}/${path}`;
  const helper = await context.newPage();
  return {
    context,
    worker,
    url,
    async open(path) {
      const page = await context.newPage();
      await page.goto(url(path));
      return page;
    },
    async stopWorker() {
      const cdp = await context.newCDPSession(helper);
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      await cdp.detach();
    },
    async close() {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Milliseconds from navigation start to the page's `dossier:interactive` mark. */
export async function timeToMark(context: BrowserContext, url: string, mark = 'dossier:interactive'): Promise<number> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, mark, { timeout: 60_000 });
    return await page.evaluate((name) => performance.getEntriesByName(name)[0]!.startTime, mark);
  } finally {
    await page.close();
  }
}

/**
 * The floor: milliseconds from navigation start to the end of DOMContentLoaded of the blank page
 * (entrypoints/blank, automation build only), the moment an extension page's own script could
 * first have run.
 */
export async function timeToBlank(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    await page.waitForFunction(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.domContentLoadedEventEnd);
    return await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd);
  } finally {
    await page.close();
  }
}

/** What the benches read of a reply: whether it was answered, and a lookup's status. */
export interface BenchReply {
  ok?: boolean;
  value?: { status?: string };
}

/** One protocol message to the worker, timed in the page that sends it (as a screen would). */
export async function timedMessage(page: Page, type: string, data?: unknown): Promise<{ ms: number; reply: BenchReply | undefined }> {
  return page.evaluate(
    async ({ type, data }) => {
      const started = performance.now();
      const reply = await chrome.runtime.sendMessage({ id: Math.floor(Math.random() * 1e9), type, data, timestamp: Date.now() });
      return { ms: performance.now() - started, reply: reply?.res ?? reply };
    },
    { type, data },
  );
}

export { callBackground, valueFromBackground };

export const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const p95 = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]!;
};
