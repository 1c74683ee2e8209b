import { test as base, chromium, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CHROMIUM_FLAGS, findBrowser } from '@/scripts/browser';
import { startTestSandbox, type Sandbox } from '@/test/support/test-sandbox';
import { writeVault } from '@/scripts/demo/automation';
import { panelSeen } from '@/scripts/demo/panel-seen';

/** The extension as built by `npm run build:e2e` (see wxt.config.ts for the test flag). */
export const EXTENSION_DIR = resolve(process.env.DOSSIER_EXTENSION_DIR ?? '.output-e2e/chrome-mv3');
export { E2E_CROWD, type Sandbox } from '@/test/support/test-sandbox';

/** `browserLanguage` is the browser's own interface language (Chromium's `--lang`), English otherwise. */
export async function launchWithExtension(userDataDir: string, extensionDir = EXTENSION_DIR, browserLanguage?: string): Promise<BrowserContext> {
  const executablePath = findBrowser();
  if (!executablePath) throw new Error('No Chromium found: run `npx tsx scripts/browser.ts` first.');
  return chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args: [
      ...CHROMIUM_FLAGS,
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      ...(browserLanguage ? [`--lang=${browserLanguage}`] : []),
    ],
    // On Linux, Chromium takes its interface language from the environment (`--lang` is for other systems).
    ...(browserLanguage ? { locale: browserLanguage, env: { ...process.env, LANGUAGE: browserLanguage.replace('-', '_') } } : {}),
  });
}

export async function serviceWorkerOf(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? context.waitForEvent('serviceworker');
}

/**
 * Points the extension at the test's sandbox. The connection lives in the vault (the
 * extension's IndexedDB, lib/platform/storage/vault.ts), which the worker can write: the same keys and
 * `{ v }` version metadata the settings page's saveConnection writes, and the change announced
 * to open pages as the vault announces its own writes.
 */
export async function configureExtension(worker: Worker, settings: { gatewayUrl: string; apiKey?: string }) {
  const values: Record<string, unknown> = { gateway: { kind: 'sandbox', url: settings.gatewayUrl }, gateway$: { v: 1 } };
  if (settings.apiKey !== undefined) Object.assign(values, { apiKey: settings.apiKey, apiKey$: { v: 1 } });
  await writeVault(worker, values);
}

type Fixtures = {
  sandbox: Sandbox;
  userDataDir: string;
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  openExtensionPage: (path: string) => Promise<Page>;
};

export const test = base.extend<Fixtures>({
  sandbox: async ({}, use) => {
    const { sandbox, stop } = await startTestSandbox();
    await use(sandbox);
    await stop();
  },
  userDataDir: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'dossier-profile-'));
    await use(dir);
    rmSync(dir, { recursive: true, force: true });
  },
  context: async ({ userDataDir }, use) => {
    const context = await launchWithExtension(userDataDir);
    await use(context);
    await context.close();
  },
  worker: async ({ context }, use) => {
    await use(await serviceWorkerOf(context));
  },
  extensionId: async ({ worker }, use) => {
    await use(new URL(worker.url()).host);
  },
  openExtensionPage: async ({ context, extensionId }, use) => {
    await use(async (path) => {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${path}`);
      return page;
    });
  },
});

export { expect } from '@playwright/test';

export { callBackground, readRecords, readVault, valueFromBackground, writeRecords, writeVault } from '@/scripts/demo/automation';

/** Stops every service worker through the DevTools protocol, as Chrome does when it reclaims an idle worker. */
export async function stopServiceWorkers(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
}

/**
 * Runs an expression in the extension's content-script world of a page (the isolated world
 * its content scripts share), through the DevTools protocol: what a compromised or confused
 * content script could do.
 */
export async function evaluateInContentScript<T>(context: BrowserContext, page: Page, extensionId: string, expression: string): Promise<T> {
  const cdp = await context.newCDPSession(page);
  const contexts: { id: number; origin: string; auxData?: { type?: string } }[] = [];
  cdp.on('Runtime.executionContextCreated', (event) => contexts.push(event.context));
  await cdp.send('Runtime.enable');
  const deadline = Date.now() + 5000;
  let target: (typeof contexts)[number] | undefined;
  while (!(target = contexts.find((c) => c.auxData?.type === 'isolated' && c.origin.includes(extensionId))) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!target) throw new Error('The content script world was not found.');
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', { expression, contextId: target.id, awaitPromise: true, returnByValue: true });
  await cdp.detach();
  if (exceptionDetails) throw new Error(exceptionDetails.text);
  return result.value as T;
}

/**
 * Answers the first-run question ("panel in the page, or stealth?") as the settings do, from
 * an extension page: tests that visit the network choose a mode first, or the question opens.
 */
export async function choosePanelMode(context: BrowserContext, extensionId: string, mode: 'frame' | 'stealth'): Promise<void> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/lookup-history.html`);
  const { callBackground } = await import('@/scripts/demo/automation');
  const reply = await callBackground(page, 'choosePanelMode', { mode });
  if (!reply?.ok) throw new Error(`choosePanelMode failed: ${JSON.stringify(reply)}`);
  await page.close();
}

/**
 * The panel's frame in a page (an extension page inside a closed shadow root): found by its URL,
 * once it has been in view long enough for a click in it to count (scripts/demo/panel-seen.ts).
 */
export async function panelFrame(page: Page, timeout = 10_000): Promise<import('@playwright/test').Frame> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const frame = page.frames().find((f) => f.url().includes('/panel-frame.html'));
    if (frame) {
      await panelSeen(frame);
      return frame;
    }
    if (Date.now() > deadline) throw new Error('The panel frame did not appear.');
    await page.waitForTimeout(100);
  }
}

/**
 * axe inside the panel's frame: AxeBuilder finds frames through the page's DOM, which a closed
 * shadow root hides, so axe's source is evaluated in the frame itself (the DevTools protocol is
 * not bound by the extension page's CSP). Returns the serious and critical violations.
 */
export async function seriousViolationsInFrame(frame: import('@playwright/test').Frame): Promise<string[]> {
  const { default: axeCore } = await import('axe-core');
  await frame.evaluate(axeCore.source);
  return frame.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: Element): Promise<{ violations: { id: string; impact?: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const results = await axe.run(document.querySelector('main')!);
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}
