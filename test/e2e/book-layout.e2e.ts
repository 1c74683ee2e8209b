import type { Page } from '@playwright/test';
import { callBackground, configureExtension, expect, test } from '@/test/e2e/extension';

/**
 * The contact book reads like a CRM list: at 1280 px every row is one line and the email and
 * phone are never cut. The check is first proven on a book broken on purpose (the shared table's
 * seven columns put back over the book's nine, as a global style once did).
 */
const PEOPLE = ['https://www.linkedin.com/in/maya-chen/', 'https://www.linkedin.com/in/alex-morgan/'];

/** What is wrong with the book's rows as drawn: a row on two lines, an email or phone cut. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const row of document.querySelectorAll<HTMLElement>('[role="row"].book-row')) {
      const cells = [...row.querySelectorAll<HTMLElement>(':scope > [role="cell"], :scope > [role="columnheader"]')];
      const name = cells[1]?.textContent ?? '?';
      // Cells are centred in their row: on one line, their middles agree within a few pixels; a
      // cell pushed onto a second line sits a whole line lower.
      const middles = cells.map((cell) => cell.offsetTop + cell.offsetHeight / 2);
      if (Math.max(...middles) - Math.min(...middles) > 12) problems.push(`${name}: on more than one line`);
      for (const [index, what] of [[4, 'email'], [5, 'phone']] as const) {
        const cell = cells[index];
        if (cell && cell.scrollWidth > cell.clientWidth + 1) problems.push(`${name}: ${what} cut`);
      }
    }
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth) problems.push('the page scrolls sideways');
    return problems;
  });
}

test('the contact book at 1280 px: each row one line, email and phone whole, the phone formatted to read', async ({ worker, sandbox, openExtensionPage }) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await sandbox.newKey(1000) });
  const helper = await openExtensionPage('lookup-history.html');
  for (const profileUrl of PEOPLE) {
    expect(await callBackground(helper, 'lookup', { op: 'enrichPerson', input: { profileUrl } })).toMatchObject({ ok: true, value: { status: 'paid' } });
  }
  expect(await callBackground(helper, 'lookup', { op: 'searchPhone', input: { profileUrl: PEOPLE[0] } })).toMatchObject({ ok: true, value: { status: 'paid' } });

  const book = await openExtensionPage('contacts.html');
  await book.setViewportSize({ width: 1280, height: 800 });
  const table = book.getByRole('table', { name: 'Contacts' });
  const maya = table.getByRole('row').filter({ has: book.getByRole('button', { name: 'Details of Maya Chen', exact: true }) });
  await expect(maya).toContainText('+1 415 555 0110 mobile');
  await expect(maya).toContainText('maya.chen@northwind-analytics.example');

  // The check itself first: a book with the shared table's seven columns fails it.
  const broken = await book.addStyleTag({ content: '.vrow.book-row { grid-template-columns: 36px 13em 11em minmax(0, 1fr) 10em 5em 6em !important; }' });
  expect((await layoutProblems(book)).some((problem) => problem.endsWith('on more than one line'))).toBe(true);
  await broken.evaluate((style) => (style as HTMLStyleElement).remove());

  expect(await layoutProblems(book)).toEqual([]);
  for (const scheme of ['light', 'dark'] as const) {
    await book.emulateMedia({ colorScheme: scheme });
    await book.screenshot({ path: `test-results/book/book-1280-${scheme}.png` });
  }
});
