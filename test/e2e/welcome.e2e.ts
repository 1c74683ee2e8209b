import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { callBackground, configureExtension, expect, test } from '@/test/e2e/extension';

/**
 * The welcome page (the install opens it in a release: test/e2e/packages.e2e.ts and
 * test/firefox/first-minutes.firefox.ts). Here, the automation build: the key is checked before
 * it is saved, the reason of a refusal sits under the field, the sandbox's demo key is one click,
 * and the screens without a key link here. Screenshots under test-results/welcome/.
 */
const SHOTS = 'test-results/welcome';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a refused key is not saved and says why under the field; the demo key connects in one click and shows the balance', async ({ worker, sandbox, openExtensionPage }) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url });
  const welcome = await openExtensionPage('welcome.html');
  await expect(welcome.getByRole('heading', { name: 'Welcome to Dossier', level: 1 })).toBeVisible();
  await expect(welcome.getByText('Service: the local sandbox (synthetic data, no real credits).')).toBeVisible();
  expect(await seriousViolations(welcome)).toEqual([]);
  for (const scheme of ['light', 'dark'] as const) {
    await welcome.emulateMedia({ colorScheme: scheme });
    await welcome.screenshot({ path: `${SHOTS}/welcome-en-${scheme}.png`, fullPage: true });
  }

  const key = welcome.getByLabel('API key');
  await key.fill('not-my-key');
  await welcome.getByRole('button', { name: 'Check and save' }).click();
  await expect(key).toHaveAttribute('aria-invalid', 'true');
  await expect(key).toHaveAccessibleDescription(/This key was not accepted, so it was not saved\./);
  // Beside the field, not at the bottom of the page.
  const [field, message] = await Promise.all([key.boundingBox(), welcome.getByRole('alert').boundingBox()]);
  expect(message!.y - (field!.y + field!.height)).toBeLessThan(40);
  expect(await callBackground(welcome, 'getStatus', undefined)).toMatchObject({ ok: true, value: { hasKey: false } });
  await welcome.screenshot({ path: `${SHOTS}/welcome-refused-en.png`, fullPage: true });

  await welcome.getByRole('button', { name: 'Use the sandbox’s demo key' }).click();
  await expect(welcome.getByRole('status')).toHaveText('Connected. Balance: 1,000,000 credits.');
  expect(await callBackground(welcome, 'getStatus', undefined)).toMatchObject({ ok: true, value: { hasKey: true } });
  await expect(welcome.getByRole('link', { name: 'Open LinkedIn' })).toHaveAttribute('href', 'https://www.linkedin.com/feed/');

  // The panel choice is made here: the recommended one first, and says so.
  const stealth = welcome.getByRole('button', { name: 'Stealth: side panel only' });
  await expect(stealth).toHaveAccessibleDescription(/^Recommended/);
  await welcome.getByRole('button', { name: 'Panel in the page' }).click();
  await expect(welcome.getByRole('button', { name: 'Panel in the page' })).toHaveAttribute('aria-pressed', 'true');
  expect(await callBackground(welcome, 'getPreferences', undefined)).toMatchObject({ ok: true, value: { pageAccess: { panelMode: 'frame' } } });
});

test('in German, the longest of the four languages, the welcome page fits and reads', async ({ worker, sandbox, openExtensionPage }) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url });
  const welcome = await openExtensionPage('welcome.html');
  expect(await callBackground(welcome, 'saveLanguage', { language: 'de' })).toMatchObject({ ok: true });
  await expect(welcome.getByRole('heading', { name: 'Willkommen bei Dossier', level: 1 })).toBeVisible();
  await welcome.setViewportSize({ width: 1280, height: 900 });
  expect(await welcome.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  for (const scheme of ['light', 'dark'] as const) {
    await welcome.emulateMedia({ colorScheme: scheme });
    await welcome.screenshot({ path: `${SHOTS}/welcome-de-${scheme}.png`, fullPage: true });
  }
});

test('the popup without a key says so and links to the welcome page', async ({ context, openExtensionPage }) => {
  const popup = await openExtensionPage('popup.html');
  await expect(popup.getByRole('heading', { name: 'No API key yet' })).toBeVisible();
  await popup.screenshot({ path: `${SHOTS}/popup-no-key-en.png` });
  const opened = context.waitForEvent('page');
  await popup.getByRole('button', { name: 'Set up Dossier' }).click();
  const welcome = await opened;
  await welcome.waitForLoadState();
  expect(new URL(welcome.url()).pathname).toBe('/welcome.html');
});
