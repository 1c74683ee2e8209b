import type { Page } from '@playwright/test';
import { routeDemoPages } from '@/scripts/demo-routes';
import { de } from '@/lib/platform/i18n/de';
import { fr } from '@/lib/platform/i18n/fr';
import { callBackground, configureExtension, expect, panelFrame, test } from '@/test/e2e/extension';

/**
 * The settings in sections with a navigation, nothing sticky over a field, each line about the
 * service saying what is in force, the theme override on every page and the panel, and dates
 * typed in the interface's language. Screenshots go to test-results/settings/.
 */
const SHOTS = 'test-results/settings';
const SECTIONS = ['Account', 'Spending', 'Pages and side panel', 'LinkedIn safety', 'CRM connections', 'Web mail', 'Privacy', 'Your company', 'Language and theme', 'Advanced'];
const LIGHT_BG = 'rgb(255, 255, 255)';
const DARK_BG = 'rgb(21, 25, 31)';

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
/** Which tokens a page uses (the side panel's root has no background of its own). */
const bgToken = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bg').trim());
// The panel's frame is transparent around the panel's box.
const panelBackground = async (profile: Page) => (await panelFrame(profile)).evaluate(() => getComputedStyle(document.querySelector('.panel')!).backgroundColor);

test('the settings are in sections, reached from a navigation that says where you are, by mouse or keyboard', async ({ openExtensionPage }) => {
  const settings = await openExtensionPage('options.html');
  await settings.setViewportSize({ width: 1280, height: 800 });
  const nav = settings.getByRole('navigation', { name: 'Settings sections' });
  await expect(nav.getByRole('link')).toHaveText(SECTIONS);
  for (const name of SECTIONS) await expect(settings.getByRole('heading', { level: 2, name, exact: true })).toBeAttached();
  await expect(nav.getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'location');

  await nav.getByRole('link', { name: 'Privacy' }).click();
  await expect(nav.getByRole('link', { name: 'Privacy' })).toHaveAttribute('aria-current', 'location');
  await expect(nav.getByRole('link', { name: 'Account' })).not.toHaveAttribute('aria-current');
  await expect(settings.getByRole('heading', { level: 2, name: 'Privacy' })).toBeInViewport();
  await expect(settings.getByRole('heading', { level: 2, name: 'Privacy' })).toBeFocused();

  // By keyboard: Enter on a link, then Tab goes on into that section.
  await nav.getByRole('link', { name: 'Advanced' }).focus();
  await settings.keyboard.press('Enter');
  await expect(settings.getByRole('heading', { level: 2, name: 'Advanced' })).toBeFocused();
  await expect(nav.getByRole('link', { name: 'Advanced' })).toHaveAttribute('aria-current', 'location');
  await settings.keyboard.press('Tab');
  await expect(settings.getByLabel('Local sandbox (synthetic data, no real credits)')).toBeFocused();

  // Scrolling back up moves the mark with it.
  await settings.getByLabel('API key', { exact: true }).scrollIntoViewIfNeeded();
  await settings.locator('.settings-body').evaluate((body) => body.scrollTo(0, 0));
  await expect(nav.getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'location');

  // Technical settings are under Advanced, everyday ones are not.
  const advanced = settings.getByRole('region', { name: 'Advanced' });
  await expect(advanced.getByLabel('Service address')).toBeAttached();
  await expect(advanced.getByLabel('Default phone region (two letters, like US; empty: from the page’s language)')).toBeAttached();
  await expect(settings.getByRole('region', { name: 'Account' }).getByLabel('API key', { exact: true })).toBeAttached();

  // Beside the sections on a wide window, above them on a narrow one.
  const body = settings.locator('.settings-body');
  let [navBox, bodyBox] = [await nav.boundingBox(), await body.boundingBox()];
  expect(navBox!.x + navBox!.width).toBeLessThanOrEqual(bodyBox!.x);
  await settings.setViewportSize({ width: 600, height: 800 });
  [navBox, bodyBox] = [await nav.boundingBox(), await body.boundingBox()];
  expect(navBox!.y + navBox!.height).toBeLessThanOrEqual(bodyBox!.y);
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1280, height: 480 },
  { width: 600, height: 520 },
]) {
  test(`at ${viewport.width}x${viewport.height} nothing covers a field of the settings wherever it is scrolled to`, async ({ openExtensionPage }) => {
    const settings = await openExtensionPage('options.html');
    await settings.setViewportSize(viewport);
    await expect(settings.getByRole('heading', { name: 'CRM connections' })).toBeAttached();
    await settings.waitForTimeout(300);
    const covered = await settings.evaluate(() => {
      const controls = [...document.querySelectorAll<HTMLElement>('.settings input, .settings select, .settings textarea, .settings button, .settings a[href], .settings summary')].filter((el) =>
        el.checkVisibility(),
      );
      const problems: string[] = [];
      for (const control of controls) {
        for (const block of ['start', 'end', 'nearest'] as const) {
          control.scrollIntoView({ block });
          // An inline link that wraps: the centre of its first line (its whole box's centre may fall between lines).
          const box = control.getClientRects()[0] ?? control.getBoundingClientRect();
          const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          if (!top || !(top === control || control.contains(top))) {
            const name = control.getAttribute('aria-label') || (control.id && document.querySelector(`label[for="${control.id}"]`)?.textContent) || control.textContent;
            problems.push(`${control.tagName} “${name}” scrolled to ${block}: under ${top?.tagName}.${top?.className}`);
          }
        }
      }
      return { checked: controls.length, problems };
    });
    expect(covered.checked).toBeGreaterThan(40);
    expect(covered.problems).toEqual([]);
  });
}

