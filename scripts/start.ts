/**
 * `npm start`: builds the extension, starts the local sandbox and a local HubSpot emulator,
 * opens Chromium with the extension and runs the product tour (scripts/demo/tour.ts): every
 * flow, against the sandbox's demo key. With a display the browser stays open afterwards for
 * you to try things; without one the tour runs headless and writes a screenshot of each step
 * to .demo/screenshots/ (ignored by git, so a newcomer's clone stays clean). `npm run
 * screenshots` (`--docs`) runs it headless and refreshes docs/screenshots/, the README's pictures.
 *
 * It runs the automation build (DOSSIER_E2E=1, see wxt.config.ts): the tour's right-click
 * step needs its context-menu hook, and its all-sites step the permission a person would grant
 * at a prompt. Load `.output/chrome-mv3` (from `npm run build`) to try the release build.
 */
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_CROWD, startSandbox } from '@/sandbox/start';
import { startHubspotEmulator } from '@/test/emulators/hubspot';
import { CHROMIUM_FLAGS, ensureBrowser } from '@/scripts/browser';
import { DEMO_KEY, runTour } from '@/scripts/demo/tour';

const EXTENSION_DIR = resolve('.output-e2e/chrome-mv3');
/** `--docs`: the README's pictures, refreshed on purpose; otherwise a folder git ignores. */
const FOR_DOCS = process.argv.includes('--docs');
const SCREENSHOT_DIR = resolve(FOR_DOCS ? 'docs/screenshots' : '.demo/screenshots');

function hasDisplay(): boolean {
  if (FOR_DOCS) return false;
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
  console.log('Building the extension (automation build, see wxt.config.ts)…');
  execFileSync('npx', ['wxt', 'build'], { stdio: 'inherit', env: { ...process.env, DOSSIER_E2E: '1' } });

  const sandbox = await startSandbox({ port: portFromArgs(), crowd: DEFAULT_CROWD });
  console.log(`Sandbox running at ${sandbox.url} (key: ${DEMO_KEY}).`);
  const hubspot = await startHubspotEmulator();
  console.log(`HubSpot emulator running at ${hubspot.origin}.`);

  const profileDir = mkdtempSync(join(tmpdir(), 'dossier-demo-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath,
    headless,
    viewport: { width: 1280, height: 860 },
    args: [...CHROMIUM_FLAGS, `--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`],
  });
  let stopped = false;
  const stop = async (code = 0) => {
    if (stopped) return;
    stopped = true;
    await context.close().catch(() => {});
    await Promise.all([sandbox.close(), hubspot.server.close()]);
    rmSync(profileDir, { recursive: true, force: true });
    process.exit(code);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());

  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  console.log('Extension loaded. The tour:');
  try {
    await runTour({ context, worker, sandboxUrl: sandbox.url, hubspotOrigin: hubspot.origin, screenshotDir: headless ? SCREENSHOT_DIR : undefined, darkToo: headless, pauseMs: headless ? 0 : 1500 });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await stop(1);
  }

  if (headless) {
    console.log(`No display found: ran headless and saved a screenshot of each step in ${SCREENSHOT_DIR}/.`);
    await stop();
    return;
  }
  console.log('Chromium is open with the sandbox: try it yourself. Close it or press Ctrl+C to stop.');
  context.on('close', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
