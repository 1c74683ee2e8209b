import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { hasWebmailAccess, setWebmailAccess, watchWebmailAccess, WEBMAIL_ORIGINS } from '@/lib/webmail/permissions';
import { installPermissions } from '@/test/unit/fake-permissions';

describe('web mail host access', () => {
  beforeEach(() => fakeBrowser.reset());

  it('names the four clients’ hosts, over https only', () => {
    expect([...WEBMAIL_ORIGINS].sort()).toEqual([
      'https://mail.google.com/*',
      'https://outlook.live.com/*',
      'https://outlook.office.com/*',
      'https://outlook.office365.com/*',
    ]);
  });

  it('asks for every web mail host in one prompt when turned on, and gives them back when turned off', async () => {
    const { api, granted } = installPermissions({ grant: true });
    expect(await hasWebmailAccess()).toBe(false);
    expect(await setWebmailAccess(true)).toBe(true);
    expect(api.request).toHaveBeenCalledTimes(1);
    expect(api.request).toHaveBeenCalledWith({ origins: [...WEBMAIL_ORIGINS] });
    expect(await setWebmailAccess(false)).toBe(false);
    expect(api.remove).toHaveBeenCalledWith({ origins: [...WEBMAIL_ORIGINS] });
    expect(granted.size).toBe(0);
  });

  it('stays off when the user refuses the prompt', async () => {
    installPermissions({ grant: false });
    expect(await setWebmailAccess(true)).toBe(false);
  });

  it('stays on when the access cannot be given back (the e2e build declares all sites up front)', async () => {
    const { api } = installPermissions({ grant: true }, ['<all_urls>']);
    expect(await hasWebmailAccess()).toBe(true);
    expect(await setWebmailAccess(false)).toBe(true);
    expect(api.remove).toHaveBeenCalled();
  });

  it('answers off when the browser has no permissions API to ask', async () => {
    Object.assign(fakeBrowser.permissions, {
      request: vi.fn(async () => {
        throw new Error('Permissions API unavailable');
      }),
      contains: vi.fn(async () => {
        throw new Error('Permissions API unavailable');
      }),
    });
    expect(await setWebmailAccess(true)).toBe(false);
  });

  it('reports changes made elsewhere, and stops when unwatched', async () => {
    const { api, listeners } = installPermissions({ grant: true });
    const seen: boolean[] = [];
    const unwatch = watchWebmailAccess((granted) => seen.push(granted));
    await api.request({ origins: [...WEBMAIL_ORIGINS] });
    await vi.waitFor(() => expect(seen).toEqual([true]));
    await api.remove({ origins: [WEBMAIL_ORIGINS[0]!] });
    await vi.waitFor(() => expect(seen).toEqual([true, false]));
    unwatch();
    expect(listeners()).toBe(0);
  });
});
