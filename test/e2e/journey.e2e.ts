import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { routeDemoPages } from '@/scripts/demo-routes';
import { HUBSPOT_PORTAL_ID, HUBSPOT_TOKEN, startHubspotEmulator } from '@/test/emulators/hubspot';
import { expect, panelFrame, readRecords, readVault, test, type Sandbox } from '@/test/e2e/extension';

/**
 * A new user's first session, end to end, in the real browser: install, key, first enrichment,
 * CRM connection, push, history export, delete all data, and what the extension's storage holds
 * afterwards. Every step goes through the UI a person uses; the sandbox's ledger, the HubSpot
 * emulator and the extension's storage (the vault, chrome.storage) are only read, to check what
 * the UI said.
 */
const MAYA = 'https://www.linkedin.com/in/maya-chen/';
const MAYA_EMAIL = 'maya.chen@northwind-analytics.example';
const BALANCE = 1_000;
const DAILY_CAP = 'Daily cap (credits; empty: no cap)';

let hubspot: Awaited<ReturnType<typeof startHubspotEmulator>>;
test.beforeAll(async () => {
  hubspot = await startHubspotEmulator();
});
test.afterAll(async () => {
  await hubspot?.server.close();
});

/** The panel's frame, once it is there (step 3 waits for it with panelFrame). */
function frameOf(page: Page) {
  const frame = page.frames().find((f) => f.url().includes('/panel-frame.html'));
  if (!frame) throw new Error('No panel frame in this page yet.');
  return frame;
}
const panel = (page: Page) => frameOf(page).getByRole('complementary', { name: /Dossier/ });
const panelCrm = (page: Page) => panel(page).getByRole('region', { name: 'CRM' });
const card = (page: Page) => frameOf(page).getByRole('article', { name: 'Maya Chen' });
const hubspotCard = (settings: Page) => settings.getByRole('region', { name: 'CRM connections' }).getByRole('group', { name: 'HubSpot' });

/** A fresh sandbox account, made through the sandbox's admin, so that its ledger holds only this test. */
async function createAccount(sandbox: Sandbox): Promise<string> {
  return sandbox.newKey(BALANCE);
}

type StorageDump = { vault: Record<string, unknown>; records: Record<string, unknown[]>; local: Record<string, unknown>; session: Record<string, unknown>; sync: Record<string, unknown>; alarms: string[] };

