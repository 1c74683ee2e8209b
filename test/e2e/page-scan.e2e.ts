import { contextMenuClick } from '@/scripts/demo/automation';
import { CONTACTS_PAGE_URL, routeDemoPages } from '@/scripts/demo-routes';
import { callBackground, configureExtension, expect, test } from '@/test/e2e/extension';

test('emails and phones are marked on an ordinary page once all-sites detection is on', async ({ context, worker, sandbox, openExtensionPage }) => {
  // This build declares all sites up front (DOSSIER_E2E): automation cannot answer the
  // permission prompt the settings show a user. Turning the setting on is what remains.
  const apiId = await sandbox.newKey(100);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  const settings = await openExtensionPage('lookup-history.html');
  expect(await callBackground(settings, 'savePreferences', { pageAccess: { scanAllSites: true, panelMode: 'frame' } })).toMatchObject({ ok: true });
  await routeDemoPages(context, sandbox.origin);
  const page = await context.newPage();
  await page.goto(CONTACTS_PAGE_URL);
  // Off the network the panel's frame is not allowed in the page: the side panel lists what was found.
  const side = await openExtensionPage(`sidepanel.html?tab=${await tabOf(worker, CONTACTS_PAGE_URL)}`);
  const found = side.getByRole('region', { name: 'Found on this page' });
  await expect(found).toBeVisible({ timeout: 15_000 });
  await expect(found.getByRole('button', { name: /^Enrich email .*@.*\(up to 2 credits\)/ }).first()).toBeVisible();
  await expect(found.getByRole('button', { name: /^Reverse phone lookup .*\(up to 1 credit\)/ }).first()).toBeVisible();
  await expect(found).not.toContainText('promote@2x.png');
});

async function tabOf(worker: import('@playwright/test').Worker, url: string): Promise<number> {
  await expect.poll(() => worker.evaluate(async (u) => (await chrome.tabs.query({ url: u })).length, url)).toBe(1);
  return worker.evaluate(async (u) => (await chrome.tabs.query({ url: u }))[0]!.id!, url);
}

/** Automation cannot open the browser's context menu: see scripts/demo/automation.ts. */
const rightClickReversePhone = (worker: import('@playwright/test').Worker, pageUrl: string, selectionText: string) =>
  contextMenuClick(worker, pageUrl, { menuItemId: 'dossier-reverse-phone', selectionText });

test('right-click reverse phone lookup on a selected number: the answer shows in the side panel, paid once; a non-number costs nothing', async ({
  context,
  worker,
  sandbox,
  openExtensionPage,
}) => {
  const apiId = await sandbox.newKey(100);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  const settings = await openExtensionPage('lookup-history.html');
  expect(await callBackground(settings, 'savePreferences', { pageAccess: { scanAllSites: true, panelMode: 'frame' } })).toMatchObject({ ok: true });
  await routeDemoPages(context, sandbox.origin);
  const page = await context.newPage();
  await page.goto(CONTACTS_PAGE_URL);
  const side = await openExtensionPage(`sidepanel.html?tab=${await tabOf(worker, CONTACTS_PAGE_URL)}`);
  await expect(side.getByRole('region', { name: 'Found on this page' })).toBeVisible({ timeout: 15_000 });
  // Nothing of the panel is added to an ordinary page (the frame is allowed on the network only).
  expect(await page.locator('dossier-panel').count()).toBe(0);

  // A US number written the national way: the page's language gives the region.
  await rightClickReversePhone(worker, CONTACTS_PAGE_URL, '(510) 555-0112');
  const panel = side.getByRole('complementary', { name: /Dossier/ });
  await expect(panel).toContainText('Reverse phone lookup');
  await expect(panel).toContainText('Alex Morgan');
  expect((await sandbox.ledger(apiId)).charges.map((c) => c.creditBurn)).toEqual([1]);

  await rightClickReversePhone(worker, CONTACTS_PAGE_URL, '2024-05-01-7731');
  await expect(panel).toContainText('Nothing to look up');
  expect((await sandbox.ledger(apiId)).charges.map((c) => c.path)).toEqual(['/v1/searchByPhone']);
});
