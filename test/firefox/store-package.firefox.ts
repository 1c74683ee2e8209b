import JSZip from 'jszip';
import { readFileSync } from 'node:fs';
import { byRole, click, enrichInSidebar, expect, expectText, fill, FIREFOX_STORE_PACKAGE, panelFrame, test } from '@/test/firefox/firefox';

/**
 * The Firefox store package itself (`npm run zip`, run by `npm test` before this suite), installed
 * from its zip: it declares no host, not even this computer's, so choosing the sandbox in the
 * settings asks for its host (a real click; Firefox's prompt granted by preference), after which
 * it enriches a profile as the automation build does.
 */
test.use({ addon: FIREFOX_STORE_PACKAGE });

test('the Firefox store package asks for the sandbox’s host where it is chosen, then enriches a profile', async ({ dossier, sandbox, freshKey }) => {
  const manifest = JSON.parse(await (await JSZip.loadAsync(readFileSync(FIREFOX_STORE_PACKAGE))).file('manifest.json')!.async('string'));
  expect(manifest.host_permissions).toBeUndefined();
  expect(manifest.optional_host_permissions).toEqual(['<all_urls>']);
  expect(await dossier.inBackground((bg) => typeof bg.dossierAutomation, null)).toBe('undefined');
  const hasThisComputer = () => dossier.inBackground((bg) => bg.browser.permissions.contains({ origins: ['http://127.0.0.1/*'] }), null);
  expect(await hasThisComputer()).toBe(false);

  const apiId = await freshKey(1000);
  const settings = await dossier.open('options.html');
  await fill(settings, 'Service address', sandbox.url);
  await fill(settings, 'API key', apiId);
  await settings.bringToFront();
  await click(settings, 'button', 'Test connection');
  await expectText(settings, 'status', '', 'Connected. Balance: 1,000 credits.');
  expect(await hasThisComputer()).toBe(true);
  await click(settings, 'button', 'Save');
  await expectText(settings, 'status', '', 'Saved.');

  expect(await dossier.call('choosePanelMode', { mode: 'frame' })).toMatchObject({ ok: true });
  const maya = 'https://www.linkedin.com/in/maya-chen/';
  const page = await dossier.openSite(maya);
  // The panel shows in the page; Firefox users pay in the sidebar (the in-page panel spends nothing in Firefox).
  const frame = await panelFrame(page);
  await byRole(frame, 'article', 'Maya Chen');
  await enrichInSidebar(dossier, maya);
  await page.bringToFront();
  await byRole(await byRole(frame, 'group', 'Work email'), 'link', 'maya.chen@northwind-analytics.example');
  expect((await sandbox.ledger(apiId)).charges.map((c) => c.creditBurn)).toEqual([2]);
});
