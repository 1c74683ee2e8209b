import AxeBuilder from '@axe-core/playwright';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { routeDemoPages } from '@/scripts/demo-routes';
import { HUBSPOT_PORTAL_ID, HUBSPOT_TOKEN, startHubspotEmulator } from '@/test/emulators/hubspot';
import { PIPEDRIVE_DOMAIN, PIPEDRIVE_TOKEN, startPipedriveEmulator } from '@/test/emulators/pipedrive';
import { startWebhookEmulator, WEBHOOK_SECRET } from '@/test/emulators/webhook';
import { callBackground, choosePanelMode, configureExtension, expect, panelFrame, readVault, seriousViolationsInFrame, stopServiceWorkers, test, valueFromBackground, type Sandbox } from '@/test/e2e/extension';

/**
 * The CRM integration in the real browser, against local emulators of HubSpot, Pipedrive and a
 * webhook receiver on 127.0.0.1 (a host the manifest declares). The e2e build (DOSSIER_E2E=1)
 * also holds `<all_urls>` up front, because automation cannot answer the permission prompt
 * that connecting a CRM on another host raises.
 */
const MAYA = 'https://www.linkedin.com/in/maya-chen/';
const EMILIE = 'https://www.linkedin.com/in/emilie-lefevre/';

let hs: Awaited<ReturnType<typeof startHubspotEmulator>>;
let pd: Awaited<ReturnType<typeof startPipedriveEmulator>>;
let hook: Awaited<ReturnType<typeof startWebhookEmulator>>;

test.beforeAll(async () => {
  [hs, pd, hook] = await Promise.all([startHubspotEmulator(), startPipedriveEmulator(), startWebhookEmulator()]);
});
test.afterAll(async () => {
  await Promise.all([hs.server.close(), pd.server.close(), hook.server.close()]);
});
test.beforeEach(async () => {
  await Promise.all([hs.server.resume(), pd.server.resume(), hook.server.resume()]);
  hs.state.reset();
  hs.control.reset();
  pd.state.reset();
  pd.control.reset();
  hook.deliveries.splice(0);
  hook.control.reset();
});

async function prepare(context: BrowserContext, worker: Worker, sandbox: Sandbox): Promise<string> {
  const apiId = await sandbox.newKey(10_000);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  await choosePanelMode(context, new URL(worker.url()).host, 'frame');
  await routeDemoPages(context, sandbox.origin);
  return apiId;
}

type Target = 'hubspot' | 'pipedrive' | 'webhook';

/** Connects CRMs as the settings page does (test first, then save), from an extension page. */
async function connect(openExtensionPage: (path: string) => Promise<Page>, targets: Target[]) {
  const page = await openExtensionPage('lookup-history.html');
  const inputs = {
    hubspot: { kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hs.origin },
    pipedrive: { kind: 'pipedrive', token: PIPEDRIVE_TOKEN, domain: PIPEDRIVE_DOMAIN, apiBase: pd.origin },
    webhook: { kind: 'webhook', url: hook.url, secret: WEBHOOK_SECRET },
  };
  for (const target of targets) expect(await callBackground(page, 'crmConnect', { connection: inputs[target] })).toMatchObject({ ok: true });
  await page.close();
}

/** The panel's frame, once it is there (each test waits for it with panelFrame after loading a page). */
function frameOf(page: Page) {
  const frame = page.frames().find((f) => f.url().includes('/panel-frame.html'));
  if (!frame) throw new Error('No panel frame in this page yet.');
  return frame;
}
const panel = (page: Page) => frameOf(page).getByRole('complementary', { name: /Dossier/ });
const crm = (page: Page) => panel(page).getByRole('region', { name: 'CRM' });

