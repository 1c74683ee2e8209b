import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { join } from 'node:path';
import type { Page, Request } from '@playwright/test';
import { pageHtml } from '@/test/fixtures/pages/index';
import { dayKey, weekDays } from '@/lib/network-safety/profile-views';
import { callBackground, choosePanelMode, configureExtension, expect, panelFrame, stopServiceWorkers, test, writeVault } from '@/test/e2e/extension';
import { findClipped } from '@/test/support/layout';
import { en } from '@/lib/platform/i18n/en';
import { pseudoMessage } from '@/lib/platform/i18n/pseudo';

/** Three people of the saved-page fixtures, at their real profile addresses. */
const PROFILES: Record<string, string> = {
  '/in/maya-okafor-3b9a71c2/': 'person-new-layout.html',
  '/in/dwhitcombe/': 'person-old-layout.html',
  '/in/%C3%A9lodie-durand-leclerc-5f3e2a1b/': 'person-fr.html',
};
const MAYA = 'https://www.linkedin.com/in/maya-okafor-3b9a71c2/';
const DANIEL = 'https://www.linkedin.com/in/dwhitcombe/';
const ELODIE = 'https://www.linkedin.com/in/%C3%A9lodie-durand-leclerc-5f3e2a1b/';

/** The counter's line in the popup, found by its words. */
const countsLine = (popup: Page, today: number, week: number) => popup.getByText(`Profiles opened on LinkedIn: ${today} today, ${week} this week`);

test('the popup counts the LinkedIn profiles opened today and this week, a reload once, with no request leaving the browser for it; past a low limit it warns and suggests what opens no profile', async ({
  context,
  worker,
  sandbox,
  extensionId,
  openExtensionPage,
}) => {
  const apiId = await sandbox.newKey(1000);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  await choosePanelMode(context, extensionId, 'frame');

  // Every request of the browser context, its pages' and its worker's alike; the profiles come from files, not from the sandbox.
  const requests: string[] = [];
  const record = (request: Request) => void requests.push(request.url());
  context.on('request', record);
  const web = () => requests.filter((url) => /^https?:/.test(url));
  // What the fixture route answered: the profiles, and their pictures (404).
  const routed = new Set<string>();
  await context.route(/^https:\/\/www\.linkedin\.com\//, async (route) => {
    routed.add(route.request().url());
    const file = PROFILES[new URL(route.request().url()).pathname];
    if (!file) return route.fulfill({ status: 404, contentType: 'text/html', body: '<title>Not found</title>' });
    return route.fulfill({ contentType: 'text/html; charset=utf-8', body: pageHtml(file) });
  });

  await test.step('open three profiles, one of them reloaded, across a stopped worker', async () => {
    const tab = await context.newPage();
    await tab.goto(MAYA);
    // The frame is placed from the worker's answer to the report: by then the report was counted.
    await panelFrame(tab);
    await tab.goto(DANIEL);
    await panelFrame(tab);
    await tab.reload();
    await panelFrame(tab);
    // Chrome stops an idle worker: the count goes on from what the vault holds.
    await stopServiceWorkers(context, tab);
    const second = await context.newPage();
    await second.goto(ELODIE);
    await panelFrame(second);
    // Maya again, in another tab, the same day: the same profile.
    await second.goto(MAYA);
    await panelFrame(second);
  });

  await test.step('no request left the browser: only the profiles’ addresses, and the sandbox heard nothing', async () => {
    expect(web().length).toBeGreaterThanOrEqual(5);
    expect(web().filter((url) => !routed.has(url))).toEqual([]);
    expect(web().filter((url) => url.startsWith('https://www.linkedin.com/in/'))).toEqual([MAYA, DANIEL, DANIEL, ELODIE, MAYA]);
    const { requests: heard } = (await (await sandbox.admin(`requests?apiId=${encodeURIComponent(apiId)}`)).json()) as { requests: unknown[] };
    expect(heard).toEqual([]);
  });

  await test.step('the popup shows the counts: three profiles today and this week', async () => {
    const before = web().length;
    const popup = await openExtensionPage('popup.html');
    await expect(countsLine(popup, 3, 3)).toBeVisible();
    await expect(popup.getByRole('group', { name: 'Slow down on LinkedIn' })).toHaveCount(0);
    // The popup reads the balance from the gateway, as it always does: that is all that left, and no profile went with it.
    await expect(popup.getByRole('button', { name: 'Refresh balance' })).toBeEnabled();
    // The recorder hears the worker's requests too (this one proves it), so the silence above means something.
    const sent = web().slice(before);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    for (const url of sent) expect(url.startsWith(`${sandbox.url}v1/getCredit?`), url).toBe(true);
    expect(sent.join(' ')).not.toMatch(/okafor|dwhitcombe|durand|linkedin/i);
    const { requests: heard } = (await (await sandbox.admin(`requests?apiId=${encodeURIComponent(apiId)}`)).json()) as { requests: { path: string }[] };
    expect(heard.length).toBe(sent.length);
    await popup.close();
  });

  await test.step('a low daily limit set in the settings: the popup warns and suggests the side panel and a list from a search page', async () => {
    const settings = await openExtensionPage('options.html');
    await settings.getByRole('link', { name: 'LinkedIn safety' }).click();
    const daily = settings.getByLabel('Profiles a day before a warning');
    await expect(daily).toHaveValue('60');
    await expect(settings.getByLabel('Profiles in 7 days before a warning')).toHaveValue('250');
    await daily.fill('none');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(daily).toHaveAccessibleDescription(/Enter a whole number\./);
    await daily.fill('2');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await settings.close();

    const popup = await openExtensionPage('popup.html');
    const warning = popup.getByRole('group', { name: 'Slow down on LinkedIn' });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('You opened 3 profiles today; your limit is 2 a day.');
    await expect(warning).not.toContainText('in the last 7 days');
    await expect(warning).toContainText('add the results to a bulk list');
    await warning.getByRole('button', { name: 'Switch to the side panel' }).click();
    await expect(warning).toContainText('You use the side panel mode');
    const prefs = await callBackground(popup, 'getPreferences', undefined);
    expect(prefs).toMatchObject({ ok: true, value: { pageAccess: { panelMode: 'stealth' }, networkSafety: { dailyProfiles: 2, weeklyProfiles: 250 } } });
    const bulk = context.waitForEvent('page', (p) => p.url().includes('/bulk.html'));
    await warning.getByRole('button', { name: 'Open bulk enrichment' }).click();
    await expect((await bulk).getByRole('heading', { level: 1 })).toBeVisible();
  });
});

