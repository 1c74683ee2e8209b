import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { callBackground, configureExtension, expect, test, type Sandbox } from '@/test/e2e/extension';

/** Serious and critical violations fail; the rest is reported in the message to fix later. */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

async function withKey(sandbox: Sandbox, worker: import('@playwright/test').Worker) {
  const apiId = await sandbox.newKey(1000);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
}

/** Presses Tab until `target` has focus; fails if it is not reachable in `max` presses. */
async function tabTo(page: Page, target: import('@playwright/test').Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`not reachable with Tab: ${target}`);
}

test('the popup without a key: no serious violation; Tab and Enter open the settings', async ({ context, openExtensionPage }) => {
  const popup = await openExtensionPage('popup.html');
  await expect(popup.getByRole('heading', { name: 'No API key yet' })).toBeVisible();
  await expectNoSeriousViolations(popup);
  const opened = context.waitForEvent('page');
  await tabTo(popup, popup.getByRole('button', { name: 'Open settings' }));
  await popup.keyboard.press('Enter');
  await expect((await opened).getByRole('heading', { name: 'Dossier settings' })).toBeVisible();
});

test('the popup with a key and a result: no serious violation; the lookup box works from the keyboard', async ({ sandbox, worker, openExtensionPage }) => {
  await withKey(sandbox, worker);
  const popup = await openExtensionPage('popup.html');
  await expect(popup.getByTestId('balance')).toHaveText('1,000 credits');
  await tabTo(popup, popup.getByLabel('Profile URL, email, phone or “Full Name, Company”'));
  await popup.keyboard.type('https://www.linkedin.com/in/maya-chen');
  await expect(popup.getByTestId('quick-plan')).toHaveText('Enrich person: up to 2 credits');
  await popup.keyboard.press('Enter');
  await expect(popup.getByTestId('lookup-cost')).toHaveText('Paid 2 credits.');
  await expect(popup.getByRole('list', { name: 'Recent lookups' }).getByRole('listitem')).toHaveCount(1);
  await expectNoSeriousViolations(popup);

  await tabTo(popup, popup.getByRole('button', { name: 'Refresh balance' }));
  await popup.keyboard.press('Enter');
  await expect(popup.getByRole('button', { name: 'Refresh balance' })).toBeEnabled();
});

test('the history page with entries and details open: no serious violation; keyboard reaches details and export', async ({ sandbox, worker, openExtensionPage }) => {
  await withKey(sandbox, worker);
  const history = await openExtensionPage('lookup-history.html');
  for (const input of [{ profileUrl: 'https://www.linkedin.com/in/maya-chen' }, { email: 'alex.morgan@northwind-analytics.example' }, { fullName: 'Nobody Known', company: 'Northwind Analytics' }]) {
    await callBackground(history, 'lookup', { op: 'enrichPerson', input });
  }
  await expect(history.getByRole('table', { name: 'Lookups' }).getByRole('row')).toHaveCount(4);
  await expectNoSeriousViolations(history);

  await tabTo(history, history.getByRole('button', { name: 'Details of Alex Morgan · Northwind Analytics' }));
  await history.keyboard.press('Enter');
  const details = history.getByRole('region', { name: 'Lookup details' });
  await expect(details.getByTestId('details-subject')).toHaveText('Alex Morgan · Northwind Analytics');
  await expect(details.getByRole('article', { name: 'Alex Morgan' })).toBeVisible();
  await expect(details.getByRole('heading', { name: 'Lookup details' })).toBeFocused();
  await expectNoSeriousViolations(history);

  const downloading = history.waitForEvent('download');
  await tabTo(history, history.getByRole('button', { name: 'Export CSV' }), 80);
  await history.keyboard.press('Enter');
  expect((await downloading).suggestedFilename()).toMatch(/\.csv$/);
});

test('the settings: no serious violation, also with errors shown; Enter saves', async ({ sandbox, openExtensionPage }) => {
  const settings = await openExtensionPage('options.html');
  for (const name of ['Account', 'Spending', 'Pages and side panel', 'CRM connections', 'Web mail', 'Privacy', 'Language and theme', 'Advanced']) {
    await expect(settings.getByRole('heading', { name, level: 2, exact: true })).toBeVisible();
  }
  await expectNoSeriousViolations(settings);

  await settings.getByLabel('Daily cap (credits; empty: no cap)').fill('-3');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByRole('alert')).toBeVisible();
  await expectNoSeriousViolations(settings);

  await settings.getByLabel('Daily cap (credits; empty: no cap)').fill('');
  await settings.getByLabel('Service address').fill(sandbox.url);
  await tabTo(settings, settings.getByLabel('API key', { exact: true }));
  await settings.keyboard.type('sandbox-demo-key');
  await tabTo(settings, settings.getByRole('button', { name: 'Test connection' }));
  await settings.keyboard.press('Enter');
  await expect(settings.getByRole('status')).toHaveText('Connected. Balance: 1,000,000 credits.');
  await settings.getByLabel('API key', { exact: true }).focus();
  await settings.keyboard.press('Enter');
  await expect(settings.getByRole('status')).toHaveText('Saved.');
});
