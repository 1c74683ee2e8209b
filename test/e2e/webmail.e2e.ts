import type { BrowserContext, Page, Worker } from '@playwright/test';
import { contextMenuClick } from '@/scripts/demo/automation';
import { WEBMAIL_CASES, webmailHtml, type WebmailCase } from '@/test/fixtures/webmail';
import { callBackground, configureExtension, expect, panelFrame, test, type Sandbox } from '@/test/e2e/extension';

/**
 * Web mail, in the real browser, with the fixture pages served at Gmail's and Outlook's real URLs.
 * This build (DOSSIER_E2E) declares all hosts up front, as for the other optional hosts: automation
 * cannot answer the permission prompt the settings switch shows a user, so here the switch's
 * request is granted at once. Turning web mail on is still what registers the reader.
 */

const caseNamed = (file: string): WebmailCase => WEBMAIL_CASES.find((c) => c.file === file)!;

// The fixtures' people are fictional and unknown to the sandbox's directory. For the paid match the
// open message's sender is swapped, where the page is served, for a person the sandbox knows (in
// the header and in the body alike); everything else on the page is the fixture as written.
const SANDBOX_MAYA = { name: 'Maya Chen', email: 'maya.chen@northwind-analytics.example' };

async function serve(context: BrowserContext, fixture: WebmailCase, swap: [RegExp, string][] = []) {
  const url = new URL(fixture.url);
  let html = webmailHtml(fixture.file);
  for (const [from, to] of swap) html = html.replace(from, to);
  await context.route(`${url.origin}${url.pathname}*`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
}

async function prepare(worker: Worker, sandbox: Sandbox, openExtensionPage: (path: string) => Promise<Page>, mode: 'frame' | 'stealth') {
  const apiId = await sandbox.newKey(100);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  const settings = await openExtensionPage('options.html');
  expect(await callBackground(settings, 'choosePanelMode', { mode })).toMatchObject({ ok: true });
  // The user's way: the settings switch (asks for the hosts, then saves the preference at once).
  const toggle = settings.getByRole('checkbox', { name: 'Enrich the people of the open message in Gmail and Outlook on the web' });
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();
  // Checked once the browser granted the hosts and the preference is saved (not at the click itself).
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect.poll(() => registeredScripts(worker)).toContain('dossier-webmail');
  await settings.close();
  return apiId;
}

const registeredScripts = (worker: Worker) => worker.evaluate(async () => (await chrome.scripting.getRegisteredContentScripts()).map((s) => s.id));

async function tabOf(worker: Worker, pattern: string): Promise<number> {
  await expect.poll(() => worker.evaluate(async (u) => (await chrome.tabs.query({ url: u })).length, pattern)).toBe(1);
  return worker.evaluate(async (u) => (await chrome.tabs.query({ url: u }))[0]!.id!, pattern);
}

type Opener = { context: BrowserContext; worker: Worker; openExtensionPage: (path: string) => Promise<Page> };

/** A fixture at its real URL in a tab of its own, and the side panel showing that tab. */
async function openWithSidePanel({ context, worker, openExtensionPage }: Opener, fixture: WebmailCase, swap: [RegExp, string][] = []) {
  await serve(context, fixture, swap);
  const page = await context.newPage();
  await page.goto(fixture.url);
  const tabId = await tabOf(worker, `${new URL(fixture.url).origin}/*`);
  const side = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  return { page, tabId, panel: side.getByRole('complementary', { name: /Dossier/ }) };
}

/** What the worker keeps of the tab (storage.session): everything the content script reported. */
const tabState = (worker: Worker, tabId: number) => worker.evaluate(async (id) => JSON.stringify(await chrome.storage.session.get(`tab:${id}`)), tabId);

test('Gmail: the sender’s card in the side panel, enriched by address and charged once; the picker lists To and Cc; nothing is read from the body', async ({
  context,
  worker,
  sandbox,
  openExtensionPage,
}) => {
  const apiId = await prepare(worker, sandbox, openExtensionPage, 'stealth');
  const fixture = caseNamed('gmail-conversation.html');
  const { page, tabId, panel } = await openWithSidePanel({ context, worker, openExtensionPage }, fixture, [
    [/maya\.okafor@northwind\.example/gi, SANDBOX_MAYA.email],
    [/Maya Okafor/g, SANDBOX_MAYA.name],
  ]);

  const card = panel.getByRole('article', { name: SANDBOX_MAYA.name });
  await expect(card).toBeVisible({ timeout: 15_000 });
  const picker = panel.getByRole('combobox', { name: 'Person' });
  await expect(picker.getByRole('option')).toHaveText([
    `${SANDBOX_MAYA.name} <${SANDBOX_MAYA.email}>, sender`,
    'Daniel Whitcombe <daniel.whitcombe@globex.example>, to',
    'Priya Raman <priya.raman@helios.example>, cc',
  ]);

  // Nothing from the body: not its addresses, not its phone numbers, not in the panel, not in what the worker keeps.
  const kept = await tabState(worker, tabId);
  expect(kept).toContain(SANDBOX_MAYA.email);
  for (const secret of fixture.neverReturned) {
    if (secret.startsWith('maya.okafor')) continue;
    expect(kept).not.toContain(secret);
    await expect(panel).not.toContainText(secret);
  }
  expect(kept).not.toContain('Pilot for the Lisbon office');
  // Stealth: nothing added to the mail client's page.
  expect(await page.locator('dossier-panel, dossier-launcher').count()).toBe(0);

  await card.getByRole('button', { name: 'Full enrichment by email · up to 2 credits' }).click();
  await expect(card).toContainText('Paid 2 credits.');
  await expect(card.getByRole('group', { name: 'Work email' }).getByRole('link', { name: SANDBOX_MAYA.email })).toBeVisible();
  expect((await sandbox.ledger(apiId)).charges.map((c) => c.creditBurn)).toEqual([2]);

  // The same address again, by right-click on any page (as before web mail): answered from the ledger.
  await contextMenuClick(worker, 'https://mail.google.com/*', { menuItemId: 'dossier-enrich-email', selectionText: SANDBOX_MAYA.email });
  await expect(panel).toContainText(/Already looked up on .*: free\./);
  expect((await sandbox.ledger(apiId)).charges.map((c) => c.creditBurn)).toEqual([2]);

  // Another participant: their own card, asked by their address.
  await picker.selectOption({ label: 'Priya Raman <priya.raman@helios.example>, cc' });
  await expect(panel.getByRole('article', { name: 'Priya Raman' })).toBeVisible();
  await expect(panel.getByRole('article', { name: 'Priya Raman' }).getByRole('button', { name: 'Full enrichment by email · up to 2 credits' })).toBeVisible();
});

test('Gmail: a conversation with three senders (the last one first), and a message the user sent', async ({ context, worker, sandbox, openExtensionPage }) => {
  await prepare(worker, sandbox, openExtensionPage, 'stealth');
  const { page, panel } = await openWithSidePanel({ context, worker, openExtensionPage }, caseNamed('gmail-three-senders.html'));
  await expect(panel.getByRole('article', { name: 'Lena Fischer' })).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByRole('combobox', { name: 'Person' }).getByRole('option')).toHaveText([
    'Lena Fischer <lena.fischer@kestrel.example>, sender',
    'Samuel Osei <samuel.osei@kestrel.example>, sender',
    'Daniel Whitcombe <daniel.whitcombe@globex.example>, sender',
  ]);
  await page.close();

  const { panel: panel2 } = await openWithSidePanel({ context, worker, openExtensionPage }, caseNamed('gmail-from-self.html'));
  await expect(panel2).toContainText('You sent this message: pick a recipient.', { timeout: 15_000 });
  await expect(panel2.getByRole('article', { name: 'João Conceição' })).toBeVisible();
  await expect(panel2).not.toContainText('grace.hopper@inbox.example');
});

