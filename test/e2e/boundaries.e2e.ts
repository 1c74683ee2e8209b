import { routeDemoPages } from '../../scripts/demo-routes';
import { callBackground, configureExtension, evaluateInContentScript, expect, test } from './extension';

const MAYA = 'https://www.linkedin.com/in/maya-chen/';

test('a web page’s content-script world asking for settings, the key or history is refused', async ({ context, worker, sandbox, extensionId, openExtensionPage }) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: 'sandbox-demo-key' });
  await routeDemoPages(context, sandbox.origin);
  const page = await context.newPage();
  await page.goto(MAYA);
  await expect(page.getByRole('button', { name: /^Enrich person and company/ })).toBeVisible();

  const ask = (type: string, data: unknown) =>
    evaluateInContentScript<{ res?: { ok: boolean; error?: { kind: string } } }>(
      context,
      page,
      extensionId,
      `chrome.runtime.sendMessage(${JSON.stringify({ id: 7, type, data, timestamp: 1 })})`,
    );
  for (const [type, data] of [
    ['getStatus', undefined],
    ['getHistory', {}],
    ['exportHistory', { format: 'json' }],
    ['clearHistory', undefined],
    ['getPreferences', undefined],
    ['saveConnection', { gateway: { kind: 'custom', url: 'https://evil.example/' }, apiKey: 'stolen' }],
  ] as const) {
    const reply = await ask(type, data);
    expect(reply.res, type).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
  }
  // Its own lookups and previews are allowed, and nothing it can ask for carries the key.
  const preview = await ask('preview', { op: 'enrichPerson', input: { profileUrl: MAYA } });
  expect(preview.res).toMatchObject({ ok: true });
  const status = await ask('panelStatus', undefined);
  expect(JSON.stringify(status)).not.toContain('sandbox-demo-key');

  const admin = await openExtensionPage('lookup-history.html');
  expect((await callBackground(admin, 'getStatus')).value.gateway.url).toBe(sandbox.url);
});

test('a page script clicking the panel’s button spends nothing: only trusted clicks do', async ({ context, worker, sandbox }) => {
  const apiId = `e2e-${Math.random().toString(36).slice(2)}`;
  await sandbox.admin('keys', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiId, balance: 100 }) });
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  await routeDemoPages(context, sandbox.origin);
  const page = await context.newPage();
  await page.goto(MAYA);
  const enrich = page.getByRole('button', { name: /^Enrich person and company/ });
  await expect(enrich).toBeEnabled();
  // The panel's shadow root is open, so the page can reach the button and call click().
  await page.evaluate(() => {
    const buttons = document.querySelector('dossier-panel')!.shadowRoot!.querySelectorAll('button');
    buttons.forEach((b) => b.textContent?.startsWith('Enrich person') && b.click());
  });
  await page.waitForTimeout(1000);
  expect((await sandbox.ledger(apiId)).charges).toEqual([]);
  await enrich.click();
  await expect.poll(async () => (await sandbox.ledger(apiId)).charges.length).toBe(1);
});
