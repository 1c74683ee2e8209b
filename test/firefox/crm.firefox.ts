import { HUBSPOT_PORTAL_ID, HUBSPOT_TOKEN, startHubspotEmulator } from '@/test/emulators/hubspot';
import { byName, byRole, click, enrichInSidebar, expect, expectText, fill, panelFrame, test, type Dossier } from '@/test/firefox/firefox';

const MAYA = 'https://www.linkedin.com/in/maya-chen/';

let hs: Awaited<ReturnType<typeof startHubspotEmulator>>;
test.beforeAll(async () => {
  // On 127.0.0.1, a port of its own; closed after the file's tests.
  hs = await startHubspotEmulator();
});
test.afterAll(async () => {
  await hs.server.close();
});
test.beforeEach(() => {
  hs.state.reset();
  hs.control.reset();
});

/**
 * Maya's profile, enriched (2 credits) where Firefox users pay, the sidebar (the in-page panel
 * spends nothing in Firefox), and her push to HubSpot reviewed in the in-page panel's CRM region.
 */
async function reviewMayasPush(dossier: Dossier) {
  const page = await dossier.openSite(MAYA);
  const frame = await panelFrame(page);
  await enrichInSidebar(dossier, MAYA);
  await page.bringToFront();
  const crm = await byRole(frame, 'region', 'CRM');
  await click(crm, 'button', 'Review push to HubSpot');
  await byRole(crm, 'heading', 'HubSpot: Create');
  return { page, crm };
}

test('HubSpot in Firefox: connected from the settings, a push from the panel waits out the CRM being down, is delivered once, and a second push has nothing to write', async ({ dossier, freshKey }) => {
  await dossier.connect(await freshKey());
  expect(await dossier.call('choosePanelMode', { mode: 'frame' })).toMatchObject({ ok: true });

  const settings = await dossier.open('options.html');
  const hubspot = await byRole(settings, 'group', 'HubSpot');
  await fill(hubspot, 'HubSpot private app access token', HUBSPOT_TOKEN);
  await (await byName(hubspot, 'Advanced')).click();
  await fill(hubspot, 'API address (only for a proxy or a local emulator)', hs.origin);
  await settings.bringToFront();
  await click(hubspot, 'button', 'Connect HubSpot');
  await expectText(hubspot, 'status', '', `Connected to HubSpot account ${HUBSPOT_PORTAL_ID}.`);

  const { crm } = await reviewMayasPush(dossier);
  await expectText(crm, 'list', 'Fields for HubSpot', 'maya.chen@northwind-analytics.example (will be added)');
  // The CRM is down: the push waits in the outbox, whose retry an alarm wakes (the event page's).
  hs.control.mode = '503';
  await click(crm, 'button', 'Create in HubSpot');
  await expect.poll(() => crm.evaluate((el) => el.textContent)).toMatch(/HubSpot: not sent yet \(attempt 1\)/);
  hs.control.mode = 'up';
  await expect.poll(() => crm.evaluate((el) => el.textContent), { timeout: 30_000 }).toContain('HubSpot: created');
  expect(hs.state.contacts.size).toBe(1);
  expect([...hs.state.contacts.values()][0]!.properties).toMatchObject({
    email: 'maya.chen@northwind-analytics.example',
    firstname: 'Maya',
    lastname: 'Chen',
    jobtitle: 'VP of Engineering',
    company: 'Northwind Analytics',
    dossier_profile_url: MAYA,
  });
  expect(hs.state.notes.size).toBe(1);

  // Again: the plan finds the record Dossier pushed and has nothing to write.
  await click(crm, 'button', 'Review push to HubSpot');
  const nothing = await byRole(crm, 'button', 'Nothing to push to HubSpot');
  expect(await nothing.evaluate((el) => (el as HTMLButtonElement).disabled)).toBe(true);
  expect(hs.state.contacts.size).toBe(1);
});

test.describe('Firefox suspends the event page after 2 s idle (30 s by default)', () => {
  test.use({ firefoxPrefs: { 'extensions.background.idle.timeout': 2_000 } });

  test('a push queued while the CRM is down is delivered by the alarm that wakes the suspended event page; a repeat lookup after it is still free', async ({ dossier, sandbox, freshKey }) => {
    const apiId = await freshKey();
    await dossier.connect(apiId);
    expect(await dossier.call('choosePanelMode', { mode: 'frame' })).toMatchObject({ ok: true });
    expect(await dossier.call('crmConnect', { connection: { kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hs.origin } })).toMatchObject({ ok: true });

    const { page, crm } = await reviewMayasPush(dossier);
    hs.control.mode = '503';
    await click(crm, 'button', 'Create in HubSpot');
    await expect.poll(() => crm.evaluate((el) => el.textContent)).toMatch(/HubSpot: not sent yet/);
    await page.close();

    // The event page goes (this page's getViews lists it only while it runs), taking its timers.
    await dossier.inBackground((bg) => void (bg.suspendedSince = 'not yet'), null);
    await expect.poll(() => dossier.eventPageRunning(), { timeout: 20_000 }).toBe(false);
    hs.control.mode = 'up';
    await expect.poll(() => hs.state.contacts.size, { timeout: 45_000 }).toBe(1);
    // The note is the push's second request, a moment after the contact.
    await expect.poll(() => hs.state.notes.size, { timeout: 10_000 }).toBe(1);
    // A new event page ran it: the old one's globals are gone.
    expect(await dossier.inBackground((bg) => bg.suspendedSince ?? null, null)).toBeNull();

    const again = await dossier.call('lookup', { op: 'enrichPerson', input: { profileUrl: MAYA } });
    expect(again).toMatchObject({ ok: true, value: { status: 'cached', cost: 0, fromLedger: true } });
    expect((await sandbox.ledger(apiId)).charges.map((c) => c.creditBurn)).toEqual([2]);
  });
});