test('the service’s lines state the saved address; a different one in the field applies when saved, and says so', async ({ openExtensionPage }) => {
  const settings = await openExtensionPage('options.html');
  const sandboxHint = settings.locator('#gw-sandbox-hint');
  const inUse = settings.getByTestId('service-in-use');
  const address = settings.getByLabel('Service address');
  await expect(sandboxHint).toHaveText('Listening at http://127.0.0.1:8787/api/ingress/');
  await expect(inUse).toContainText('In use: the local sandbox (synthetic data) at http://127.0.0.1:8787/api/ingress/.');
  await expect(address).not.toHaveAccessibleDescription(/Not saved yet/);

  await address.fill('http://127.0.0.1:9999/api/ingress/');
  await expect(sandboxHint).toHaveText('Listening at http://127.0.0.1:8787/api/ingress/');
  await expect(inUse).toContainText('http://127.0.0.1:8787/api/ingress/');
  await expect(address).toHaveAccessibleDescription('Not saved yet: http://127.0.0.1:9999/api/ingress/ applies when you save.');
  // The same address typed back: nothing pending.
  await address.fill('http://127.0.0.1:8787/api/ingress');
  await expect(address).not.toHaveAccessibleDescription(/Not saved yet/);

  await address.fill('http://127.0.0.1:9999/api/ingress/');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByRole('status')).toHaveText('Saved.');
  await expect(sandboxHint).toHaveText('Listening at http://127.0.0.1:9999/api/ingress/');
  await expect(inUse).toContainText('In use: the local sandbox (synthetic data) at http://127.0.0.1:9999/api/ingress/.');
  await expect(address).not.toHaveAccessibleDescription(/Not saved yet/);
});

test('Dark chosen while the system is light: every page and the panel are dark; back to the system, they follow it', async ({ context, worker, sandbox, openExtensionPage }) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await sandbox.newKey(1000) });
  const settings = await openExtensionPage('options.html');
  await settings.emulateMedia({ colorScheme: 'light' });
  expect(await callBackground(settings, 'choosePanelMode', { mode: 'frame' })).toMatchObject({ ok: true });
  await routeDemoPages(context, sandbox.origin);
  const profile = await context.newPage();
  await profile.emulateMedia({ colorScheme: 'light' });
  await profile.goto('https://www.linkedin.com/in/maya-chen/');
  await expect((await panelFrame(profile)).getByRole('article', { name: 'Maya Chen' })).toBeVisible();
  expect(await panelBackground(profile)).toBe(LIGHT_BG);

  const theme = settings.getByRole('combobox', { name: 'Theme' });
  await expect(theme).toHaveValue('system');
  await expect(theme.getByRole('option')).toHaveText(['Match the system', 'Light', 'Dark']);
  await theme.selectOption('dark');
  // The page it was chosen on, and the panel already open on a profile, switch at once.
  await expect.poll(() => background(settings)).toBe(DARK_BG);
  await expect(settings.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(() => panelBackground(profile)).toBe(DARK_BG);

  for (const path of ['popup.html', 'lookup-history.html', 'contacts.html', 'bulk.html', 'welcome.html', 'sidepanel.html']) {
    const page = await openExtensionPage(path);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => bgToken(page), path).toBe('#15191f');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme), path).toBe('dark');
    await page.close();
  }
  await settings.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Language and theme' }).click();
  await settings.screenshot({ path: `${SHOTS}/theme-dark-chosen.png` });

  // Light chosen while the system is dark.
  await settings.emulateMedia({ colorScheme: 'dark' });
  await theme.selectOption('light');
  await expect.poll(() => background(settings)).toBe(LIGHT_BG);

  await theme.selectOption('system');
  await expect(settings.locator('html')).not.toHaveAttribute('data-theme');
  await expect.poll(() => background(settings)).toBe(DARK_BG);
  await settings.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => background(settings)).toBe(LIGHT_BG);
  await expect.poll(() => panelBackground(profile)).toBe(LIGHT_BG);
  await profile.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => panelBackground(profile)).toBe(DARK_BG);
});

