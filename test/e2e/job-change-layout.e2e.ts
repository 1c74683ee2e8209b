import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { routeDemoPages } from '@/scripts/demo-routes';
import { en } from '@/lib/platform/i18n/en';
import { pseudoMessage } from '@/lib/platform/i18n/pseudo';
import { callBackground, configureExtension, expect, panelFrame, seriousViolationsInFrame, test, writeVault } from '@/test/e2e/extension';
import { findClipped, findCoveredControls } from '@/test/support/layout';

/**
 * The card of someone who changed jobs, at the panel's own size (360 px wide), in both themes,
 * in English and the pseudo-locale (every string 40% longer): the notice, the old email marked
 * probably gone and the lookup at the new company are in the panel's first screen, nothing is cut
 * or covered, one button is filled, and axe finds nothing serious (the notice's contrast). Screenshots go to test-results/job-change-layout/.
 */
const SHOTS = process.env.JOB_CHANGE_SHOTS ?? join('test-results', 'job-change-layout');
const MAYA = 'https://www.linkedin.com/in/maya-chen/';
const WORK_EMAIL = 'maya.chen@northwind-analytics.example';
const FIRST_SCREEN = 400;

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

for (const language of ['en', 'en-XA'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`${language}, ${scheme}: changed jobs, readable at 360 px; nothing cut or covered`, async ({ context, worker, sandbox, openExtensionPage }) => {
      const say = (key: keyof typeof en) => (language === 'en' ? en[key] : pseudoMessage(en[key]));
      const like = (key: keyof typeof en) => new RegExp(`${say(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '.*')}`);
      await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await sandbox.newKey(1000) });
      await writeVault(worker, { language, language$: { v: 1 } });
      const helper = await openExtensionPage('lookup-history.html');
      expect(await callBackground(helper, 'choosePanelMode', { mode: 'frame' })).toMatchObject({ ok: true });
      let moved = false;
      await routeDemoPages(context, sandbox.origin, (html) => (moved ? html.replaceAll('Northwind Analytics', 'Initech Industrial Robotics').replaceAll('VP of Engineering', 'Chief Technology Officer') : html));

      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(MAYA);
      let card = (await panelFrame(page)).getByRole('article', { name: 'Maya Chen' });
      await card.getByRole('button', { name: like('panel.action.enrich') }).click();
      await expect(card.getByRole('group', { name: say('card.row.workEmail') }).getByRole('link', { name: WORK_EMAIL })).toBeVisible();

      moved = true;
      await page.reload();
      const frame = await panelFrame(page);
      card = frame.getByRole('article', { name: 'Maya Chen' });
      const notice = card.getByText(like('card.jobChange.company'));
      await expect(notice).toBeVisible();
      const email = card.getByRole('group', { name: say('card.row.workEmail') });
      await expect(email).toContainText(say('card.probablyGone'));
      const next = email.getByRole('button', { name: like('panel.action.findWorkEmailAt') });
      await expect(next).toBeVisible();
      await page.locator('dossier-panel').screenshot({ path: join(SHOTS, `job-change-${language}-${scheme}.png`) });

      expect(await frame.locator('.panel').evaluate((el) => el.getBoundingClientRect().width)).toBe(360);
      expect(await notice.evaluate((el) => el.getBoundingClientRect().bottom), 'the notice').toBeLessThanOrEqual(FIRST_SCREEN);
      expect(await next.evaluate((el) => el.getBoundingClientRect().top), 'the lookup at the new company begins').toBeLessThan(FIRST_SCREEN);
      expect(await next.evaluate((el) => el.classList.contains('secondary'))).toBe(false);
      expect(await card.locator('.card-action button:not(.secondary)').count()).toBe(1);
      expect(await frame.evaluate(findClipped), 'nothing cut').toEqual([]);
      expect(await frame.evaluate(findCoveredControls), 'nothing covers a control').toEqual([]);
      // The notice and the "probably gone" badge keep their contrast in both themes. English only:
      // the pseudo-locale's Copy buttons (everyone's, not this card's) read otherwise than their names.
      if (language === 'en') expect(await seriousViolationsInFrame(frame)).toEqual([]);
    });
  }
}
