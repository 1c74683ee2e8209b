import { CONTACTS_PAGE_URL } from '@/scripts/demo-routes';
import { aria, byLabel, byRole, expect, expectText, test, type Dossier } from '@/test/firefox/firefox';

const ALL_SITES_SWITCH = 'Detect emails and phone numbers on all sites';

const hasAllSites = (dossier: Dossier) => dossier.inBackground((bg) => bg.browser.permissions.contains({ origins: ['<all_urls>'] }), null);

/** Turns all-sites detection on from the settings with a real click, as a user does. */
async function turnOnAllSites(dossier: Dossier) {
  const settings = await dossier.open('options.html');
  const toggle = await byLabel(settings, ALL_SITES_SWITCH);
  expect(await toggle.evaluate((el) => (el as HTMLInputElement).checked)).toBe(false);
  await settings.bringToFront();
  await toggle.click();
  await expect.poll(() => toggle.evaluate((el) => (el as HTMLInputElement).checked)).toBe(true);
}

/**
 * A click on one of Dossier's context-menu items: automation cannot open the browser's menu, so
 * the automation build's hook runs the menu's handler with what Firefox passes it.
 */
async function contextMenuClick(dossier: Dossier, pageUrl: string, click: { menuItemId: string; selectionText?: string }) {
  await dossier.inBackground(
    async (bg, { pageUrl, click }) => {
      const tab = (await bg.browser.tabs.query({})).find((t: { url?: string }) => t.url === pageUrl);
      if (!bg.dossierAutomation) throw new Error('This build has no automation hook: build it with DOSSIER_E2E=1.');
      await bg.dossierAutomation.contextMenuClick(click, tab);
    },
    { pageUrl, click },
  );
}

test('all-sites detection: a real click in the settings grants the permission; the page’s emails and phones are listed beside it', async ({ dossier, sandbox, freshKey }) => {
  const apiId = await freshKey(100);
  await dossier.connect(apiId);
  // As a release: the Firefox automation build does not declare all sites up front.
  expect(await hasAllSites(dossier)).toBe(false);
  await turnOnAllSites(dossier);
  await expect.poll(() => hasAllSites(dossier)).toBe(true);
  await expect.poll(async () => {
    const prefs = await dossier.call('getPreferences');
    return prefs.ok && prefs.value.pageAccess.scanAllSites;
  }).toBe(true);

  await dossier.openSite(CONTACTS_PAGE_URL);
  const side = await dossier.open(`sidepanel.html?tab=${await dossier.tabOf(CONTACTS_PAGE_URL)}`);
  const found = await byRole(side, 'region', 'Found on this page', 15_000);
  await byRole(found, 'button', 'Enrich email press@conference.example (up to 2 credits)');
  await expectText(side, 'region', 'Found on this page', /Reverse phone lookup .*\(up to 1 credit\)/);
  expect(await found.evaluate((el) => el.textContent)).not.toContain('promote@2x.png');
  // Finding costs nothing: only a click on one of them would.
  expect((await sandbox.ledger(apiId)).charges).toEqual([]);
});

test('right-click reverse phone lookup (the automation hook): the answer shows beside the page and in the sidebar, paid once; a non-number costs nothing', async ({ dossier, sandbox, freshKey }) => {
  const apiId = await freshKey(100);
  await dossier.connect(apiId);
  await turnOnAllSites(dossier);
  const page = await dossier.openSite(CONTACTS_PAGE_URL);
  const side = await dossier.open(`sidepanel.html?tab=${await dossier.tabOf(CONTACTS_PAGE_URL)}`);
  await byRole(side, 'region', 'Found on this page', 15_000);
  // Off the network, nothing of the panel is added to the page.
  expect(await page.$$('dossier-panel')).toHaveLength(0);

  // A US number written the national way: the page's language gives the region.
  await contextMenuClick(dossier, CONTACTS_PAGE_URL, { menuItemId: 'dossier-reverse-phone', selectionText: '(510) 555-0112' });
  // The panel (its name is Dossier's, with the sandbox's tag).
  const panel = await byRole(side, 'complementary');
  await expect.poll(() => panel.evaluate((el) => el.textContent)).toContain('Alex Morgan');
  expect(await panel.evaluate((el) => el.textContent)).toContain('Reverse phone lookup');
  expect((await sandbox.ledger(apiId)).charges.map((c) => c.creditBurn)).toEqual([1]);
  // Firefox's own sidebar shows the tab in front: the same answer.
  await page.bringToFront();
  await expect.poll(() => dossier.sidebar((doc) => doc.body.textContent)).toContain('Alex Morgan');

  await contextMenuClick(dossier, CONTACTS_PAGE_URL, { menuItemId: 'dossier-reverse-phone', selectionText: '2024-05-01-7731' });
  await expect.poll(() => panel.evaluate((el) => el.textContent)).toContain('Nothing to look up');
  expect((await sandbox.ledger(apiId)).charges.map((c) => c.path)).toEqual(['/v1/searchByPhone']);

  // The tab goes on to a profile: what was found on the last page, and its notice, go with it
  // (the worker tells pages apart by the sender's documentId, which Firefox gives too).
  expect(await dossier.call('choosePanelMode', { mode: 'stealth' })).toMatchObject({ ok: true });
  await page.goto('https://www.linkedin.com/in/maya-chen/');
  await byRole(side, 'article', 'Maya Chen', 15_000);
  expect(await side.$$(aria('region', 'Found on this page'))).toHaveLength(0);
  expect(await panel.evaluate((el) => el.textContent)).not.toContain('Nothing to look up');
});
