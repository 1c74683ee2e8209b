import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Frame, Page, Worker } from '@playwright/test';
import { routeDemoPages } from '@/scripts/demo-routes';
import { en } from '@/lib/platform/i18n/en';
import { pseudoMessage } from '@/lib/platform/i18n/pseudo';
import { callBackground, configureExtension, expect, panelFrame, test, type Sandbox } from '@/test/e2e/extension';
import { boxesOf, tookOver, watchTakeOver } from '@/test/e2e/first-paint-watch';

/**
 * The in-page panel draws its header and first words without React (entrypoints/panel-frame/
 * first-paint.ts), then the React panel takes its place. Here the React panel is held (the
 * automation build waits for `window.__releaseReact()` in the frame) so that the first paint can
 * be used and looked at alone: its controls are found by role and name, a fold made there is the
 * React panel's, and the header does not move at the swap. Screenshots of both, light and dark,
 * English and pseudo-locale, go to test-results/first-paint-panel/.
 */
const SHOTS = join('test-results', 'first-paint-panel');
const MAYA = 'https://www.linkedin.com/in/maya-chen/';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const release = (frame: Frame) => frame.evaluate(() => (window as unknown as { __releaseReact: () => void }).__releaseReact());
const marks = (frame: Frame) => frame.evaluate(() => ['dossier:first-paint', 'dossier:takeover'].filter((name) => performance.getEntriesByName(name).length > 0));

async function prepare(context: BrowserContext, worker: Worker, sandbox: Sandbox, openExtensionPage: (path: string) => Promise<Page>, language: 'en' | 'en-XA') {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await sandbox.newKey(10_000) });
  const settings = await openExtensionPage('options.html');
  expect(await callBackground(settings, 'choosePanelMode', { mode: 'frame' })).toMatchObject({ ok: true });
  // Chosen as a user would; the worker's copy (what the frame reads) follows.
  await settings.getByRole('combobox', { name: 'Language' }).selectOption(language);
  await expect(settings.locator('html')).toHaveAttribute('lang', language);
  await settings.close();
  await routeDemoPages(context, sandbox.origin);
}

async function heldProfile(context: BrowserContext, colorScheme: 'light' | 'dark'): Promise<{ page: Page; frame: Frame }> {
  const page = await context.newPage();
  await page.emulateMedia({ colorScheme });
  await page.addInitScript(watchTakeOver, true);
  await page.goto(MAYA);
  return { page, frame: await panelFrame(page) };
}

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

for (const language of ['en', 'en-XA'] as const) {
  test(`${language}: the panel's header is drawn before React, usable by role and name, and does not move when React takes its place`, async ({ context, worker, sandbox, openExtensionPage }) => {
    await prepare(context, worker, sandbox, openExtensionPage, language);
    const said = (key: keyof typeof en) => (language === 'en' ? en[key] : pseudoMessage(en[key]));
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, frame } = await heldProfile(context, colorScheme);
      const panel = frame.getByRole('complementary', { name: new RegExp(`^${escaped(said('app.name'))}`) });
      await expect(panel).toBeVisible();
      for (const name of ['panel.moveLeft', 'panel.collapse', 'panel.close'] as const) await expect(panel.getByRole('button', { name: said(name), exact: true })).toBeEnabled();
      await expect(panel.getByText(said('app.sandbox'), { exact: true })).toBeVisible();
      // The first paint alone: its card, and every button that spends, come with React; so does the
      // book's link under the card, which the card would otherwise push down at the swap.
      expect(await marks(frame)).toEqual(['dossier:first-paint']);
      await expect(panel.getByRole('article')).toHaveCount(0);
      await expect(panel.getByRole('button', { name: said('app.openBook'), exact: true })).toHaveCount(0);
      await page.locator('dossier-panel').screenshot({ path: join(SHOTS, `panel-${language}-${colorScheme}-1-first-paint.png`) });

      await release(frame);
      await tookOver(frame);
      await expect(panel.getByRole('article', { name: 'Maya Chen' })).toBeVisible();
      await expect(panel.getByRole('group', { name: said('panel.action.enrich'), exact: true }).getByRole('button')).toBeVisible();
      await expect(panel.getByRole('button', { name: said('app.openBook'), exact: true })).toBeEnabled();
      // The header (its title, tag and controls: the 4th to 10th elements under the root) is where and what it was.
      const { before, after } = await boxesOf(frame);
      expect(after.slice(3, 10)).toEqual(before.slice(3, 10));
      await page.waitForTimeout(300);
      await page.locator('dossier-panel').screenshot({ path: join(SHOTS, `panel-${language}-${colorScheme}-2-react.png`) });
      await page.close();
    }
  });
}

test('folded in the first paint, the panel stays folded in React, keeps the focus, and nothing moves at the swap', async ({ context, worker, sandbox, openExtensionPage }) => {
  await prepare(context, worker, sandbox, openExtensionPage, 'en');
  const { page, frame } = await heldProfile(context, 'light');
  const panel = frame.getByRole('complementary', { name: /Dossier/ });
  await panel.getByRole('button', { name: 'Collapse Dossier panel' }).click();
  const expand = panel.getByRole('button', { name: 'Expand Dossier panel' });
  await expect(expand).toBeFocused();
  await expect(expand).toHaveAttribute('aria-expanded', 'false');
  await expect(panel.getByRole('button', { name: 'Contact book' })).toHaveCount(0);
  await page.locator('dossier-panel').screenshot({ path: join(SHOTS, 'panel-folded-1-first-paint.png') });

  await release(frame);
  await tookOver(frame);
  const { before, after } = await boxesOf(frame);
  expect(after).toEqual(before);
  await expect(expand).toBeFocused();
  // The React panel is in, and its controls are the ones that answer now.
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('article', { name: 'Maya Chen' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Collapse Dossier panel' })).toBeFocused();
  await page.locator('dossier-panel').screenshot({ path: join(SHOTS, 'panel-folded-2-react-expanded.png') });
});

test('closed from the first paint, the panel goes and React does not bring it back', async ({ context, worker, sandbox, openExtensionPage }) => {
  await prepare(context, worker, sandbox, openExtensionPage, 'en');
  const { page, frame } = await heldProfile(context, 'light');
  await frame.getByRole('complementary', { name: /Dossier/ }).getByRole('button', { name: 'Close Dossier panel' }).click();
  await expect(page.locator('dossier-panel')).toBeHidden();
  await page.waitForTimeout(1000);
  await expect(page.locator('dossier-panel')).toBeHidden();
});
