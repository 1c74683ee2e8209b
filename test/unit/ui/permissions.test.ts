import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ALL_SITES, hasAllSitesAccess, requestGatewayAccess, setAllSitesAccess, watchAllSitesAccess } from '@/lib/settings/permissions';
import { installPermissions } from '../fake-permissions';

describe('optional permissions', () => {
  beforeEach(() => fakeBrowser.reset());

  it('asks for all sites when turned on, and answers the real state', async () => {
    const { api } = installPermissions({ grant: true });
    expect(await hasAllSitesAccess()).toBe(false);
    expect(await setAllSitesAccess(true)).toBe(true);
    expect(api.request).toHaveBeenCalledWith({ origins: [ALL_SITES] });
    expect(await setAllSitesAccess(false)).toBe(false);
    expect(api.remove).toHaveBeenCalledWith({ origins: [ALL_SITES] });
  });

  it('stays off when the user refuses the prompt', async () => {
    installPermissions({ grant: false });
    expect(await setAllSitesAccess(true)).toBe(false);
  });

  it('stays on when the manifest requires the permission (the e2e build)', async () => {
    installPermissions({ grant: true }, [ALL_SITES]);
    expect(await hasAllSitesAccess()).toBe(true);
    expect(await setAllSitesAccess(false)).toBe(true);
  });

  it('asks for a remote gateway’s host only, and never for this computer', async () => {
    const { api } = installPermissions({ grant: true });
    expect(await requestGatewayAccess('http://127.0.0.1:8787/api/ingress/')).toBe(true);
    expect(api.request).not.toHaveBeenCalled();
    expect(await requestGatewayAccess('https://gateway.example:8443/api/ingress/')).toBe(true);
    expect(api.request).toHaveBeenCalledWith({ origins: ['https://gateway.example/*'] });
  });

  it('reports a refused gateway permission as false, not as an error', async () => {
    const { api } = installPermissions({ grant: false });
    expect(await requestGatewayAccess('https://gateway.example/api/ingress/')).toBe(false);
    api.request.mockRejectedValueOnce(new Error('This function must be called during a user gesture'));
    expect(await requestGatewayAccess('https://gateway.example/api/ingress/')).toBe(false);
  });

  it('follows changes made elsewhere until unwatched', async () => {
    const { api, listeners } = installPermissions({ grant: true });
    const seen: boolean[] = [];
    const stop = watchAllSitesAccess((granted) => seen.push(granted));
    await api.request({ origins: [ALL_SITES] });
    await vi.waitFor(() => expect(seen).toEqual([true]));
    await api.remove({ origins: [ALL_SITES] });
    await vi.waitFor(() => expect(seen).toEqual([true, false]));
    stop();
    expect(listeners()).toBe(0);
  });
});
