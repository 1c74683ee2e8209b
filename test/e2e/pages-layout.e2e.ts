import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { routeDemoPages } from '@/scripts/demo-routes';
import { callBackground, configureExtension, expect, panelFrame, test, writeVault } from '@/test/e2e/extension';
import { findClipped, findCoveredControls } from '@/test/support/layout';

/**
 * Dossier's own pages at 1280 px, after a little use (a profile enriched, so the history, the
 * book and the popup have something to show), in both themes, in English and the pseudo-locale
 * (every string 40% longer): no page scrolls sideways, no text is cut, nothing sticky covers a
 * control. test/e2e/pseudo-locale.e2e.ts and card-layout.e2e.ts prove the checks catch what they
 * look for; screenshots go to test-results/pages-layout/.
 */
const SHOTS = join('test-results', 'pages-layout');
const PAGES = ['welcome.html', 'options.html', 'lookup-history.html', 'contacts.html', 'bulk.html'] as const;

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

for (const language of ['en', 'en-XA'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`${language}, ${scheme}: every page at 1280 px fits, nothing cut or covered`, async ({ context, worker, sandbox, openExtensionPage }) => {
      test.setTimeout(120_000);
      await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await sandbox.newKey(1000) });
      const helper = await openExtensionPage('blank.html');
      expect(await callBackground(helper, 'choosePanelMode', { mode: 'frame' })).toMatchObject({ ok: true });
      await routeDemoPages(context, sandbox.origin);
      const profile = await context.newPage();
      await profile.goto('https://www.linkedin.com/in/maya-chen/');
      const card = (await panelFrame(profile)).getByRole('article', { name: 'Maya Chen' });
      await card.getByRole('button', { name: /^Enrich person and company/ }).click();
      await expect(card.getByRole('link', { name: 'maya.chen@northwind-analytics.example' })).toBeVisible();
      await profile.close();
      await writeVault(worker, { language, language$: { v: 1 } });

      const found: Record<string, unknown> = {};
      for (const path of PAGES) {
        const page = await context.newPage();
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto(`chrome-extension://${new URL(worker.url()).host}/${path}`);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await page.waitForTimeout(600);
        await page.screenshot({ path: join(SHOTS, `${path.replace('.html', '')}-${language}-${scheme}.png`) });
        const clipped = await page.evaluate(findClipped);
        const covered = await page.evaluate(findCoveredControls);
        if (clipped.length || covered.length) found[path] = { clipped, covered };
        await page.close();
      }
      expect(found).toEqual({});
    });
  }
}
