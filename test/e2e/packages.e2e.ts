import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import JSZip from 'jszip';
import { routeDemoPages } from '../../scripts/demo-routes';
import { choosePanelMode, configureExtension, expect, launchWithExtension, panelFrame, serviceWorkerOf, test } from './extension';

/**
 * The store package itself, not the test build: `npm run zip` (run by `npm test` before this
 * suite) wrote it. It declares no `<all_urls>`, so this also shows that the release works on
 * the professional network with only the permissions it asks for at install.
 */
const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const CHROME_PACKAGE = `.output/dossier-${version}-chrome.zip`;

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

test('the Chrome store package loads, asks only for its declared hosts, and enriches a profile', async ({ sandbox }) => {
  const extensionDir = await unpack(CHROME_PACKAGE);
  const manifest = JSON.parse(readFileSync(join(extensionDir, 'manifest.json'), 'utf8'));
  expect(manifest.version).toBe(version);
  expect(manifest.host_permissions).not.toContain('<all_urls>');
  expect(manifest.optional_host_permissions).toEqual(['<all_urls>']);
  expect(manifest).not.toHaveProperty('chrome_url_overrides');
  for (const size of ['16', '32', '48', '128']) expect(manifest.icons).toHaveProperty(size);
  // The automation build's context-menu hook is compiled out of releases.
  const background = readFileSync(join(extensionDir, 'background.js'), 'utf8');
  expect(background).not.toContain('dossierAutomation');
  // …and so is its tab in place of the browser's web-auth window (lib/crm/web-auth/tab-flow.ts, whose refusal this is).
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
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    await expect(popup.getByRole('heading', { name: 'No API key yet' })).toBeVisible();
    expect(await worker.evaluate(() => chrome.runtime.getManifest().name)).toBe('Dossier');
    const settings = await context.newPage();
    await settings.goto(`chrome-extension://${extensionId}/options.html`);
    await expect(settings.getByRole('combobox', { name: 'Language' }).getByRole('option')).toHaveText(['Browser default (English)', 'English', 'Français', 'Deutsch', 'Español']);
    await settings.close();

    await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: 'sandbox-demo-key' });
    await routeDemoPages(context, sandbox.origin);
    const page = await context.newPage();
    await choosePanelMode(context, extensionId, 'frame');
    await page.goto('https://www.linkedin.com/in/maya-chen/');
    const panel = (await panelFrame(page)).getByRole('complementary', { name: /Dossier/ });
    await panel.getByRole('button', { name: /^Enrich person and company/ }).click();
    const card = panel.getByRole('article', { name: 'Maya Chen' });
    await expect(card).toContainText('Paid 2 credits.');
    await expect(card.getByRole('group', { name: 'Work email', exact: true }).getByRole('link', { name: /@/ })).toBeVisible();
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    rmSync(extensionDir, { recursive: true, force: true });
  }
});
