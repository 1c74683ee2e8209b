import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { callBackground, configureExtension, expect, test, valueFromBackground } from '@/test/e2e/extension';
import { findClipped } from '@/test/support/layout';

/**
 * A balance that moved more than the lookups cost, as salespeople see it: the note beside the
 * balance in the popup and the settings, and the history's Balance check row with the lookup it
 * names, in English, German and the pseudo-locale, light and dark, nothing cut. The double charge
 * is the one Chromium makes by itself when the measure against it is off (resend.e2e.ts).
 * Screenshots go to test-results/balance-difference/.
 */

const SHOTS = join('test-results', 'balance-difference');
const MAYA = 'https://www.linkedin.com/in/maya-chen/';

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

const clippedIn = (page: Page) => page.evaluate(findClipped);

test('the double charge beside the balance and in the history, in three languages and both themes, nothing cut', async ({ sandbox, worker, openExtensionPage }) => {
  test.setTimeout(120_000);
  const apiId = await sandbox.newKey(1000);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  const history = await openExtensionPage('lookup-history.html');
  expect(await callBackground(history, 'getCredits', { refresh: true })).toMatchObject({ ok: true });
  await worker.evaluate(() => chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: [1] }));
  expect(await callBackground(history, 'getCredits', { refresh: true })).toMatchObject({ ok: true });
  await sandbox.admin('faults', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiId, kind: 'charge-then-reset-before-answer' }) });
  await valueFromBackground(history, 'lookup', { op: 'searchPhone', input: { profileUrl: MAYA } });
  expect((await sandbox.ledger(apiId)).charges).toHaveLength(2);

  for (const language of ['en', 'de', 'en-XA'] as const) {
    expect(await callBackground(history, 'saveLanguage', { language })).toMatchObject({ ok: true });
    const popup = await openExtensionPage('popup.html');
    await popup.setViewportSize({ width: 400, height: 640 });
    const settings = await openExtensionPage('options.html');
    await settings.setViewportSize({ width: 1280, height: 900 });
    await history.setViewportSize({ width: 1280, height: 700 });
    await history.reload();
    for (const scheme of ['light', 'dark'] as const) {
      for (const page of [popup, settings, history]) await page.emulateMedia({ colorScheme: scheme });
      await expect(popup.getByTestId('balance-difference')).toBeVisible();
      await popup.screenshot({ path: join(SHOTS, `popup-${language}-${scheme}.png`), fullPage: true });
      expect(await clippedIn(popup), `popup ${language}`).toEqual([]);

      await expect(settings.getByTestId('balance-difference')).toBeVisible();
      await settings.getByTestId('balance-difference').scrollIntoViewIfNeeded();
      await settings.screenshot({ path: join(SHOTS, `settings-${language}-${scheme}.png`) });

      const rows = history.getByRole('table').getByRole('row');
      await expect(rows).toHaveCount(3);
      await history.screenshot({ path: join(SHOTS, `history-${language}-${scheme}.png`) });
      expect(await clippedIn(history), `history ${language}`).toEqual([]);
    }
    if (language === 'en') {
      // The details of the Balance check say what moved, and what the lookups cost in that time.
      const check = history.getByRole('table').getByRole('row').filter({ has: history.getByRole('cell', { name: 'Balance check', exact: true }) });
      await check.getByRole('button', { name: /^Details of/ }).click();
      await expect(history.getByTestId('details-difference')).toContainText('The balance went from 1,000 credits to 940 credits; Dossier’s lookups in that time cost 30 credits.');
      await history.screenshot({ path: join(SHOTS, `history-details-en.png`) });
      await history.getByRole('button', { name: 'Close details' }).click();
    }
    await popup.close();
    await settings.close();
  }
});