/** Where this part's screenshots go (looked at by hand), besides the clipping check. */
const SHOTS = process.env.DOSSIER_SHOTS ?? join('test-results', 'profile-views');
const POPUP_VIEWPORT = { width: 400, height: 640 };

for (const language of ['en', 'en-XA'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`${language}, ${scheme}: the popup's counts and warning, and the settings' section, fit and read`, async ({ worker, sandbox, openExtensionPage }) => {
      mkdirSync(SHOTS, { recursive: true });
      await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await sandbox.newKey(1000) });
      const helper = await openExtensionPage('blank.html');
      expect(await callBackground(helper, 'choosePanelMode', { mode: 'frame' })).toMatchObject({ ok: true });
      const prefs = await callBackground(helper, 'getPreferences', undefined);
      if (!prefs?.ok) throw new Error('no preferences');
      expect(await callBackground(helper, 'savePreferences', { ...prefs.value, networkSafety: { enabled: true, dailyProfiles: 60, weeklyProfiles: 250 } })).toMatchObject({ ok: true });
      // 64 today and 262 this week: both limits reached. The days are the browser's local days, as here.
      const now = Date.now();
      const days = Object.fromEntries(weekDays(now).map((day, i) => [day, i === 0 ? 64 : 33]).slice(0, 7));
      await writeVault(worker, { language, language$: { v: 1 }, profileViews: { days, today: { day: dayKey(now), salt: 'x', seen: [] } }, profileViews$: { v: 1 } });

      const popup = await openExtensionPage('popup.html');
      await popup.emulateMedia({ colorScheme: scheme });
      await popup.setViewportSize(POPUP_VIEWPORT);
      await expect(popup.locator('html')).toHaveAttribute('lang', language);
      const title = en['networkSafety.warning.title'];
      await expect(popup.getByRole('group', { name: language === 'en' ? title : pseudoMessage(title) })).toBeVisible();
      await popup.waitForTimeout(400);
      await popup.screenshot({ path: join(SHOTS, `popup-${language}-${scheme}.png`), fullPage: true });
      expect(await popup.evaluate(findClipped)).toEqual([]);
      // Axe finds nothing serious (contrast in both themes included), and the suggestions are reached from the keyboard.
      const axe = await new AxeBuilder({ page: popup }).analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      const bulkButton = popup.getByRole('button', { name: language === 'en' ? en['networkSafety.suggest.bulkButton'] : pseudoMessage(en['networkSafety.suggest.bulkButton']) });
      let reached = false;
      for (let i = 0; i < 30 && !reached; i++) {
        await popup.keyboard.press('Tab');
        reached = await bulkButton.evaluate((el) => el === document.activeElement);
      }
      expect(reached).toBe(true);

      const settings = await openExtensionPage('options.html#settings-safety');
      await settings.emulateMedia({ colorScheme: scheme });
      await settings.setViewportSize({ width: 1280, height: 800 });
      await expect(settings.locator('#settings-safety')).toBeVisible();
      await settings.locator('#settings-safety').scrollIntoViewIfNeeded();
      await settings.waitForTimeout(400);
      await settings.locator('#settings-safety').screenshot({ path: join(SHOTS, `settings-${language}-${scheme}.png`) });
      expect(await settings.evaluate(findClipped)).toEqual([]);
    });
  }
}
