import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { en } from '@/lib/platform/i18n/en';
import { pseudoMessage } from '@/lib/platform/i18n/pseudo';
import { choosePanelMode, configureExtension, expect, readVault, test, writeRecords, writeVault } from '@/test/e2e/extension';
import { boxesOf, tookOver, watchTakeOver } from '@/test/e2e/first-paint-watch';

/**
 * The popup draws first without React (entrypoints/popup/first-paint.ts), then the React popup
 * takes its place. Here the swap is held (the page's `replaceWith` of its root waits for the test)
 * so that the first paint can be used and looked at on its own: its controls are found by role
 * and name; what is typed into it and where the focus is go over to the React popup; and no
 * element moves at the swap. Screenshots of both, light and dark, English and pseudo-locale, go to
 * test-results/first-paint/.
 */
const SHOTS = join('test-results', 'first-paint');
const MAYA = 'https://www.linkedin.com/in/maya-chen/';
const HOUR = 3_600_000;


test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

test('the popup’s first paint is usable by role and name, hands what was typed and the focus to the React popup, and nothing moves at the swap', async ({ context, worker, sandbox, extensionId }) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: 'sandbox-demo-key' });
  await choosePanelMode(context, extensionId, 'stealth');
  const now = Date.now();
  await writeRecords(worker, 'history', [
    { id: 'h1', op: 'searchPhone', subject: MAYA, input: { profileUrl: MAYA, fullName: 'Maya Chen', company: 'Northwind Analytics' }, identity: 'person:maya-chen', outcome: 'miss', cost: 0, fromLedger: false, paidAt: null, at: now - HOUR, pageUrl: null, error: null },
  ]);
  const url = `chrome-extension://${extensionId}/popup.html`;
  // The React popup refreshes the balance as it opens: a refresh landing after the next opening
  // stored its balance would overwrite it (the Refresh button is enabled before the refresh starts too).
  const refreshLanded = (since: number) =>
    expect.poll(async () => ((await readVault(worker, ['balance'])).balance as { at?: number } | undefined)?.at ?? 0).toBeGreaterThanOrEqual(since);
  // The first opening learns that a key is saved (the hint the first paint draws from).
  const first = await context.newPage();
  const opened = Date.now();
  await first.goto(url);
  await refreshLanded(opened);
  await expect(first.getByRole('button', { name: 'Refresh balance' })).toBeEnabled();
  await first.close();
  // Each opening refreshes the balance: before each, the stored balance the first paint shows.
  const storeBalance = () => writeVault(worker, { balance: { credits: 480, at: now - 2 * HOUR }, balance$: { v: 1 } });

  for (const language of ['en', 'en-XA'] as const) {
    await writeVault(worker, { language, language$: { v: 1 } });
    for (const colorScheme of ['light', 'dark'] as const) {
      await storeBalance();
      const page = await context.newPage();
      await page.setViewportSize({ width: 400, height: 640 });
      await page.emulateMedia({ colorScheme });
      await page.addInitScript(watchTakeOver, true);
      await page.goto(url);
      const said = (key: keyof typeof en) => (language === 'en' ? en[key] : pseudoMessage(en[key]));
      const box = page.getByRole('textbox', { name: said('quick.label'), exact: true });
      await expect(box).toBeEditable();
      await expect(page.getByRole('list', { name: said('recent.title'), exact: true }).getByRole('link')).toHaveCount(1);
      await page.screenshot({ path: join(SHOTS, `popup-${language}-${colorScheme}-1-first-paint.png`) });
      if (language === 'en' && colorScheme === 'light') {
        await expect(page.getByText('480 credits')).toBeVisible();
        await expect(page.getByRole('link', { name: /Maya Chen · Northwind Analytics/ })).toBeVisible();
        await box.fill('Maya Chen');
        await box.press('ArrowLeft');
      }
      const released = Date.now();
      await page.evaluate(() => (window as unknown as { __releaseReact: () => void }).__releaseReact());
      await tookOver(page);
      await page.screenshot({ path: join(SHOTS, `popup-${language}-${colorScheme}-2-react.png`) });
      // Same elements, same places, same words, on both sides of the swap.
      const boxes = await boxesOf(page);
      expect(boxes.after).toEqual(boxes.before);
      if (language === 'en' && colorScheme === 'light') {
        // The React box holds the text, has the focus and the caret where it was, and acts on it.
        await expect(box).toHaveValue('Maya Chen');
        await expect(box).toBeFocused();
        expect(await box.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(8);
        await expect(page.getByRole('textbox', { name: 'Company', exact: true })).toBeVisible();
      }
      await refreshLanded(released);
      await page.close();
    }
  }
});
