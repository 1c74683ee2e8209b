import { join } from 'node:path';
import { startWebhookEmulator, WEBHOOK_SECRET } from '@/test/emulators/webhook';
import { HUBSPOT_TOKEN, startHubspotEmulator } from '@/test/emulators/hubspot';
import { HUBSPOT_SCOPES } from '@/lib/crm/connection';
import { callBackground, configureExtension, expect, test, valueFromBackground } from '@/test/e2e/extension';

/**
 * Issue 28 in the real browser: a webhook receiver that answers its POST with a 302 (as a Google
 * Apps Script web app does) is delivered once, through the browser's own `redirect: 'manual'`
 * (an opaqueredirect answer), and the outbox entry says so; the HubSpot token hint lists the
 * scopes. Screenshots (light and dark, English and the pseudo-locale) go to test-results/crm-i28/.
 */
const SHOTS = 'test-results/crm-i28';
const MAYA = 'https://www.linkedin.com/in/maya-chen/';

let hook: Awaited<ReturnType<typeof startWebhookEmulator>>;
let hs: Awaited<ReturnType<typeof startHubspotEmulator>>;
test.beforeAll(async () => void ([hook, hs] = await Promise.all([startWebhookEmulator(), startHubspotEmulator()])));
test.afterAll(async () => void (await Promise.all([hook.server.close(), hs.server.close()])));

test('a webhook answering 302 is delivered once and its outbox entry says so; the HubSpot hint names the scopes', async ({ worker, sandbox, openExtensionPage }) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await sandbox.newKey(10_000) });
  hook.answer.redirect = 302;
  const ext = await openExtensionPage('lookup-history.html');
  expect(await callBackground(ext, 'crmConnect', { connection: { kind: 'webhook', url: hook.url, secret: WEBHOOK_SECRET } })).toMatchObject({ ok: true, value: { message: expect.stringContaining('redirect') } });
  expect(await callBackground(ext, 'lookup', { op: 'enrichPerson', input: { profileUrl: MAYA } })).toMatchObject({ ok: true });
  const historyId = (await valueFromBackground(ext, 'getHistory', {})).find((e) => e.op === 'enrichPerson')!.id;
  expect(await callBackground(ext, 'crmPush', { historyId, target: 'webhook' })).toMatchObject({ ok: true });
  await expect.poll(async () => (await valueFromBackground(ext, 'crmPushStatus', { historyId })).map((i) => [i.state, i.result?.redirected])).toEqual([['delivered', true]]);
  // Once: the ping of the connection test and the push, nothing re-sent, the redirect never followed.
  expect(hook.deliveries.map((d) => (d.json as { event?: string }).event)).toEqual(['ping', 'contact.push']);
  expect(hook.control.log.every((r) => r.method === 'POST')).toBe(true);

  const settings = await openExtensionPage('options.html');
  await settings.setViewportSize({ width: 1280, height: 900 });
  const cards = settings.locator('fieldset.crm-connection');
  const hubspotAt = (await cards.locator('legend').allTextContents()).indexOf('HubSpot');
  expect(hubspotAt).toBeGreaterThanOrEqual(0);
  const outbox = settings.locator('section[aria-labelledby="crm-outbox-title"]');
  await expect(outbox).toContainText('Delivered: the receiver answered with a redirect');
  for (const scope of HUBSPOT_SCOPES) await expect(cards.nth(hubspotAt)).toContainText(scope);

  for (const language of ['en', 'en-XA'] as const) {
    expect(await callBackground(ext, 'saveLanguage', { language })).toMatchObject({ ok: true });
    await settings.reload();
    await expect(outbox.locator('li[data-state="delivered"] p.muted')).toBeVisible();
    for (const scheme of ['light', 'dark'] as const) {
      await settings.emulateMedia({ colorScheme: scheme });
      await cards.nth(hubspotAt).scrollIntoViewIfNeeded();
      await cards.nth(hubspotAt).screenshot({ path: join(SHOTS, `hubspot-hint-${language}-${scheme}.png`) });
      await outbox.scrollIntoViewIfNeeded();
      await outbox.screenshot({ path: join(SHOTS, `outbox-redirected-${language}-${scheme}.png`) });
    }
  }
});

test('the field mapping of a HubSpot token without the owners and lists scopes names both scopes to add', async ({ worker, sandbox, openExtensionPage }) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await sandbox.newKey(10_000) });
  hs.state.reset();
  const ext = await openExtensionPage('lookup-history.html');
  expect(await callBackground(ext, 'crmConnect', { connection: { kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hs.origin } })).toMatchObject({ ok: true });
  hs.state.scopes.delete('crm.objects.owners.read');
  hs.state.scopes.delete('crm.lists.read');

  const settings = await openExtensionPage('options.html');
  await settings.setViewportSize({ width: 1280, height: 900 });
  const cards = settings.locator('fieldset.crm-connection');
  const hubspotAt = (await cards.locator('legend').allTextContents()).indexOf('HubSpot');
  for (const language of ['en', 'en-XA'] as const) {
    expect(await callBackground(ext, 'saveLanguage', { language })).toMatchObject({ ok: true });
    await settings.reload();
    const card = cards.nth(hubspotAt);
    await card.locator('details > summary').first().click();
    const alert = card.getByRole('alert');
    await expect(alert).toContainText('crm.objects.owners.read');
    await expect(alert).toContainText('crm.lists.read');
    if (language === 'en') await expect(alert).toContainText('Your HubSpot private app lacks a permission this needs');
    for (const scheme of ['light', 'dark'] as const) {
      await settings.emulateMedia({ colorScheme: scheme });
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: join(SHOTS, `hubspot-mapping-scopes-${language}-${scheme}.png`) });
    }
  }
});
