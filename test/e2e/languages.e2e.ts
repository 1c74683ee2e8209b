import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { de } from '@/lib/platform/i18n/de';
import { es } from '@/lib/platform/i18n/es';
import { fr } from '@/lib/platform/i18n/fr';
import { configureExtension, expect, EXTENSION_DIR, launchWithExtension, serviceWorkerOf, test } from '@/test/e2e/extension';

const frenchMessages = JSON.parse(readFileSync('public/_locales/fr/messages.json', 'utf8')) as { extDescription: { message: string } };

/**
 * The language chosen in the settings reaches every open Dossier page at once, and the worker:
 * the popup already open switches without a reload, with its numbers in that language, and
 * what the worker answers (a refused key) comes in that language too.
 */
test('a language chosen in the settings: open pages switch at once, numbers follow, the worker answers in it', async ({ sandbox, worker, openExtensionPage }) => {
  const apiId = await sandbox.newKey(12_345);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });

  const popup = await openExtensionPage('popup.html');
  await expect(popup.getByTestId('balance')).toHaveText('12,345 credits');
  const settings = await openExtensionPage('options.html');
  const language = settings.getByRole('combobox', { name: 'Language' });
  await expect(language).toHaveValue('auto');
  // Each language is named in itself, so that anyone finds theirs whatever the current one.
  await expect(language.getByRole('option')).toHaveText(['Browser default (English)', 'English', 'Français', 'Deutsch', 'Español', /en-XA/]);

  await language.selectOption('de');
  await expect(settings.getByRole('heading', { level: 1 })).toHaveText(de['app.settingsTitle']);
  await expect(settings).toHaveTitle(de['page.title.settings']);
  await expect(popup.getByRole('heading', { name: de['balance.title'] })).toBeVisible();
  await expect(popup.getByTestId('balance')).toHaveText('12.345 Credits');
  await expect(popup.locator('html')).toHaveAttribute('lang', 'de');

  // The worker's own sentence: the gateway refused the key.
  await settings.getByLabel(de['connection.key'], { exact: true }).fill('not-a-real-key');
  await settings.getByRole('button', { name: de['connection.test'] }).click();
  await expect(settings.getByRole('alert')).toHaveText(de['errors.key_not_accepted']);

  await settings.getByRole('combobox', { name: de['language.label'] }).selectOption('fr');
  await expect(popup.getByTestId('balance')).toHaveText('12\u202f345 crédits');
  await expect(popup.getByRole('button', { name: fr['quick.submit'] })).toBeVisible();
  await settings.getByRole('combobox', { name: fr['language.label'] }).selectOption('es');
  await expect(popup.getByRole('heading', { name: es['quick.title'] })).toBeVisible();

  // Back to the browser's language (English here); a page opened now starts in it.
  await settings.getByRole('combobox', { name: es['language.label'] }).selectOption('auto');
  await expect(popup.getByTestId('balance')).toHaveText('12,345 credits');
  const reopened = await openExtensionPage('popup.html');
  await expect(reopened.getByRole('heading', { name: 'Credit balance' })).toBeVisible();
});

test('a page opened after the choice starts in it: popup, history, contact book, bulk, side panel', async ({ sandbox, worker, openExtensionPage }) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: 'sandbox-demo-key' });
  const settings = await openExtensionPage('options.html');
  await settings.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(settings.getByRole('heading', { level: 1 })).toHaveText(es['app.settingsTitle']);
  for (const [path, text] of [
    ['popup.html', es['balance.title']],
    ['lookup-history.html', es['app.historyTitle']],
    ['contacts.html', es['app.bookTitle']],
    ['bulk.html', es['bulk.ui.title']],
    ['sidepanel.html', es['panel.nothingDetected']],
  ] as const) {
    const page = await openExtensionPage(path);
    await expect(page.getByText(text).first(), path).toBeVisible();
    await expect(page.locator('html'), path).toHaveAttribute('lang', 'es');
    await page.close();
  }
});

/**
 * Nothing chosen in the settings: Dossier speaks the browser's language, a regional variant
 * (Canadian French) included, from its first screen; the store listing's name and description
 * (public/_locales) follow the browser too.
 */
test('a browser in Canadian French: the first screens are in French without any setting', async () => {
  const profile = mkdtempSync(join(tmpdir(), 'dossier-profile-'));
  const context = await launchWithExtension(profile, EXTENSION_DIR, 'fr-CA');
  try {
    const worker = await serviceWorkerOf(context);
    expect(await worker.evaluate(() => chrome.i18n.getUILanguage()), 'the browser runs in French (Debian’s Chromium needs chromium-l10n)').toMatch(/^fr/);
    expect(await worker.evaluate(() => chrome.i18n.getMessage('extDescription'))).toBe(frenchMessages.extDescription.message);
    const extensionId = new URL(worker.url()).host;
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    await expect(popup.getByRole('heading', { name: fr['onboarding.title'] })).toBeVisible();
    await expect(popup.locator('html')).toHaveAttribute('lang', 'fr');
    const settings = await context.newPage();
    await settings.goto(`chrome-extension://${extensionId}/options.html`);
    await expect(settings.getByRole('heading', { level: 1 })).toHaveText(fr['app.settingsTitle']);
    await expect(settings.getByRole('combobox', { name: fr['language.label'] })).toHaveValue('auto');
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
