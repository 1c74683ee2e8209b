import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { BrowserContext, Frame, Page, Worker } from '@playwright/test';
import { routeDemoPages } from '@/scripts/demo-routes';
import { de } from '@/lib/platform/i18n/de';
import { en } from '@/lib/platform/i18n/en';
import { findClipped } from '@/test/support/layout';
import { callBackground, choosePanelMode, configureExtension, EXTENSION_DIR, expect, panelFrame, test, writeVault, type Sandbox } from '@/test/e2e/extension';

/**
 * The network's page as an adversary: it reads everything it can reach, fires synthetic
 * input and messages at everything it can reach, and probes for the extension's files, after
 * the user paid for a lookup. It must learn nothing and trigger nothing, in both panel modes;
 * in stealth mode it must not even see a node added.
 */
const MAYA = 'https://www.linkedin.com/in/maya-chen/';

/** Every file of the build, as a page would probe for it at the extension's static URLs. */
function buildFiles(dir = EXTENSION_DIR): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? buildFiles(path) : [relative(EXTENSION_DIR, path).split('\\').join('/')];
  });
}

// Installed before any script of the page or the extension runs, in the page's main world:
// what the page's own scripts would record.
function pageSpy() {
  const spy = { added: [] as string[], attributes: [] as string[], messages: [] as string[] };
  (window as unknown as { __spy: typeof spy }).__spy = spy;
  const record = (records: MutationRecord[]) => {
    for (const r of records) {
      if (r.type === 'attributes') spy.attributes.push(`${(r.target as Element).nodeName}[${r.attributeName}]`);
      for (const node of r.addedNodes) if (node.nodeType === Node.ELEMENT_NODE) spy.added.push(node.nodeName);
    }
  };
  const observer = new MutationObserver(record);
  observer.observe(document, { subtree: true, childList: true, attributes: true });
  // What the parser inserted is the page's own: forget it once parsing ends. Dossier's content
  // scripts run at document_idle, after this, so everything they could add is still recorded.
  document.addEventListener('DOMContentLoaded', () => {
    observer.takeRecords();
    spy.added.length = 0;
    spy.attributes.length = 0;
  });
  window.addEventListener('message', (event) => spy.messages.push(JSON.stringify(event.data)), true);
}

/** The real pages enforce Trusted Types: the demo page gets the same policy, by a meta tag. */
const withTrustedTypes = (html: string) =>
  html.replace('<head>', `<head><meta http-equiv="Content-Security-Policy" content="require-trusted-types-for 'script'; trusted-types 'none'">`);

async function prepare(context: BrowserContext, worker: Worker, sandbox: Sandbox, extensionId: string, mode: 'frame' | 'stealth', preferences?: object) {
  const apiId = await sandbox.newKey(1_000);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  if (preferences) {
    // Saved whole, so before the panel mode (a preference too) is chosen.
    const settings = await context.newPage();
    await settings.goto(`chrome-extension://${extensionId}/lookup-history.html`);
    expect(await callBackground(settings, 'savePreferences', preferences)).toMatchObject({ ok: true });
    await settings.close();
  }
  await choosePanelMode(context, extensionId, mode);
  await context.addInitScript(pageSpy);
  await routeDemoPages(context, sandbox.origin, withTrustedTypes);
  return apiId;
}

async function tabIdOf(worker: Worker, url: string): Promise<number> {
  return worker.evaluate(async (u) => (await chrome.tabs.query({ url: u }))[0]!.id!, url);
}

