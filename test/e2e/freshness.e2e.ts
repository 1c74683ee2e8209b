import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { routeDemoPages } from '@/scripts/demo-routes';
import { HUBSPOT_TOKEN, startHubspotEmulator } from '@/test/emulators/hubspot';
import { callBackground, choosePanelMode, configureExtension, expect, panelFrame, readRecords, readVault, test, writeRecords, writeVault, type Sandbox } from '@/test/e2e/extension';
import { findClipped } from '@/test/support/layout';

/**
 * Freshness on the sandbox: Maya enriched, then her records made eight months old (as if the
 * enrichment had been then). The card calls her email and role stale, the book's "Stale" filter
 * lists her, and a CRM push of her stale email warns, naming the address and its age, before
 * anything reaches the CRM (its emulator); "Push anyway" then pushes. Screenshots of the panel
 * at 360 px go to test-results/freshness/.
 */
const MAYA = 'https://www.linkedin.com/in/maya-chen/';
const WORK_EMAIL = 'maya.chen@northwind-analytics.example';
const SHOTS = join('test-results', 'freshness');
const EIGHT_MONTHS = 243 * 86_400_000;

let hs: Awaited<ReturnType<typeof startHubspotEmulator>>;
test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  hs = await startHubspotEmulator();
});
test.afterAll(async () => hs.server.close());
test.beforeEach(() => {
  hs.state.reset();
  hs.control.reset();
});

/** Every date of a stored record moved back by `ms`: the record as it would be had it been written then. */
function aged(value: unknown, ms: number): unknown {
  if (Array.isArray(value)) return value.map((v) => aged(v, ms));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, ['at', 'paidAt', 'foundAt', 'firstSeenAt', 'updatedAt', 'checkedAt'].includes(key) && typeof v === 'number' && v > 1e12 ? v - ms : aged(v, ms)]),
  );
}

async function ageEverything(worker: Worker, ms: number) {
  for (const store of ['history', 'contacts']) await writeRecords(worker, store, (await readRecords(worker, store)).map((r) => aged(r, ms)));
}

async function prepare(context: BrowserContext, worker: Worker, sandbox: Sandbox, openExtensionPage: (path: string) => Promise<Page>) {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await sandbox.newKey(10_000) });
  await choosePanelMode(context, new URL(worker.url()).host, 'frame');
  await routeDemoPages(context, sandbox.origin);
  const helper = await openExtensionPage('lookup-history.html');
  expect(await callBackground(helper, 'crmConnect', { connection: { kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hs.origin } })).toMatchObject({ ok: true });
  await helper.close();
}

/** What reached the CRM's emulator that writes a record (contacts, companies, notes): anything but a search or a read. */
const writes = () => hs.control.log.filter((r) => r.method !== 'GET' && r.path.includes('/objects/') && !r.path.endsWith('/search'));

