import { byRole, click, expect, expectText, panelFrame, seriousViolations, test } from '@/test/firefox/firefox';

const MAYA = 'https://www.linkedin.com/in/maya-chen/';

test('on a profile in Firefox: the panel enriches once, a reload shows the card for free', async ({ dossier, sandbox, freshKey }) => {
  const apiId = await freshKey();
  await dossier.connect(apiId);
  expect(await dossier.call('choosePanelMode', { mode: 'frame' })).toMatchObject({ ok: true });

  const page = await dossier.openSite(MAYA);
  const frame = await panelFrame(page);
  const card = await byRole(frame, 'article', 'Maya Chen');
  await click(card, 'button', 'Enrich person and company · up to 2 credits');
  await expectText(frame, 'article', 'Maya Chen', 'Paid 2 credits.');
  await expectText(frame, 'article', 'Maya Chen', 'VP of Engineering');
  await byRole(await byRole(frame, 'group', 'Work email'), 'link', 'maya.chen@northwind-analytics.example');
  expect((await sandbox.ledger(apiId)).charges.map((c) => c.creditBurn)).toEqual([2]);
  expect(await seriousViolations(frame)).toEqual([]);

  // Loaded again, the card comes from the contact book: nothing is asked of the gateway.
  await page.reload();
  const again = await panelFrame(page);
  await byRole(await byRole(again, 'group', 'Work email'), 'link', 'maya.chen@northwind-analytics.example');
  // When their record was found, and its refresh, are in the menu beside their name.
  await click(again, 'button', 'More about Maya Chen');
  await expectText(again, 'group', 'More about Maya Chen', /Found (just now|1 minute ago)/);
  await byRole(again, 'button', 'Refresh (pays again, 2 credits)');
  expect((await sandbox.ledger(apiId)).charges.map((c) => c.creditBurn)).toEqual([2]);
});
