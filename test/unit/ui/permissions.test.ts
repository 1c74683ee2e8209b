import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { requestCrmAccess } from '@/lib/crm/page/permissions';
import { ALL_SITES, hasAllSitesAccess, requestGatewayAccess, setAllSitesAccess, watchAllSitesAccess } from '@/lib/settings/permissions';
import { installPermissions } from '@/test/unit/fake-permissions';

/** The hosts the build's manifest declares: none in a store build (wxt.config.ts). */
function manifestHosts(hosts: string[] = []) {
  vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Dossier', version: '0', host_permissions: hosts });
}
const THIS_COMPUTER = ['http://127.0.0.1/*', 'http://localhost/*'];

describe('optional permissions', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    manifestHosts();
  });

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

  it('a store build asks for the sandbox’s host on this computer where it is chosen, as for any gateway', async () => {
    const { api } = installPermissions({ grant: true });
    expect(await requestGatewayAccess('http://127.0.0.1:8787/api/ingress/')).toBe(true);
    expect(api.request).toHaveBeenCalledWith({ origins: ['http://127.0.0.1/*'] });
    expect(await requestGatewayAccess('https://gateway.example:8443/api/ingress/')).toBe(true);
    expect(api.request).toHaveBeenLastCalledWith({ origins: ['https://gateway.example/*'] });
  });

  it('a store build refused this computer’s host: the sandbox is not usable, and says so (false)', async () => {
    installPermissions({ grant: false });
    expect(await requestGatewayAccess('http://localhost:8787/api/ingress/')).toBe(false);
  });

  it('development and automation builds declare this computer’s hosts: nothing to ask for the sandbox or an emulator', async () => {
    manifestHosts(THIS_COMPUTER);
    const { api } = installPermissions({ grant: false });
    expect(await requestGatewayAccess('http://127.0.0.1:8787/api/ingress/')).toBe(true);
    expect(await requestCrmAccess({ kind: 'hubspot', token: 'pat-na1-0000', apiBase: 'http://127.0.0.1:9100' })).toBe(true);
    expect(api.request).not.toHaveBeenCalled();
    // A remote gateway is still asked for.
    expect(await requestGatewayAccess('https://gateway.example/api/ingress/')).toBe(false);
    expect(api.request).toHaveBeenCalledWith({ origins: ['https://gateway.example/*'] });
  });

  it('a store build asks for a CRM emulator or local relay on this computer when it is connected', async () => {
    const { api } = installPermissions({ grant: true });
    expect(await requestCrmAccess({ kind: 'hubspot', token: 'pat-na1-0000', apiBase: 'http://127.0.0.1:9100' })).toBe(true);
    expect(api.request).toHaveBeenCalledWith({ origins: ['http://127.0.0.1/*'] });
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
