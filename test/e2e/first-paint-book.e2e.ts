import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { en } from '@/lib/platform/i18n/en';
import { pseudoMessage } from '@/lib/platform/i18n/pseudo';
import { configureExtension, expect, test, writeRecords, writeVault } from '@/test/e2e/extension';
import { company, person } from '@/test/unit/book/book-fixtures';
import { boxesOf, tookOver, watchTakeOver } from '@/test/e2e/first-paint-watch';

/**
 * The contact book draws first without React (entrypoints/contacts/first-paint.ts), then the
 * React book takes its place. Here the React book is held back (`window.__dossierHoldReact`, an
 * automation build's wait) so that the first paint can be used and looked at on its own: its
 * controls are found by role and name; what is typed and ticked in it and where the focus is go
 * over to the React book; and no element moves at the swap. Screenshots of both, light and dark,
 * English and pseudo-locale, go to test-results/first-paint-book/.
 */
const SHOTS = join('test-results', 'first-paint-book');

/** Enough people to fill the view and more (the table's rows past the view come as it scrolls), and a company. */
const CONTACTS = [
  person({
    id: 'person:maya-chen',
    name: 'Maya Chen',
    company: 'Northwind Analytics',
    title: 'Head of Data',
    emails: [{ address: 'maya.chen@northwind.example', grade: 'verified' }],
    phones: [{ e164: '+33612345678', international: '+33 6 12 34 56 78', kind: 'mobile' }],
    tags: ['Paris event'],
    crm: true,
    updatedAt: Date.UTC(2026, 10, 20, 9),
  }),
  ...Array.from({ length: 70 }, (_, i) =>
    person({
      id: `person:p${i}`,
      name: `Person ${i}`,
      company: i % 2 ? 'Contoso' : 'Fabrikam',
      title: 'Account Executive',
      emails: [{ address: `p${i}@contoso.example`, grade: i % 3 ? 'most_probable' : 'catch_all' }],
      crm: i % 4 === 0 ? false : undefined,
      updatedAt: Date.UTC(2026, 10, 19) - i * 60_000,
    }),
  ),
  company({ id: 'domain:northwind.example', name: 'Northwind Analytics', domain: 'northwind.example', updatedAt: Date.UTC(2026, 10, 1) }),
];


test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('the book’s first paint shows its rows before React, is usable by role and name, hands what was typed and ticked and the focus to the React book, and nothing moves at the swap', async ({ context, worker, sandbox, extensionId }) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: 'sandbox-demo-key' });
  await writeRecords(worker, 'contacts', CONTACTS);
  const url = `chrome-extension://${extensionId}/contacts.html`;

  await test.step('the first opening has no key hint: React draws it all, counts the book and learns that a key is saved', async () => {
    const first = await context.newPage();
    await first.addInitScript(watchTakeOver, false);
    await first.goto(url);
    await expect(first.getByRole('tab', { name: 'People 71' })).toBeVisible();
    await first.waitForFunction(() => localStorage.getItem('dossier:hasKey') === '1');
    expect(await first.evaluate(() => performance.getEntriesByName('dossier:first-paint').length)).toBe(0);
    await first.close();
  });

  for (const language of ['en', 'en-XA'] as const) {
    await writeVault(worker, { language, language$: { v: 1 } });
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.emulateMedia({ colorScheme });
      await page.addInitScript(watchTakeOver, true);
      await page.goto(url);
      const said = (key: keyof typeof en) => (language === 'en' ? en[key] : pseudoMessage(en[key]));
      const box = page.getByRole('searchbox', { name: said('book.search'), exact: true });
      await expect(box).toBeEditable();
      const table = page.getByRole('table', { name: said('book.table'), exact: true });
      await expect(table.getByRole('button', { name: /Maya Chen/ })).toBeVisible();
      // Drawn without React, the rows in the mark the bench reads.
      expect(await page.evaluate(() => performance.getEntriesByName('dossier:book-rows').map((m) => (m as PerformanceMark).detail))).toEqual([{ text: '', kind: 'person', rows: 20 }]);
      expect(await page.evaluate(() => performance.getEntriesByName('dossier:takeover').length)).toBe(0);
      await page.screenshot({ path: join(SHOTS, `book-${language}-${colorScheme}-1-first-paint.png`) });
      if (language === 'en' && colorScheme === 'light') {
        await expect(page.getByRole('tab', { name: 'People 71' })).toHaveAttribute('aria-selected', 'true');
        await expect(page.getByRole('tab', { name: 'Companies 1' })).toBeVisible();
        await expect(page.getByText('72 contacts in the book')).toBeVisible();
        await expect(page.getByText('Showing the first 20; more load as you scroll.')).toBeVisible();
        await page.getByRole('checkbox', { name: 'Select Person 1', exact: true }).check();
        await box.fill('Person');
        await box.press('ArrowLeft');
      }
      await page.evaluate(() => (window as unknown as { __releaseReact: () => void }).__releaseReact());
      await tookOver(page);
      await page.screenshot({ path: join(SHOTS, `book-${language}-${colorScheme}-2-react.png`) });
      // Same elements, same places, same words, on both sides of the swap.
      const boxes = await boxesOf(page);
      expect(boxes.after).toEqual(boxes.before);
      if (language === 'en' && colorScheme === 'light') {
        // The React box holds the text, has the focus and the caret where it was, and searches with it.
        await expect(box).toHaveValue('Person');
        await expect(box).toBeFocused();
        expect(await box.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(5);
        await expect(table.getByRole('button', { name: 'Details of Maya Chen' })).toHaveCount(0);
        await expect(page.getByText('1 contact selected')).toBeVisible();
        // And the React book is the one answering: the other tab, without the search.
        await box.fill('');
        await page.getByRole('tab', { name: 'Companies 1' }).click();
        await expect(table.getByRole('button', { name: 'Details of Northwind Analytics' })).toBeVisible();
      }
      await page.close();
    }
  }
});

test('a name pressed in the book’s first paint, before React is in, opens that person’s details once it is', async ({ context, worker, sandbox, extensionId }) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: 'sandbox-demo-key' });
  await writeRecords(worker, 'contacts', CONTACTS);
  const url = `chrome-extension://${extensionId}/contacts.html`;
  // The first opening counts the book and learns that a key is saved (what the first paint draws from).
  const first = await context.newPage();
  await first.goto(url);
  await expect(first.getByRole('tab', { name: 'People 71' })).toBeVisible();
  await first.waitForFunction(() => localStorage.getItem('dossier:hasKey') === '1');
  await first.close();

  const page = await context.newPage();
  await page.addInitScript(watchTakeOver, true);
  await page.goto(url);
  await page.getByRole('button', { name: 'Details of Person 3', exact: true }).click();
  expect(await page.evaluate(() => performance.getEntriesByName('dossier:takeover').length)).toBe(0);
  await page.evaluate(() => (window as unknown as { __releaseReact: () => void }).__releaseReact());
  await tookOver(page);
  await expect(page.getByRole('heading', { name: 'Person 3 · Contoso' })).toBeVisible();
  await page.close();
});
