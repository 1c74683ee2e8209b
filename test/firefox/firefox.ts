/**
 * The Firefox end-to-end harness: stock Firefox ESR driven by puppeteer-core over WebDriver BiDi
 * (Playwright drives only its own patched Firefox), with the Firefox automation build
 * (`npm run build:e2e:firefox`, .output-e2e/firefox-mv3) installed as a temporary add-on.
 * What was found to work, and the workarounds below, are recorded in
 * ../shared/design/firefox-e2e.md and the README's test section. Elements are found by role and
 * accessible name (./elements.ts, re-exported here).
 *
 * One Firefox per test, with the add-on just installed: empty storage, no optional host granted,
 * the sidebar just opened, as for a new user. (Uninstalling and installing again in one browser
 * would be quicker, but Firefox then gives the add-on a new random UUID, and its pages could no
 * longer be addressed.) A launch and install take 4 to 9 s on 2 cores.
 */
import { test as base, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type Frame, type HTTPRequest, type Page } from 'puppeteer-core';
import { demoPageUrl } from '@/scripts/demo-routes';
import { findFirefox } from '@/scripts/firefox';
import { startTestSandbox, type Sandbox } from '@/test/support/test-sandbox';
import type { MessageName, Outcome, Replies } from '@/lib/contracts/protocol';
import { byRole, click, expectText } from '@/test/firefox/elements';

/** The extension as built by `npm run build:e2e:firefox` (wxt.config.ts explains the automation flag). */
export const FIREFOX_EXTENSION_DIR = resolve(process.env.DOSSIER_FIREFOX_EXTENSION_DIR ?? '.output-e2e/firefox-mv3');

/**
 * Firefox gives each add-on a random UUID per profile for its moz-extension:// origin; the
 * `extensions.webextensions.uuids` preference fixes it, so the tests can address its pages.
 */
export const EXTENSION_UUID = '5d0551e2-0f1e-4c6b-9a3e-e2e0f1efa000';
export const EXTENSION_ORIGIN = `moz-extension://${EXTENSION_UUID}`;

function geckoId(): string {
  const manifest = JSON.parse(readFileSync(join(FIREFOX_EXTENSION_DIR, 'manifest.json'), 'utf8'));
  const id = manifest.browser_specific_settings?.gecko?.id;
  if (!id) throw new Error(`${FIREFOX_EXTENSION_DIR} is not a Firefox build: run \`npm run build:e2e:firefox\` first.`);
  return id;
}

const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
/** The Firefox store package `npm run zip` writes (the same add-on id as the automation build). */
export const FIREFOX_STORE_PACKAGE = resolve(`.output/dossier-${version}-firefox.zip`);

export async function launchFirefox(prefs: Record<string, unknown> = {}): Promise<Browser> {
  const { path, problem } = findFirefox();
  if (!path) throw new Error(`${problem}: run \`npx tsx scripts/firefox.ts\` (or set FIREFOX_PATH).`);
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: path,
    headless: true,
    // Lets the WebDriver BiDi session install add-ons (webExtension.install).
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [geckoId()]: EXTENSION_UUID }),
      // The optional-permission prompt is granted without showing it; the request itself still
      // needs a real click in one of the extension's pages, as a user's does.
      'extensions.webextOptionalPermissionPrompts': false,
      ...prefs,
    },
  });
}

/**
 * Opens a URL in a page. `page.goto` on a moz-extension:// URL waits for a navigation event
 * BiDi never reports: navigate without waiting, then wait for the document itself.
 */
