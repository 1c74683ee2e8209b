import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { en } from '@/lib/platform/i18n/en';
import { pseudoMessage } from '@/lib/platform/i18n/pseudo';
import { callBackground, configureExtension, expect, test } from '@/test/e2e/extension';

/**
 * The contact book reads like a CRM list, people and companies apart: at 1280 px every row of
 * either tab is one line, and the email, the phone and the update time are never cut (name,
 * title, company, website, industry, size and CRM status give way first, each with its whole
 * value in its title), in light and dark, in English and in the pseudo-locale (every string 40%
 * longer). The check is first proven on books broken on purpose. Screenshots: test-results/book/.
 */
const SHOTS = join('test-results', 'book');
const PEOPLE = ['https://www.linkedin.com/in/maya-chen/', 'https://www.linkedin.com/in/alex-morgan/'];

/** What is wrong with the book's rows as drawn: a row on two lines, a cell that must stay whole cut, a cut cell without its value in its title. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const rows = [...document.querySelectorAll<HTMLElement>('[role="row"].book-row')];
    if (rows.length < 2) problems.push(`only ${rows.length} rows drawn`);
    for (const row of rows) {
      const cells = [...row.querySelectorAll<HTMLElement>(':scope > [role="cell"], :scope > [role="columnheader"]')];
      const name = cells[1]?.textContent ?? '?';
      // Cells are centred in their row: on one line, their middles agree within a few pixels; a
      // cell pushed onto a second line sits a whole line lower.
      const middles = cells.map((cell) => cell.offsetTop + cell.offsetHeight / 2);
      if (Math.max(...middles) - Math.min(...middles) > 12) problems.push(`${name}: on more than one line`);
      if (row.offsetHeight > 44) problems.push(`${name}: a row ${row.offsetHeight} px high`);
      // Measured to the fraction of a pixel: an ellipsis is drawn as soon as the text is wider
      // than the box by any amount, which scrollWidth (rounded) can hide.
      const contentRight = (box: HTMLElement) => box.getBoundingClientRect().right - parseFloat(getComputedStyle(box).paddingRight);
      const textRight = (box: HTMLElement) => {
        const range = document.createRange();
        range.selectNodeContents(box);
        return range.getBoundingClientRect().right;
      };
      const isCut = (box: HTMLElement) => textRight(box) > contentRight(box) + 0.01;
      for (const cell of cells) {
        const what = ['c-email', 'c-phone', 'c-updated'].find((c) => cell.classList.contains(c));
        // What must stay whole: the address, the number (their badges may give way), the date.
        const value = cell.querySelector<HTMLElement>('.c-value') ?? cell;
        if (what && textRight(value) > contentRight(cell) + 0.01) problems.push(`${name}: ${what.slice(2)} cut (${textRight(value).toFixed(1)} > ${contentRight(cell).toFixed(1)})`);
        for (const box of [cell, ...cell.querySelectorAll<HTMLElement>('.badge')]) {
          if (box !== value && isCut(box) && !box.title) problems.push(`${name}: “${box.textContent}” cut, with no title to show it whole`);
        }
      }
    }
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth) problems.push('the page scrolls sideways');
    return problems;
  });
}

const BROKEN = {
  // The shared table's seven columns over the book's eight, as a global style once did.
  'on more than one line': '.vrow.book-row.book-row { grid-template-columns: 36px 13em 11em minmax(0, 1fr) 10em 5em 6em !important; }',
  'email cut': '.vrow.book-row.people { grid-template-columns: 36px 1fr 1fr 1fr 8em 13em 7em 12em !important; }',
  'phone cut': '.vrow.book-row.book-row { grid-template-columns: 36px 1fr 1fr 1fr 1fr 4em 7em 12em !important; }',
  'updated cut': '.vrow.book-row.book-row { grid-template-columns: 36px 1fr 1fr 1fr 1fr 13em 7em 3em !important; }',
} as const;

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('the contact book at 1280 px, both tabs, light and dark, English and pseudo-locale: each row one line, email, phone and update time whole', async ({
  worker,
  sandbox,
  openExtensionPage,
}) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await sandbox.newKey(1000) });
  const helper = await openExtensionPage('lookup-history.html');
  for (const profileUrl of PEOPLE) {
    expect(await callBackground(helper, 'lookup', { op: 'enrichPerson', input: { profileUrl } })).toMatchObject({ ok: true, value: { status: 'paid' } });
  }
  expect(await callBackground(helper, 'lookup', { op: 'searchPhone', input: { profileUrl: PEOPLE[0] } })).toMatchObject({ ok: true, value: { status: 'paid' } });

  const book = await openExtensionPage('contacts.html');
  await book.setViewportSize({ width: 1280, height: 800 });
  // By role alone: its name is in the page's language, which changes below.
  const table = book.getByRole('table');
  const maya = table.getByRole('row').filter({ has: book.getByRole('button', { name: 'Details of Maya Chen', exact: true }) });
  await expect(maya).toContainText('+1 415 555 0110 mobile');
  await expect(maya).toContainText('maya.chen@northwind-analytics.example');
  await expect(table.getByRole('columnheader')).toHaveText(['Select all shown', 'Name', 'Title', 'Company', 'Work email', 'Phone', 'CRM', 'Updated'].map((h) => (h === 'Select all shown' ? '' : h)));

  await test.step('the check itself first: each broken book fails it', async () => {
    for (const [problem, css] of Object.entries(BROKEN)) {
      const broken = await book.addStyleTag({ content: css });
      expect((await layoutProblems(book)).some((found) => found.endsWith(problem) || found.includes(`${problem} (`)), problem).toBe(true);
      await broken.evaluate((style) => (style as HTMLStyleElement).remove());
    }
  });

  const shoot = async (language: 'en' | 'pseudo', tabs: { people: string | RegExp; companies: string | RegExp }) => {
    for (const [tab, name] of Object.entries(tabs)) {
      await book.getByRole('tab', { name }).click();
      await expect(book.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
      // The tab's own rows are in: a person's, or a company's, and not the other kind.
      const [shown, hidden] = tab === 'people' ? ['Maya Chen', 'Northwind Analytics'] : ['Northwind Analytics', 'Maya Chen'];
      // (The buttons' names are "Details of …" in a language's words around the contact's name.)
      await expect(table.getByRole('button', { name: new RegExp(` ${shown}( |$)`) })).toBeVisible();
      await expect(table.getByRole('button', { name: new RegExp(` ${hidden}( |$)`) })).toHaveCount(0);
      for (const scheme of ['light', 'dark'] as const) {
        await book.emulateMedia({ colorScheme: scheme });
        expect(await layoutProblems(book), `${tab}, ${scheme}, ${language}`).toEqual([]);
        await book.screenshot({ path: join(SHOTS, `book-${tab}-1280-${scheme}-${language}.png`) });
      }
    }
  };

  await test.step('English', () => shoot('en', { people: /^People/, companies: /^Companies/ }));

  await test.step('the pseudo-locale', async () => {
    const settings = await openExtensionPage('options.html');
    await settings.getByRole('combobox', { name: 'Language' }).selectOption('en-XA');
    await expect(book.locator('html')).toHaveAttribute('lang', 'en-XA');
    await settings.close();
    const pseudo = (key: keyof typeof en) => new RegExp(`^${pseudoMessage(en[key]).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
    await shoot('pseudo', { people: pseudo('book.tab.people'), companies: pseudo('book.tab.companies') });
  });
});