async function enrich(page: Page, url: string) {
  await page.goto(url);
  const frame = await panelFrame(page);
  await frame.getByRole('button', { name: /^Enrich person and company/ }).click();
  await expect(frame.getByRole('article')).toContainText(/Paid 2 credits\.|free/);
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function pushFromPanel(page: Page, label: string, action: 'Create' | 'Update') {
  await crm(page).getByRole('button', { name: `Review push to ${label}` }).click();
  await crm(page).getByRole('button', { name: `${action} in ${label}` }).click();
}

test('settings: connecting HubSpot tests the token first, shows it masked, and errors sit beside their fields', async ({ worker, sandbox, openExtensionPage }) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: 'sandbox-demo-key' });
  const settings = await openExtensionPage('options.html');
  const hubspot = settings.getByRole('group', { name: 'HubSpot' });

  await hubspot.getByLabel('HubSpot private app access token').fill('pat-na1-not-the-right-one');
  await hubspot.getByText('Advanced').click();
  await hubspot.getByLabel(/API address/).fill(hs.origin);
  await hubspot.getByRole('button', { name: 'Connect HubSpot' }).click();
  await expect(hubspot.getByRole('alert')).toContainText('Authentication credentials not found');

  await hubspot.getByLabel('HubSpot private app access token').fill(HUBSPOT_TOKEN);
  await hubspot.getByRole('button', { name: 'Connect HubSpot' }).click();
  await expect(hubspot.getByRole('status')).toHaveText(`Connected to HubSpot account ${HUBSPOT_PORTAL_ID}. Dossier created the contact property dossier_profile_url.`);
  await expect(hubspot.getByTestId('crm-connected-hubspot')).toContainText(`secret ••••${HUBSPOT_TOKEN.slice(-4)}`);
  expect(await settings.content()).not.toContain(HUBSPOT_TOKEN);
  await hubspot.getByRole('button', { name: 'Test HubSpot connection' }).click();
  await expect(hubspot.getByRole('status')).toContainText('Connected to HubSpot account');
  await expectNoSeriousViolations(settings);

  const pipedrive = settings.getByRole('group', { name: 'Pipedrive' });
  await pipedrive.getByLabel('Pipedrive API token').fill(PIPEDRIVE_TOKEN);
  await pipedrive.getByLabel('Pipedrive company domain').fill('acme/../evil');
  await pipedrive.getByRole('button', { name: 'Connect Pipedrive' }).click();
  await expect(pipedrive.getByLabel('Pipedrive company domain')).toHaveAccessibleDescription(/Enter your company domain/);

  await hubspot.getByRole('button', { name: 'Disconnect HubSpot' }).click();
  await expect(hubspot.getByRole('button', { name: 'Connect HubSpot' })).toBeVisible();
  expect((await readVault(worker, ['crmConnections'])).crmConnections ?? {}).toEqual({});
});

test('"already in your CRM" shows before any credit is spent, with a link to the record', async ({ context, worker, sandbox, openExtensionPage }) => {
  const apiId = await prepare(context, worker, sandbox);
  await connect(openExtensionPage, ['hubspot', 'pipedrive']);
  const existing = hs.state.seed('contacts', { firstname: 'Maya', lastname: 'Chen', company: 'Northwind Analytics', email: 'maya@old-address.example' });

  const page = await context.newPage();
  await page.goto(MAYA);
  await panelFrame(page);
  const hubspotLine = crm(page).getByTestId('crm-check-hubspot');
  await expect(hubspotLine).toContainText('Already in your CRM (HubSpot)');
  await expect(hubspotLine.getByRole('link', { name: 'Open in HubSpot' })).toHaveAttribute('href', `https://app.hubspot.com/contacts/${HUBSPOT_PORTAL_ID}/record/0-1/${existing.id}`);
  await expect(crm(page).getByTestId('crm-check-pipedrive')).toHaveText('Not in your CRM yet (Pipedrive)');
  await expect(crm(page)).toContainText('Checked for free: no credits are spent.');
  // The check asked the CRMs, never the enrichment service.
  expect((await sandbox.ledger(apiId)).charges).toEqual([]);
  expect(hs.control.log.some((r) => r.path === '/crm/v3/objects/contacts/search')).toBe(true);
});