export async function navigate(page: Page, url: string): Promise<void> {
  if (!url.startsWith('moz-extension:')) {
    await page.goto(url);
    return;
  }
  const context = (page.mainFrame() as unknown as { browsingContext: { navigate(url: string, wait: 'none'): Promise<unknown> } }).browsingContext;
  // Just after an install, Firefox may refuse the add-on's pages (NS_ERROR_NOT_AVAILABLE) for a moment.
  for (let attempt = 1; ; attempt++) {
    try {
      await context.navigate(url, 'none');
      break;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  await page.waitForFunction((target) => location.href === target && document.readyState === 'complete', { timeout: 15_000 }, url);
}

/**
 * The tab an action opens, once it shows a URL starting with `prefix` (read from the page itself:
 * for an extension page, BiDi keeps reporting about:blank).
 */
export async function pageOpenedBy(browser: Browser, prefix: string, action: () => Promise<void>): Promise<Page> {
  const before = new Set(browser.targets());
  const opened = browser.waitForTarget((target) => target.type() === 'page' && !before.has(target), { timeout: 15_000 });
  await action();
  const page = (await (await opened).page())!;
  await page.waitForFunction((prefix) => location.href.startsWith(prefix) && document.readyState === 'complete', { timeout: 15_000 }, prefix);
  return page;
}

// ---------------------------------------------------------------------------------------------
// Pages.

/**
 * Serves the sandbox's demo pages at the real sites' addresses (scripts/demo-routes.ts) in this
 * page, so that content scripts inject exactly as they would there; anything else goes through.
 */
export async function routeDemoPages(page: Page, sandboxOrigin: string, headers: Record<string, string> = {}): Promise<void> {
  await page.setRequestInterception(true);
  page.on('request', (request: HTTPRequest) => {
    const target = demoPageUrl(request.url(), sandboxOrigin);
    if (!target) return void request.continue();
    void fetch(target).then(async (response) =>
      request.respond({ status: response.status, headers, contentType: response.headers.get('content-type') ?? 'text/html; charset=utf-8', body: await response.text() }),
    );
  });
}

/**
 * The panel's frame in a page (an extension page inside a closed shadow root), once its document
 * is loaded: found by the URL the frame's document reports (BiDi reports about:blank for it).
 */
export async function panelFrame(page: Page, timeout = 15_000): Promise<Frame> {
  let frame: Frame | undefined;
  const isPanel = (f: Frame) =>
    f.evaluate(() => location.pathname === '/panel-frame.html' && document.readyState === 'complete' && !!document.querySelector('main')).catch(() => false);
  await expect
    .poll(
      async () => {
        for (const f of page.frames()) if (f !== page.mainFrame() && (await isPanel(f))) return (frame = f);
        return null;
      },
      { timeout, message: 'the panel frame to appear' },
    )
    .toBeTruthy();
  return frame!;
}

// ---------------------------------------------------------------------------------------------
// The add-on under test.

/** The event page's window, as an extension page reaches it (runtime.getBackgroundPage). */
export interface BackgroundWindow {
  browser: typeof browser;
  /** The automation build's hook (entrypoints/background.ts): absent from a store package. */
  dossierAutomation?: { contextMenuClick(click: object, tab: object | undefined): Promise<void> };
  [global: string]: unknown;
}

export interface Dossier {
  id: string;
  origin: string;
  /** An extension page, opened in a new tab (`popup.html`, `options.html`, …). */
  open(path: string): Promise<Page>;
  /** A web page in a new tab, with the demo pages served at the real sites' URLs (and these response headers). */
  openSite(url: string, headers?: Record<string, string>): Promise<Page>;
  /** One protocol message to the background, sent from an extension page as Dossier's pages send it. */
  call<N extends MessageName>(type: N, data?: unknown): Promise<Outcome<Replies[N]>>;
  /** Points Dossier at the sandbox with this key, as the settings page's Save does. */
  connect(apiKey: string): Promise<void>;
  /** Runs a function in an extension page with the background page's window (the event page). */
  inBackground<T, A>(fn: (background: BackgroundWindow, arg: A) => T | Promise<T>, arg: A): Promise<T>;
  /** The tab id of the open tab at this URL (tabs.query cannot match a URL with a port: compared here). */
  tabOf(url: string): Promise<number>;
  /** Whether the event page runs now (asked without waking it: a suspended one is not among the views). */
  eventPageRunning(): Promise<boolean>;
  /** The document of the open Firefox sidebar, or null when it is closed. */
  sidebar<T>(fn: (document: Document) => T | Promise<T>): Promise<T | null>;
  /**
   * The sidebar's page for the tab at this URL, in a tab of its own (the sidebar itself takes no
   * automated click): where Firefox users pay, since the in-page panel spends nothing in Firefox
   * (it cannot tell whether the page covers it: profile.firefox.ts proves the refusal).
   */
  sidebarFor(url: string): Promise<Page>;
}

type WorkerFixtures = { sandbox: Sandbox };
type TestFixtures = {
  /** Preferences for this test's Firefox, beside the harness's own (test.use({ firefoxPrefs })). */
  firefoxPrefs: Record<string, unknown>;
  /** What is installed: the automation build's folder, or a store package (test.use({ addon })). */
  addon: string;
  firefox: Browser;
  dossier: Dossier;
  freshKey: (balance?: number) => Promise<string>;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  sandbox: [
    async ({}, use) => {
      const { sandbox, stop } = await startTestSandbox();
      await use(sandbox);
      await stop();
    },
    { scope: 'worker' },
  ],
  firefoxPrefs: [{}, { option: true }],
  addon: [FIREFOX_EXTENSION_DIR, { option: true }],
  firefox: async ({ firefoxPrefs }, use) => {
    const browser = await launchFirefox(firefoxPrefs);
    await use(browser);
    await browser.close();
  },
  freshKey: async ({ sandbox }, use) => {
    // A key per test, so that the sandbox's ledger for it counts only this test's requests.
    await use(async (balance = 1000) => {
      return sandbox.newKey(balance);
    });
  },
  dossier: async ({ firefox, sandbox, addon }, use) => {
    const id = await firefox.installExtension(addon);
    const open = async (path: string) => {
      const page = await firefox.newPage();
      await navigate(page, `${EXTENSION_ORIGIN}/${path}`);
      return page;
    };
    // A quiet extension page for messages and API calls: the automation build's blank page (a
    // store package has none: its history page, which asks the gateway nothing).
    const control = await open(addon === FIREFOX_EXTENSION_DIR ? 'blank.html' : 'lookup-history.html');
    const call = async <N extends MessageName>(type: N, data?: unknown): Promise<Outcome<Replies[N]>> =>
      control.evaluate(
        async (type, data) => {
          const reply = await browser.runtime.sendMessage({ id: Math.floor(Math.random() * 1e9), type, data, timestamp: Date.now() });
          if (reply?.err) throw new Error(`background threw: ${JSON.stringify(reply.err)}`);
          return reply?.res;
        },
        type,
        data,
      );
    const dossier: Dossier = {
      id,
      origin: EXTENSION_ORIGIN,
      open,
      async openSite(url, headers) {
        const page = await firefox.newPage();
        await routeDemoPages(page, sandbox.origin, headers);
        await page.goto(url);
        return page;
      },
      call,
      async connect(apiKey) {
        const reply = await call('saveConnection', { gateway: { kind: 'sandbox', url: sandbox.url }, apiKey });
        expect(reply).toMatchObject({ ok: true });
      },
      // Sent as an expression: WebDriver BiDi's evaluation is not bound by the page's CSP, which
      // forbids eval inside the page itself.
      inBackground: (fn, arg) =>
        control.evaluate(`(async () => (${fn.toString()})(await browser.runtime.getBackgroundPage(), ${JSON.stringify(arg ?? null)}))()`) as Promise<Awaited<ReturnType<typeof fn>>>,
      async tabOf(url) {
        let tabId: number | undefined;
        await expect
          .poll(async () => (tabId = await control.evaluate(async (u) => (await browser.tabs.query({})).find((t) => t.url === u)?.id, url)), { message: `a tab at ${url}` })
          .toBeTruthy();
        return tabId!;
      },
      eventPageRunning: () => control.evaluate(() => browser.extension.getViews().some((view) => view.location.pathname === '/_generated_background_page.html')),
      sidebar: (fn) =>
        control.evaluate(`(async () => {
          const [view] = browser.extension.getViews({ type: 'sidebar' });
          return view ? (${fn.toString()})(view.document) : null;
        })()`) as Promise<Awaited<ReturnType<typeof fn>> | null>,
      sidebarFor: async (url) => open(`sidepanel.html?tab=${await dossier.tabOf(url)}`),
    };
    await use(dossier);
  },
});

export { expect };
export * from '@/test/firefox/elements';

/** Maya Chen's Enrich button, on the profile most tests open. */
export const ENRICH_MAYA = 'Enrich person and company · up to 2 credits';

/**
 * Enriches the person of the profile open at `url` where a Firefox user pays: a real click in the
 * sidebar's page for that tab, then waits until the card says what was paid. Returns that page.
 */
export async function enrichInSidebar(
  dossier: Dossier,
  url: string,
  { person = 'Maya Chen', button = ENRICH_MAYA, paid = 'Paid 2 credits.', timeout = 10_000 } = {},
): Promise<Page> {
  const side = await dossier.sidebarFor(url);
  await click(await byRole(side, 'article', person), 'button', button);
  await expectText(side, 'article', person, paid, timeout);
  return side;
}
