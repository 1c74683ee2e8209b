import { SALESFORCE_CLIENT_ID, SALESFORCE_CONSUMER_SECRET, startSalesforceEmulator } from '@/test/emulators/salesforce';
import { byName, byRole, click, enrichInSidebar, expect, expectText, fill, panelFrame, test } from '@/test/firefox/firefox';

/**
 * Signing in to a CRM through Firefox's own identity.launchWebAuthFlow window (headless Firefox
 * shows it; the Chromium suite's automation build uses a tab instead). The emulator plays the
 * login host: its authorize page answers at once with a redirect to the add-on's redirect URL,
 * which Firefox catches and hands back to the worker.
 */
const MAYA = 'https://www.linkedin.com/in/maya-chen/';

let sf: Awaited<ReturnType<typeof startSalesforceEmulator>>;
test.beforeAll(async () => {
  sf = await startSalesforceEmulator();
});
test.afterAll(async () => {
  await sf.server.close();
});

test('Salesforce in Firefox: signed in through the browser’s web-auth window with PKCE, then a Lead pushed from the panel', async ({ dossier, freshKey }) => {
  await dossier.connect(await freshKey());
  expect(await dossier.call('choosePanelMode', { mode: 'frame' })).toMatchObject({ ok: true });

  const settings = await dossier.open('options.html');
  const card = await byRole(settings, 'group', 'Salesforce');
  await fill(card, 'Consumer key', SALESFORCE_CLIENT_ID);
  await fill(card, 'Consumer secret (if the app requires one)', SALESFORCE_CONSUMER_SECRET);
  await (await byName(card, 'Advanced')).click();
  await fill(card, 'API address (only for a proxy or a local emulator)', sf.origin);
  await settings.bringToFront();
  await click(card, 'button', 'Connect with Salesforce');
  await expectText(card, 'status', '', `Connected to Salesforce (instance ${new URL(sf.origin).host}) as Emulator Admin.`, 20_000);

  // Firefox's redirect URL (identity.getRedirectURL): a host derived from the add-on's id.
  expect(sf.state.authorizeVisits).toHaveLength(1);
  expect(sf.state.authorizeVisits[0]).toMatchObject({ response_type: 'code', client_id: SALESFORCE_CLIENT_ID, code_challenge_method: 'S256' });
  expect(sf.state.authorizeVisits[0]!.redirect_uri).toMatch(/^https:\/\/[0-9a-f]{40}\.extensions\.allizom\.org\/$/);
  expect(sf.state.sessions).toHaveLength(1);
  expect(sf.state.codes.size).toBe(0);
  expect(await settings.content()).not.toContain(sf.state.sessions[0]!.accessToken);

  const page = await dossier.openSite(MAYA);
  const frame = await panelFrame(page);
  // Paid where Firefox users pay, the sidebar (the in-page panel spends nothing in Firefox); pushed from the panel.
  await enrichInSidebar(dossier, MAYA);
  await page.bringToFront();
  const crm = await byRole(frame, 'region', 'CRM');
  await click(crm, 'button', 'Review push to Salesforce');
  await click(crm, 'button', 'Create in Salesforce');
  await expect.poll(() => crm.evaluate((el) => el.textContent)).toContain('Salesforce: created');
  const leads = [...sf.state.records.Lead.values()];
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({ FirstName: 'Maya', LastName: 'Chen', Email: 'maya.chen@northwind-analytics.example', Company: 'Northwind Analytics' });
});
