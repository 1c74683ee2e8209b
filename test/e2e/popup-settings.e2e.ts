import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { Page } from '@playwright/test';
import { CSV_COLUMNS } from '@/lib/history/worker/export';
import { callBackground, configureExtension, expect, launchWithExtension, serviceWorkerOf, test, valueFromBackground, type Sandbox } from '@/test/e2e/extension';

const QUICK_LABEL = 'Profile URL, email, phone or “Full Name, Company”';

/** A fresh key per test, so that the sandbox's ledger for it counts only this test's requests. */
async function freshKey(sandbox: Sandbox, balance = 1000): Promise<string> {
  return sandbox.newKey(balance);
}

const creditsText = (n: number) => `${n.toLocaleString('en')} credit${n === 1 ? '' : 's'}`;

async function quickLookup(popup: Page, text: string, expected: { plan: string | RegExp; cost: string; name?: string }) {
  await popup.getByLabel(QUICK_LABEL).fill(text);
  await expect(popup.getByTestId('quick-plan')).toHaveText(expected.plan);
  await popup.getByRole('button', { name: 'Look up' }).click();
  const result = popup.getByRole('region', { name: 'Result' });
  await expect(result.getByTestId('lookup-cost')).toHaveText(expected.cost);
  if (expected.name) await expect(result.getByText(expected.name, { exact: true })).toBeVisible();
  return result;
}

