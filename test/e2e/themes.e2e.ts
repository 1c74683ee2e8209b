import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { routeDemoPages } from '@/scripts/demo-routes';
import { callBackground, configureExtension, expect, panelFrame, seriousViolationsInFrame, test } from '@/test/e2e/extension';

/**
 * Light and dark, following the system: every page and the panel take their colours from one
 * sheet (components/tokens.css). axe, colour contrast included, finds nothing serious in either
 * theme; a screenshot of each screen in each theme goes to test-results/themes/.
 */
const SCHEMES = ['light', 'dark'] as const;

async function serious(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const scheme of SCHEMES) {
  test(`${scheme} theme: the pages and the panel pass axe (contrast included) after an enrichment`, async ({ context, worker, sandbox, openExtensionPage }) => {
    await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await sandbox.newKey(1000) });
    const helper = await openExtensionPage('lookup-history.html');
    expect(await callBackground(helper, 'choosePanelMode', { mode: 'frame' })).toMatchObject({ ok: true });
    await routeDemoPages(context, sandbox.origin);

    const profile = await context.newPage();
    await profile.emulateMedia({ colorScheme: scheme });
    await profile.goto('https://www.linkedin.com/in/maya-chen/');
    const frame = await panelFrame(profile);
    const card = frame.getByRole('article', { name: 'Maya Chen' });
    await card.getByRole('button', { name: /^Enrich person and company/ }).click();
    await expect(card).toContainText('Paid 2 credits.');
    expect(await frame.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(scheme);
    expect(await seriousViolationsInFrame(frame)).toEqual([]);
    await profile.locator('dossier-panel').screenshot({ path: `test-results/themes/panel-${scheme}.png` });

    for (const path of ['popup.html', 'welcome.html', 'options.html', 'contacts.html', 'lookup-history.html']) {
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`chrome-extension://${new URL(worker.url()).host}/${path}`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme), path).toBe(scheme);
      expect(await serious(page), path).toEqual([]);
      await page.screenshot({ path: `test-results/themes/${path.replace('.html', '')}-${scheme}.png`, fullPage: path !== 'contacts.html' });
      await page.close();
    }
  });
}
