import type { BrowserContext } from '@playwright/test';
import { routeDemoPages } from '@/scripts/demo-routes';
import { clipboardReadFrom } from '@/test/support/clipboard';
import { callBackground, configureExtension, expect, panelFrame, test, type Sandbox } from '@/test/e2e/extension';
import { HUBSPOT_TOKEN, startHubspotEmulator } from '@/test/emulators/hubspot';

/**
 * The article 14 notice: the company set once in the settings, a person in Paris enriched on
 * her profile, "Notice for this person" guesses French, and what Copy puts in the clipboard is
 * the French notice naming the company, the service and the day of the lookup.
 */
const EMILIE = 'https://www.linkedin.com/in/emilie-lefevre/';

/** The clipboard, from an ordinary page granted it (headless Chromium keeps one clipboard for the whole browser). */
async function clipboardOf(context: BrowserContext, sandbox: Sandbox) {
  const reader = await context.newPage();
  await reader.goto(`${sandbox.origin}/`);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: sandbox.origin });
  return clipboardReadFrom(reader);
}

test('the notice for a person in France is written in French, and Copy copies it with the company, the service and the lookup’s date', async ({
  context,
  worker,
  sandbox,
  openExtensionPage,
}) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await sandbox.newKey(1000) });
  const admin = await openExtensionPage('lookup-history.html');
  expect(await callBackground(admin, 'choosePanelMode', { mode: 'frame' })).toMatchObject({ ok: true });
  await admin.close();

  // The company, set once in the settings.
  const settings = await openExtensionPage('options.html');
  const company = settings.getByRole('region', { name: 'Your company' });
  await company.getByLabel('Legal name').fill('Acme Ventes SAS');
  await company.getByLabel('Postal address').fill('12 rue de la Paix, 75002 Paris, France');
  await company.getByLabel('Email for privacy requests and objections').fill('privacy at acme');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(company.getByLabel('Email for privacy requests and objections')).toHaveAccessibleDescription('Enter one email address (example: privacy@yourcompany.com).');
  await company.getByLabel('Email for privacy requests and objections').fill('privacy@acme.example');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByRole('status')).toHaveText('Saved.');
  await settings.close();

  await routeDemoPages(context, sandbox.origin);
  const clipboard = await clipboardOf(context, sandbox);
  const page = await context.newPage();
  await page.goto(EMILIE);
  const frame = await panelFrame(page);
  const card = frame.getByRole('article', { name: 'Émilie Lefèvre' });
  // Nothing to tell her before the book holds her.
  await expect(card.getByRole('button', { name: 'Enrich person and company · up to 2 credits' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Notice for this person' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Enrich person and company · up to 2 credits' }).click();
  await expect(card).toContainText('Paris, Île-de-France, France');
  const lookedUpOn = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.now());

  await card.getByRole('button', { name: 'Notice for this person' }).click();
  await expect(card.getByRole('button', { name: 'Notice for this person' })).toHaveAttribute('aria-expanded', 'true');
  const notice = card.getByRole('region', { name: 'Privacy notice for Émilie Lefèvre' });
  await expect(notice.getByLabel('Language of the notice')).toHaveValue('fr');
  await expect(notice.getByLabel('Language of the notice')).toHaveAccessibleDescription('Guessed from their location: Paris, Île-de-France, France.');
  const text = notice.getByLabel('Notice text');
  await expect(text).toHaveValue(/^Information sur le traitement de vos données personnelles \(article 14 du RGPD\)/);

  await clipboard.clear();
  await page.bringToFront();
  await notice.getByRole('button', { name: 'Copy the notice' }).click();
  await expect(notice.getByRole('button', { name: 'Copy the notice' })).toHaveText('Copied');
  const copied = await clipboard.read();
  expect(copied).toBe(await text.inputValue());
  expect(copied).toContain('Bonjour Émilie Lefèvre,');
  expect(copied).toContain('Le responsable du traitement de vos données est Acme Ventes SAS, 12 rue de la Paix, 75002 Paris, France.');
  expect(copied).toContain('Contact and Company Enrichment Service');
  expect(copied).toContain(`recherche de profil complète du ${lookedUpOn}`);
  expect(copied).toContain('Commission nationale de l’informatique et des libertés (CNIL)');
  expect(copied).toContain('Votre droit d’opposition');
  expect(copied).not.toContain('legitimate interest');

  // Changeable: the same notice in German.
  await notice.getByLabel('Language of the notice').selectOption('de');
  await expect(text).toHaveValue(/^Informationen zur Verarbeitung Ihrer personenbezogenen Daten \(Art\. 14 DSGVO\)/);
});

