import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { en } from '@/lib/platform/i18n/en';
import { pseudoMessage } from '@/lib/platform/i18n/pseudo';
import { configureExtension, expect, test, writeRecords, writeVault } from '@/test/e2e/extension';
import { boxesOf, tookOver, watchTakeOver } from '@/test/e2e/first-paint-watch';

/**
 * The history page draws first without React (entrypoints/lookup-history/first-paint.ts), then
 * the React page takes its place. Here the swap is held so that the first paint can be used and
 * looked at on its own: its title, filters and newest rows are found by role and name; what is
 * typed into its search box and the focus go over to the React page; and no element moves at
 * the swap. Screenshots of both, light and dark, English and pseudo-locale: test-results/first-paint/.
 */
const SHOTS = join('test-results', 'first-paint');
const MAYA = 'https://www.linkedin.com/in/maya-chen/';
const HOUR = 3_600_000;
const LOOKUPS = 40;

const marked = (page: Page, name: string) => page.evaluate((name) => performance.getEntriesByName(name).length > 0, name);

/** Lookups as the worker stores them, newest first: Maya, asked by name, then people asked by email. */
function lookups(now: number) {
  const maya = { id: 'h0', op: 'searchPhone', subject: MAYA, input: { profileUrl: MAYA, fullName: 'Maya Chen', company: 'Northwind Analytics' }, identity: null, outcome: 'miss', cost: 0, fromLedger: false, paidAt: null, at: now - HOUR, pageUrl: null, error: null };
  const others = Array.from({ length: LOOKUPS - 1 }, (_, i) => ({
    id: `h${i + 1}`,
    op: 'searchPersonalEmail',
    subject: `person${i + 1}@example.com`,
    input: { email: `person${i + 1}@example.com` },
    identity: null,
    outcome: 'miss',
    cost: 0,
    fromLedger: false,
    paidAt: null,
    at: now - (i + 2) * HOUR,
    pageUrl: null,
    error: null,
  }));
  return [maya, ...others];
}

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('the history’s first paint shows the newest lookups by role and name, hands what was typed and the focus to the React page, and nothing moves at the swap', async ({
  context,
  worker,
  sandbox,
  extensionId,
}) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: 'sandbox-demo-key' });
  await writeRecords(worker, 'history', lookups(Date.now()));
  const url = `chrome-extension://${extensionId}/lookup-history.html`;
  // The first opening learns that a key is saved (the hint the first paint draws from).
  const first = await context.newPage();
  await first.goto(url);
  await expect(first.getByRole('button', { name: 'Details of Maya Chen · Northwind Analytics' })).toBeVisible();
  await expect.poll(() => first.evaluate(() => localStorage.getItem('dossier:hasKey'))).toBe('1');
  await first.close();

  for (const language of ['en', 'en-XA'] as const) {
    await writeVault(worker, { language, language$: { v: 1 } });
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.emulateMedia({ colorScheme });
      await page.addInitScript(watchTakeOver, true);
      await page.goto(url);
      const said = (key: keyof typeof en) => (language === 'en' ? en[key] : pseudoMessage(en[key]));
      await expect(page.getByRole('heading', { level: 1, name: said('app.historyTitle') })).toBeVisible();
      const search = page.getByRole('searchbox', { name: said('history.search'), exact: true });
      await expect(search).toBeEditable();
      const table = page.getByRole('table', { name: said('history.table'), exact: true });
      // The newest first, as many as the React table draws for this height (12 in view, 12 more).
      await expect(table.getByRole('row')).toHaveCount(1 + 24);
      await expect(table.getByRole('row').nth(1)).toContainText('Maya Chen · Northwind Analytics');
      // The rows are on screen before React: the mark the benches read is there, the React page is not.
      expect(await marked(page, 'dossier:interactive')).toBe(true);
      expect(await marked(page, 'dossier:takeover')).toBe(false);
      await page.screenshot({ path: join(SHOTS, `history-${language}-${colorScheme}-1-first-paint.png`) });
      if (language === 'en' && colorScheme === 'light') {
        await expect(page.getByText(`Showing ${LOOKUPS} of ${LOOKUPS} lookups.`)).toBeVisible();
        await search.fill('maya');
      }
      await page.evaluate(() => (window as unknown as { __releaseReact: () => void }).__releaseReact());
      await page.waitForFunction(() => performance.getEntriesByName('dossier:takeover').length > 0);
      // Same elements, same places, same words, on both sides of the swap.
      const boxes = await boxesOf(page);
      expect(boxes.after).toEqual(boxes.before);
      if (language === 'en' && colorScheme === 'light') {
        // The React box holds the text, has the focus, and searches with it.
        await expect(search).toHaveValue('maya');
        await expect(search).toBeFocused();
        await expect(table.getByRole('row')).toHaveCount(2);
        await expect(page.getByText(`Showing 1 of ${LOOKUPS} lookups.`)).toBeVisible();
      }
      await page.screenshot({ path: join(SHOTS, `history-${language}-${colorScheme}-2-react.png`) });
      await page.close();
    }
  }
});

test('a link to one lookup opens on the React page, its details beside the list', async ({ context, worker, sandbox, extensionId }) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: 'sandbox-demo-key' });
  await writeRecords(worker, 'history', lookups(Date.now()));
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/lookup-history.html`);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('dossier:hasKey'))).toBe('1');
  await page.goto(`chrome-extension://${extensionId}/lookup-history.html#h0`);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Lookup details' })).toBeVisible();
  // The details can show before the list's first rows: the page is interactive once those are in.
  await expect.poll(() => marked(page, 'dossier:interactive')).toBe(true);
  expect(await marked(page, 'dossier:first-paint')).toBe(false);
});

test('Details pressed in the history’s first paint, before React is in, opens that lookup’s details once it is', async ({ context, worker, sandbox, extensionId }) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: 'sandbox-demo-key' });
  await writeRecords(worker, 'history', lookups(Date.now()));
  const url = `chrome-extension://${extensionId}/lookup-history.html`;
  // The first opening learns that a key is saved (the hint the first paint draws from).
  const first = await context.newPage();
  await first.goto(url);
  await expect.poll(() => first.evaluate(() => localStorage.getItem('dossier:hasKey'))).toBe('1');
  await first.close();

  const page = await context.newPage();
  await page.addInitScript(watchTakeOver, true);
  await page.goto(url);
  await page.getByRole('button', { name: 'Details of Maya Chen · Northwind Analytics' }).click();
  expect(await marked(page, 'dossier:takeover')).toBe(false);
  await page.evaluate(() => (window as unknown as { __releaseReact: () => void }).__releaseReact());
  await tookOver(page);
  await expect(page.getByRole('region', { name: 'Lookup details' })).toContainText('Maya Chen');
  await page.close();
});
