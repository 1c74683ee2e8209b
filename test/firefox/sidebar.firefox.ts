import type { Page } from 'puppeteer-core';
import { byRole, click, expect, expectText, test, type Dossier } from '@/test/firefox/firefox';

const MAYA = 'https://www.linkedin.com/in/maya-chen/';

/**
 * What Firefox's sidebar shows: its document, read through extension.getViews (WebDriver BiDi
 * does not reach the sidebar, so its elements cannot be queried by role there, nor clicked).
 */
const sidebarCard = (dossier: Dossier) =>
  dossier.sidebar((doc) => {
    const panel = doc.querySelector('[aria-labelledby] h2')?.closest('[aria-labelledby]');
    const card = doc.querySelector('article');
    return { panel: panel?.textContent ?? null, card: card ? card.querySelector('h3')?.textContent ?? null : null, text: card?.textContent ?? '' };
  });

/**
 * Closes the sidebar as a user's click does: sidebarAction.close() must run in a user action's
 * handler, so a button that calls it is added to an extension page and really clicked.
 */
async function closeSidebar(page: Page) {
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.textContent = 'Close the sidebar';
    button.addEventListener('click', () => void (browser as unknown as { sidebarAction: { close(): Promise<void> } }).sidebarAction.close());
    document.body.append(button);
  });
  await page.bringToFront();
  await click(page, 'button', 'Close the sidebar');
}

test('the sidebar in place of the side panel: opened from the popup, it shows the active tab’s profile and follows what is paid for', async ({ dossier, sandbox, freshKey }) => {
  const apiId = await freshKey();
  await dossier.connect(apiId);
  // Stealth: nothing in the page; the sidebar is where the panel shows.
  expect(await dossier.call('choosePanelMode', { mode: 'stealth' })).toMatchObject({ ok: true });

  // Firefox opens an add-on's sidebar at install: close it, then open it as a user does.
  const popup = await dossier.open('popup.html');
  await closeSidebar(popup);
  await expect.poll(() => sidebarCard(dossier)).toBeNull();
  await popup.bringToFront();
  await click(popup, 'button', 'Open sidebar');
  await expect.poll(() => sidebarCard(dossier)).not.toBeNull();

  // The sidebar follows the active tab: the profile, once it is in front.
  const profile = await dossier.openSite(MAYA);
  await profile.bringToFront();
  await expect.poll(async () => (await sidebarCard(dossier))?.card).toBe('Maya Chen');
  expect((await sidebarCard(dossier))!.text).toContain('Enrich person and company');
  expect(await profile.$$('dossier-panel')).toHaveLength(0);

  // A click the browser did not deliver (a script's) spends nothing, even in Dossier's own page.
  await dossier.sidebar((doc) => [...doc.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Enrich person and company'))?.click());
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect((await sandbox.ledger(apiId)).charges).toEqual([]);

  // The same panel in a tab (as the Chromium suite opens the side panel), really clicked: the
  // sidebar shows what was bought without asking the gateway again.
  const tabId = await dossier.tabOf(MAYA);
  const copy = await dossier.open(`sidepanel.html?tab=${tabId}`);
  await click(await byRole(copy, 'article', 'Maya Chen'), 'button', 'Enrich person and company · up to 2 credits');
  await expectText(copy, 'article', 'Maya Chen', 'Paid 2 credits.');
  await profile.bringToFront();
  await expect.poll(async () => (await sidebarCard(dossier))?.text).toContain('maya.chen@northwind-analytics.example');
  expect((await sandbox.ledger(apiId)).charges.map((c) => c.creditBurn)).toEqual([2]);
});