test('enrich, push to each CRM, push again: each holds exactly one contact with the right fields; the webhook signature verifies', async ({ context, worker, sandbox, openExtensionPage }) => {
  await prepare(context, worker, sandbox);
  await connect(openExtensionPage, ['hubspot', 'pipedrive', 'webhook']);
  const page = await context.newPage();
  await enrich(page, MAYA);

  const hubspotPlan = crm(page);
  await hubspotPlan.getByRole('button', { name: 'Review push to HubSpot' }).click();
  await expect(hubspotPlan.getByRole('heading', { name: 'HubSpot: Create' })).toBeVisible();
  await expect(hubspotPlan.getByRole('list', { name: 'Fields for HubSpot' })).toContainText('maya.chen@northwind-analytics.example (will be added)');
  expect(await seriousViolationsInFrame(frameOf(page))).toEqual([]);
  await hubspotPlan.getByRole('button', { name: 'Create in HubSpot' }).click();
  await expect(crm(page).getByRole('status').filter({ hasText: 'HubSpot: created' })).toBeVisible();
  await pushFromPanel(page, 'Pipedrive', 'Create');
  await expect(crm(page).getByRole('status').filter({ hasText: 'Pipedrive: created' })).toBeVisible();
  await pushFromPanel(page, 'Webhook', 'Create');
  await expect(crm(page).getByRole('status').filter({ hasText: 'Webhook: created' })).toBeVisible();
  await expect(crm(page).getByRole('link', { name: 'Open in HubSpot' }).first()).toHaveAttribute('href', /^https:\/\/app\.hubspot\.com\/contacts\/4242\/record\/0-1\/\d+$/);

  // Pushing again from the panel: the plan now says there is nothing to write.
  await crm(page).getByRole('button', { name: 'Review push to HubSpot' }).click();
  await expect(crm(page).getByRole('button', { name: 'Nothing to push to HubSpot' })).toBeDisabled();
  await expect(crm(page)).toContainText('Found in HubSpot by the record Dossier pushed before: nothing new to write.');
  // …and a push sent anyway, for every CRM, changes nothing.
  const ext = await openExtensionPage('lookup-history.html');
  const history = await valueFromBackground(ext, 'getHistory', {});
  const lookupId = history.find((e) => e.op === 'enrichPerson')!.id;
  for (const target of ['hubspot', 'pipedrive', 'webhook']) expect(await callBackground(ext, 'crmPush', { historyId: lookupId, target })).toMatchObject({ ok: true });
  const states = () => valueFromBackground(ext, 'crmPushStatus', { historyId: lookupId });
  await expect.poll(async () => (await states()).map((i) => i.state)).toEqual(Array(6).fill('delivered'));
  expect((await states()).slice(3).map((i) => i.result?.action)).toEqual(['skipped', 'skipped', 'skipped']);

  expect(hs.state.contacts.size).toBe(1);
  expect([...hs.state.contacts.values()][0]!.properties).toMatchObject({
    email: 'maya.chen@northwind-analytics.example',
    firstname: 'Maya',
    lastname: 'Chen',
    jobtitle: 'VP of Engineering',
    company: 'Northwind Analytics',
    dossier_profile_url: MAYA,
  });
  expect([...hs.state.companies.values()].map((c) => c.properties.domain)).toEqual(['northwind-analytics.example']);
  expect(hs.state.notes.size).toBe(1);

  expect(pd.state.persons.size).toBe(1);
  const person = [...pd.state.persons.values()][0]!;
  expect(person).toMatchObject({ name: 'Maya Chen', job_title: 'VP of Engineering', emails: [{ value: 'maya.chen@northwind-analytics.example', primary: true, label: 'work' }] });
  expect([...pd.state.organizations.values()].map((o) => o.name)).toEqual(['Northwind Analytics']);

  const delivered = hook.deliveries.filter((d) => (d.json as { event?: string })?.event === 'contact.push');
  expect(delivered).toHaveLength(1);
  const [delivery] = delivered;
  // Verified here, independently of the receiver: HMAC-SHA256 of the raw body with the secret.
  expect(delivery!.signature).toBe(`sha256=${createHmac('sha256', WEBHOOK_SECRET).update(delivery!.body, 'utf8').digest('hex')}`);
  expect(delivery!.json).toMatchObject({ contact: { fullName: 'Maya Chen', primaryEmail: 'maya.chen@northwind-analytics.example', profileUrl: MAYA } });

  // Each outcome is in history, at no cost.
  const pushes = (await valueFromBackground(ext, 'getHistory', {})).filter((e) => e.op === 'crmPush');
  expect(pushes).toHaveLength(6);
  expect(pushes.every((e) => e.cost === 0 && e.outcome === 'free')).toBe(true);
});

