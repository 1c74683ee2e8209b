import { routeDemoPages } from '@/scripts/demo-routes';
import { choosePanelMode, configureExtension, evaluateInContentScript, expect, panelFrame, test, valueFromBackground } from '@/test/e2e/extension';

const MAYA = 'https://www.linkedin.com/in/maya-chen/';

test('a web page’s content-script world may only report what it detected: lookups, previews, credits, settings, key and history are refused', async ({
  context,
  worker,
  sandbox,
  extensionId,
  openExtensionPage,
}) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: 'sandbox-demo-key' });
  await choosePanelMode(context, extensionId, 'frame');
  await routeDemoPages(context, sandbox.origin);
  const page = await context.newPage();
  await page.goto(MAYA);
  await expect((await panelFrame(page)).getByRole('button', { name: /^Enrich person and company/ })).toBeVisible();

  const ask = (type: string, data: unknown) =>
    evaluateInContentScript<{ res?: { ok: boolean; error?: { kind: string } } }>(
      context,
      page,
      extensionId,
      `chrome.runtime.sendMessage(${JSON.stringify({ id: 7, type, data, timestamp: 1 })})`,
    );
  for (const [type, data] of [
    ['lookup', { op: 'enrichPerson', input: { profileUrl: MAYA }, confirmed: true }],
    ['preview', { op: 'enrichPerson', input: { profileUrl: MAYA } }],
    ['getCredits', {}],
    ['panelStatus', undefined],
    ['panelState', { tabId: 1 }],
    ['getStatus', undefined],
    ['getHistory', {}],
    ['exportHistory', { format: 'json' }],
    ['clearHistory', undefined],
    ['getPreferences', undefined],
    ['choosePanelMode', { mode: 'stealth' }],
    ['contactCard', { keys: ['person:maya-chen'] }],
    ['crmPush', { historyId: 'x', target: 'hubspot' }],
    ['saveConnection', { gateway: { kind: 'custom', url: 'https://evil.example/' }, apiKey: 'stolen' }],
  ] as const) {
    const reply = await ask(type, data);
    expect(reply.res, type).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
  }
  // What it may do: report what it read on its own tab.
  const report = await ask('reportDetection', { detection: null });
  expect(report.res).toMatchObject({ ok: true });
  expect(JSON.stringify(report)).not.toContain('sandbox-demo-key');

  const admin = await openExtensionPage('lookup-history.html');
  expect((await valueFromBackground(admin, 'getStatus')).gateway.url).toBe(sandbox.url);
});

test('a page script can neither reach the panel’s buttons nor click them: only the user’s clicks in the frame spend', async ({ context, worker, sandbox, extensionId }) => {
  const apiId = await sandbox.newKey(100);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  await choosePanelMode(context, extensionId, 'frame');
  await routeDemoPages(context, sandbox.origin);
  const page = await context.newPage();
  await page.goto(MAYA);
  const enrich = (await panelFrame(page)).getByRole('button', { name: /^Enrich person and company/ });
  await expect(enrich).toBeEnabled();
  // The host's shadow root is closed and holds only a frame of another origin: no button to reach.
  const reachable = await page.evaluate(() => {
    const host = document.querySelector('dossier-panel')!;
    (host as HTMLElement).click();
    return { shadowRoot: host.shadowRoot, buttons: document.querySelectorAll('dossier-panel button').length };
  });
  expect(reachable).toEqual({ shadowRoot: null, buttons: 0 });
  await page.waitForTimeout(1000);
  expect((await sandbox.ledger(apiId)).charges).toEqual([]);
  await enrich.click();
  await expect.poll(async () => (await sandbox.ledger(apiId)).charges.length).toBe(1);
});

test('while the panel mode is not chosen, a profile opens no tab and gets nothing; the popup asks, and the answer brings the panel', async ({ context, worker, sandbox, extensionId }) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: 'sandbox-demo-key' });
  await routeDemoPages(context, sandbox.origin);
  const page = await context.newPage();
  const pagesBefore = context.pages().length;
  await page.goto(MAYA);
  await page.waitForTimeout(1500);
  // No question in a tab of its own, taking the focus from the profile the user opened.
  expect(context.pages()).toHaveLength(pagesBefore);
  expect(await page.locator('dossier-panel').count()).toBe(0);
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect(popup.getByRole('button', { name: 'Panel in the page' })).toHaveAccessibleDescription(/small Dossier panel/);
  await expect(popup.getByRole('button', { name: 'Stealth: side panel only' })).toHaveAccessibleDescription(/Nothing at all is added/);
  await popup.getByRole('button', { name: 'Panel in the page' }).click();
  // The answer brings the panel to the open profile at once.
  await expect((await panelFrame(page)).getByRole('article', { name: 'Maya Chen' })).toBeVisible();
  // Answered: the popup no longer asks, and the settings offer the same choice later.
  await popup.reload();
  await expect(popup.getByTestId('balance')).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Panel in the page' })).toHaveCount(0);
  const settings = await context.newPage();
  await settings.goto(`chrome-extension://${extensionId}/options.html`);
  await settings.getByRole('button', { name: 'Stealth: side panel only' }).click();
  await expect(settings.getByRole('button', { name: 'Stealth: side panel only' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('dossier-panel')).toHaveCount(0);
});
