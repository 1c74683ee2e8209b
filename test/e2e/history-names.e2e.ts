import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { routeDemoPages } from '@/scripts/demo-routes';
import { en } from '@/lib/platform/i18n/en';
import { pseudoMessage } from '@/lib/platform/i18n/pseudo';
import { callBackground, configureExtension, expect, panelFrame, test, valueFromBackground } from '@/test/e2e/extension';

/**
 * A failed lookup is named in the history like the others: by the name the page showed when the
 * lookup was asked from it (the panel on a profile), by its URL only when nobody knew a name; the
 * URL follows a name as secondary text. Screenshots of the history at 1280 px: test-results/book/.
 */
const SHOTS = join('test-results', 'book');
const MAYA = 'https://www.linkedin.com/in/maya-chen/';
const ALEX = 'https://www.linkedin.com/in/alex-morgan/';

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('a failed lookup from a profile’s panel is listed by the name the page showed, its URL after it; one that knew no name, by its URL', async ({
  context,
  worker,
  sandbox,
  openExtensionPage,
}) => {
  const apiId = await sandbox.newKey(1000);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  const admin = await openExtensionPage('lookup-history.html');
  expect(await callBackground(admin, 'choosePanelMode', { mode: 'frame' })).toMatchObject({ ok: true });
  await routeDemoPages(context, sandbox.origin);
  const fault = async (count: number) =>
    expect((await sandbox.admin('faults', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiId, kind: '500', count }) })).ok).toBe(true);

  // From Maya's profile, the panel's enrichment fails: the gateway answers errors every time.
  const page = await context.newPage();
  await page.goto(MAYA);
  const card = (await panelFrame(page)).getByRole('article', { name: 'Maya Chen' });
  await fault(10);
  await card.getByRole('button', { name: /^Enrich person and company/ }).click();
  await expect.poll(async () => (await sandbox.ledger(apiId)).requests).toBeGreaterThan(0);
  // Asked from no page (the history's own helper), a failure knows no name.
  await fault(10);
  expect(await valueFromBackground(admin, 'lookup', { op: 'enrichPerson', input: { profileUrl: ALEX } })).toMatchObject({ status: 'failed' });
  await admin.close();

  const history = await openExtensionPage('lookup-history.html');
  await history.setViewportSize({ width: 1280, height: 800 });
  const table = history.getByRole('table', { name: 'Lookups' });
  const maya = table.getByRole('cell', { name: 'Maya Chen · Northwind Analytics', exact: true });
  await expect(maya).toHaveCount(1);
  // Its URL follows as secondary text, and is the cell's description.
  await expect(maya).toContainText(MAYA);
  await expect(maya).toHaveAttribute('title', MAYA);
  await expect(table.getByRole('row').filter({ has: history.getByRole('cell', { name: 'Maya Chen · Northwind Analytics', exact: true }) })).toContainText('Failed');
  await expect(table.getByRole('button', { name: 'Details of Maya Chen · Northwind Analytics' })).toBeVisible();
  // No name known: the URL alone.
  await expect(table.getByRole('cell', { name: ALEX, exact: true })).toHaveCount(1);

  for (const scheme of ['light', 'dark'] as const) {
    await history.emulateMedia({ colorScheme: scheme });
    await history.screenshot({ path: join(SHOTS, `history-1280-${scheme}-en.png`) });
  }
  const settings = await openExtensionPage('options.html');
  await settings.getByRole('combobox', { name: 'Language' }).selectOption('en-XA');
  await expect(history.getByRole('heading', { level: 1 })).toHaveText(pseudoMessage(en['app.historyTitle']));
  await settings.close();
  await expect(history.getByRole('cell', { name: 'Maya Chen · Northwind Analytics', exact: true })).toHaveCount(1);
  for (const scheme of ['light', 'dark'] as const) {
    await history.emulateMedia({ colorScheme: scheme });
    await history.screenshot({ path: join(SHOTS, `history-1280-${scheme}-pseudo.png`) });
  }
});
