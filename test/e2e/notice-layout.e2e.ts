import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { routeDemoPages } from '@/scripts/demo-routes';
import { en } from '@/lib/platform/i18n/en';
import { pseudoMessage } from '@/lib/platform/i18n/pseudo';
import { callBackground, configureExtension, expect, panelFrame, test, writeVault } from '@/test/e2e/extension';
import { findClipped, findCoveredControls } from '@/test/support/layout';

/**
 * The notice's region in the panel at its own width (360 px), in both themes, in English and the
 * pseudo-locale (every string 40% longer): nothing cut, nothing covered, the text scrolls in its
 * own box; and the company's section of the settings. Screenshots go to test-results/notice-layout/.
 */
const SHOTS = join('test-results', 'notice-layout');
const EMILIE = 'https://www.linkedin.com/in/emilie-lefevre/';

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

for (const language of ['en', 'en-XA'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`${language}, ${scheme}: the notice's region fits at 360 px, the company's settings at 600 px`, async ({ context, worker, sandbox, openExtensionPage }) => {
      const say = (key: keyof typeof en) => (language === 'en' ? en[key] : pseudoMessage(en[key]));
      const like = (key: keyof typeof en) => new RegExp(`${say(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '.*')}`);
      await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await sandbox.newKey(1000) });
      await writeVault(worker, { language, language$: { v: 1 } });
      const helper = await openExtensionPage('lookup-history.html');
      expect(await callBackground(helper, 'choosePanelMode', { mode: 'frame' })).toMatchObject({ ok: true });
      await helper.close();

      const settings = await openExtensionPage('options.html');
      await settings.emulateMedia({ colorScheme: scheme });
      // The settings' narrowest layout (settings-layout.e2e.ts goes down to 600 px).
      await settings.setViewportSize({ width: 600, height: 800 });
      const company = settings.getByRole('region', { name: say('notice.settings.title') });
      await company.getByLabel(say('notice.settings.legalName')).fill('Acme Ventes SAS');
      await company.getByLabel(say('notice.settings.postalAddress')).fill('12 rue de la Paix, 75002 Paris, France');
      await company.getByLabel(say('notice.settings.privacyEmail')).fill('privacy@acme.example');
      await company.getByRole('heading', { name: say('notice.settings.title') }).scrollIntoViewIfNeeded();
      await company.screenshot({ path: join(SHOTS, `settings-${language}-${scheme}.png`) });
      expect(await company.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1), 'the settings do not scroll sideways').toBe(true);
      await settings.getByRole('button', { name: say('settings.save') }).click();
      await expect(settings.getByRole('status')).toHaveText(say('settings.saved'));
      await settings.close();

      await routeDemoPages(context, sandbox.origin);
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(EMILIE);
      const frame = await panelFrame(page);
      const card = frame.getByRole('article', { name: 'Émilie Lefèvre' });
      await card.getByRole('button', { name: like('panel.action.enrich') }).click();
      await card.getByRole('button', { name: say('notice.open') }).click();
      const region = card.getByRole('region', { name: say('notice.region').replace('{name}', 'Émilie Lefèvre') });
      await expect(region.getByLabel(say('notice.text'))).toHaveValue(/article 14 du RGPD/);
      await region.getByRole('button', { name: say('notice.close') }).scrollIntoViewIfNeeded();
      await page.locator('dossier-panel').screenshot({ path: join(SHOTS, `panel-${language}-${scheme}.png`) });
      expect(await frame.locator('.panel').evaluate((el) => el.getBoundingClientRect().width)).toBe(360);
      // The text scrolls in its own box: clipped there on purpose, so the check looks at the rest.
      const cut = (await frame.evaluate(findClipped)).filter((c) => !c.where.endsWith('textarea.card-notice-text'));
      expect(cut, 'nothing cut in the notice').toEqual([]);
      expect(await frame.evaluate(findCoveredControls), 'nothing covers a control').toEqual([]);
      // Keyboard: Tab reaches the language, the text, Copy and Close in order.
      await region.getByLabel(say('notice.language')).focus();
      await page.keyboard.press('Tab');
      await expect(region.getByLabel(say('notice.text'))).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(region.getByRole('button', { name: like('panel.copyWhat') })).toBeFocused();
    });
  }
}
