import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bulkRunHash, runIdOf } from '@/lib/bulk/address';
import { historyEntryHash } from '@/lib/history/address';
import { historyUrl } from '@/lib/history/page/url';
import { extensionPageUrl, openExtensionPage } from '@/lib/platform/extension-pages';

describe('Dossier’s pages, opened one way (lib/platform/extension-pages.ts)', () => {
  beforeEach(() => fakeBrowser.reset());

  it('opens a page in a tab of its own, at the place a feature wrote', async () => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await openExtensionPage('bulk', bulkRunHash('run 1/2'));
    await openExtensionPage('book');
    expect(create.mock.calls.map(([props]) => props.url)).toEqual([extensionPageUrl('bulk', 'run=run%201%2F2'), extensionPageUrl('book')]);
    expect(create.mock.calls[1]![0].url).toMatch(/\/contacts\.html$/);
    expect(runIdOf(new URL(create.mock.calls[0]![0].url!).hash)).toBe('run 1/2');
  });

  it('brings the settings forward rather than opening them twice', async () => {
    const options = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await openExtensionPage('settings');
    expect(options).toHaveBeenCalledOnce();
    expect(create).not.toHaveBeenCalled();
  });

  it('addresses a history entry the same from the popup, the balance note and the worker’s notification', () => {
    expect(historyUrl('h 1')).toBe(extensionPageUrl('history', historyEntryHash('h 1')));
    expect(historyUrl('h 1')).toMatch(/\/lookup-history\.html#h%201$/);
    expect(historyUrl()).toMatch(/\/lookup-history\.html$/);
  });

  it('is the only module that makes a page’s address or opens the settings', () => {
    const files = (folder: string): string[] =>
      readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(folder, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(folder, entry.name)] : []));
    const own = join('lib', 'platform', 'extension-pages.ts');
    const others = ['lib', 'components', 'entrypoints']
      .flatMap(files)
      .filter((path) => path !== own)
      .filter((path) => /getURL\(\s*['"`]\/?[\w-]+\.html|openOptionsPage\(/.test(readFileSync(path, 'utf8')));
    expect(others).toEqual([]);
  });
});
