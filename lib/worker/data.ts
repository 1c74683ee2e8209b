import { browser } from 'wxt/browser';
import { releaseHostAccess } from '@/lib/settings/permissions';
import { clearRegisteredItems, exportRegisteredItems } from '@/lib/worker/stored-items';
import { vault } from '@/lib/platform/storage/vault';

/**
 * Everything Dossier keeps about the user, as one file: every item of the registry
 * (lib/worker/stored-items.ts) that says where it goes in it. The API key and CRM tokens never do.
 */
export async function exportAllData(now: number): Promise<{ filename: string; mimeType: string; content: string }> {
  const data = await exportRegisteredItems();
  const content = JSON.stringify({ format: 'dossier-data', version: 1, exportedAt: new Date(now).toISOString(), ...data }, null, 2);
  return { filename: `dossier-data-${new Date(now).toISOString().slice(0, 10)}.json`, mimeType: 'application/json', content };
}

/**
 * Forgets the user's lookups and settings: every registry item that "delete all data" clears,
 * each through its own store so that no queued write brings it back. See also forgetTheRest.
 */
export async function deleteAllData(): Promise<void> {
  await clearRegisteredItems();
  await browser.action.setBadgeText({ text: '' });
}

/**
 * The last step of "delete all data", after each feature forgot its own: whatever else is in
 * extension storage goes too (keys a later release adds, anything an older one left behind in
 * `storage.local`), and host access granted at a prompt (a gateway, a CRM, all sites) is given
 * back. Only the permissions the manifest requires remain.
 */
export async function forgetTheRest(): Promise<void> {
  await vault.clear();
  await browser.storage.local.clear();
  await browser.storage.session?.clear();
  await releaseHostAccess();
}
