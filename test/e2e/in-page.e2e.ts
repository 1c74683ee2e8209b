import type { BrowserContext, Page, Worker } from '@playwright/test';
import { routeDemoPages } from '@/scripts/demo-routes';
import { callBackground, choosePanelMode, configureExtension, expect, panelFrame, seriousViolationsInFrame, test, type Sandbox } from '@/test/e2e/extension';

const MAYA = 'https://www.linkedin.com/in/maya-chen/';

async function prepare(context: BrowserContext, worker: Worker, sandbox: Sandbox, openExtensionPage: (p: string) => Promise<Page>, mode: 'frame' | 'stealth' = 'frame') {
  const apiId = await sandbox.newKey(10_000);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  const page = await openExtensionPage('lookup-history.html');
  expect(await callBackground(page, 'choosePanelMode', { mode })).toMatchObject({ ok: true });
  await page.close();
  await routeDemoPages(context, sandbox.origin);
  return apiId;
}

/** The sandbox's own record, fetched directly, to compare with what the panel shows. */
async function sandboxRecord(sandbox: Sandbox, profileUrl: string) {
  const url = new URL('v2/full', sandbox.url);
  url.searchParams.set('apiId', 'sandbox-demo-key');
  url.searchParams.set('data', profileUrl);
  url.searchParams.set('companyPremium', 'true');
  return (await (await fetch(url)).json()).data;
}

/** The panel lives in an extension page framed inside a closed shadow root: every query goes through the frame. */
const inPanel = async (page: Page) => panelFrame(page);
const panel = async (page: Page) => (await inPanel(page)).getByRole('complementary', { name: /Dossier/ });

test('on a profile: the card appears, enrich fills it with the sandbox record; loaded again it costs nothing; refresh pays again', async ({ context, worker, sandbox, openExtensionPage }) => {
  const apiId = await prepare(context, worker, sandbox, openExtensionPage);
  const page = await context.newPage();
  await page.goto(MAYA);
  const frame = await inPanel(page);
  await expect(await panel(page)).toBeVisible();
  const card = frame.getByRole('article', { name: 'Maya Chen' });
  await expect(card).toBeVisible();

  const enrich = card.getByRole('button', { name: 'Enrich person and company · up to 2 credits' });
  await enrich.click();
  const record = await sandboxRecord(sandbox, MAYA);
  await expect(card.getByRole('heading', { name: record.fullName })).toBeVisible();
  await expect(card).toContainText(record.jobTitle);
  await expect(card.getByRole('group', { name: 'Work email' }).getByRole('link', { name: record.email })).toHaveAttribute('href', `mailto:${record.email}`);
  await expect(card.getByRole('group', { name: 'Company', exact: true })).toContainText(record.company.domain);
  await expect(card).toContainText(record.company.name);
  await expect(card).toContainText('Paid 2 credits.');

  // Loaded again, the card comes from the contact book: nothing is asked of the gateway.
  await page.reload();
  const again = (await inPanel(page)).getByRole('article', { name: 'Maya Chen' });
  await expect(again.getByRole('group', { name: 'Work email' }).getByRole('link', { name: record.email })).toBeVisible();
  // When their record was found, and its refresh, are in the menu beside their name.
  await again.getByRole('button', { name: 'More about Maya Chen' }).click();
  const menu = again.getByRole('group', { name: 'More about Maya Chen' });
  await expect(menu).toContainText(/Found (just now|1 minute ago)/);
  expect((await sandbox.ledger(apiId)).charges.map((c) => c.creditBurn)).toEqual([2]);
  // The refresh says it pays again, and it does; what it came to shows under the header.
  await menu.getByRole('button', { name: 'Refresh (pays again, up to 2 credits)' }).click();
  await expect(again.getByRole('group', { name: 'Enrich person and company' })).toContainText('Refreshed: paid again 2 credits.');
  expect((await sandbox.ledger(apiId)).charges.map((c) => c.creditBurn)).toEqual([2, 2]);
});

test('navigating to another profile without a reload updates the panel, mounted once', async ({ context, worker, sandbox, openExtensionPage }) => {
  await prepare(context, worker, sandbox, openExtensionPage);
  const page = await context.newPage();
  await page.goto(MAYA);
  const frame = await inPanel(page);
  await expect(frame.getByRole('article', { name: 'Maya Chen' })).toBeVisible();
  // What the site does on a client-side navigation: new URL, new title, new heading; no reload.
  await page.evaluate(() => {
    history.pushState({}, '', '/in/alex-morgan/');
    document.title = 'Alex Morgan | LinkedIn';
    document.querySelector('h1')!.textContent = 'Alex Morgan';
  });
  const alex = frame.getByRole('article', { name: 'Alex Morgan' });
  await expect(alex).toBeVisible({ timeout: 10_000 });
  expect(await page.locator('dossier-panel').count()).toBe(1);
  await expect(alex.getByRole('button', { name: 'Enrich person and company · up to 2 credits' })).toBeVisible();
});

