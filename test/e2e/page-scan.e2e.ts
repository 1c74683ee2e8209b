import { CONTACTS_PAGE_URL, routeDemoPages } from '../../scripts/demo-routes';
import { callBackground, configureExtension, expect, test } from './extension';

test('emails and phones are marked on an ordinary page once all-sites detection is on', async ({ context, worker, sandbox, openExtensionPage }) => {
  // This build declares all sites up front (DOSSIER_E2E): automation cannot answer the
  // permission prompt the settings show a user. Turning the setting on is what remains.
  const apiId = `e2e-${Math.random().toString(36).slice(2)}`;
  await sandbox.admin('keys', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiId, balance: 100 }) });
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  const settings = await openExtensionPage('lookup-history.html');
  expect(await callBackground(settings, 'savePreferences', { pageAccess: { scanAllSites: true, quietMode: false } })).toMatchObject({ ok: true });
  await routeDemoPages(context, sandbox.origin);
  const page = await context.newPage();
  await page.goto(CONTACTS_PAGE_URL);
  const found = page.getByRole('region', { name: 'Found on this page' });
  await expect(found).toBeVisible({ timeout: 15_000 });
  await expect(found.getByRole('button', { name: /^Enrich email .*@.*\(up to 2 credits\)/ }).first()).toBeVisible();
  await expect(found.getByRole('button', { name: /^Reverse phone lookup .*\(up to 1 credit\)/ }).first()).toBeVisible();
  await expect(found).not.toContainText('promote@2x.png');
});
