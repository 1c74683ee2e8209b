import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame } from '@playwright/test';
import { routeDemoPages } from '@/scripts/demo-routes';
import { de } from '@/lib/platform/i18n/de';
import { en } from '@/lib/platform/i18n/en';
import { pseudoMessage } from '@/lib/platform/i18n/pseudo';
import { callBackground, configureExtension, expect, panelFrame, test, writeVault } from '@/test/e2e/extension';
import { findClipped, findCoveredControls } from '@/test/support/layout';

/**
 * The card at the panel's own size (360 px wide), as a prospector sees it after one
 * enrichment, in both themes, in English, German and the pseudo-locale (every string 40% longer
 * and accented): the name, the work email with its grade and Copy, and the next lookup with its
 * price are all within the panel's first 300 px (the pseudo-locale's three-line button at least
 * begins there); nothing is cut, nothing makes
 * the panel scroll sideways, and no sticky header or open menu covers a control.
 * Screenshots go to test-results/card-layout/.
 */
const SHOTS = join('test-results', 'card-layout');
const MAYA = 'https://www.linkedin.com/in/maya-chen/';
const WORK_EMAIL = 'maya.chen@northwind-analytics.example';
/** Where a prospector's eye lands without scrolling: the first 300 px of the panel. */
const FIRST_SCREEN = 300;

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

/** The bottom edge, in the panel's own coordinates (its frame's top is the panel's top). */
async function bottomOf(frame: Frame, locator: ReturnType<Frame['getByRole']>): Promise<number> {
  await expect(locator).toBeVisible();
  return locator.evaluate((el) => el.getBoundingClientRect().bottom);
}

test('the covered-control check finds a control under a sticky bar and passes one that is not', async ({ context }) => {
  const page = await context.newPage();
  await page.setViewportSize({ width: 400, height: 300 });
  await page.setContent(`<body style="margin:0">
    <div style="height:600px"><label>Region <input id="region"></label></div>
    <button>Free</button>
    <div style="height:20px"></div>
    <div style="position:sticky; bottom:0; height:60px; background:#eee">Save bar</div>
  </body>`);
  const found = await page.evaluate(findCoveredControls);
  expect(found.map((f) => f.control)).toEqual(['Free']);
  expect(found[0]!.by).toBe('div');
});

for (const language of ['en', 'de', 'en-XA'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`${language}, ${scheme}: after an enrichment the email, its Copy and the next lookup are in the panel's first ${FIRST_SCREEN} px; nothing cut or covered`, async ({
      context,
      worker,
      sandbox,
      openExtensionPage,
    }) => {
      const say = (key: keyof typeof en) => (language === 'en' ? en[key] : language === 'de' ? de[key] : pseudoMessage(en[key]));
      const like = (key: keyof typeof en) => new RegExp(`${say(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '.*')}`);
      await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await sandbox.newKey(1000) });
      await writeVault(worker, { language, language$: { v: 1 } });
      const helper = await openExtensionPage('lookup-history.html');
      expect(await callBackground(helper, 'choosePanelMode', { mode: 'frame' })).toMatchObject({ ok: true });
      await routeDemoPages(context, sandbox.origin);

      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(MAYA);
      const frame = await panelFrame(page);
      const card = frame.getByRole('article', { name: 'Maya Chen' });
      await card.getByRole('button', { name: like('panel.action.enrich') }).click();
      const email = card.getByRole('group', { name: say('card.row.workEmail') });
      await expect(email.getByRole('link', { name: WORK_EMAIL })).toBeVisible();

      const shot = `panel-${language}-${scheme}`;
      await page.locator('dossier-panel').screenshot({ path: join(SHOTS, `${shot}.png`) });
      expect(await frame.locator('.panel').evaluate((el) => el.getBoundingClientRect().width)).toBe(360);
      expect(await bottomOf(frame, email.getByRole('link', { name: WORK_EMAIL })), 'the work email').toBeLessThanOrEqual(FIRST_SCREEN);
      expect(await bottomOf(frame, email.getByRole('button', { name: like('panel.copyWhat') })), 'its Copy').toBeLessThanOrEqual(FIRST_SCREEN);
      expect(await bottomOf(frame, email.getByText(say('card.grade.verified'), { exact: true })), 'its grade').toBeLessThanOrEqual(FIRST_SCREEN);
      const next = card.getByRole('button', { name: like('panel.action.findMobile') });
      if (language === 'en-XA') {
        // The pseudo-locale's label runs to three lines: the button starts within the first screen.
        expect(await next.evaluate((el) => el.getBoundingClientRect().top), 'the next lookup begins').toBeLessThan(FIRST_SCREEN);
      } else {
        expect(await bottomOf(frame, next), 'the next lookup, with its price').toBeLessThanOrEqual(FIRST_SCREEN);
      }
      // One filled button: the next lookup. Every other lookup is outlined.
      expect(await next.evaluate((el) => el.classList.contains('secondary'))).toBe(false);
      expect(await card.locator('.card-action button:not(.secondary)').count()).toBe(1);

      expect(await frame.evaluate(findClipped), 'nothing cut after an enrichment').toEqual([]);
      expect(await frame.evaluate(findCoveredControls), 'nothing covers a control').toEqual([]);

      // A row's menu holds when it was found and the refresh; it opens over the card without cutting it.
      await email.getByRole('button', { name: say('card.menu').replace('{row}', say('card.row.workEmail')) }).click();
      await expect(email.getByRole('button', { name: like('card.refresh') })).toBeVisible();
      await page.locator('dossier-panel').screenshot({ path: join(SHOTS, `${shot}-menu.png`) });
      expect(await frame.evaluate(findClipped), 'nothing cut with a menu open').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(email.getByRole('button', { name: like('card.refresh') })).toBeHidden();
      // Escape closed the menu, not the panel.
      await expect(card).toBeVisible();

      // Long enough to scroll (every field of the answer open): scrolled down, the panel's header
      // (its name and controls) stays in view, and covers no control a keyboard brings back up.
      await card.getByText(say('card.allFields')).click();
      // The frame's document is what scrolls (the frame is as tall as the page allows).
      // Polled: the fields open on the next render, which a busy machine draws a little later.
      await expect.poll(() => frame.evaluate(() => document.scrollingElement!.scrollHeight > document.scrollingElement!.clientHeight + 200)).toBe(true);
      await frame.evaluate(() => document.scrollingElement!.scrollTo(0, document.scrollingElement!.scrollHeight));
      await expect(frame.getByRole('button', { name: say('panel.close') })).toBeInViewport();
      expect(await frame.evaluate(findCoveredControls), 'nothing covers a control once scrolled').toEqual([]);
      // The same panel built to break it (no room kept under its sticky header): the check sees it.
      await frame.evaluate(() => {
        document.documentElement.style.scrollPaddingTop = '0px';
        document.scrollingElement!.scrollTo(0, document.scrollingElement!.scrollHeight);
      });
      expect((await frame.evaluate(findCoveredControls)).length, 'the check sees controls under the header').toBeGreaterThan(0);
    });
  }
}
