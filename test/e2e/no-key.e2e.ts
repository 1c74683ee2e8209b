import { configureExtension, expect, test } from '@/test/e2e/extension';

/**
 * The pages that are of little use without an API key (the lookup history, the contact book,
 * bulk enrichment) say so at their top, with the way to the welcome page where a key is set in a
 * minute; once a key is saved, the notice is gone.
 */
const PAGES = [
  ['lookup-history.html', 'Lookup history'],
  ['contacts.html', 'Contact book'],
  ['bulk.html', 'Bulk enrichment'],
] as const;

test('without a key, the history, the contact book and the bulk page say so and link to the welcome page', async ({ openExtensionPage }) => {
  for (const [path] of PAGES) {
    const page = await openExtensionPage(path);
    const notice = page.getByRole('region', { name: 'No API key yet' });
    await expect(notice, path).toBeVisible();
    await expect(notice).toContainText('Connect your account to look people up');
    const link = notice.getByRole('link', { name: 'Set up Dossier' });
    await expect(link).toHaveAttribute('href', /\/welcome\.html$/);
    if (path === 'contacts.html') {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: 'test-results/book/book-no-key-1280.png' });
    }
    await link.click();
    await expect(page.getByRole('heading', { name: 'Welcome to Dossier', level: 1 })).toBeVisible();
    await page.close();
  }
});

test('with a key saved, none of these pages shows the notice', async ({ worker, sandbox, openExtensionPage }) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await sandbox.newKey(100) });
  for (const [path, title] of PAGES) {
    const page = await openExtensionPage(path);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
    // The worker's answer is in once the page has asked for it; the notice waits for that answer.
    await page.waitForTimeout(500);
    await expect(page.getByRole('heading', { name: 'No API key yet' }), path).toHaveCount(0);
    await page.close();
  }
});
