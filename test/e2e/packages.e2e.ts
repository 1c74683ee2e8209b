import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import JSZip from 'jszip';
import { routeDemoPages } from '@/scripts/demo-routes';
import { choosePanelMode, configureExtension, expect, launchWithExtension, panelFrame, serviceWorkerOf, test } from '@/test/e2e/extension';

/**
 * The store package itself, not the test build: `npm run zip` (run by `npm test` before this
 * suite) wrote it. It declares no host at all (not `<all_urls>`, not this computer's), so this
 * also shows that the release works on the professional network with only the permissions it
 * asks for at install. Reaching the sandbox takes the user's yes to the prompt that choosing it
 * raises, which automation cannot give in Chromium: the Firefox suite, whose Firefox grants it by
 * preference, enriches with its store package (test/firefox/store-package.firefox.ts).
 */
const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
/** Chrome's package, and Edge's from the same code (`wxt zip -b edge`): Edge runs Chromium, so it loads here as in Edge. */
const STORE_PACKAGES = { Chrome: `.output/dossier-${version}-chrome.zip`, Edge: `.output/dossier-${version}-edge.zip` };

async function unpack(zipPath: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'dossier-package-'));
  const zip = await JSZip.loadAsync(readFileSync(zipPath));
  for (const [name, entry] of Object.entries(zip.files)) {
    if (entry.dir) continue;
    const target = join(dir, name);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, await entry.async('nodebuffer'));
  }
  return dir;
}

for (const [store, zipPath] of Object.entries(STORE_PACKAGES)) {
  test(`the ${store} store package loads, opens the welcome page, declares no host, asks for the sandbox’s before reaching it, and offers enrichment on a profile`, async ({ sandbox }) => {
    const extensionDir = await unpack(zipPath);
    const manifest = JSON.parse(readFileSync(join(extensionDir, 'manifest.json'), 'utf8'));
    expect(manifest.version).toBe(version);
    expect(manifest).not.toHaveProperty('host_permissions');
    expect(manifest.optional_host_permissions).toEqual(['<all_urls>']);
    expect(manifest).not.toHaveProperty('chrome_url_overrides');
    for (const size of ['16', '32', '48', '128']) expect(manifest.icons).toHaveProperty(size);
    // The automation build's context-menu hook is compiled out of releases.
    const background = readFileSync(join(extensionDir, 'background.js'), 'utf8');
    expect(background).not.toContain('dossierAutomation');
    // …and so is its tab in place of the browser's web-auth window (lib/crm/worker/web-auth/tab-flow.ts, whose refusal this is).
    expect(background).not.toContain('The user did not approve access.');
    // Name, description and shortcut in the browser's language; the pseudo-locale is not in a
    // release: no page offers it, and no file holds its padding words.
    expect(manifest).toMatchObject({ name: '__MSG_extName__', description: '__MSG_extDescription__', default_locale: 'en' });
    for (const locale of ['en', 'fr', 'de', 'es']) expect(JSON.parse(readFileSync(join(extensionDir, '_locales', locale, 'messages.json'), 'utf8'))).toHaveProperty('extDescription.message');
    const chunks = readdirSync(join(extensionDir, 'chunks')).map((file) => readFileSync(join(extensionDir, 'chunks', file), 'utf8'));
    for (const code of [background, ...chunks]) expect(code).not.toContain('ļöñĝ');

    const profile = mkdtempSync(join(tmpdir(), 'dossier-profile-'));
    const context = await launchWithExtension(profile, extensionDir);
    try {
      const worker = await serviceWorkerOf(context);
      const extensionId = new URL(worker.url()).host;
      // The install opens the welcome page, in a tab of its own.
      await expect.poll(() => context.pages().map((page) => page.url())).toContain(`chrome-extension://${extensionId}/welcome.html`);
      const popup = await context.newPage();
      await popup.goto(`chrome-extension://${extensionId}/popup.html`);
      await expect(popup.getByRole('heading', { name: 'No API key yet' })).toBeVisible();
      expect(await worker.evaluate(() => chrome.runtime.getManifest().name)).toBe('Dossier');

      // Test connection with the sandbox: the browser asks for this computer's host first (its
      // prompt, which automation cannot answer, stays open), and nothing reaches the sandbox.
      const apiId = await sandbox.newKey(100);
      const settings = await context.newPage();
      await settings.goto(`chrome-extension://${extensionId}/options.html`);
      await expect(settings.getByRole('combobox', { name: 'Language' }).getByRole('option')).toHaveText(['Browser default (English)', 'English', 'Français', 'Deutsch', 'Español']);
      await settings.getByLabel('Service address').fill(sandbox.url);
      await settings.getByLabel('API key', { exact: true }).fill(apiId);
      await settings.getByRole('button', { name: 'Test connection' }).click();
      await settings.waitForTimeout(1500);
      await expect(settings.getByRole('status')).toHaveCount(0);
      expect((await sandbox.ledger(apiId)).requests).toBe(0);

      // The network's pages need nothing more than the install: the panel offers the enrichment.
      await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
      await routeDemoPages(context, sandbox.origin);
      const page = await context.newPage();
      await choosePanelMode(context, extensionId, 'frame');
      await page.goto('https://www.linkedin.com/in/maya-chen/');
      const panel = (await panelFrame(page)).getByRole('complementary', { name: /Dossier/ });
      await expect(panel.getByRole('article', { name: 'Maya Chen' }).getByRole('button', { name: 'Enrich person and company · up to 2 credits' })).toBeVisible();
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
      rmSync(extensionDir, { recursive: true, force: true });
    }
  });
}