/** The lookup a user pays for, clicked for real (a trusted click) where the panel is in this mode. */
async function payForLookups(where: Page | Frame): Promise<string[]> {
  const card = where.getByRole('article');
  await card.getByRole('button', { name: 'Enrich person and company · up to 2 credits' }).click();
  await expect(card).toContainText('Paid 2 credits.');
  const phones = card.getByRole('group', { name: 'Phones', exact: true });
  await phones.getByRole('button', { name: /^Find mobile/ }).click();
  await expect(phones.getByTestId('lookup-cost')).toBeVisible();
  const hrefs = await where.locator('a[href^="mailto:"], a[href^="tel:"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  const revealed = hrefs.map((href) => decodeURIComponent(href.replace(/^(mailto|tel):/, '')));
  expect(revealed.some((v) => v.includes('@'))).toBe(true);
  return revealed;
}

/** Waits until the gateway has seen no request for a second (the balance re-read after a paid lookup). */
async function settled(sandbox: Sandbox, apiId: string) {
  let last = -1;
  for (;;) {
    const { requests } = await sandbox.ledger(apiId);
    if (requests === last) return (await sandbox.ledger(apiId));
    last = requests;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** From the page's main world: every attribute, text and reachable shadow root, and the page's storage. */
function readEverything(): string {
  const seen: string[] = [document.title, location.href, window.name, JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage })];
  seen.push(...performance.getEntries().map((e) => e.name));
  const walk = (root: Document | ShadowRoot | Element) => {
    for (const node of root.querySelectorAll('*')) {
      for (const attr of node.attributes) seen.push(`${attr.name}=${attr.value}`);
      seen.push(node.textContent ?? '');
      if ((node as HTMLInputElement).value) seen.push(String((node as HTMLInputElement).value));
      if (node.shadowRoot) walk(node.shadowRoot);
      if (node instanceof HTMLIFrameElement) {
        try {
          if (node.contentDocument) walk(node.contentDocument);
        } catch {
          // Another origin: out of the page's reach, which is the point.
        }
      }
    }
  };
  walk(document);
  for (let i = 0; i < window.frames.length; i++) {
    try {
      seen.push(window.frames[i]!.location.href, window.frames[i]!.document.documentElement.outerHTML);
    } catch {
      // Cross-origin frame: unreadable.
    }
  }
  return seen.join('\n');
}

/** From the page's main world: synthetic clicks, keys and messages at everything it can reach. */
function attackEverything(extensionId: string) {
  const targets: Element[] = [];
  const collect = (root: Document | ShadowRoot) => {
    for (const el of root.querySelectorAll('*')) {
      targets.push(el);
      if (el.shadowRoot) collect(el.shadowRoot);
    }
  };
  collect(document);
  const keys = [
    { key: 'Enter', code: 'Enter' },
    { key: ' ', code: 'Space' },
    { key: 'E', code: 'KeyE', altKey: true, shiftKey: true },
    { key: 'Escape', code: 'Escape' },
  ];
  for (const el of targets) {
    for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'dblclick', 'contextmenu']) {
      el.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, composed: true, view: window }));
    }
    (el as HTMLElement).click?.();
    (el as HTMLElement).focus?.();
    for (const init of keys) {
      for (const type of ['keydown', 'keypress', 'keyup']) el.dispatchEvent(new KeyboardEvent(type, { ...init, bubbles: true, cancelable: true, composed: true }));
    }
  }
  for (const init of keys) document.dispatchEvent(new KeyboardEvent('keydown', { ...init, bubbles: true }));
  const messages = [
    { type: 'lookup', data: { op: 'enrichPerson', input: { profileUrl: location.href }, confirmed: true } },
    { id: 1, type: 'lookup', data: { op: 'searchPhone', input: { profileUrl: location.href }, confirmed: true }, timestamp: Date.now() },
    { id: 2, type: 'crmPush', data: { historyId: 'x', target: 'hubspot' }, timestamp: Date.now() },
    { type: 'setPanelLayout', data: { collapsed: true, side: 'left' } },
    { type: `${extensionId}:network:wxt:content-script-started`, contentScriptName: 'network', messageId: 'x' },
  ];
  for (const message of messages) {
    window.postMessage(message, '*');
    for (let i = 0; i < window.frames.length; i++) window.frames[i]!.postMessage(message, '*');
    for (const name of ['dossier:lookup', 'lookup', `${extensionId}:network:wxt:locationchange`, 'message']) {
      document.dispatchEvent(new CustomEvent(name, { detail: message, bubbles: true }));
      window.dispatchEvent(new CustomEvent(name, { detail: message }));
    }
  }
  return targets.length;
}

