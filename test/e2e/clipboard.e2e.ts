import type { BrowserContext, Frame, Locator, Page, Worker } from '@playwright/test';
import { routeDemoPages } from '@/scripts/demo-routes';
import { clipboardReadFrom, type ClipboardReader } from '@/test/support/clipboard';
import { de } from '@/lib/platform/i18n/de';
import { en } from '@/lib/platform/i18n/en';
import { callBackground, configureExtension, expect, panelFrame, test, type Sandbox } from '@/test/e2e/extension';

const MAYA = 'https://www.linkedin.com/in/maya-chen/';
/** The clipboard, from an ordinary page granted it (headless Chromium keeps one clipboard for the whole browser). */
async function clipboardOf(context: BrowserContext, sandbox: Sandbox): Promise<ClipboardReader> {
  const reader = await context.newPage();
  await reader.goto(`${sandbox.origin}/`);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: sandbox.origin });
  return clipboardReadFrom(reader);
}

async function prepare(context: BrowserContext, worker: Worker, sandbox: Sandbox, openExtensionPage: (p: string) => Promise<Page>, mode: 'frame' | 'stealth', headers?: Record<string, string>) {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await sandbox.newKey(10_000) });
  const page = await openExtensionPage('lookup-history.html');
  expect(await callBackground(page, 'choosePanelMode', { mode })).toMatchObject({ ok: true });
  await page.close();
  await routeDemoPages(context, sandbox.origin, undefined, headers);
}

/** Enriches Maya on the card shown in `where`, and answers her email and mobile number as the card shows them. */
async function enrichMaya(where: Page | Frame) {
  const card = where.getByRole('article', { name: 'Maya Chen' });
  await card.getByRole('button', { name: /^Enrich person and company/ }).click();
  const email = (await card.getByRole('group', { name: 'Work email' }).getByRole('link').first().textContent())!;
  return { card, email };
}

async function copyAndRead(page: Page, where: Page | Frame | Locator, name: string, clipboard: ClipboardReader) {
  await clipboard.clear();
  await page.bringToFront();
  const button = where.getByRole('button', { name });
  await button.click();
  await expect(button).toHaveText('Copied');
  return clipboard.read();
}

for (const policy of [null, 'clipboard-write=()']) {
  test(`in the in-page panel, Copy puts the email in the clipboard${policy ? ` on a page that sends Permissions-Policy: ${policy}` : ''}`, async ({ context, worker, sandbox, openExtensionPage }) => {
    await prepare(context, worker, sandbox, openExtensionPage, 'frame', policy ? { 'Permissions-Policy': policy } : undefined);
    const clipboard = await clipboardOf(context, sandbox);
    const page = await context.newPage();
    const response = await page.goto(MAYA);
    if (policy) expect(response?.headers()['permissions-policy']).toBe(policy);
    const frame = await panelFrame(page);
    // The frame's own document is refused the clipboard (the host page's policy, and the dynamic
    // URL that `allow` cannot name): the copy goes through the extension.
    expect(await frame.evaluate(() => (document as unknown as { featurePolicy: { allowsFeature(f: string): boolean } }).featurePolicy.allowsFeature('clipboard-write'))).toBe(false);
    const { email } = await enrichMaya(frame);
    expect(await copyAndRead(page, frame, `Copy email ${email}`, clipboard)).toBe(email);
    await expect(frame.getByRole('alert')).toHaveCount(0);
  });
}

test('in the side panel, Copy puts the email in the clipboard', async ({ context, worker, sandbox, openExtensionPage }) => {
  await prepare(context, worker, sandbox, openExtensionPage, 'stealth', { 'Permissions-Policy': 'clipboard-write=()' });
  const clipboard = await clipboardOf(context, sandbox);
  const page = await context.newPage();
  await page.goto(MAYA);
  const tabId = await worker.evaluate(async (url) => (await chrome.tabs.query({ url }))[0]?.id, MAYA);
  const side = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  const { email } = await enrichMaya(side);
  expect(await copyAndRead(side, side, `Copy email ${email}`, clipboard)).toBe(email);
});

test("the contact book's card and the history's details copy too: the mobile number, as dialled", async ({ context, worker, sandbox, openExtensionPage }) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await sandbox.newKey(10_000) });
  const clipboard = await clipboardOf(context, sandbox);
  const helper = await openExtensionPage('lookup-history.html');
  const found = await callBackground(helper, 'lookup', { op: 'searchPhone', input: { profileUrl: MAYA } });
  expect(found).toMatchObject({ ok: true, value: { status: 'paid' } });

  const book = await openExtensionPage('contacts.html');
  await book.getByRole('button', { name: 'Details of Maya Chen', exact: true }).click();
  const bookCopy = book.getByRole('button', { name: /^Copy phone / }).first();
  const number = (await bookCopy.getAttribute('aria-label'))!.replace('Copy phone ', '');
  const dialled = `+${number.replace(/\D/g, '')}`;
  expect(await copyAndRead(book, book, `Copy phone ${number}`, clipboard)).toBe(dialled);

  await helper.reload();
  await helper.getByRole('button', { name: /^Details/ }).first().click();
  const details = helper.getByRole('region', { name: 'Lookup details' });
  expect(await copyAndRead(helper, details, `Copy phone ${number}`, clipboard)).toBe(dialled);
});

/**
 * Where every way is refused (here the worker's offscreen document cannot be made), the panel says
 * so beside the button and leaves the value selected in a field, so that the copy keys copy it.
 * Screenshots in English and in German (the longest of the four), light and dark, under
 * test-results/clipboard/.
 */
for (const [language, enrich, refused, field] of [
  ['en', en['panel.action.enrich'], /^Not copied: the browser refused\./, 'selected to copy by hand'],
  ['de', de['panel.action.enrich'], /^Nicht kopiert: Der Browser hat es abgelehnt\./, 'markiert zum Kopieren von Hand'],
] as const) {
  test(`a copy every way refused says so beside the button, the value selected (${language})`, async ({ context, worker, sandbox, openExtensionPage }) => {
    await prepare(context, worker, sandbox, openExtensionPage, 'frame', { 'Permissions-Policy': 'clipboard-write=()' });
    const settings = await openExtensionPage('lookup-history.html');
    expect(await callBackground(settings, 'saveLanguage', { language })).toMatchObject({ ok: true });
    await settings.close();
    await worker.evaluate(() => {
      chrome.offscreen.createDocument = () => Promise.reject(new Error('refused for this test'));
    });
    const page = await context.newPage();
    await page.goto(MAYA);
    const frame = await panelFrame(page);
    const card = frame.getByRole('article', { name: 'Maya Chen' });
    await card.getByRole('button', { name: new RegExp(`^${enrich}`) }).click();
    const email = card.getByRole('group').filter({ has: frame.getByRole('link', { name: /@/ }) }).first();
    const copy = email.getByRole('button', { name: /@/ });
    await copy.click();
    await expect(frame.getByRole('alert')).toHaveText(refused);
    const manual = frame.getByRole('textbox', { name: new RegExp(field) });
    await expect(manual).toBeFocused();
    const address = await email.getByRole('link', { name: /@/ }).textContent();
    await expect(manual).toHaveValue(address!);
    expect(await manual.evaluate((input: HTMLInputElement) => input.value.slice(input.selectionStart!, input.selectionEnd!))).toBe(address);
    await expect(copy).not.toHaveText(/Copied|Kopiert/);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await email.screenshot({ path: `test-results/clipboard/refused-${language}-${scheme}.png` });
    }
  });
}
