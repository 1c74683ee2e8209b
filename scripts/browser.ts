/**
 * Finds a Chromium-family browser for the demo and the end-to-end tests, and installs one
 * when none is found, saying what it did. Order: CHROME_PATH, the system's Chromium or
 * Chrome, then Debian's `chromium` package where apt can install it, else Playwright's own
 * browser download.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const SYSTEM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

export function findBrowser(): string | null {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROME_PATH is set to ${fromEnv}, but no file is there.`);
  }
  return SYSTEM_CANDIDATES.find((path) => existsSync(path)) ?? playwrightBrowser();
}

function playwrightBrowser(): string | null {
  try {
    const { chromium } = createRequire(import.meta.url)('playwright-core') as typeof import('playwright-core');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

function canRun(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Debian's Chromium ships its English interface only; its other languages are the chromium-l10n package. */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const DEBIAN_FRENCH_PACK = '/usr/lib/chromium/locales/fr.pak';

function aptPrefix(): string[] | null {
  if (!canRun('apt-get')) return null;
  if (process.getuid?.() === 0) return [];
  return canRun('sudo') ? ['sudo', '-n'] : null;
}

/**
 * The e2e suite also runs Dossier in a browser whose own language is French (its default
 * language is the browser's): Debian's Chromium needs its language packs for that.
 */
function ensureLanguagePacks(browser: string, log: (line: string) => void): void {
  if (browser !== DEBIAN_CHROMIUM || existsSync(DEBIAN_FRENCH_PACK)) return;
  const prefix = aptPrefix();
  if (!prefix) {
    log('Debian’s Chromium has no language packs and apt cannot install them: the browser-language test will fail (apt-get install chromium-l10n).');
    return;
  }
  log('Installing Chromium’s language packs (apt-get install -y chromium-l10n), for the browser-language test…');
  aptInstall(prefix, 'chromium-l10n', log);
}

/** apt-get install, and once more after refreshing the package lists if that failed. */
function aptInstall(prefix: string[], pkg: string, log: (line: string) => void): void {
  const [cmd, ...args] = [...prefix, 'apt-get', 'install', '-y', pkg];
  if (spawnSync(cmd!, args, { stdio: 'inherit' }).status === 0) return;
  log('apt-get install failed; refreshing the package lists and trying once more…');
  spawnSync(prefix[0] ?? 'apt-get', prefix.length ? [...prefix.slice(1), 'apt-get', 'update'] : ['update'], { stdio: 'inherit' });
  spawnSync(cmd!, args, { stdio: 'inherit' });
}

export function ensureBrowser(log: (line: string) => void = console.log): string {
  const browser = findOrInstallBrowser(log);
  ensureLanguagePacks(browser, log);
  return browser;
}

function findOrInstallBrowser(log: (line: string) => void): string {
  const found = findBrowser();
  if (found) return found;
  const prefix = aptPrefix();
  if (prefix) {
    log('No Chromium-family browser found: installing Debian’s chromium package (apt-get install -y chromium)…');
    aptInstall(prefix, 'chromium', log);
    const installed = findBrowser();
    if (installed) {
      log(`Installed Chromium at ${installed}.`);
      return installed;
    }
  }
  log('No Chromium-family browser found and apt cannot install one: downloading Playwright’s Chromium (npx playwright install chromium)…');
  execFileSync('npx', ['--yes', 'playwright', 'install', 'chromium'], { stdio: 'inherit' });
  const downloaded = findBrowser();
  if (!downloaded) throw new Error('Could not find or install a Chromium-family browser. Set CHROME_PATH to one.');
  log(`Using Playwright’s Chromium at ${downloaded}.`);
  return downloaded;
}

/** Flags that keep a headless Chromium quiet on a machine with a closed network. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  console.log(`Browser: ${ensureBrowser()}`);
}
