import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { routeDemoPages } from '@/scripts/demo-routes';
import { SALESFORCE_CAMPAIGNS, SALESFORCE_CLIENT_ID, SALESFORCE_CONSUMER_SECRET, SALESFORCE_USERS, startSalesforceEmulator } from '@/test/emulators/salesforce';
import { callBackground, choosePanelMode, configureExtension, expect, panelFrame, test, valueFromBackground, type Sandbox } from '@/test/e2e/extension';
import { findClipped } from '@/test/support/layout';

/**
 * Salesforce in the real browser, against the local emulator playing both the login host and
 * the org. Connecting goes through the OAuth web-auth flow: the automation build replaces only
 * the browser's auth window by a tab (lib/crm/worker/web-auth/tab-flow.ts), which loads the
 * emulator's authorize page and follows its redirect to the extension's redirect URL; the
 * worker takes the code from there and exchanges it with its PKCE verifier, as in a release.
 * The emulator's app is a new org's External Client App: it requires the consumer secret on the
 * code exchange and on the refresh.
 */
const MAYA = 'https://www.linkedin.com/in/maya-chen/';
const PRIYA = 'https://www.linkedin.com/in/priya-raman/';
const BEN = SALESFORCE_USERS[1];

let sf: Awaited<ReturnType<typeof startSalesforceEmulator>>;

test.beforeAll(async () => {
  sf = await startSalesforceEmulator();
});
test.afterAll(async () => {
  await sf.server.close();
});
test.beforeEach(() => {
  sf.state.reset();
  sf.control.reset();
  // What the org's admin set up: the profile URL field Dossier matches by, and a custom field for the title.
  for (const type of ['Lead', 'Contact'] as const) {
    sf.state.addCustomField(type, 'LinkedIn_URL__c', 'LinkedIn URL');
    sf.state.addCustomField(type, 'Dossier_Title__c', 'Title (found by Dossier)', 'string');
  }
});

async function prepare(context: BrowserContext, worker: Worker, sandbox: Sandbox) {
  const apiId = await sandbox.newKey(10_000);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  await choosePanelMode(context, new URL(worker.url()).host, 'frame');
  await routeDemoPages(context, sandbox.origin);
}

const NEEDS_SECRET =
  'Salesforce asks for the app’s consumer secret. Paste its Consumer Secret in Dossier, or turn off both “Require secret for Web Server Flow” and “Require secret for Refresh Token Flow” in the app, then connect again.';

/**
 * The user's clicks in Settings › CRM: the consumer key, Leads or Contacts, the emulator's
 * address under Advanced; a first try without the consumer secret the app requires is refused
 * with the settings to change, then the secret is pasted and the connection made.
 */
async function connectInSettings(settings: Page, pushAs: 'Leads' | 'Contacts, with their Account') {
  const card = settings.getByRole('group', { name: 'Salesforce', exact: true });
  await card.getByText('How to set up the app in Salesforce').click();
  await expect(card.getByText('New orgs: Setup › External Client App Manager › New External Client App.', { exact: false })).toBeVisible();
  await card.getByLabel('Consumer key').fill(SALESFORCE_CLIENT_ID);
  await card.getByLabel('Push people as').selectOption({ label: pushAs });
  await card.getByText('Advanced').click();
  await card.getByLabel(/API address/).fill(sf.origin);
  await card.getByRole('button', { name: 'Connect with Salesforce' }).click();
  await expect(card.getByRole('alert')).toHaveText(NEEDS_SECRET);
  const secret = card.getByLabel('Consumer secret (if the app requires one)');
  await expect(secret).toHaveAttribute('type', 'password');
  await secret.fill(SALESFORCE_CONSUMER_SECRET);
  await card.getByRole('button', { name: 'Connect with Salesforce' }).click();
  await expect(card.getByRole('status')).toContainText(`Connected to Salesforce (instance ${new URL(sf.origin).host}) as Emulator Admin.`);
  await expect(card.getByRole('status')).toContainText(pushAs === 'Leads' ? 'People are pushed as Leads.' : 'People are pushed as Contacts, with their Account.');
  return card;
}

function frameOf(page: Page) {
  const frame = page.frames().find((f) => f.url().includes('/panel-frame.html'));
  if (!frame) throw new Error('No panel frame in this page yet.');
  return frame;
}
const crm = (page: Page) => frameOf(page).getByRole('complementary', { name: /Dossier/ }).getByRole('region', { name: 'CRM' });