test('a company page offers company enrichment', async ({ context, worker, sandbox, openExtensionPage }) => {
  await prepare(context, worker, sandbox, openExtensionPage);
  const page = await context.newPage();
  await page.goto('https://www.linkedin.com/company/northwind-analytics/about/');
  const frame = await inPanel(page);
  const card = frame.getByRole('article', { name: 'Northwind Analytics' });
  await card.getByRole('button', { name: 'Enrich company · up to 2 credits' }).click();
  await expect(card.getByRole('group', { name: 'Company', exact: true })).toContainText('northwind-analytics.example');
});

test('a search results page: "enrich selected" shows its total price, then runs as a queue', async ({ context, worker, sandbox, openExtensionPage }) => {
  const apiId = await prepare(context, worker, sandbox, openExtensionPage);
  const page = await context.newPage();
  await page.goto(MAYA);
  const profile = await inPanel(page);
  await profile.getByRole('button', { name: /^Enrich person and company/ }).click();
  await expect(profile.getByRole('article', { name: 'Maya Chen' })).toContainText('Paid 2 credits.');

  await page.goto('https://www.linkedin.com/search/results/people/?keywords=Northwind');
  const results = (await inPanel(page)).getByRole('region', { name: 'Search results' });
  await expect(results.getByRole('checkbox', { name: 'Select Maya Chen' })).toBeVisible();
  await results.getByRole('checkbox', { name: 'Select Maya Chen' }).check();
  await results.getByRole('checkbox', { name: 'Select Priya Raman' }).check();
  await expect(results).toContainText('2 selected: 2 credits in all (1 already looked up, free).');
  await results.getByRole('button', { name: 'Enrich selected (2 credits)' }).click();
  await expect(results.getByText('Already looked up on')).toBeVisible();
  await expect(results.getByText('Paid 2 credits.')).toBeVisible();
  expect((await sandbox.ledger(apiId)).charges).toHaveLength(2);
});

test('a microblog profile gets the microblog lookup', async ({ context, worker, sandbox, openExtensionPage }) => {
  await prepare(context, worker, sandbox, openExtensionPage);
  const page = await context.newPage();
  await page.goto('https://x.com/mayabuilds');
  const frame = await inPanel(page);
  await frame.getByRole('button', { name: 'Look up X profile · up to 1 credit' }).click();
  await expect(frame.getByRole('article').getByRole('group', { name: 'X profile' })).toContainText('@mayabuilds');
});