test('Outlook, in-page mode: the launcher beside the sender opens the panel; the next message (no page load) is followed', async ({
  context,
  worker,
  sandbox,
  openExtensionPage,
}) => {
  await prepare(worker, sandbox, openExtensionPage, 'frame');
  const first = caseNamed('outlook-message.html');
  const next = caseNamed('outlook-next-message.html');
  await serve(context, first);
  const page = await context.newPage();
  await page.goto(first.url);

  // The launcher is in the page (a closed shadow root, so found by its host), right after the sender's persona.
  const launcher = page.locator('dossier-launcher');
  await expect(launcher).toHaveCount(1, { timeout: 15_000 });
  expect(await launcher.evaluate((host) => host.previousElementSibling?.getAttribute('aria-label') ?? host.previousElementSibling?.getAttribute('title'))).toMatch(/elodie\.durand@sgeaux\.example/i);
  // No frame until the user asks; a click the page makes is not the user's.
  expect(await page.locator('dossier-panel').count()).toBe(0);
  await launcher.dispatchEvent('click');
  await page.waitForTimeout(500);
  expect(await page.locator('dossier-panel').count()).toBe(0);
  // A real click (trusted input at the launcher's place).
  const box = (await launcher.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const frame = await panelFrame(page);
  const panel = frame.getByRole('complementary', { name: /Dossier/ });
  await expect(panel.getByRole('article', { name: 'Élodie Durand-Leclerc' })).toBeVisible();
  await expect(panel.getByRole('combobox', { name: 'Person' }).getByRole('option')).toHaveText([
    'Élodie Durand-Leclerc <elodie.durand@sgeaux.example>, sender',
    'María José Núñez <mj.nunez@telefonica-hub.example>, to',
    'Jürgen Weiß <jurgen.weiss@mueller-soehne.example>, cc',
  ]);
  for (const secret of first.neverReturned) await expect(panel).not.toContainText(secret);

  // The next message, as Outlook shows it: the reading pane swapped in place, the URL pushed.
  const nextBody = /<body[^>]*>([\s\S]*)<\/body>/.exec(webmailHtml(next.file))![1]!;
  await page.evaluate(
    ({ body, url }) => {
      for (const child of Array.from(document.body.children)) if (child.localName !== 'dossier-panel') child.remove();
      document.body.insertAdjacentHTML('afterbegin', body);
      history.pushState(null, '', url);
    },
    { body: nextBody, url: new URL(next.url).pathname },
  );
  await expect(panel).toContainText('You sent this message: pick a recipient.', { timeout: 15_000 });
  await expect(panel.getByRole('article', { name: 'Samuel Osei' })).toBeVisible();
  for (const secret of next.neverReturned) await expect(panel).not.toContainText(secret);
});