for (const mode of ['frame', 'stealth'] as const) {
  test.describe(`a hostile network page, ${mode === 'frame' ? 'in-page panel' : 'stealth mode'}`, () => {
    test('learns nothing, triggers nothing, finds no file; in stealth sees no node added', async ({ context, worker, sandbox, extensionId, openExtensionPage }) => {
      test.setTimeout(120_000);
      const apiId = await prepare(context, worker, sandbox, extensionId, mode);
      const page = await context.newPage();
      await page.goto(MAYA);
      const tabId = await tabIdOf(worker, MAYA);
      const where: Page | Frame = mode === 'frame' ? await panelFrame(page) : await openExtensionPage(`sidepanel.html?tab=${tabId}`);
      await expect(where.getByRole('article', { name: 'Maya Chen' })).toBeVisible();

      // The site moves to another profile without a reload, as a single-page app does.
      await page.evaluate(() => {
        history.pushState({}, '', '/in/alex-morgan/');
        document.title = 'Alex Morgan | LinkedIn';
        document.querySelector('h1')!.textContent = 'Alex Morgan';
      });
      await expect(where.getByRole('article', { name: 'Alex Morgan' })).toBeVisible({ timeout: 10_000 });

      // A paid lookup, clicked for real where this mode shows the panel.
      const revealed = await payForLookups(where);
      await page.bringToFront();
      const before = await settled(sandbox, apiId);
      expect(before.charges.length).toBeGreaterThanOrEqual(2);

      // Watching, from before the extension ran until now (load, detection, navigation, lookup):
      // no message ever reached the page; in stealth, no node and no attribute was added.
      const spy = await page.evaluate(() => (window as unknown as { __spy: { added: string[]; attributes: string[]; messages: string[] } }).__spy);
      expect(spy.messages).toEqual([]);
      if (mode === 'frame') {
        expect(spy.added).toEqual(['DOSSIER-PANEL']);
      } else {
        expect(spy.added).toEqual([]);
        expect(spy.attributes).toEqual([]);
        expect(await page.evaluate(() => ({ sheets: document.adoptedStyleSheets.length, frames: window.frames.length }))).toEqual({ sheets: 0, frames: 0 });
      }

      // 1. Reading: no revealed value, no key, no extension URL, in anything the page can reach.
      const everything = await page.evaluate(readEverything);
      for (const secret of [...revealed, apiId]) expect(everything, `the page can read ${secret}`).not.toContain(secret);
      expect(everything).not.toContain('chrome-extension://');
      if (mode === 'frame') expect(await page.locator('dossier-panel').evaluate((host) => host.shadowRoot)).toBeNull();

      // 2. Triggering: synthetic input and messages at everything reachable spend nothing, ask nothing.
      const reached = await page.evaluate(attackEverything, extensionId);
      expect(reached).toBeGreaterThan(20);
      await page.waitForTimeout(2_000);
      const after = await sandbox.ledger(apiId);
      expect(after.requests).toBe(before.requests);
      expect(after.charges).toEqual(before.charges);
      if (mode === 'frame') await expect((await panelFrame(page)).getByRole('button', { name: 'Collapse Dossier panel' })).toBeVisible();

      // 3. Probing: no file of the build answers at the extension's static URLs.
      const files = buildFiles();
      expect(files).toContain('panel-frame.html');
      const answered = await page.evaluate(
        async ({ id, files }) => {
          const found: string[] = [];
          for (const file of files) {
            try {
              await fetch(`chrome-extension://${id}/${file}`);
              found.push(file);
            } catch {
              // Refused: what must happen.
            }
          }
          return found;
        },
        { id: extensionId, files },
      );
      expect(answered).toEqual([]);

    });
  });
}

/**
 * Clickjacking: the page lays an opaque element of its own ("Show more") over the panel's frame,
 * with `pointer-events: none`, so that a click on what the user sees goes through to the panel.
 * Added from the page's main world as a page script would (no injected <script>: Trusted Types).
 */
async function layCover(page: Page) {
  await page.evaluate(() => {
    const cover = document.createElement('div');
    cover.id = 'bait';
    cover.textContent = 'Show more';
    Object.assign(cover.style, { position: 'fixed', inset: '0', zIndex: '2147483647', background: 'white', color: 'black', font: '16px sans-serif', pointerEvents: 'none' });
    document.body.append(cover);
  });
}

const liftCover = (page: Page) => page.evaluate(() => document.getElementById('bait')?.remove());

