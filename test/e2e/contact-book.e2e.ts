import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { callBackground, configureExtension, expect, test, type Sandbox } from '@/test/e2e/extension';

const MAYA = 'https://www.linkedin.com/in/maya-chen/';
const ALEX = 'https://www.linkedin.com/in/alex-morgan/';

async function freshKey(sandbox: Sandbox): Promise<string> {
  return sandbox.newKey(1000);
}

test('the contact book lists a person once with merged data; tag, filter by tag, export CSV with the tag in it', async ({ context, sandbox, worker, openExtensionPage }) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await freshKey(sandbox) });
  const helper = await openExtensionPage('lookup-history.html');

  await test.step('real lookups against the sandbox: a colleague of hers, then her enrichment and her mobile', async () => {
    expect(await callBackground(helper, 'lookup', { op: 'enrichPerson', input: { profileUrl: ALEX } })).toMatchObject({ ok: true, value: { status: 'paid' } });
    expect(await callBackground(helper, 'lookup', { op: 'enrichPerson', input: { profileUrl: MAYA } })).toMatchObject({ ok: true, value: { status: 'paid' } });
    expect(await callBackground(helper, 'lookup', { op: 'searchPhone', input: { profileUrl: MAYA } })).toMatchObject({ ok: true, value: { status: 'paid' } });
  });

  const book = await test.step('the popup opens the book in a tab', async () => {
    const popup = await openExtensionPage('popup.html');
    const opened = context.waitForEvent('page');
    await popup.getByRole('button', { name: 'Contact book' }).click();
    const page = await opened;
    await page.waitForLoadState();
    expect(new URL(page.url()).pathname).toBe('/contacts.html');
    return page;
  });

  const table = book.getByRole('table', { name: 'Contacts' });
  const rowOf = (name: string) => table.getByRole('row').filter({ has: book.getByRole('button', { name: `Details of ${name}`, exact: true }) });

  await test.step('one row for Maya, with the enrichment’s email and the phone search’s mobile', async () => {
    await expect(rowOf('Maya Chen')).toHaveCount(1);
    const maya = rowOf('Maya Chen');
    // Name, title, then company: a person's columns.
    await expect(maya.getByRole('cell').nth(3)).toHaveText('Northwind Analytics');
    await expect(maya).toContainText('maya.chen@northwind-analytics.example');
    await expect(maya).toContainText('verified');
    // The phone search's number, with its line as the gateway states it.
    await expect(maya).toContainText('+1 415 555 0110 mobile');
    // Her company is a contact of its own, on the companies' tab, reached with the arrow keys.
    await expect(rowOf('Northwind Analytics')).toHaveCount(0);
    await book.getByRole('tab', { name: 'People 2' }).focus();
    await book.keyboard.press('ArrowRight');
    const companies = book.getByRole('tab', { name: 'Companies 1' });
    await expect(companies).toBeFocused();
    await expect(companies).toHaveAttribute('aria-selected', 'true');
    await expect(book.getByRole('tabpanel', { name: 'Companies 1' })).toBeVisible();
    await expect(rowOf('Northwind Analytics')).toHaveCount(1);
    await expect(rowOf('Maya Chen')).toHaveCount(0);
    await book.keyboard.press('ArrowLeft');
    await expect(book.getByRole('tab', { name: 'People 2' })).toHaveAttribute('aria-selected', 'true');
    await expect(rowOf('Maya Chen')).toHaveCount(1);
    // Search by email finds her alone.
    await book.getByRole('searchbox', { name: 'Search contacts' }).fill('maya.chen@');
    await expect(table.getByRole('button', { name: /^Details of / })).toHaveCount(1);
    await book.getByRole('searchbox', { name: 'Search contacts' }).fill('');
    await expect(rowOf('Alex Morgan')).toHaveCount(1);
  });

  await test.step('tag her “Paris event”, then filter by that tag', async () => {
    await book.getByRole('checkbox', { name: 'Select Maya Chen' }).check();
    await book.getByRole('textbox', { name: 'Tag' }).fill('Paris event');
    await book.getByRole('button', { name: 'Add tag' }).click();
    await expect(book.getByRole('status').filter({ hasText: 'Tag “Paris event” added to 1 contact.' })).toBeVisible();
    await book.getByRole('combobox', { name: 'Tag' }).selectOption('Paris event');
    await expect(table.getByRole('button', { name: /^Details of / })).toHaveCount(1);
    await expect(rowOf('Maya Chen')).toHaveCount(1);
  });

  await test.step('export the filtered book as CSV: the tag is in it', async () => {
    await book.getByRole('button', { name: 'Clear selection' }).click();
    await book.getByRole('button', { name: 'Select all matching' }).click();
    await expect(book.getByText('1 contact selected')).toBeVisible();
    const downloading = book.waitForEvent('download');
    await book.getByRole('button', { name: 'Export CSV' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^dossier-contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = Papa.parse<Record<string, string>>(readFileSync((await file.path())!, 'utf8'), { header: true, skipEmptyLines: true });
    expect(csv.data).toHaveLength(1);
    expect(csv.data[0]).toMatchObject({ name: 'Maya Chen', company: 'Northwind Analytics', email: 'maya.chen@northwind-analytics.example', mobile_phone: '+14155550110', tags: 'Paris event' });
  });

  await test.step('the details open from the row, by keyboard; no serious accessibility violation', async () => {
    await book.getByRole('combobox', { name: 'Tag' }).selectOption('');
    // The unfiltered rows are drawn again first (a CI run pressed Down before the next row was there).
    await expect(book.getByRole('checkbox', { name: 'Select Alex Morgan' })).toBeVisible();
    await book.getByRole('checkbox', { name: 'Select Maya Chen' }).focus();
    // Down moves to the same control of the next row, Up back.
    await book.keyboard.press('ArrowDown');
    await expect(book.getByRole('checkbox', { name: 'Select Alex Morgan' })).toBeFocused();
    await book.keyboard.press('ArrowUp');
    await expect(book.getByRole('checkbox', { name: 'Select Maya Chen' })).toBeFocused();
    await book.getByRole('button', { name: 'Details of Maya Chen' }).focus();
    await book.keyboard.press('Enter');
    await expect(book.getByRole('heading', { name: 'Maya Chen · Northwind Analytics' })).toBeFocused();
    await expect(book.getByRole('region', { name: 'Maya Chen · Northwind Analytics' })).toContainText('+1 415 555 0110');
    const results = await new AxeBuilder({ page: book }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
    // Escape closes the details; the focus goes back to the row that opened them.
    await book.keyboard.press('Escape');
    await expect(book.getByRole('heading', { name: 'Maya Chen · Northwind Analytics' })).toHaveCount(0);
    await expect(book.getByRole('button', { name: 'Details of Maya Chen' })).toBeFocused();
  });
});

test('the panel opens the book in a tab, through the worker', async ({ context, openExtensionPage }) => {
  const panel = await openExtensionPage('sidepanel.html');
  const opened = context.waitForEvent('page');
  await panel.getByRole('button', { name: 'Contact book' }).click();
  const page = await opened;
  await page.waitForLoadState();
  expect(new URL(page.url()).pathname).toBe('/contacts.html');
  await expect(page.getByRole('heading', { name: 'Contact book', level: 1 })).toBeVisible();
});