test('in French, the history’s dates are typed and shown day first, filter the list, and a date it cannot read says how to write it', async ({ sandbox, worker, openExtensionPage }) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await sandbox.newKey(1000) });
  const helper = await openExtensionPage('popup.html');
  expect(await callBackground(helper, 'lookup', { op: 'enrichPerson', input: { profileUrl: 'https://www.linkedin.com/in/maya-chen' } })).toMatchObject({ ok: true });
  expect(await callBackground(helper, 'saveLanguage', { language: 'fr' })).toMatchObject({ ok: true });

  const history = await openExtensionPage('lookup-history.html');
  const table = history.getByRole('table', { name: fr['history.table'] });
  await expect(table.getByRole('row')).toHaveCount(2);
  const from = history.getByLabel(fr['history.from'], { exact: true });
  const year = new Date().getFullYear();
  await expect(from).toHaveAccessibleDescription(`Par exemple 31/12/${year}`);

  // A day in the future: nothing from then on.
  await from.fill(`15/03/${year + 1}`);
  await expect(history.getByText(fr['history.noMatch'])).toBeVisible();
  await from.blur();
  await expect(from).toHaveValue(`15/03/${year + 1}`);
  // Today, day first: the lookup is back.
  const today = new Date();
  const todayText = `${String(today.getDate()).padStart(2, '0')}/${String(today.getMonth() + 1).padStart(2, '0')}/${year}`;
  await from.fill(todayText);
  await expect(table.getByRole('row')).toHaveCount(2);

  // The English order in French: no 15th month. The filter stays as it was, and the field says why.
  await from.fill(`03/15/${year + 1}`);
  await from.blur();
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  await expect(history.getByRole('alert')).toHaveText(`Dossier ne comprend pas cette date\u202f: écrivez-la comme 31/12/${year}.`);
  await expect(table.getByRole('row')).toHaveCount(2);
  await history.screenshot({ path: `${SHOTS}/history-dates-fr.png` });

  await from.fill('');
  await expect(from).not.toHaveAttribute('aria-invalid');
});

test('screenshots of the settings: light and dark, English and German, wide and narrow', async ({ openExtensionPage }) => {
  const settings = await openExtensionPage('options.html');
  for (const [language, heading] of [
    ['en', 'Dossier settings'],
    ['de', de['app.settingsTitle']],
  ] as const) {
    expect(await callBackground(settings, 'saveLanguage', { language })).toMatchObject({ ok: true });
    await expect(settings.getByRole('heading', { level: 1 })).toHaveText(heading);
    for (const scheme of ['light', 'dark'] as const) {
      await settings.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 800, 600]) {
        await settings.setViewportSize({ width, height: 800 });
        const body = settings.locator('.settings-body');
        await body.evaluate((b) => b.scrollTo(0, 0));
        await settings.waitForTimeout(150);
        await settings.screenshot({ path: `${SHOTS}/settings-${language}-${scheme}-${width}.png` });
        if (width === 1280 && scheme === 'light') {
          await body.evaluate((b) => b.scrollTo(0, b.scrollHeight));
          await settings.waitForTimeout(150);
          await settings.screenshot({ path: `${SHOTS}/settings-${language}-${scheme}-${width}-end.png` });
        }
      }
    }
  }
});
