import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from '@playwright/test';
import { routeDemoPages } from '@/scripts/demo-routes';
import { en } from '@/lib/platform/i18n/en';
import { pseudoMessage } from '@/lib/platform/i18n/pseudo';
import { callBackground, configureExtension, expect, panelFrame, test } from '@/test/e2e/extension';
import { findClipped } from '@/test/support/layout';

/**
 * The pseudo-locale (en-XA, automation and development builds only): every message accented
 * and 40% longer, as German or French run. Rendered here, the panel and the popup must keep all
 * of their text inside its boxes: nothing cut by `overflow: hidden` or an ellipsis, nothing
 * spilling out of a button or past the edge. Screenshots go to test-results/pseudo-locale/.
 */
const SHOTS = join('test-results', 'pseudo-locale');
const MAYA = 'https://www.linkedin.com/in/maya-chen/';
const SEARCH = 'https://www.linkedin.com/search/results/people/?keywords=Northwind';
/** What the real popup is about as wide as (the demo tour shoots it so). */
const POPUP_VIEWPORT = { width: 400, height: 640 };

const pseudo = (key: keyof typeof en) => pseudoMessage(en[key]);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A pseudo message with its placeholders as wildcards, for accessible names that fill them. */
const like = (key: keyof typeof en) => new RegExp(escape(pseudo(key)).replace(/\\\{\w+\\\}/g, '.*'));

async function clippedIn(target: Page | Frame) {
  return target.evaluate(findClipped);
}

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('the check finds text cut by an ellipsis or overflow, text spilling out of a button, and a page that scrolls sideways', async ({ context }) => {
  const page = await context.newPage();
  await page.setViewportSize({ width: 400, height: 400 });
  await page.setContent(`<body style="margin:0">
    <p style="width:120px">A paragraph that wraps, as it should.</p>
    <p id="ellipsis" style="width:60px; overflow:hidden; white-space:nowrap; text-overflow:ellipsis">Cut with an ellipsis</p>
    <div style="width:80px"><span id="hidden" style="display:block; overflow:hidden; white-space:nowrap">Hidden past the edge</span></div>
    <button id="spill" style="width:40px; white-space:nowrap">Spilling</button>
    <div id="short" style="height:12px; overflow:hidden; width:80px">Two lines of text that the box cuts</div>
    <div style="width:900px">Wider than the page</div>
  </body>`);
  const found = await page.evaluate(findClipped);
  expect(found.map((f) => f.text)).toEqual([
    '',
    'Cut with an ellipsis',
    'Hidden past the edge',
    'Spilling',
    'Two lines of text that the box cuts',
  ]);
  expect(found[0]!.why).toMatch(/scrolls sideways/);
  expect(found.map((f) => f.why.split(' (')[0])).toEqual([
    'the page scrolls sideways',
    'cut by an ellipsis',
    'wider than its box, which hides the rest',
    'spills out of its box',
    'taller than its box, which hides the rest',
  ]);
});

test('the panel and the popup in the pseudo-locale: every string longer and accented, nothing clipped or overflowing', async ({
  context,
  worker,
  sandbox,
  openExtensionPage,
}) => {
  const apiId = await sandbox.newKey(10_000);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  const settings = await openExtensionPage('options.html');
  expect(await callBackground(settings, 'choosePanelMode', { mode: 'frame' })).toMatchObject({ ok: true });
  // Chosen as a user would: the settings' language select, which offers it in this build only.
  await settings.getByRole('combobox', { name: 'Language' }).selectOption('en-XA');
  await expect(settings.getByRole('heading', { level: 1 })).toHaveText(pseudo('app.settingsTitle'));
  await expect(settings.locator('html')).toHaveAttribute('lang', 'en-XA');
  await settings.close();
  await routeDemoPages(context, sandbox.origin);

  // The panel on a profile: the card before and after a full enrichment. The page is tall
  // enough for the frame to show the whole panel in its screenshots.
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 1800 });
  await page.goto(MAYA);
  const frame = await panelFrame(page);
  await expect(frame.locator('html')).toHaveAttribute('lang', 'en-XA');
  const card = frame.getByRole('article', { name: 'Maya Chen' });
  await expect(card).toBeVisible();
  await expect(frame.getByRole('complementary').first()).toContainText(pseudo('app.name'));
  await page.locator('dossier-panel').screenshot({ path: join(SHOTS, 'panel-profile.png') });
  expect(await clippedIn(frame), 'the panel on a profile').toEqual([]);

  await card.getByRole('button', { name: like('panel.action.enrich') }).click();
  await expect(card.getByRole('group', { name: pseudo('card.row.workEmail') })).toContainText('maya.chen@northwind-analytics.example');
  await card.getByRole('button', { name: like('panel.action.findMobile') }).click();
  await expect(card.getByRole('group', { name: pseudo('card.row.phone') }).getByRole('listitem').first()).toBeVisible();
  await page.locator('dossier-panel').screenshot({ path: join(SHOTS, 'panel-enriched.png') });
  expect(await clippedIn(frame), 'the panel after enrichment').toEqual([]);

  // The panel on a search page: the queue with its checkboxes, total and buttons.
  await page.goto(SEARCH);
  const results = (await panelFrame(page)).getByRole('region', { name: pseudo('panel.queue.label') });
  await results.getByRole('checkbox', { name: like('panel.queue.select') }).first().check();
  await expect(results).toContainText(pseudo('panel.queue.enrichSelected').split('{')[0]!);
  await page.locator('dossier-panel').screenshot({ path: join(SHOTS, 'panel-search.png') });
  expect(await clippedIn(await panelFrame(page)), 'the panel on a search page').toEqual([]);

  // The popup, about as wide as it opens: balance, quick lookup with its price, recent lookups.
  const popup = await openExtensionPage('popup.html');
  await popup.setViewportSize(POPUP_VIEWPORT);
  await expect(popup.locator('html')).toHaveAttribute('lang', 'en-XA');
  await expect(popup.getByRole('list', { name: pseudo('recent.title') }).getByRole('listitem').first()).toBeVisible();
  await popup.getByLabel(pseudo('quick.label')).fill('+14155550110');
  await expect(popup.getByTestId('quick-plan')).toContainText(pseudo('cost.upTo').split('{')[0]!);
  await popup.screenshot({ path: join(SHOTS, 'popup.png'), fullPage: true });
  expect(await clippedIn(popup), 'the popup').toEqual([]);
});
