import type { Frame, Page } from 'puppeteer-core';
import { clipboardReadFrom, type ClipboardReader } from '@/test/support/clipboard';
import { byRole, click, enrichInSidebar, expect, navigate, panelFrame, test, type Dossier } from '@/test/firefox/firefox';

const MAYA = 'https://www.linkedin.com/in/maya-chen/';
const EMAIL = 'maya.chen@northwind-analytics.example';

// Reading the clipboard from a web page makes Firefox show its "Paste" prompt, which automation
// cannot answer; this testing preference (Firefox's own test suites use it) lets the reader page
// read without it. It does not touch how Dossier writes: every copy below is a real click.
test.use({ firefoxPrefs: { 'dom.events.testing.asyncClipboard': true } });

/** The clipboard, from an ordinary page. */
async function clipboardOf(dossier: Dossier, origin: string): Promise<ClipboardReader> {
  const reader = await dossier.open('blank.html');
  await navigate(reader, `${origin}/`);
  return clipboardReadFrom(reader);
}

async function copyEmail(page: Page, where: Page | Frame, clipboard: ClipboardReader) {
  await clipboard.clear();
  await page.bringToFront();
  await click(where, 'button', `Copy email ${EMAIL}`);
  await expect.poll(() => clipboard.read(), { message: 'the email in the clipboard' }).toBe(EMAIL);
}

for (const policy of [null, 'clipboard-write=()']) {
  test(`Firefox: Copy in the in-page panel puts the email in the clipboard${policy ? ` on a page that sends Permissions-Policy: ${policy}` : ''}`, async ({ dossier, sandbox, freshKey }) => {
    await dossier.connect(await freshKey());
    expect(await dossier.call('choosePanelMode', { mode: 'frame' })).toMatchObject({ ok: true });
    const clipboard = await clipboardOf(dossier, sandbox.origin);
    const page = await dossier.openSite(MAYA, policy ? { 'Permissions-Policy': policy } : {});
    const frame = await panelFrame(page);
    // Paid where Firefox users pay (the in-page panel spends nothing in Firefox); the panel shows the answer.
    await enrichInSidebar(dossier, MAYA);
    await page.bringToFront();
    await byRole(await byRole(frame, 'group', 'Work email'), 'link', EMAIL);
    await copyEmail(page, frame, clipboard);
    expect(await frame.$$('[role="alert"]')).toHaveLength(0);
  });
}

test('Firefox: Copy in the side panel (the sidebar’s page, in a tab) puts the email in the clipboard', async ({ dossier, sandbox, freshKey }) => {
  await dossier.connect(await freshKey());
  expect(await dossier.call('choosePanelMode', { mode: 'stealth' })).toMatchObject({ ok: true });
  const clipboard = await clipboardOf(dossier, sandbox.origin);
  await dossier.openSite(MAYA, { 'Permissions-Policy': 'clipboard-write=()' });
  const side = await enrichInSidebar(dossier, MAYA);
  await copyEmail(side, side, clipboard);
});

test("Firefox: the extension's own copy, for a page its browser refuses the clipboard, writes from the background page", async ({ dossier, sandbox }) => {
  const clipboard = await clipboardOf(dossier, sandbox.origin);
  await clipboard.clear();
  // What a Dossier page asks when its own document may not write (lib/clipboard/page/copy-from-page.ts).
  expect(await dossier.call('copyText', { text: EMAIL })).toEqual({ ok: true, value: true });
  expect(await clipboard.read()).toBe(EMAIL);
});