test('an email gone stale: the card says so, the book lists it, and a CRM push warns first, sending nothing until “Push anyway”', async ({ context, worker, sandbox, openExtensionPage }) => {
  // A lookup, a reload, the book page and a push: more than one minute on a busy machine.
  test.setTimeout(150_000);
  await prepare(context, worker, sandbox, openExtensionPage);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(MAYA);
  let frame = await panelFrame(page);
  await frame.getByRole('button', { name: /^Enrich person and company/ }).click();
  const card = () => frame.getByRole('article', { name: 'Maya Chen' });
  await expect(card().getByRole('link', { name: WORK_EMAIL })).toBeVisible();
  // Just found: nothing is ageing.
  await expect(card().getByText(/^(ageing|stale)$/)).toHaveCount(0);

  await ageEverything(worker, EIGHT_MONTHS);

  await test.step('the card: the email and the role are stale, in words', async () => {
    await page.reload();
    frame = await panelFrame(page);
    const email = card().getByRole('group', { name: 'Work email' });
    await expect(email.getByRole('listitem').filter({ hasText: WORK_EMAIL })).toContainText('stale');
    await expect(email.getByRole('listitem').filter({ hasText: WORK_EMAIL })).toContainText('found on');
    await expect(card().locator('.card-role')).toContainText('role stale');
    expect(await frame.evaluate(findClipped), 'nothing cut at 360 px').toEqual([]);
    await page.locator('dossier-panel').screenshot({ path: join(SHOTS, 'panel-card-stale.png') });
  });

  await test.step('the panel: Create stops at the warning, nothing reaches HubSpot; Push anyway pushes', async () => {
    const crm = frame.getByRole('region', { name: 'CRM' });
    await crm.getByRole('button', { name: 'Review push to HubSpot' }).click();
    await crm.getByRole('button', { name: 'Create in HubSpot' }).click();
    const warning = crm.getByRole('group', { name: 'Push it with the stale email?' });
    await expect(warning.getByRole('alert')).toHaveText(new RegExp(`^Stale email: ${WORK_EMAIL.replace(/\./g, '\\.')}, found 8 months ago \\(.+\\)\\. It may bounce\\.$`));
    await expect(warning.getByRole('button', { name: 'Push anyway' })).toBeFocused();
    expect(await frame.evaluate(findClipped), 'the warning is not cut at 360 px').toEqual([]);
    await page.locator('dossier-panel').screenshot({ path: join(SHOTS, 'panel-stale-push.png') });
    // Given time to be sent, were it sent: nothing went.
    await page.waitForTimeout(1_000);
    expect(writes()).toEqual([]);
    expect(hs.state.contacts.size).toBe(0);
    await warning.getByRole('button', { name: 'Push anyway' }).click();
    await expect(crm.getByRole('status').filter({ hasText: 'HubSpot: created' })).toBeVisible();
    expect(hs.state.contacts.size).toBe(1);
    expect([...hs.state.contacts.values()][0]!.properties).toMatchObject({ email: WORK_EMAIL });
  });
  await test.step('the book: the Stale filter lists her; a push of her from there stops at the warning too, nothing sent', async () => {
    const book = await openExtensionPage('contacts.html');
    const table = book.getByRole('table', { name: 'Contacts' });
    await book.getByRole('combobox', { name: 'Freshness' }).selectOption('Stale');
    await expect(table.getByRole('button', { name: /^Details of / })).toHaveCount(1);
    await expect(table.getByRole('button', { name: 'Details of Maya Chen', exact: true })).toBeVisible();
    await book.getByRole('checkbox', { name: 'Select Maya Chen' }).check();
    const before = writes().length;
    await book.getByRole('button', { name: 'Push to HubSpot' }).click();
    const warning = book.getByRole('group', { name: 'Push it with the stale email?' });
    await expect(warning.getByRole('alert')).toContainText(`Stale email: ${WORK_EMAIL}, found 8 months ago`);
    await book.screenshot({ path: join(SHOTS, 'book-stale-push.png'), fullPage: true });
    expect(writes().length).toBe(before);
    await book.waitForTimeout(1_000);
    expect(writes().length).toBe(before);
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await expect(warning).toBeHidden();
    await book.close();
  });

});

for (const [language, scheme] of [
  ['en-XA', 'dark'],
  ['en', 'dark'],
] as const) {
  test(`${language}, ${scheme}: the stale badges and the push warning fit the 360 px panel`, async ({ context, worker, sandbox, openExtensionPage }) => {
    await prepare(context, worker, sandbox, openExtensionPage);
    await writeVault(worker, { language, language$: { v: 1 } });
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(MAYA);
    let frame = await panelFrame(page);
    await frame.getByRole('article').getByRole('button').first().click();
    await expect(frame.getByRole('article').getByRole('link', { name: WORK_EMAIL })).toBeVisible();
    await ageEverything(worker, EIGHT_MONTHS);
    await page.reload();
    frame = await panelFrame(page);
    await expect(frame.locator('[data-freshness="stale"]').first()).toBeVisible();
    expect(await frame.evaluate(findClipped)).toEqual([]);
    await page.locator('dossier-panel').screenshot({ path: join(SHOTS, `panel-card-${language}-${scheme}.png`) });
    const crm = frame.locator('section.crm');
    await crm.getByRole('button').first().click();
    await crm.locator('.crm-plan > button').click();
    await expect(crm.locator('.stale-push [role="alert"]')).toBeVisible();
    expect(await frame.evaluate(findClipped)).toEqual([]);
    await page.locator('dossier-panel').screenshot({ path: join(SHOTS, `panel-push-${language}-${scheme}.png`) });
    expect(hs.state.contacts.size).toBe(0);
  });
}

test('settings: the ages are set per kind; stale before ageing is refused with a message beside the field', async ({ worker, sandbox, openExtensionPage }) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await sandbox.newKey(100) });
  const settings = await openExtensionPage('options.html');
  const ages = settings.getByRole('group', { name: 'When values grow old' });
  await expect(ages.getByLabel('Phone numbers: ageing after (days)')).toHaveValue('60');
  await expect(ages.getByLabel('Company facts: stale after (days)')).toHaveValue('365');
  await ages.getByLabel('Emails: ageing after (days)').fill('200');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(ages.getByLabel('Emails: stale after (days)')).toHaveAccessibleDescription('Enter more days than for ageing (200).');
  await ages.screenshot({ path: join(SHOTS, 'settings-value-ages-error.png') });
  await ages.getByLabel('Emails: stale after (days)').fill('400');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect.poll(async () => ((await readVault(worker, ['preferences'])).preferences as { valueAge?: unknown })?.valueAge).toMatchObject({ email: { ageingDays: 200, staleDays: 400 } });
});