async function enrich(page: Page, url: string) {
  await page.goto(url);
  const frame = await panelFrame(page);
  await frame.getByRole('button', { name: /^Enrich person and company/ }).click();
  await expect(frame.getByRole('article')).toContainText(/Paid 2 credits\.|free/);
}

async function pushCreate(page: Page) {
  await crm(page).getByRole('button', { name: 'Review push to Salesforce' }).click();
  await crm(page).getByRole('button', { name: 'Create in Salesforce' }).click();
  await expect(crm(page).getByRole('status').filter({ hasText: 'Salesforce: created' })).toBeVisible();
}

const records = (type: 'Lead' | 'Contact' | 'Account' | 'Task') => [...sf.state.records[type].values()];

test('Salesforce: connect through the web-auth flow with the consumer secret a new org’s External Client App requires, push a Lead (again: still one), switch to Contacts (with the Account) without a new login, a custom field mapped and written, the campaign joined', async ({ context, worker, sandbox, extensionId, openExtensionPage }) => {
  await prepare(context, worker, sandbox);
  const settings = await openExtensionPage('options.html');

  // Connect: the login runs in a tab on the emulator's authorize page, closed once it reaches the redirect.
  const authTab = context.waitForEvent('page', (p) => p !== settings);
  const card = await connectInSettings(settings, 'Leads');
  const loginTab = await authTab;
  expect(loginTab.isClosed()).toBe(true);
  // Two logins: the one refused for want of the secret, and the one that connected.
  expect(sf.state.authorizeVisits).toHaveLength(2);
  expect(sf.state.authorizeVisits[1]).toMatchObject({
    response_type: 'code',
    client_id: SALESFORCE_CLIENT_ID,
    code_challenge_method: 'S256',
    redirect_uri: `https://${extensionId}.chromiumapp.org/`,
  });
  // One grant, exchanged by the worker: the code came from the authorize page, the tokens stay in the worker.
  expect(sf.state.sessions).toHaveLength(1);
  // Only the refused try's code is left: Salesforce turned the client away before reading it, and it is never sent again.
  expect(sf.state.codes.size).toBe(1);
  expect(await settings.content()).not.toContain(sf.state.sessions[0]!.accessToken);
  expect(await settings.content()).not.toContain(sf.state.sessions[0]!.refreshToken);
  // The secret is never shown again: the card now shows the connection, not the field.
  expect(await settings.content()).not.toContain(SALESFORCE_CONSUMER_SECRET);
  await expect(card.getByLabel('Consumer secret (if the app requires one)')).toHaveCount(0);

  // Push as a Lead from the panel.
  const page = await context.newPage();
  await enrich(page, MAYA);
  await pushCreate(page);
  expect(records('Lead')).toHaveLength(1);
  expect(records('Lead')[0]).toMatchObject({
    FirstName: 'Maya',
    LastName: 'Chen',
    Title: 'VP of Engineering',
    Email: 'maya.chen@northwind-analytics.example',
    Company: 'Northwind Analytics',
    LinkedIn_URL__c: MAYA,
  });
  expect(records('Task')).toHaveLength(1);
  await expect(crm(page).getByRole('link', { name: 'Open in Salesforce' }).first()).toHaveAttribute('href', `${sf.origin}/${records('Lead')[0]!.Id}`);

  // Push again: the panel has nothing to write, and a push sent anyway lands on the same Lead.
  await crm(page).getByRole('button', { name: 'Review push to Salesforce' }).click();
  await expect(crm(page).getByRole('button', { name: 'Nothing to push to Salesforce' })).toBeDisabled();
  const ext = await openExtensionPage('lookup-history.html');
  const history = await valueFromBackground(ext, 'getHistory', {});
  const mayaLookup = history.find((e) => e.op === 'enrichPerson')!.id;
  expect(await callBackground(ext, 'crmPush', { historyId: mayaLookup, target: 'salesforce' })).toMatchObject({ ok: true });
  const states = () => valueFromBackground(ext, 'crmPushStatus', { historyId: mayaLookup });
  await expect.poll(async () => (await states()).map((i) => i.state)).toEqual(['delivered', 'delivered']);
  expect((await states()).map((i) => i.result?.action)).toEqual(['created', 'skipped']);
  expect(records('Lead')).toHaveLength(1);
  expect(records('Task')).toHaveLength(1);

  // Switch to Contacts from the mapping screen: no new login, the same grant.
  await card.getByText('Choose where Dossier’s fields go in Salesforce').click();
  await card.getByRole('button', { name: 'Push as Contacts with their Account instead' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'People are pushed as Contacts, with their Account.' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Push as Leads instead' })).toBeVisible();
  expect(sf.state.authorizeVisits).toHaveLength(2);

  // The mapping: the title into the org's custom field, the records to Ben, each in the running campaign.
  await card.getByLabel('Job title goes into').selectOption({ label: 'Title (found by Dossier) (custom)' });
  await card.getByLabel('Owner of the records Dossier creates').selectOption({ label: 'Ben Seller' });
  await card.getByLabel('Put every record Dossier pushes in').selectOption({ label: 'Dossier prospects Q4' });
  await card.getByRole('button', { name: 'Save the mapping' }).click();
  await expect(card.getByText('Saved: the next pushes to Salesforce use this mapping.')).toBeVisible();

  // Someone new, pushed as a Contact filed under their Account, after the session expired: renewed with the secret.
  sf.state.expireSessions();
  await enrich(page, PRIYA);
  await pushCreate(page);
  // The refresh opened the second session: Salesforce answered it only because the secret went with it.
  expect(sf.state.sessions).toHaveLength(2);
  expect(records('Contact')).toHaveLength(1);
  const [contact] = records('Contact');
  const [account] = records('Account');
  expect(records('Account')).toHaveLength(1);
  expect(account).toMatchObject({ Name: 'Northwind Analytics', Website: expect.stringContaining('northwind-analytics.example') });
  expect(contact).toMatchObject({
    FirstName: 'Priya',
    LastName: 'Raman',
    Email: 'priya.raman@northwind-analytics.example',
    AccountId: account!.Id,
    Dossier_Title__c: 'Data Scientist',
    OwnerId: BEN.Id,
    LinkedIn_URL__c: PRIYA,
  });
  expect(contact).not.toHaveProperty('Title');
  // The Lead pushed before is untouched and still the only one.
  expect(records('Lead')).toHaveLength(1);
  expect(records('Lead')[0]).not.toHaveProperty('Dossier_Title__c');
  expect([...sf.state.records.CampaignMember.values()]).toEqual([expect.objectContaining({ CampaignId: SALESFORCE_CAMPAIGNS[0].Id, ContactId: contact!.Id })]);

  // Disconnecting revokes the grant in Salesforce.
  await card.getByRole('button', { name: 'Disconnect Salesforce' }).click();
  await expect(card.getByRole('button', { name: 'Connect with Salesforce' })).toBeVisible();
  expect(sf.state.sessions).toHaveLength(0);
});

test('the Salesforce card, its setup guide open and Salesforce’s refusal shown, in a narrow window, light and dark, in English and the pseudo-locale: nothing cut or spilling out', async ({ worker, sandbox, openExtensionPage }) => {
  const shots = 'test-results/salesforce';
  mkdirSync(shots, { recursive: true });
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await sandbox.newKey(10_000) });
  const settings = await openExtensionPage('options.html');
  await settings.setViewportSize({ width: 420, height: 1800 });
  for (const language of ['en', 'en-XA'] as const) {
    if (language === 'en-XA') {
      await settings.getByRole('combobox', { name: 'Language' }).selectOption('en-XA');
      await expect(settings.locator('html')).toHaveAttribute('lang', 'en-XA');
    }
    // Found as the one card with a setup guide: the pseudo-locale changes every name, Salesforce's too.
    const card = settings.locator('fieldset.crm-connection').filter({ has: settings.locator('details.crm-guide') });
    await card.locator('details.crm-guide > summary').click();
    await card.locator('input').first().fill(SALESFORCE_CLIENT_ID);
    await card.locator('details:not(.crm-guide) > summary').click();
    await card.locator('details:not(.crm-guide) input').fill(sf.origin);
    await card.locator('button').last().click();
    await expect(card.getByRole('alert')).toBeVisible();
    for (const colorScheme of ['light', 'dark'] as const) {
      await settings.emulateMedia({ colorScheme });
      await card.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await card.screenshot({ path: `${shots}/connect-${language}-${colorScheme}.png` });
      const clipped = (await settings.evaluate(findClipped)).filter((c) => c.where.includes('crm-connection'));
      expect(clipped, `${language} ${colorScheme}`).toEqual([]);
    }
    await settings.reload();
  }
});