test('“Add to the next CRM note”: the push that follows writes the notice into the HubSpot note', async ({ context, worker, sandbox, openExtensionPage }) => {
  const hs = await startHubspotEmulator();
  try {
    await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await sandbox.newKey(1000) });
    const admin = await openExtensionPage('lookup-history.html');
    expect(await callBackground(admin, 'choosePanelMode', { mode: 'frame' })).toMatchObject({ ok: true });
    expect(await callBackground(admin, 'crmConnect', { connection: { kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hs.origin } })).toMatchObject({ ok: true });
    await admin.close();
    const settings = await openExtensionPage('options.html');
    const company = settings.getByRole('region', { name: 'Your company' });
    await company.getByLabel('Legal name').fill('Acme Ventes SAS');
    await company.getByLabel('Postal address').fill('12 rue de la Paix, 75002 Paris, France');
    await company.getByLabel('Email for privacy requests and objections').fill('privacy@acme.example');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings.getByRole('status')).toHaveText('Saved.');
    await settings.close();

    await routeDemoPages(context, sandbox.origin);
    const page = await context.newPage();
    await page.goto(EMILIE);
    const frame = await panelFrame(page);
    const card = frame.getByRole('article', { name: 'Émilie Lefèvre' });
    await card.getByRole('button', { name: 'Enrich person and company · up to 2 credits' }).click();
    await card.getByRole('button', { name: 'Notice for this person' }).click();
    const notice = card.getByRole('region', { name: 'Privacy notice for Émilie Lefèvre' });
    // The CRM is named among the recipients.
    await expect(notice.getByLabel('Notice text')).toHaveValue(/logiciel de gestion de la relation client \(HubSpot\)/);
    await notice.getByRole('button', { name: 'Add to the next CRM note' }).click();
    await expect(notice.getByRole('status')).toHaveText('Added: the note of Émilie Lefèvre’s next CRM push will hold this notice.');

    await frame.getByRole('button', { name: 'Review push to HubSpot' }).click();
    await frame.getByRole('button', { name: 'Create in HubSpot' }).click();
    await expect.poll(() => [...hs.state.notes.values()].map((n) => String(n.properties.hs_note_body))).toEqual([expect.stringContaining('Privacy notice (article 14 GDPR) prepared on')]);
    const note = String([...hs.state.notes.values()][0]!.properties.hs_note_body);
    expect(note).toContain('<br>Information sur le traitement de vos données personnelles (article 14 du RGPD)<br><br>Bonjour Émilie Lefèvre,');
    expect(note).toContain('Acme Ventes SAS');
  } finally {
    await hs.server.close();
  }
});

test('without the company’s details the card says what is missing and leads to the settings', async ({ context, worker, sandbox, openExtensionPage }) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await sandbox.newKey(1000) });
  const admin = await openExtensionPage('lookup-history.html');
  expect(await callBackground(admin, 'choosePanelMode', { mode: 'frame' })).toMatchObject({ ok: true });
  await admin.close();
  await routeDemoPages(context, sandbox.origin);
  const page = await context.newPage();
  await page.goto(EMILIE);
  const frame = await panelFrame(page);
  const card = frame.getByRole('article', { name: 'Émilie Lefèvre' });
  await card.getByRole('button', { name: 'Enrich person and company · up to 2 credits' }).click();
  await card.getByRole('button', { name: 'Notice for this person' }).click();
  const notice = card.getByRole('region', { name: 'Privacy notice for Émilie Lefèvre' });
  await expect(notice.getByRole('alert')).toHaveText('A notice must say who is responsible for the data. Set your company’s legal name, postal address, and email for privacy requests in the settings first.');
  await expect(notice.getByLabel('Notice text')).toHaveCount(0);
  const opened = context.waitForEvent('page');
  await notice.getByRole('button', { name: 'Set your company details' }).click();
  expect((await opened).url()).toMatch(/options\.html/);
});