/** A real mouse click (the browser's own input, trusted) at the middle of an element inside the frame, wherever the page puts things over it. */
async function clickAt(page: Page, target: import('@playwright/test').Locator) {
  const box = (await target.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Longer than the panel must be seen before a click counts (lib/panel/page/visibility-guard.ts), as a user's look is. */
const A_LOOK = 800;

const COVERED = 'Something on this page was covering the panel, so nothing was looked up and no credits were used.';

test.describe('a hostile network page covering the in-page panel', () => {
  test('a click through its cover, or a key press, spends nothing and says why; the same click uncovered spends once', async ({ context, worker, sandbox, extensionId }) => {
    test.setTimeout(90_000);
    const apiId = await prepare(context, worker, sandbox, extensionId, 'frame');
    const page = await context.newPage();
    await page.goto(MAYA);
    const frame = await panelFrame(page);
    const card = frame.getByRole('article', { name: 'Maya Chen' });
    const findEmail = card.getByRole('button', { name: 'Find work email · up to 1 credit' });
    await expect(findEmail).toBeVisible();
    const before = await settled(sandbox, apiId);

    await layCover(page);
    await page.waitForTimeout(A_LOOK);
    // The cover is what a person sees there, and it lets the click through to the panel.
    expect(await page.evaluate(() => document.elementFromPoint(innerWidth - 200, 200)?.id)).not.toBe('bait');
    await clickAt(page, findEmail);
    const refusal = card.getByRole('alert');
    await expect(refusal).toHaveText(COVERED);
    await expect(refusal).toBeFocused();

    // The keyboard, too: Enter on the focused button, the panel covered.
    await card.getByRole('button', { name: 'Dismiss' }).click();
    await findEmail.focus();
    await page.keyboard.press('Enter');
    await expect(refusal).toHaveText(COVERED);
    await page.waitForTimeout(1_500);
    const after = await sandbox.ledger(apiId);
    expect(after.requests, 'no request reached the service').toBe(before.requests);
    expect(after.charges).toEqual(before.charges);
    await expect(card.getByRole('group', { name: 'Work email' }).getByRole('link')).toHaveCount(0);

    // Nothing over the panel, a moment to see it: the same click spends, once.
    await liftCover(page);
    await page.waitForTimeout(A_LOOK);
    await clickAt(page, findEmail);
    await expect(card.getByRole('group', { name: 'Work email' }).getByRole('link', { name: /@/ })).toBeVisible();
    const paid = await settled(sandbox, apiId);
    expect(paid.charges.length - before.charges.length).toBe(1);
    await expect(card.getByRole('alert')).toHaveCount(0);

    // The message's way out, which no page can cover: the browser's side panel, opened by a real
    // click. Last, because headless Chromium draws the side panel over the page's right side.
    await layCover(page);
    await page.waitForTimeout(A_LOOK);
    await clickAt(page, card.getByRole('button', { name: 'Find mobile · up to 30 credits' }));
    await liftCover(page);
    await card.getByRole('button', { name: 'Open side panel' }).click();
    await expect
      .poll(() => worker.evaluate(async () => (await chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.SIDE_PANEL] })).length))
      .toBe(1);
  });

  test('a click on the price question through its cover spends nothing; uncovered it does', async ({ context, worker, sandbox, extensionId }) => {
    test.setTimeout(90_000);
    // Every lookup asks first.
    const apiId = await prepare(context, worker, sandbox, extensionId, 'frame', { spending: { confirmAbove: 0 } });
    const page = await context.newPage();
    await page.goto(MAYA);
    const card = (await panelFrame(page)).getByRole('article', { name: 'Maya Chen' });
    const findEmail = card.getByRole('button', { name: 'Find work email · up to 1 credit' });
    await expect(findEmail).toBeVisible();
    await page.waitForTimeout(A_LOOK);
    const before = await settled(sandbox, apiId);

    // Asked first (above the threshold); the page covers the question before the user answers.
    await clickAt(page, findEmail);
    const go = card.getByRole('button', { name: 'Confirm and spend' });
    await expect(go).toBeVisible();
    await layCover(page);
    await page.waitForTimeout(A_LOOK);
    await clickAt(page, go);
    await expect(card.getByRole('alert')).toHaveText(COVERED);
    await expect(go).toBeHidden();
    await page.waitForTimeout(1_500);
    expect((await sandbox.ledger(apiId)).charges).toEqual(before.charges);

    // Uncovered, asked again and answered: one charge.
    await liftCover(page);
    await page.waitForTimeout(A_LOOK);
    await clickAt(page, findEmail);
    await expect(go).toBeVisible();
    await clickAt(page, go);
    await expect(card.getByRole('group', { name: 'Work email' }).getByRole('link', { name: /@/ })).toBeVisible();
    expect((await settled(sandbox, apiId)).charges.length - before.charges.length).toBe(1);
  });
});

for (const language of ['en', 'de'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`${language}, ${scheme}: the panel says why a covered click spent nothing, whole, with the way to the side panel`, async ({ context, worker, sandbox, extensionId }) => {
      const say = language === 'en' ? en : de;
      await prepare(context, worker, sandbox, extensionId, 'frame');
      await writeVault(worker, { language, language$: { v: 1 } });
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(MAYA);
      const card = (await panelFrame(page)).getByRole('article', { name: 'Maya Chen' });
      const findEmail = card.getByRole('button', { name: new RegExp(`^${say['panel.action.findWorkEmail']}`) });
      await expect(findEmail).toBeVisible();
      await layCover(page);
      await page.waitForTimeout(A_LOOK);
      await clickAt(page, findEmail);
      await expect(card.getByRole('alert')).toHaveText(say['spend.refused.covered']);
      await liftCover(page);
      await expect(card.getByRole('button', { name: say['app.openSidePanel'] })).toBeVisible();
      mkdirSync('test-results/overlay', { recursive: true });
      await page.locator('dossier-panel').screenshot({ path: `test-results/overlay/covered-${language}-${scheme}.png` });
      expect(await (await panelFrame(page)).evaluate(findClipped)).toEqual([]);
    });
  }
}