/** Everything the extension keeps, read in its service worker (a new one if Chrome stopped the first). */
async function readExtensionState(context: BrowserContext, extensionId: string): Promise<StorageDump> {
  const read = async (worker: Worker) => ({
    vault: await readVault(worker),
    // The vault's record stores (one record per entry).
    records: { history: await readRecords(worker, 'history'), ledger: await readRecords(worker, 'ledger'), contacts: await readRecords(worker, 'contacts') },
    ...(await worker.evaluate(async () => ({
      local: await chrome.storage.local.get(null),
      session: await chrome.storage.session.get(null),
      sync: await chrome.storage.sync.get(null),
      alarms: (await chrome.alarms.getAll()).map((a) => a.name),
    }))),
  });
  const live = context.serviceWorkers().find((w) => w.url().startsWith(`chrome-extension://${extensionId}/`));
  if (live) {
    try {
      return await read(live);
    } catch {
      // Stopped since it was found: opening an extension page below starts a new one.
    }
  }
  const starting = context.waitForEvent('serviceworker', { timeout: 10_000 });
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/popup.html`);
  const worker = await starting;
  await page.close();
  return read(worker);
}

const isEmpty = (value: unknown) =>
  value === null || (Array.isArray(value) && value.length === 0) || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

test('a new user’s first session: install, key, enrich, connect HubSpot, push, export history, delete all data', async ({
  context,
  worker,
  extensionId,
  sandbox,
  openExtensionPage,
}) => {
  let popup!: Page;
  let settings!: Page;
  let profile!: Page;
  let apiId!: string;

  await test.step('1. Install: the extension loads; the popup shows the onboarding, whose button opens the settings', async () => {
    expect(worker.url()).toBe(`chrome-extension://${extensionId}/background.js`);
    popup = await openExtensionPage('popup.html');
    await expect(popup.getByRole('heading', { name: 'Dossier' })).toBeVisible();
    await expect(popup.getByRole('heading', { name: 'No API key yet' })).toBeVisible();
    const opened = context.waitForEvent('page', { timeout: 10_000 });
    await popup.getByRole('button', { name: 'Open settings' }).click();
    settings = await opened;
    await settings.waitForLoadState();
    expect(new URL(settings.url()).pathname).toBe('/options.html');
    await expect(settings.getByRole('heading', { name: 'Dossier settings' })).toBeVisible();
    await expect(settings.getByText('No key saved yet.')).toBeVisible();
  });

  await test.step('2. Key: the sandbox’s address, a fresh account’s key, Test connection shows the balance, Save', async () => {
    apiId = await createAccount(sandbox);
    await expect(settings.getByLabel('Local sandbox (synthetic data, no real credits)')).toBeChecked();
    await settings.getByLabel('Service address').fill(sandbox.url);
    await settings.getByLabel('API key', { exact: true }).fill(apiId);
    // A preference a new user might set at once; step 8 checks that it is deleted too.
    await settings.getByLabel(DAILY_CAP).fill('100');
    await settings.getByRole('button', { name: 'Test connection' }).click();
    await expect(settings.getByRole('status')).toHaveText(`Connected. Balance: ${BALANCE.toLocaleString('en')} credits.`);
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings.getByRole('status')).toHaveText('Saved.');
    await expect(settings.getByText(`Saved key: ••••${apiId.slice(-4)}. Leave empty to keep it.`)).toBeVisible();
    // The popup opened at install follows: the onboarding is gone, the account's balance is shown.
    await expect(popup.getByRole('heading', { name: 'No API key yet' })).toBeHidden();
    await expect(popup.getByText('Sandbox', { exact: true })).toBeVisible();
    await expect(popup.getByTestId('balance')).toHaveText(`${BALANCE.toLocaleString('en')} credits`);
  });

  await test.step('3. First enrichment: the panel on a profile enriches it; the sandbox’s ledger shows the charge', async () => {
    await routeDemoPages(context, sandbox.origin);
    // How Dossier shows on the networks: the popup asks until it is answered.
    await popup.reload();
    await popup.getByRole('button', { name: 'Panel in the page' }).click();
    // Answered: the popup asks no more.
    await expect(popup.getByRole('button', { name: 'Panel in the page' })).toHaveCount(0);
    profile = await context.newPage();
    await profile.goto(MAYA);
    await expect((await panelFrame(profile)).getByRole('article', { name: 'Maya Chen' })).toBeVisible();
    await expect(panel(profile)).toBeVisible();
    await card(profile).getByRole('button', { name: 'Enrich person and company · up to 2 credits' }).click();
    const result = card(profile);
    await expect(result.getByRole('heading', { name: 'Maya Chen' })).toBeVisible();
    await expect(result).toContainText('VP of Engineering');
    await expect(result.getByRole('link', { name: MAYA_EMAIL })).toHaveAttribute('href', `mailto:${MAYA_EMAIL}`);
    await expect(result.getByRole('group', { name: 'Company', exact: true })).toContainText('northwind-analytics.example');
    await expect(result).toContainText('Northwind Analytics');
    await expect(result).toContainText('Paid 2 credits.');
    const ledger = await sandbox.ledger(apiId);
    expect(ledger.charges.map((c) => c.creditBurn)).toEqual([2]);
    expect(ledger.balance).toBe(BALANCE - 2);
    // The panel covers the page's right side; the user moves it (a layout Dossier remembers).
    await frameOf(profile).getByRole('button', { name: 'Move Dossier panel to the left' }).click();
    await expect(frameOf(profile).getByRole('button', { name: 'Move Dossier panel to the right' })).toBeVisible();
  });

  await test.step('4. CRM connection: HubSpot connected in the settings’ CRM section, tested, saved', async () => {
    await settings.bringToFront();
    const card = hubspotCard(settings);
    await card.getByLabel('HubSpot private app access token').fill(HUBSPOT_TOKEN);
    await card.getByText('Advanced').click();
    await card.getByLabel(/API address/).fill(hubspot.origin);
    // Connecting tests the token, then stores the connection (the CRM section saves on its own).
    await card.getByRole('button', { name: 'Connect HubSpot' }).click();
    await expect(card.getByRole('status')).toHaveText(`Connected to HubSpot account ${HUBSPOT_PORTAL_ID}. Dossier created the contact property dossier_profile_url.`);
    await card.getByRole('button', { name: 'Test HubSpot connection' }).click();
    await expect(card.getByRole('status')).toHaveText(/^Connected to HubSpot account 4242/);
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    // Saved for good: the settings loaded again show the connection with its token masked, and the cap.
    await settings.reload();
    await expect(hubspotCard(settings).getByTestId('crm-connected-hubspot')).toHaveText(`Connected to ${hubspot.origin} (secret ••••${HUBSPOT_TOKEN.slice(-4)}).`);
    await expect(settings.getByLabel(DAILY_CAP)).toHaveValue('100');
  });

  await test.step('5. Push: from the panel, HubSpot gets the enriched contact, exactly once', async () => {
    // Back on the profile tab, enriched before HubSpot was connected: the panel asks again
    // which CRMs are connected when the page comes back into view, and offers the push.
    // Headless Chromium keeps every tab "visible", so the test sends the event a tab switch sends.
    await profile.bringToFront();
    await frameOf(profile).evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(panelCrm(profile).getByTestId('crm-check-hubspot')).toHaveText('Not in your CRM yet (HubSpot)');
    await expect(card(profile)).toContainText('Paid 2 credits.');
    const crm = panelCrm(profile);
    await crm.getByRole('button', { name: 'Review push to HubSpot' }).click();
    await expect(crm.getByRole('heading', { name: 'HubSpot: Create' })).toBeVisible();
    await expect(crm.getByRole('list', { name: 'Fields for HubSpot' })).toContainText(`${MAYA_EMAIL} (will be added)`);
    await crm.getByRole('button', { name: 'Create in HubSpot' }).click();
    await expect(crm.getByRole('status').filter({ hasText: 'HubSpot: created' })).toBeVisible();
    await expect(crm.getByTestId('crm-check-hubspot')).toContainText('Already in your CRM (HubSpot)');

    expect(hubspot.state.contacts.size).toBe(1);
    expect([...hubspot.state.contacts.values()][0]!.properties).toMatchObject({ email: MAYA_EMAIL, firstname: 'Maya', lastname: 'Chen', dossier_profile_url: MAYA });
    // Pushing spent nothing: still the one charge.
    expect((await sandbox.ledger(apiId)).charges).toHaveLength(1);
  });

  await test.step('6. History export: from the popup to the history page, whose CSV lists the enrichment with its cost', async () => {
    await popup.bringToFront();
    const opened = context.waitForEvent('page', { timeout: 10_000 });
    await popup.getByRole('link', { name: 'Open full history' }).click();
    const history = await opened;
    await history.waitForLoadState();
    expect(new URL(history.url()).pathname).toBe('/lookup-history.html');
    const rows = history.getByRole('table', { name: 'Lookups' }).getByRole('row');
    // Each lookup names the person, the push too; the paid one is the enrichment.
    await expect(rows.filter({ has: history.getByRole('cell', { name: 'Maya Chen · Northwind Analytics', exact: true }) })).toHaveCount(2);
    await expect(rows.filter({ has: history.getByRole('cell', { name: 'Maya Chen · Northwind Analytics', exact: true }) }).filter({ hasText: 'Paid' })).toHaveCount(1);

    const downloading = history.waitForEvent('download', { timeout: 10_000 });
    await history.getByRole('button', { name: 'Export CSV' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^dossier-history-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = Papa.parse<Record<string, string>>(readFileSync((await file.path())!, 'utf8'), { header: true, skipEmptyLines: true });
    // Newest first: the push (never charged), then the paid enrichment.
    expect(csv.data.map((r) => [r.operation, r.subject, r.outcome, r.credits])).toEqual([
      ['crmPush', 'Maya Chen → HubSpot', 'free', '0'],
      ['enrichPerson', MAYA, 'paid', '2'],
    ]);
    // What the file says was spent is what the sandbox charged, to the credit.
    expect(csv.data.reduce((sum, r) => sum + Number(r.credits), 0)).toBe(BALANCE - (await sandbox.ledger(apiId)).balance);
    await history.close();
  });

  await test.step('7. Delete all data: in the settings’ privacy section, confirmed', async () => {
    await settings.bringToFront();
    const privacy = settings.getByRole('region', { name: 'Privacy' });
    await privacy.getByRole('button', { name: 'Delete all data' }).click();
    const question = privacy.getByRole('group', { name: 'Delete all data' });
    await expect(question).toContainText('Delete everything Dossier keeps, including your API key? This cannot be undone.');
    await question.getByRole('button', { name: 'Yes, delete all data' }).click();
    await expect(privacy.getByText('All data was deleted.')).toBeVisible();
    await expect(settings.getByText('No key saved yet.')).toBeVisible();
    // The open page forgets the CRM connection at once, not only when loaded again.
    await expect(hubspotCard(settings).getByRole('button', { name: 'Connect HubSpot' })).toBeVisible();
  });

  await test.step('8. Afterwards: nothing of the user remains in storage; the popup is back to onboarding', async () => {
    const state = await readExtensionState(context, extensionId);
    await test.info().attach('extension storage after "Delete all data"', { body: JSON.stringify(state, null, 2), contentType: 'application/json' });
    expect(state.session).toEqual({});
    expect(state.sync).toEqual({});
    expect(state.records).toEqual({ history: [], ledger: [], contacts: [] });

    // Nothing the user typed, paid for or pushed, under any key, whatever the storage layout.
    const everything = JSON.stringify(state);
    for (const trace of [apiId, HUBSPOT_TOKEN, MAYA_EMAIL, 'maya-chen', 'Maya Chen', 'Northwind']) expect(everything).not.toContain(trace);
    expect(everything).not.toMatch(new RegExp(`${hubspot.origin.replace(/[.:/]/g, '\\$&')}(?!\\d)`));
    // None of the items that hold the user's key, balance, preferences, history or CRM settings.
    const stored = { ...state.local, ...state.vault };
    expect(Object.keys(stored).filter((key) => /^(apiKey|balance|preferences|crmSettings|history)/.test(key))).toEqual([]);
    // No CRM push left to retry.
    expect(state.alarms).not.toContain('dossier-crm-outbox');

    // Nothing remains but, possibly, what Dossier's pages wrote again since (each item's empty
    // value, or WXT's storage-version marker `<key>$` = { v: <n> }): nothing of the user's.
    const versionMarker = (key: string, value: unknown) =>
      key.endsWith('$') && typeof value === 'object' && value !== null && Object.keys(value).every((k) => k === 'v');
    const remaining = Object.entries(stored).filter(([key, value]) => !isEmpty(value) && !versionMarker(key, value));
    expect(remaining).toEqual([]);

    // The popup open since install is back to onboarding, and so is a new one.
    await expect(popup.getByRole('heading', { name: 'No API key yet' })).toBeVisible();
    const fresh = await openExtensionPage('popup.html');
    await expect(fresh.getByRole('heading', { name: 'No API key yet' })).toBeVisible();
    await expect(fresh.getByRole('button', { name: 'Open settings' })).toBeEnabled();
    // The settings, loaded again: no key, no CRM connection, the cap back to none.
    await settings.reload();
    await expect(settings.getByText('No key saved yet.')).toBeVisible();
    await expect(hubspotCard(settings).getByRole('button', { name: 'Connect HubSpot' })).toBeVisible();
    await expect(settings.getByLabel(DAILY_CAP)).toHaveValue('');
  });
});