test('lookups of every input kind from the popup: balance matches the sandbox, history and CSV list each one with its cost', async ({
  sandbox,
  worker,
  openExtensionPage,
}) => {
  const apiId = await freshKey(sandbox);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  const popup = await openExtensionPage('popup.html');
  await expect(popup.getByTestId('balance')).toHaveText(creditsText(1000));

  const maya = await quickLookup(popup, 'https://www.linkedin.com/in/maya-chen', {
    plan: 'Enrich person: up to 2 credits',
    cost: 'Paid 2 credits.',
    name: 'Maya Chen',
  });
  await expect(maya.getByText('VP of Engineering', { exact: true })).toBeVisible();
  await expect(maya.getByText('Northwind Analytics', { exact: true })).toBeVisible();
  await expect(maya.getByRole('group', { name: 'Work email', exact: true }).getByRole('listitem').filter({ hasText: 'maya.chen@northwind-analytics.example' })).toContainText('verified');

  await quickLookup(popup, 'alex.morgan@northwind-analytics.example', { plan: 'Enrich person: up to 2 credits', cost: 'Paid 2 credits.', name: 'Alex Morgan' });
  const phone = await quickLookup(popup, '+14155550110', { plan: 'Reverse phone lookup: up to 1 credit', cost: 'Paid 1 credit.', name: 'Maya Chen' });
  await expect(phone.getByRole('group', { name: 'Phones', exact: true }).getByRole('listitem').filter({ hasText: '+1 415 555 0110' })).toBeVisible();
  await quickLookup(popup, 'Priya Raman, Northwind Analytics', { plan: 'Enrich person: up to 2 credits', cost: 'Paid 2 credits.', name: 'Priya Raman' });

  // The ledger knows Maya now: the box says so before the click, and a repeat is free.
  await popup.getByLabel(QUICK_LABEL).fill('https://www.linkedin.com/in/maya-chen/');
  await expect(popup.getByTestId('quick-plan')).toHaveText(/^Enrich person: free: already looked up on /);

  const ledger = await sandbox.ledger(apiId);
  expect(ledger.balance).toBe(1000 - 7);
  await expect(popup.getByTestId('balance')).toHaveText(creditsText(ledger.balance));

  const reopened = await openExtensionPage('popup.html');
  await expect(reopened.getByTestId('balance')).toHaveText(creditsText(ledger.balance));
  await expect(reopened.getByTestId('balance-age')).toHaveText(/^as of (just now|1 minute ago)$/);
  // People, not lookups: the reverse phone lookup found Maya, so it joins her enrichment.
  const recent = reopened.getByRole('list', { name: 'Recent lookups' }).getByRole('listitem');
  await expect(recent).toHaveCount(3);
  await expect(recent.nth(0)).toContainText('Priya Raman · Northwind Analytics');
  await expect(recent.nth(0)).toContainText('Enrich person · Paid · 2 credits');
  await expect(recent.nth(1)).toContainText('Maya Chen · Northwind Analytics');
  await expect(recent.nth(1)).toContainText('Reverse phone lookup · Paid, Enrich person · Paid · 3 credits');
  await expect(recent.nth(2)).toContainText('Alex Morgan · Northwind Analytics');
  await expect(reopened.getByText('https://www.linkedin.com/in/maya-chen/')).toHaveCount(0);

  const history = await openExtensionPage('lookup-history.html');
  const table = history.getByRole('table', { name: 'Lookups' });
  await expect(table).toHaveAttribute('aria-rowcount', '5');
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(5);
  // Each row names the person it found, whatever was typed (a URL, an email, a number, a name).
  for (const [name, operation, cost] of <[string, string, string][]>[
    ['Maya Chen · Northwind Analytics', 'Enrich person', '2'],
    ['Alex Morgan · Northwind Analytics', 'Enrich person', '2'],
    ['Maya Chen · Northwind Analytics', 'Reverse phone lookup', '1'],
    ['Priya Raman · Northwind Analytics', 'Enrich person', '2'],
  ]) {
    const row = rows.filter({ has: history.getByRole('cell', { name, exact: true }) }).filter({ has: history.getByRole('cell', { name: operation, exact: true }) });
    await expect(row.getByRole('cell').nth(5)).toHaveText(cost);
  }

  const downloading = history.waitForEvent('download');
  await history.getByRole('button', { name: 'Export CSV' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^dossier-history-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = Papa.parse<Record<string, string>>(readFileSync((await file.path())!, 'utf8'), { header: true, skipEmptyLines: true });
  expect(csv.meta.fields).toEqual([...CSV_COLUMNS]);
  expect(csv.data.map((r) => [r.operation, r.subject, r.outcome, r.credits])).toEqual([
    ['enrichPerson', 'Priya Raman, Northwind Analytics', 'paid', '2'],
    // A leading + would run as a formula in a spreadsheet, so the export quotes it.
    ['reversePhone', "'+14155550110", 'paid', '1'],
    ['enrichPerson', 'alex.morgan@northwind-analytics.example', 'paid', '2'],
    ['enrichPerson', 'https://www.linkedin.com/in/maya-chen/', 'paid', '2'],
  ]);
  expect(csv.data.reduce((sum, r) => sum + Number(r.credits), 0)).toBe(1000 - ledger.balance);
});

test('a popup entry opens its details in the history page, which runs it again at its price and deletes with a real confirmation', async ({
  sandbox,
  worker,
  context,
  openExtensionPage,
}) => {
  const apiId = await freshKey(sandbox);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  const popup = await openExtensionPage('popup.html');
  await quickLookup(popup, 'https://www.linkedin.com/in/maya-chen', { plan: 'Enrich person: up to 2 credits', cost: 'Paid 2 credits.' });
  await quickLookup(popup, 'Priya Raman, Northwind Analytics', { plan: 'Enrich person: up to 2 credits', cost: 'Paid 2 credits.' });

  const opened = context.waitForEvent('page');
  await popup.getByRole('link', { name: /^Maya Chen · Northwind Analytics/ }).click();
  const history = await opened;
  expect(new URL(history.url()).hash).toMatch(/^#.+/);
  const details = history.getByRole('region', { name: 'Lookup details' });
  await expect(details.getByTestId('details-subject')).toHaveText('Maya Chen · Northwind Analytics');
  await expect(details.getByRole('article', { name: 'Maya Chen' })).toContainText('VP of Engineering');
  // The whole normalised answer, as text, one click away.
  await details.getByText('All fields of this answer').click();
  await expect(details.getByText('VP of Engineering at Northwind Analytics').first()).toBeVisible();
  await expect(details.getByRole('link', { name: 'https://www.linkedin.com/in/maya-chen' }).first()).toBeVisible();

  const before = (await sandbox.ledger(apiId)).balance;
  await details.getByRole('button', { name: 'Run again' }).click();
  await expect(details.getByTestId('run-again-price')).toHaveText('Running it again costs up to 2 credits.');
  await details.getByRole('button', { name: 'Run again and pay' }).click();
  await expect(details.getByTestId('lookup-cost')).toHaveText('Refreshed: paid again 2 credits.');
  expect((await sandbox.ledger(apiId)).balance).toBe(before - 2);

  const table = history.getByRole('table', { name: 'Lookups' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await history.getByRole('checkbox', { name: 'Select Priya Raman · Northwind Analytics' }).check();
  await history.getByRole('button', { name: 'Delete selected (1)' }).click();
  await expect(history.getByRole('status').filter({ hasText: 'Deleted' })).toHaveText('Deleted 1 entries.');
  await expect(table.getByRole('row')).toHaveCount(3);

  await history.getByRole('button', { name: 'Delete all history' }).click();
  await expect(history.getByRole('group', { name: 'Delete all history' })).toContainText('Delete all 2 entries?');
  await history.getByRole('button', { name: 'Cancel' }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
  await history.getByRole('button', { name: 'Delete all history' }).click();
  await history.getByRole('button', { name: 'Yes, delete everything' }).click();
  await expect(history.getByText('No lookups yet. Enrich a profile and it will be listed here.')).toBeVisible();
  expect(await valueFromBackground(history, 'getHistory', {})).toEqual([]);
});

test('settings saved in the page survive a browser restart and reach an open popup at once', async ({ sandbox, context, userDataDir, extensionId, openExtensionPage }) => {
  const settings = await openExtensionPage('options.html');
  const popup = await openExtensionPage('popup.html');
  await settings.getByLabel('Service address').fill(sandbox.url);
  await settings.getByLabel('API key', { exact: true }).fill('sandbox-small-key');
  await settings.getByLabel('Warn when the balance is under (credits)').fill('500');
  await settings.getByLabel('Daily cap (credits; empty: no cap)').fill('40');
  await settings.getByLabel('EU mode: never run personal-email lookups').check();
  await settings.getByLabel('Suppression list: never look these up').fill('blocked.example\n+33 6 12 34 56 78');
  await settings.getByLabel('Reuse phone answers for (days)').fill('10');
  await settings.getByLabel('Phone numbers', { exact: true }).check();
  // The panel mode saves at once, as the first-run question does.
  await settings.getByRole('button', { name: 'Stealth: side panel only' }).click();
  await expect(settings.getByRole('button', { name: 'Stealth: side panel only' })).toHaveAttribute('aria-pressed', 'true');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByRole('status')).toHaveText('Saved.');

  // The popup opened before the save follows storage: the key appeared, and the balance is under the new threshold.
  await expect(popup.getByTestId('balance')).toHaveText('100 credits');
  await expect(popup.getByText('Low balance: under your warning threshold of 500 credits.')).toBeVisible();

  await context.close();
  const relaunched = await launchWithExtension(userDataDir);
  try {
    const worker = await serviceWorkerOf(relaunched);
    expect(new URL(worker.url()).host).toBe(extensionId);
    const again = await relaunched.newPage();
    await again.goto(`chrome-extension://${extensionId}/options.html`);
    await expect(again.getByLabel('Service address')).toHaveValue(sandbox.url);
    await expect(again.getByText('Saved key: ••••-key. Leave empty to keep it.')).toBeVisible();
    await expect(again.getByLabel('Warn when the balance is under (credits)')).toHaveValue('500');
    await expect(again.getByLabel('Daily cap (credits; empty: no cap)')).toHaveValue('40');
    await expect(again.getByLabel('EU mode: never run personal-email lookups')).toBeChecked();
    await expect(again.getByLabel('Suppression list: never look these up')).toHaveValue('blocked.example\n+33 6 12 34 56 78');
    await expect(again.getByLabel('Reuse phone answers for (days)')).toHaveValue('10');
    await expect(again.getByLabel('Phone numbers', { exact: true })).toBeChecked();
    await expect(again.getByRole('button', { name: 'Stealth: side panel only' })).toHaveAttribute('aria-pressed', 'true');
    await expect(again.getByRole('button', { name: 'Panel in the page' })).toHaveAttribute('aria-pressed', 'false');
    // The e2e build declares <all_urls>, so the switch shows the permission as granted.
    await expect(again.getByLabel('Detect emails and phone numbers on all sites')).toBeChecked();
    await expect(again.getByRole('heading', { name: 'CRM connections' })).toBeVisible();
  } finally {
    await relaunched.close();
  }
});

test('an invalid address, key or setting is refused with a message beside the field, and nothing is saved', async ({ openExtensionPage }) => {
  const settings = await openExtensionPage('options.html');
  const address = settings.getByLabel('Service address');
  await settings.getByLabel('Custom service (type its address)').check();
  await address.fill('http://gateway.example/api/ingress/');
  await settings.getByLabel('API key', { exact: true }).fill('has a space');
  await settings.getByLabel('Daily cap (credits; empty: no cap)').fill('ten');
  await settings.getByLabel('Suppression list: never look these up').fill('ok.example\nnot a thing');
  await settings.getByRole('button', { name: 'Save' }).click();

  await expect(settings.getByRole('alert')).toHaveText('Nothing was saved: fix the fields marked above.');
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(address).toHaveAccessibleDescription(/Use an https:\/\/ address/);
  await expect(settings.getByLabel('API key', { exact: true })).toHaveAccessibleDescription(/no spaces or special characters/);
  await expect(settings.getByLabel('Daily cap (credits; empty: no cap)')).toHaveAccessibleDescription('Enter a whole number, or leave it empty.');
  await expect(settings.getByLabel('Suppression list: never look these up')).toHaveAccessibleDescription(/Line 2 \(“not a thing”\) is not an email, domain, phone number or profile URL/);

  const status = await valueFromBackground(settings, 'getStatus');
  expect(status).toMatchObject({ hasKey: false, gateway: { kind: 'sandbox' } });
  const prefs = await valueFromBackground(settings, 'getPreferences');
  expect(prefs).toMatchObject({ spending: { dailyCap: null }, privacy: { suppression: [] } });

  // The sandbox choice only takes an address on this computer.
  await settings.getByLabel('Local sandbox (synthetic data, no real credits)').check();
  await address.fill('https://sandbox.example/api/ingress/');
  await settings.getByLabel('API key', { exact: true }).fill('');
  await settings.getByLabel('Daily cap (credits; empty: no cap)').fill('');
  await settings.getByLabel('Suppression list: never look these up').fill('');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(address).toHaveAccessibleDescription(/runs on this computer/);
  await expect(settings.getByRole('alert')).toHaveText('Nothing was saved: fix the fields marked above.');
});

test('EU mode and the suppression list, set in the settings, stop the popup’s lookups before any request', async ({ sandbox, worker, openExtensionPage }) => {
  const apiId = await freshKey(sandbox);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  const settings = await openExtensionPage('options.html');
  await settings.getByLabel('EU mode: never run personal-email lookups').check();
  await settings.getByLabel('Suppression list: never look these up').fill('northwind-analytics.example\nhttps://www.linkedin.com/in/priya-raman/');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByRole('status')).toHaveText('Saved.');

  const popup = await openExtensionPage('popup.html');
  const box = popup.getByLabel(QUICK_LABEL);
  const lookUp = popup.getByRole('button', { name: 'Look up' });

  await box.fill('maya.chen@mail.example');
  await popup.getByLabel('Lookup to run').selectOption({ label: 'Personal email' });
  await expect(popup.getByTestId('quick-plan')).toContainText('EU mode is on');
  await expect(lookUp).toBeDisabled();

  await box.fill('alex.morgan@northwind-analytics.example');
  await expect(popup.getByTestId('quick-plan')).toContainText('on your suppression list');
  await expect(lookUp).toBeDisabled();

  await box.fill('https://de.linkedin.com/in/priya-raman');
  await expect(popup.getByTestId('quick-plan')).toContainText('on your suppression list');
  await expect(lookUp).toBeDisabled();

  // What is not suppressed still runs.
  await quickLookup(popup, 'https://www.linkedin.com/in/sofia-ramirez', { plan: 'Enrich person: up to 2 credits', cost: 'Paid 2 credits.' });
  const ledger = await sandbox.ledger(apiId);
  expect(ledger.charges.map((c) => c.path)).toEqual(['/v2/full']);
});

test('a lookup above the confirmation threshold asks first, and runs only once the user agrees', async ({ sandbox, worker, openExtensionPage }) => {
  const apiId = await freshKey(sandbox);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  const popup = await openExtensionPage('popup.html');
  expect(await callBackground(popup, 'savePreferences', { spending: { confirmAbove: 1 } })).toMatchObject({ ok: true });

  await popup.getByLabel(QUICK_LABEL).fill('Priya Raman, Northwind Analytics');
  await popup.getByRole('button', { name: 'Look up' }).click();
  const confirm = popup.getByRole('region', { name: 'Confirm the lookup' });
  await expect(confirm).toContainText('This lookup may cost up to 2 credits. Go ahead?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  expect((await sandbox.ledger(apiId)).charges).toHaveLength(0);

  await popup.getByRole('button', { name: 'Look up' }).click();
  await popup.getByRole('button', { name: 'Confirm and spend' }).click();
  await expect(popup.getByTestId('lookup-cost')).toHaveText('Paid 2 credits.');
  expect((await sandbox.ledger(apiId)).charges).toHaveLength(1);
});

test('settings › Privacy: all data exports as JSON without the key, then deletes only after a confirmation', async ({ sandbox, worker, openExtensionPage }) => {
  const apiId = await freshKey(sandbox);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  const settings = await openExtensionPage('options.html');
  expect(await callBackground(settings, 'savePreferences', { privacy: { euMode: true } })).toMatchObject({ ok: true });
  await callBackground(settings, 'lookup', { op: 'enrichPerson', input: { profileUrl: 'https://www.linkedin.com/in/maya-chen' } });
  await expect(settings.getByLabel('EU mode: never run personal-email lookups')).toBeChecked();

  const downloading = settings.waitForEvent('download');
  await settings.getByRole('button', { name: 'Export all data' }).click();
  const file = await downloading;
  const text = readFileSync((await file.path())!, 'utf8');
  expect(text).not.toContain(apiId);
  const data = JSON.parse(text);
  expect(data).toMatchObject({ format: 'dossier-data', settings: { gateway: { kind: 'sandbox' }, preferences: { privacy: { euMode: true } } } });
  expect(data.history.map((e: { subject: string; cost: number }) => [e.subject, e.cost])).toEqual([['https://www.linkedin.com/in/maya-chen', 2]]);
  expect(data.ledger).toHaveLength(1);

  await settings.getByRole('button', { name: 'Delete all data' }).click();
  await settings.getByRole('button', { name: 'Cancel' }).click();
  expect((await valueFromBackground(settings, 'getStatus')).hasKey).toBe(true);
  await settings.getByRole('button', { name: 'Delete all data' }).click();
  await settings.getByRole('button', { name: 'Yes, delete all data' }).click();
  await expect(settings.getByTestId('privacy-message')).toHaveText('All data was deleted.');
  await expect(settings.getByText('No key saved yet.')).toBeVisible();
  await expect(settings.getByLabel('EU mode: never run personal-email lookups')).not.toBeChecked();
  expect(await valueFromBackground(settings, 'getHistory', {})).toEqual([]);
  // The ledger went too: the same lookup is no longer free.
  const preview = await valueFromBackground(settings, 'preview', { op: 'enrichPerson', input: { profileUrl: 'https://www.linkedin.com/in/maya-chen' } });
  expect(preview).toMatchObject({ cost: 2, inLedger: null });
});

test('the popup opens Dossier in the browser’s side panel, then gets out of the way', async ({ context, worker, sandbox, openExtensionPage }) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: 'sandbox-demo-key' });
  const popup = await openExtensionPage('popup.html');
  // Another page to ask the browser which pages are open, since the popup closes itself.
  const observer = await context.newPage();
  const cdp = await context.newCDPSession(observer);
  const popupClosed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Open side panel' }).click();
  await popupClosed;
  await expect
    .poll(async () => (await cdp.send('Target.getTargets')).targetInfos.map((t) => new URL(t.url).pathname))
    .toContain('/sidepanel.html');
});

test('a bare name in quick lookup asks for the company, then runs as “Full Name, Company”', async ({ sandbox, worker, openExtensionPage }) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await sandbox.newKey(1000) });
  const popup = await openExtensionPage('popup.html');
  const box = popup.getByLabel(QUICK_LABEL);
  await box.fill('Maya Chen');
  await expect(box).toHaveAccessibleDescription('Which company does Maya Chen work at? Add it below, or paste their LinkedIn profile URL instead.');
  await expect(box).not.toHaveAttribute('aria-invalid', 'true');
  await expect(popup.getByRole('button', { name: 'Look up' })).toBeDisabled();
  await popup.getByLabel('Company', { exact: true }).fill('Northwind Analytics');
  await expect(popup.getByTestId('quick-plan')).toHaveText('Enrich person: up to 2 credits');
  await popup.setViewportSize({ width: 400, height: 600 });
  await popup.screenshot({ path: 'test-results/quick/bare-name.png' });
  await popup.getByRole('button', { name: 'Look up' }).click();
  await expect(popup.getByRole('region', { name: 'Result' }).getByTestId('lookup-cost')).toHaveText('Paid 2 credits.');
});
