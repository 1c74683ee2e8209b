import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { routeDemoPages } from '@/scripts/demo-routes';
import { de } from '@/lib/platform/i18n/de';
import { en } from '@/lib/platform/i18n/en';
import { callBackground, configureExtension, expect, panelFrame, test, writeVault } from '@/test/e2e/extension';
import { findClipped } from '@/test/support/layout';

/**
 * With "Phone numbers" on, each mobile number a full enrichment returns is paid (30 credits,
 * at most 3 in the sandbox): the card's enrichment says its maximum, "up to 92 credits", and
 * what makes it so, in the 360 px panel without clutter; the settings say it beside the switch.
 * Screenshots go to test-results/maxprice/.
 */
const SHOTS = join('test-results', 'maxprice');
const MAYA = 'https://www.linkedin.com/in/maya-chen/';

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

function fill(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
}

for (const language of ['en', 'de'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`${language}, ${scheme}: the card and the settings say the maximum with Phone numbers on`, async ({ context, worker, sandbox, openExtensionPage }) => {
      const say = (key: keyof typeof en) => (language === 'en' ? en[key] : de[key]);
      const credits = (count: number) => fill(say('credits.other'), { count });
      const apiId = await sandbox.newKey(1000);
      await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
      await writeVault(worker, { language, language$: { v: 1 } });
      const settings = await openExtensionPage('options.html');
      expect(await callBackground(settings, 'savePreferences', { lookups: { fullFlags: { phoneFull: true } }, pageAccess: { panelMode: 'frame' } })).toMatchObject({ ok: true });

      // Settings: the switch says what it does to the price.
      await settings.emulateMedia({ colorScheme: scheme });
      await settings.reload();
      const phones = settings.getByLabel(say('enrichment.phoneFull'), { exact: true });
      await expect(phones).toBeChecked();
      const hint = fill(say('enrichment.phoneFullHint'), { mobile: credits(30), max: credits(92), base: credits(2), count: 3 });
      await expect(phones).toHaveAccessibleDescription(hint);
      const flags = settings.locator('fieldset', { has: phones });
      await flags.scrollIntoViewIfNeeded();
      await flags.screenshot({ path: join(SHOTS, `settings-${language}-${scheme}.png`) });
      await settings.close();

      // The card: the enrichment's maximum, and what it means under it.
      await routeDemoPages(context, sandbox.origin);
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(MAYA);
      const frame = await panelFrame(page);
      const card = frame.getByRole('article', { name: 'Maya Chen' });
      const enrich = card.getByRole('button', { name: fill(say('card.action'), { action: say('panel.action.enrich'), price: fill(say('cost.upTo'), { credits: credits(92) }) }) });
      await expect(enrich).toBeVisible();
      await expect(enrich).toHaveAccessibleDescription(fill(say('card.chargedIf.enrichWithMobiles'), { match: credits(2), mobile: credits(30), count: 3 }));
      await page.locator('dossier-panel').screenshot({ path: join(SHOTS, `card-${language}-${scheme}.png`) });
      expect(await frame.locator('.panel').evaluate((el) => el.getBoundingClientRect().width)).toBe(360);
      expect(await frame.evaluate(findClipped), 'nothing cut').toEqual([]);

      if (language === 'en' && scheme === 'light') {
        // Maya has one mobile and one landline: she costs 2 + 30, and the card says what was paid.
        await enrich.click();
        await expect(card.getByText('Paid 32 credits.')).toBeVisible();
        expect((await sandbox.ledger(apiId)).charges.map((c) => c.creditBurn)).toEqual([32]);
      }
    });
  }
}
