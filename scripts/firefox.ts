/**
 * Finds a Firefox recent enough for the Firefox package (the manifest's strict_min_version) for
 * the Firefox end-to-end suite, and installs Debian's firefox-esr when none is found, saying what
 * it did. Order: FIREFOX_PATH, then the system's firefox-esr or firefox. Debian's main suite
 * carries an ESR too old for the package (140): the security suite has the current one, hence
 * the `apt-get update` before the install. There is no download fallback: Puppeteer's own
 * Firefox download is not reachable here, and stock Firefox is what users run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** The manifest's gecko strict_min_version (wxt.config.ts). */
export const FIREFOX_MIN_MAJOR = 142;

const SYSTEM_CANDIDATES = ['/usr/bin/firefox-esr', '/usr/bin/firefox', '/Applications/Firefox.app/Contents/MacOS/firefox'];

/** The major version a Firefox binary reports (`Mozilla Firefox 153.7.0esr` → 153), or null if it does not run. */
export function firefoxMajor(path: string): number | null {
  try {
    const out = execFileSync(path, ['--version'], { encoding: 'utf8', timeout: 30_000, stdio: ['ignore', 'pipe', 'ignore'] });
    const match = /Firefox (\d+)\./.exec(out);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** A usable Firefox: its path, or null with the reason in `problem`. */
export function findFirefox(): { path: string | null; problem: string | null } {
  const fromEnv = process.env.FIREFOX_PATH;
  if (fromEnv && !existsSync(fromEnv)) throw new Error(`FIREFOX_PATH is set to ${fromEnv}, but no file is there.`);
  const candidates = fromEnv ? [fromEnv] : SYSTEM_CANDIDATES.filter((path) => existsSync(path));
  if (candidates.length === 0) return { path: null, problem: 'no Firefox found' };
  for (const path of candidates) {
    const major = firefoxMajor(path);
    if (major !== null && major >= FIREFOX_MIN_MAJOR) return { path, problem: null };
  }
  return { path: null, problem: `${candidates.join(', ')} older than Firefox ${FIREFOX_MIN_MAJOR} (the package's minimum)` };
}

function canRun(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

export function ensureFirefox(log: (line: string) => void = console.log): string {
  const found = findFirefox();
  if (found.path) return found.path;
  const asRoot = process.getuid?.() === 0;
  const prefix = asRoot ? [] : canRun('sudo') ? ['sudo', '-n'] : null;
  if (!canRun('apt-get') || !prefix) throw new Error(`${found.problem}, and apt-get cannot install one: set FIREFOX_PATH to Firefox ${FIREFOX_MIN_MAJOR} or later.`);
  log(`${found.problem}: installing Debian’s firefox-esr (apt-get update, apt-get install -y firefox-esr)…`);
  const run = (args: string[]) => spawnSync(prefix[0] ?? args[0]!, prefix.length ? [...prefix.slice(1), ...args] : args.slice(1), { stdio: 'inherit' });
  run(['apt-get', 'update']);
  run(['apt-get', 'install', '-y', 'firefox-esr']);
  const installed = findFirefox();
  if (!installed.path) throw new Error(`Could not install a usable Firefox (${installed.problem}). Set FIREFOX_PATH.`);
  log(`Installed Firefox at ${installed.path}.`);
  return installed.path;
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  console.log(`Firefox: ${ensureFirefox()}`);
}