test('reserved microblog paths are not profiles: no panel', async ({ context, worker, sandbox, openExtensionPage }) => {
  await prepare(context, worker, sandbox, openExtensionPage);
  await context.route('https://x.com/explore', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Explore</title><h1>Explore</h1>' }));
  const page = await context.newPage();
  await page.goto('https://x.com/explore');
  await page.waitForTimeout(1500);
  expect(await page.locator('dossier-panel').count()).toBe(0);
});

test('stealth mode: nothing is injected into the page; the side panel shows the same panel', async ({ context, worker, sandbox, openExtensionPage }) => {
  await prepare(context, worker, sandbox, openExtensionPage, 'stealth');
  const page = await context.newPage();
  await page.goto(MAYA);
  await page.waitForTimeout(1500);
  expect(await page.locator('dossier-panel').count()).toBe(0);
  expect(page.frames()).toHaveLength(1);
  const tabId = await worker.evaluate(async () => (await chrome.tabs.query({ url: 'https://www.linkedin.com/in/maya-chen/' }))[0]?.id);
  const side = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  const card = side.getByRole('article', { name: 'Maya Chen' });
  await card.getByRole('button', { name: /^Enrich person and company/ }).click();
  await expect(card).toContainText('Paid 2 credits.');
});

test('hostile page CSS leaves the panel intact', async ({ context, worker, sandbox, openExtensionPage }) => {
  await prepare(context, worker, sandbox, openExtensionPage);
  await context.unrouteAll();
  await routeDemoPages(context, sandbox.origin, (html) =>
    html.replace(
      '</head>',
      `<style>
        * { color: red !important; font-size: 3px !important; visibility: hidden !important; }
        body > * { display: none !important; }
        dossier-panel, iframe { display: none !important; opacity: 0 !important; transform: scale(0) !important; width: 0 !important; height: 0 !important; }
        button { pointer-events: none !important; }
      </style></head>`,
    ),
  );
  const page = await context.newPage();
  await page.goto(MAYA);
  const enrich = (await inPanel(page)).getByRole('button', { name: /^Enrich person and company/ });
  await expect(enrich).toBeVisible();
  const box = await enrich.boundingBox();
  expect(box?.height).toBeGreaterThan(20);
  // Still pinned where it belongs (the right side, fixed), whatever the page says about its host.
  const viewport = page.viewportSize()!;
  expect(box!.x).toBeGreaterThan(viewport.width / 2);
  expect(await page.locator('dossier-panel').evaluate((host) => getComputedStyle(host).position)).toBe('fixed');
  expect(await enrich.evaluate((el) => getComputedStyle(el).color)).not.toBe('rgb(255, 0, 0)');
  await enrich.click();
  await expect((await inPanel(page)).getByRole('article', { name: 'Maya Chen' })).toContainText('Paid 2 credits.');
});

test('gateway data holding markup or a javascript: URL is shown as inert text', async ({ context, worker, sandbox, openExtensionPage }) => {
  await prepare(context, worker, sandbox, openExtensionPage);
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto('https://www.linkedin.com/in/sam-carter/');
  const frame = await inPanel(page);
  await frame.getByRole('button', { name: /^Enrich person and company/ }).click();
  const result = frame.getByRole('article', { name: 'Sam Carter' });
  await expect(result).toContainText('Paid 2 credits.');
  await expect(result).toContainText('<script>alert(1)</script>');
  await expect(result.getByRole('link', { name: 'Website' })).toHaveCount(0);
  // The company's facts fold under its summary on a person's card: opened, the website is plain text.
  await result.getByRole('group', { name: 'Company', exact: true }).locator('summary').click();
  await expect(result.getByText('Website')).toBeVisible();
  expect(await frame.locator('main script, a[href^="javascript:"]').count()).toBe(0);
  // The host's shadow root is closed: the page holds no handle on it.
  expect(await page.locator('dossier-panel').evaluate((host) => host.shadowRoot)).toBeNull();
  expect(dialogs).toEqual([]);
});

test('the panel is accessible: axe finds nothing serious, keys work, Escape closes it and it remembers its layout', async ({ context, worker, sandbox, openExtensionPage }) => {
  await prepare(context, worker, sandbox, openExtensionPage);
  const page = await context.newPage();
  await page.goto(MAYA);
  let frame = await inPanel(page);
  const enrich = frame.getByRole('button', { name: /^Enrich person and company/ });
  await enrich.focus();
  await page.keyboard.press('Enter');
  await expect(frame.getByRole('article', { name: 'Maya Chen' })).toContainText('Paid 2 credits.');

  expect(await seriousViolationsInFrame(frame)).toEqual([]);

  // Folding shrinks the frame itself (the worker has the content script resize it).
  const host = page.locator('dossier-panel');
  const tall = (await host.boundingBox())!.height;
  await frame.getByRole('button', { name: 'Collapse Dossier panel' }).click();
  await expect(enrich).toBeHidden();
  await expect.poll(async () => (await host.boundingBox())!.height).toBeLessThan(tall / 2);
  await frame.getByRole('button', { name: 'Move Dossier panel to the left' }).click();
  await expect.poll(async () => (await host.boundingBox())!.x).toBeLessThan(page.viewportSize()!.width / 2);
  await page.reload();
  frame = await inPanel(page);
  await expect(frame.getByRole('button', { name: 'Expand Dossier panel' })).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Move Dossier panel to the right' })).toBeVisible();
  await frame.getByRole('button', { name: 'Expand Dossier panel' }).click();

  // The key goes through the page's keyboard, not the button's locator: Escape removes the frame,
  // and an action bound to an element of a frame that goes away mid-action can hang.
  const closeButton = frame.getByRole('button', { name: 'Close Dossier panel' });
  await closeButton.focus();
  await expect(closeButton).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.locator('dossier-panel')).toHaveCount(0);
});

test('the panel says what to do with no key, and with no credits left', async ({ context, worker, sandbox, extensionId }) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url });
  await choosePanelMode(context, extensionId, 'frame');
  await routeDemoPages(context, sandbox.origin);
  const page = await context.newPage();
  await page.goto(MAYA);
  await expect((await panel(page)).getByRole('alert')).toContainText('No API key is set');
  // It links to the welcome page, where the key is checked before it is saved.
  const welcomeOpened = context.waitForEvent('page');
  await (await inPanel(page)).getByRole('button', { name: 'Connect your account' }).click();
  expect((await welcomeOpened).url()).toContain('/welcome.html');

  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: 'sandbox-empty-key' });
  await page.reload();
  const frame = await inPanel(page);
  await frame.getByRole('button', { name: /^Enrich person and company/ }).click();
  const card = frame.getByRole('article', { name: 'Maya Chen' });
  await expect(card.getByRole('alert')).toContainText(/no credits left.*Nothing was charged/);
});
