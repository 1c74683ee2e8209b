import { routeDemoPages } from '@/scripts/demo-routes';
import { callBackground, configureExtension, expect, panelFrame, test } from '@/test/e2e/extension';

/**
 * One card per person: on a profile, enrich then find mobile fill the one card in place (the
 * phone row gets the numbers, no email shows twice); the popup and the history page then name
 * the person, not the profile URL. Needs the worker to write each answer into the contact
 * book (lib/book/worker/contact-book.ts).
 */
const MAYA = 'https://www.linkedin.com/in/maya-chen/';
const WORK = 'maya.chen@northwind-analytics.example';
const PERSONAL = 'maya.chen@mail.example';
const NAME = 'Maya Chen · Northwind Analytics';

test('enrich, then find mobile: one card, the phone row filled in place, no email twice; the popup and the history name the person', async ({
  context,
  worker,
  sandbox,
  openExtensionPage,
}) => {
  const apiId = await sandbox.newKey(1000);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  const admin = await openExtensionPage('lookup-history.html');
  expect(await callBackground(admin, 'choosePanelMode', { mode: 'frame' })).toMatchObject({ ok: true });
  await admin.close();
  await routeDemoPages(context, sandbox.origin);

  const page = await context.newPage();
  await page.goto(MAYA);
  const frame = await panelFrame(page);
  const card = frame.getByRole('article', { name: 'Maya Chen' });
  const phones = card.getByRole('group', { name: 'Phones', exact: true });
  // A first visit: the page's header, every row still to find, each with its price.
  await expect(card.getByRole('group', { name: 'Work email', exact: true }).getByRole('button', { name: 'Find work email · up to 1 credit' })).toBeVisible();
  await expect(phones.getByRole('button', { name: 'Find mobile · up to 30 credits' })).toBeVisible();

  await card.getByRole('button', { name: 'Enrich person and company · up to 2 credits' }).click();
  await expect(card.getByRole('group', { name: 'Work email', exact: true }).getByRole('link', { name: WORK })).toBeVisible();
  await expect(card.getByRole('group', { name: 'Work email', exact: true })).toContainText('verified');
  await expect(card.getByRole('group', { name: 'Personal emails', exact: true })).toContainText('None known.');

  await phones.getByRole('button', { name: 'Find mobile · up to 30 credits' }).click();
  await expect(phones.getByRole('link', { name: '+1 415 555 0110' })).toHaveAttribute('href', 'tel:+14155550110');
  await expect(phones.getByRole('link', { name: '+1 415 555 0111' })).toHaveAttribute('href', 'tel:+14155550111');
  await expect(phones.getByRole('button', { name: 'Copy phone +1 415 555 0110' })).toBeVisible();
  // The sandbox says "landline-or-mobile" for these North American numbers: no kind is made up, and none reads "other".
  await expect(phones).not.toContainText(/\bother\b/i);
  await expect(phones.getByRole('button', { name: 'Find mobile · up to 30 credits' })).toHaveCount(0);
  // When they were found and the refresh (which pays again) wait in the row's menu.
  await phones.getByRole('button', { name: 'More about Phones' }).click();
  await expect(phones.getByRole('group', { name: 'More about Phones' })).toContainText(/Found (just now|1 minute ago)/);
  await expect(phones.getByRole('button', { name: /^Refresh \(pays again, up to 30 credits\)$/ })).toBeVisible();

  // One card, each address once (the phone search repeated the work email, unverified).
  await expect(frame.getByRole('article')).toHaveCount(1);
  await expect(frame.getByRole('link', { name: WORK })).toHaveCount(1);
  // The phone search also named her personal address (the gateway says so): in its own row, once.
  await expect(card.getByRole('group', { name: 'Personal emails', exact: true }).getByRole('link', { name: PERSONAL })).toBeVisible();
  await expect(frame.getByRole('link', { name: PERSONAL })).toHaveCount(1);
  await expect(card.getByRole('group', { name: 'Work email', exact: true })).toContainText('verified');
  expect((await sandbox.ledger(apiId)).charges.map((c) => c.creditBurn)).toEqual([2, 30]);

  // The popup lists people: Maya once, with both lookups, by name.
  const popup = await openExtensionPage('popup.html');
  const recent = popup.getByRole('list', { name: 'Recent lookups' }).getByRole('listitem');
  await expect(recent).toHaveCount(1);
  await expect(recent.first()).toContainText(NAME);
  await expect(recent.first()).toContainText('Find phone numbers · Paid, Enrich person · Paid · 32 credits');
  // Its quick lookup shows the same card; the repeat is free, from the ledger.
  await popup.getByLabel('Profile URL, email, phone or “Full Name, Company”').fill(MAYA);
  await expect(popup.getByTestId('quick-plan')).toHaveText(/^Enrich person: free: already looked up on /);
  await popup.getByRole('button', { name: 'Look up' }).click();
  const result = popup.getByRole('region', { name: 'Result' });
  await expect(result.getByTestId('lookup-cost')).toHaveText(/^Already looked up on .*: free\.$/);
  await expect(result.getByRole('article', { name: 'Maya Chen' }).locator('a[href="tel:+14155550110"]')).toBeVisible();
  expect((await sandbox.ledger(apiId)).charges).toHaveLength(2);

  // The history names her on each of her rows, and its details show her card.
  const history = await openExtensionPage('lookup-history.html');
  const table = history.getByRole('table', { name: 'Lookups' });
  await expect(table.getByRole('cell', { name: NAME, exact: true })).toHaveCount(3);
  await expect(table.getByRole('cell', { name: MAYA, exact: true })).toHaveCount(0);
  await table.getByRole('row').filter({ hasText: 'Find phone numbers' }).getByRole('button', { name: `Details of ${NAME}` }).click();
  const details = history.getByRole('region', { name: 'Lookup details' });
  await expect(details.getByTestId('details-subject')).toHaveText(NAME);
  await expect(details.getByRole('article', { name: 'Maya Chen' }).getByRole('link', { name: WORK })).toHaveCount(1);
  await expect(details.getByRole('article', { name: 'Maya Chen' }).locator('a[href="tel:+14155550110"]')).toBeVisible();
});