test("a 'Most Probable' email (catch-all company) is never the primary email in any CRM", async ({ context, worker, sandbox, openExtensionPage }) => {
  await prepare(context, worker, sandbox);
  await connect(openExtensionPage, ['hubspot', 'pipedrive', 'webhook']);
  const page = await context.newPage();
  await enrich(page, EMILIE);
  for (const label of ['HubSpot', 'Pipedrive', 'Webhook']) {
    await pushFromPanel(page, label, 'Create');
    await expect(crm(page).getByRole('status').filter({ hasText: `${label}: created` })).toBeVisible();
  }
  const [contact] = [...hs.state.contacts.values()];
  expect(contact!.properties.email ?? '').toBe('');
  expect([...hs.state.notes.values()][0]!.properties.hs_note_body).toContain('Unverified email (likely, not verified): emilie@brightwater-labs.example');
  const [person] = [...pd.state.persons.values()];
  expect(person!.emails).toEqual([]);
  expect([...pd.state.notes.values()][0]!.content).toContain('Unverified email (likely, not verified)');
  expect(hook.deliveries.at(-1)!.json).toMatchObject({ contact: { primaryEmail: null, emails: [{ address: 'emilie@brightwater-labs.example', verified: false }] } });

  // Local export, no network: the vCard from the panel files the guess in the NOTE, not as EMAIL.
  const [download] = await Promise.all([page.waitForEvent('download'), crm(page).getByRole('button', { name: 'Download vCard' }).click()]);
  expect(download.suggestedFilename()).toBe('émilie-lefèvre.vcf');
  const card = readFileSync((await download.path())!, 'utf8').replace(/\r\n /g, '');
  expect(card).toContain('FN:Émilie Lefèvre');
  expect(card).not.toMatch(/^EMAIL/m);
  expect(card).toContain('NOTE:Unverified email (likely\\, not verified): emilie@brightwater-labs.example');
});

test('the CRM down during a push, then back: the outbox delivers it, once', async ({ context, worker, sandbox, openExtensionPage }) => {
  await prepare(context, worker, sandbox);
  await connect(openExtensionPage, ['hubspot']);
  const page = await context.newPage();
  await enrich(page, MAYA);
  await crm(page).getByRole('button', { name: 'Review push to HubSpot' }).click();
  await expect(crm(page).getByRole('button', { name: 'Create in HubSpot' })).toBeVisible();
  hs.control.mode = '503';
  await crm(page).getByRole('button', { name: 'Create in HubSpot' }).click();
  await expect(crm(page).getByRole('status').filter({ hasText: /HubSpot: not sent yet \(attempt 1\)/ })).toBeVisible();
  await expect(crm(page)).toContainText('Service Unavailable');
  hs.control.mode = 'up';
  await expect(crm(page).getByRole('status').filter({ hasText: 'HubSpot: created' })).toBeVisible({ timeout: 30_000 });
  expect(hs.state.contacts.size).toBe(1);
  expect(hs.state.notes.size).toBe(1);
});

test('the service worker stopped with a push queued: it is delivered after the restart', async ({ context, worker, sandbox, openExtensionPage }) => {
  await prepare(context, worker, sandbox);
  await connect(openExtensionPage, ['pipedrive']);
  const page = await context.newPage();
  await enrich(page, MAYA);
  await crm(page).getByRole('button', { name: 'Review push to Pipedrive' }).click();
  await expect(crm(page).getByRole('button', { name: 'Create in Pipedrive' })).toBeVisible();
  // Connection refused: nothing listens on the CRM's port any more.
  await pd.server.refuse();
  await crm(page).getByRole('button', { name: 'Create in Pipedrive' }).click();
  await expect(crm(page).getByRole('status').filter({ hasText: /Pipedrive: not sent yet/ })).toBeVisible();
  // Queued, not delivered: the outbox may be between two of its own tries ('sending') when first read.
  const queued = async () => ((await readVault(worker, ['crmOutbox'])).crmOutbox as { state: string }[]).map((i) => i.state);
  await expect.poll(queued).toEqual(['retrying']);

  await stopServiceWorkers(context, page);
  await page.close();
  await pd.server.resume();
  // Nothing of Dossier is open: the outbox's alarm wakes the worker, which sends the push.
  await expect.poll(() => pd.state.persons.size, { timeout: 30_000 }).toBe(1);
  const ext = await openExtensionPage('lookup-history.html');
  await expect.poll(async () => (await valueFromBackground(ext, 'crmOutbox')).map((i) => i.state)).toEqual(['delivered']);
  expect(pd.state.persons.size).toBe(1);
  expect(pd.state.notes.size).toBe(1);
});
