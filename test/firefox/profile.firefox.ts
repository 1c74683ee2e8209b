import { byRole, click, enrichInSidebar, ENRICH_MAYA, expect, expectText, panelFrame, seriousViolations, test } from '@/test/firefox/firefox';

const MAYA = 'https://www.linkedin.com/in/maya-chen/';

test('on a profile in Firefox: the in-page panel, which cannot tell whether the page covers it, spends nothing and points to the sidebar; there it enriches once; a reload shows the card for free', async ({ dossier, sandbox, freshKey }) => {
  const apiId = await freshKey();
  await dossier.connect(apiId);
  expect(await dossier.call('choosePanelMode', { mode: 'frame' })).toMatchObject({ ok: true });

  const page = await dossier.openSite(MAYA);
  const frame = await panelFrame(page);
  const card = await byRole(frame, 'article', 'Maya Chen');
  // Firefox has no way to tell the panel that something of the page lies over it (Chromium's
  // IntersectionObserver v2): a real click in the page's panel spends nothing, says so, and
  // says where lookups run instead: the sidebar, which no page can cover.
  const before = await sandbox.ledger(apiId);
  await click(card, 'button', ENRICH_MAYA);
  await expectText(frame, 'region', 'Nothing looked up', /cannot tell whether something on the page covers the panel/);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const after = await sandbox.ledger(apiId);
  expect(after.requests).toBe(before.requests);
  expect(after.charges).toEqual([]);
  expect(await seriousViolations(frame)).toEqual([]);
  // The frame may not open the sidebar (no sidebarAction there, and the worker may not open it
  // without a user action), but the worker may open Dossier's toolbar menu, whose Open sidebar
  // button does. Nothing is spent by it.
  await click(frame, 'button', 'Open Dossier’s menu');
  await expect
    // A menu still being parsed has no body yet (its first-paint script runs in the head): read as empty, and poll again.
    .poll(() => dossier.inBackground((bg) => bg.browser.extension.getViews({ type: 'popup' }).map((view) => view.document.body?.textContent ?? ''), null), { message: "Dossier's menu to open" })
    .toEqual([expect.stringContaining('Open sidebar')]);

  // The same panel in a tab (the sidebar's page, as sidebar.firefox.ts opens it), really clicked: it spends.
  const side = await enrichInSidebar(dossier, MAYA);
  await expectText(side, 'article', 'Maya Chen', 'VP of Engineering');
  expect((await sandbox.ledger(apiId)).charges.map((c) => c.creditBurn)).toEqual([2]);
  await page.bringToFront();

  // Loaded again, the card comes from the contact book: nothing is asked of the gateway.
  await page.reload();
  const again = await panelFrame(page);
  await byRole(await byRole(again, 'group', 'Work email'), 'link', 'maya.chen@northwind-analytics.example');
  // When their record was found, and its refresh, are in the menu beside their name.
  await click(again, 'button', 'More about Maya Chen');
  await expectText(again, 'group', 'More about Maya Chen', /Found (just now|1 minute ago)/);
  await byRole(again, 'button', 'Refresh (pays again, up to 2 credits)');
  expect((await sandbox.ledger(apiId)).charges.map((c) => c.creditBurn)).toEqual([2]);
});
