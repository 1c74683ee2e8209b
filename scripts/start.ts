/**
 * `npm start`: builds the extension, starts the local sandbox, and opens Chromium with the
 * extension loaded and configured for the sandbox and its demo key, on a demo profile page
 * served at the real site's address. Without a display it runs the same steps headless,
 * prints what it did and saves a screenshot of each step.
 */
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startSandbox } from '../sandbox/start';
import { CHROMIUM_FLAGS, ensureBrowser } from './browser';
import { routeDemoPages } from './demo-routes';

const DEMO_KEY = 'sandbox-demo-key';
const EXTENSION_DIR = resolve('.output/chrome-mv3');
const SCREENSHOT_DIR = resolve('.demo');

function hasDisplay(): boolean {
  if (process.platform !== 'linux') return true;
  return Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

function portFromArgs(): number {
  const flag = process.argv.indexOf('--port');
  const raw = flag >= 0 ? process.argv[flag + 1] : process.env.SANDBOX_PORT;
  const port = raw === undefined ? 8787 : Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Not a port number: ${raw}`);
  return port;
}

async function main() {
  const headless = !hasDisplay();
  const executablePath = ensureBrowser();
  console.log('Building the extension (wxt build)…');
  execFileSync('npx', ['wxt', 'build'], { stdio: 'inherit' });

  const sandbox = await startSandbox({ port: portFromArgs() });
  console.log(`Sandbox running at ${sandbox.url} (key: ${DEMO_KEY}).`);

  const profileDir = mkdtempSync(join(tmpdir(), 'dossier-demo-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath,
    headless,
    viewport: { width: 1280, height: 860 },
    args: [...CHROMIUM_FLAGS, `--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await worker.evaluate(
    async ({ url, key }) => chrome.storage.local.set({ gateway: { kind: 'sandbox', url }, apiKey: key }),
    { url: sandbox.url, key: DEMO_KEY },
  );
  console.log('Extension loaded and configured for the sandbox.');

  await routeDemoPages(context, new URL(sandbox.url).origin);
  const directory = JSON.parse(readFileSync(resolve('sandbox/directory.json'), 'utf8')) as {
    people: { networkUrl: string; fullName: string }[];
  };
  const person = directory.people[0]!;
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(person.networkUrl);
  console.log(`Opened ${person.fullName}'s demo profile at ${person.networkUrl}.`);

  const extensionId = new URL(worker.url()).host;
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await popup.getByTestId('balance').filter({ hasText: 'credits' }).waitFor({ timeout: 10_000 }).catch(() => {});
  console.log(`Popup: ${(await popup.getByTestId('balance').textContent()) ?? 'no balance shown'}.`);

  if (headless) {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOT_DIR, '1-profile.png') });
    await popup.screenshot({ path: join(SCREENSHOT_DIR, '2-popup.png') });
    console.log(`No display found: ran headless and saved screenshots in ${SCREENSHOT_DIR}/.`);
    await context.close();
    await sandbox.close();
    return;
  }
  await page.bringToFront();
  console.log('Chromium is open. Close it or press Ctrl+C to stop.');
  const stop = async () => {
    await context.close().catch(() => {});
    await sandbox.close();
    process.exit(0);
  };
  context.on('close', () => void stop());
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
