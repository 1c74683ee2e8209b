import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCrmService } from '@/lib/crm/worker/presence-check';
import { forgetTheRest } from '@/lib/worker/data';
import { crmConnectionsItem } from '@/lib/crm/worker/storage';
import { releaseHostAccess } from '@/lib/settings/permissions';

const MANIFEST = {
  host_permissions: ['http://127.0.0.1/*', '*://*.linkedin.com/*'],
  content_scripts: [{ matches: ['*://*.x.com/*'], js: ['content-scripts/network.js'] }],
};

/** As Chrome behaves: optional hosts are granted and removable; required ones refuse removal. */
function fakePermissions(granted: string[]) {
  const held = new Set(granted);
  const remove = vi.fn(async ({ origins }: { origins: string[] }) => {
    for (const o of origins) {
      if (MANIFEST.host_permissions.includes(o) || o === '*://*.x.com/*') throw new Error('You cannot remove required permissions.');
      held.delete(o);
    }
    return true;
  });
  Object.assign(fakeBrowser.permissions, { getAll: async () => ({ origins: [...held], permissions: [] }), remove });
  vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue(MANIFEST as never);
  return { held, remove };
}

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
});

describe('giving host access back', () => {
  it('removes every optional host and leaves the required ones alone', async () => {
    const { held, remove } = fakePermissions(['http://127.0.0.1/*', '*://*.linkedin.com/*', '*://*.x.com/*', 'https://api.hubapi.com/*', '<all_urls>']);
    await releaseHostAccess();
    expect([...held].sort()).toEqual(['*://*.linkedin.com/*', '*://*.x.com/*', 'http://127.0.0.1/*']);
    // Never asked to remove what the manifest requires (Chrome would refuse the whole call).
    expect(remove.mock.calls.flatMap(([{ origins }]) => origins)).toEqual(['https://api.hubapi.com/*', '<all_urls>']);
  });

  it('removes only the patterns given', async () => {
    const { held } = fakePermissions(['https://api.hubapi.com/*', 'https://acme.pipedrive.com/*']);
    await releaseHostAccess(['https://api.hubapi.com/*']);
    expect([...held]).toEqual(['https://acme.pipedrive.com/*']);
  });
});

describe('deleting all data, last step', () => {
  it('leaves extension storage empty, whatever keys it held, and gives host access back', async () => {
    const { held } = fakePermissions(['https://gateway.example/*']);
    await fakeBrowser.storage.local.set({ gateway: { kind: 'custom', url: 'https://gateway.example/api/ingress/' }, panelLayout: { side: 'left' }, somethingNew: 1 });
    await fakeBrowser.storage.session.set({ pending: 1 });
    await forgetTheRest();
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
    expect([...held]).toEqual([]);
  });
});

describe('disconnecting a CRM', () => {
  const crm = () => createCrmService({ readHistory: async () => [], readHistoryEntries: async () => [], appendHistory: async () => {}, now: () => 0, newId: () => 'id', wake: () => {} });

  it('gives back its host when no other connection uses it', async () => {
    const { held } = fakePermissions(['https://api.hubapi.com/*', 'https://acme.pipedrive.com/*']);
    await crmConnectionsItem.setValue({
      hubspot: { kind: 'hubspot', token: 'pat-na1-0000-token-abcdef' },
      pipedrive: { kind: 'pipedrive', token: 'a'.repeat(40), domain: 'acme' },
    });
    await crm().disconnect('hubspot');
    expect([...held]).toEqual(['https://acme.pipedrive.com/*']);
    expect(Object.keys(await crmConnectionsItem.getValue())).toEqual(['pipedrive']);
  });

  it('keeps a host another connection still uses', async () => {
    const { held } = fakePermissions(['https://hooks.example/*']);
    await crmConnectionsItem.setValue({
      webhook: { kind: 'webhook', url: 'https://hooks.example/dossier', secret: 's'.repeat(16) },
      hubspot: { kind: 'hubspot', token: 'pat-na1-0000-token-abcdef', apiBase: 'https://hooks.example/hubspot' },
    });
    await crm().disconnect('webhook');
    expect([...held]).toEqual(['https://hooks.example/*']);
  });
});
