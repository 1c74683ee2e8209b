import { expect, test } from '@/test/e2e/extension';

test('the built extension loads: its service worker starts and the popup renders', async ({ worker, openExtensionPage }) => {
  expect(worker.url()).toMatch(/^chrome-extension:\/\/[a-p]{32}\/background\.js$/);
  const popup = await openExtensionPage('popup.html');
  await expect(popup.getByRole('heading', { name: 'Dossier' })).toBeVisible();
  await expect(popup.getByRole('heading', { name: 'No API key yet' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Open settings' })).toBeEnabled();
});

test('the popup’s onboarding opens the settings, where a key saved shows the sandbox balance', async ({
  context,
  sandbox,
  openExtensionPage,
}) => {
  const popup = await openExtensionPage('popup.html');
  const settingsOpened = context.waitForEvent('page');
  await popup.getByRole('button', { name: 'Open settings' }).click();
  const settings = await settingsOpened;
  await settings.waitForLoadState();
  await expect(settings.getByRole('heading', { name: 'Dossier settings' })).toBeVisible();

  await settings.getByLabel('Service address').fill(sandbox.url);
  await settings.getByLabel('API key', { exact: true }).fill('  sandbox-small-key\n');
  await settings.getByRole('button', { name: 'Test connection' }).click();
  await expect(settings.getByRole('status')).toHaveText('Connected. Balance: 100 credits.');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByRole('status')).toHaveText('Saved.');

  const ledger = await sandbox.ledger('sandbox-small-key');
  const popupAfter = await openExtensionPage('popup.html');
  await expect(popupAfter.getByText('Sandbox', { exact: true })).toBeVisible();
  await expect(popupAfter.getByTestId('balance')).toHaveText(`${ledger.balance} credits`);
});

test('an invalid key is refused by Test connection with a message', async ({ sandbox, openExtensionPage }) => {
  const settings = await openExtensionPage('options.html');
  await settings.getByLabel('Service address').fill(sandbox.url);
  await settings.getByLabel('API key', { exact: true }).fill('not-a-real-key');
  await settings.getByRole('button', { name: 'Test connection' }).click();
  await expect(settings.getByRole('alert')).toContainText(/key/i);
});
