import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { deleteAllData, exportAllData, forgetTheRest } from '@/lib/worker/data';
import { appendHistory } from '@/lib/history/worker/store';
import { readHistory } from '@/lib/history/read';
import { readLedger, recordInLedger } from '@/lib/lookup/worker/ledger';
import { writeConnection } from '@/lib/crm/worker/storage';
import { apiKeyItem, gatewayItem, preferencesItem } from '@/lib/settings/stored';
import { itemOfKey, STORED_ITEMS } from '@/lib/worker/stored-items';
import { vault } from '@/lib/platform/storage/vault';
import { answerOfEntry } from '@/lib/book/from-history';
import { countContacts, recordAnswers } from '@/lib/book/store';

const ROOT = join(__dirname, '../../../..');

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}
/** The code without its comments, which may name what the code must not do. */
const CODE = ['lib', 'entrypoints', 'components']
  .flatMap(sources)
  .map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '') }));

describe('the registry of stored items', () => {
  it('keeps everything secret, paid for or personal in the vault, out of content scripts’ reach', () => {
    const sensitive = STORED_ITEMS.filter((item) => item.holds !== 'settings' && item.holds !== 'layout');
    expect(sensitive.map((i) => i.name)).toEqual(expect.arrayContaining(['API key', 'CRM connections', 'ledger', 'history entries', 'CRM outbox', 'preferences']));
    // storage.session is readable by trusted contexts only: the per-tab panel state, gone with the session.
    for (const item of sensitive) expect(['vault', 'session'], item.name).toContain(item.area);
    expect(sensitive.filter((i) => i.area === 'session').map((i) => i.name)).toEqual(['per-tab panel state']);
    // storage.local holds nothing at all.
    expect(STORED_ITEMS.filter((i) => i.area === 'local')).toEqual([]);
  });

  it('declares the vault’s record stores, so that delete-all and export-all cover them', () => {
    const stores = STORED_ITEMS.flatMap((item) => (item.records ? [item.records] : []));
    expect(stores).toEqual(expect.arrayContaining(['history', 'ledger']));
    for (const item of STORED_ITEMS.filter((i) => i.records)) {
      expect(item, item.name).toMatchObject({ area: 'vault', deleteAll: true });
      expect(item.clear, item.name).toBeDefined();
    }
  });

  it('never exports a secret', () => {
    for (const item of STORED_ITEMS.filter((i) => i.holds === 'secret')) expect(item.exportAs, item.name).toBeUndefined();
  });

  it('declares every key the code defines, each once', () => {
    const defined = CODE.flatMap(({ path, text }) =>
      [...text.matchAll(/(?:defineVaultItem|storage\.defineItem)(?:<[^(]*>)?\(\s*'(?:local:|session:)?([^']+)'/g)].map((m) => ({ path, key: m[1]! })),
    );
    expect(defined.length).toBeGreaterThan(10);
    for (const { path, key } of defined) expect(itemOfKey(key), `${key} (${path})`).toBeDefined();
    const keys = STORED_ITEMS.map((i) => i.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('leaves storage.session to trusted contexts: nothing calls setAccessLevel', () => {
    const callers = CODE.filter(({ text }) => /setAccessLevel\s*\(/.test(text)).map(({ path }) => path);
    expect(callers).toEqual([]);
  });

  it('reads storage.local nowhere but the move into the vault and the final clean-up', () => {
    const readers = CODE.filter(({ text }) => /storage\.local\b|['`]local:/.test(text)).map(({ path }) => path);
    expect(readers.sort()).toEqual(['lib/platform/storage/stored-item.ts', 'lib/worker/data.ts', 'lib/worker/local-storage-move.ts']);
  });

  it('keeps storage.session to the panel state and the language and theme mirrors the registry declares', () => {
    const users = CODE.filter(({ text }) => /storage\.session\b|['`]session:/.test(text)).map(({ path }) => path);
    expect(users.sort()).toEqual(['lib/panel/tab-state.ts', 'lib/panel/worker/tabs.ts', 'lib/platform/storage/stored-item.ts', 'lib/settings/language-mirror.ts', 'lib/settings/theme-mirror.ts', 'lib/worker/data.ts']);
    expect(itemOfKey('tab:12')).toMatchObject({ area: 'session', family: true });
    // The panel's frame cannot open the vault: the worker mirrors the language choice for it.
    expect(itemOfKey('languageMirror')).toMatchObject({ area: 'session', holds: 'settings' });
    expect(itemOfKey('language')).toMatchObject({ area: 'vault', holds: 'settings', exportAs: { path: ['settings', 'language'] } });
    // And the theme, likewise.
    expect(itemOfKey('themeMirror')).toMatchObject({ area: 'session', holds: 'settings' });
    expect(itemOfKey('theme')).toMatchObject({ area: 'vault', holds: 'settings', exportAs: { path: ['settings', 'theme'] } });
  });
});

describe('export and delete all, driven by the registry', () => {
  beforeEach(() => fakeBrowser.reset());

  async function useEverything() {
    await apiKeyItem.setValue('live-key-0123456789');
    await gatewayItem.setValue({ kind: 'custom', url: 'https://gateway.example/' });
    await preferencesItem.setValue({ suppression: { emails: ['ceo@acme.example'] } });
    await appendHistory(
      { id: 'h1', op: 'enrichPerson', subject: 's', input: {}, identity: 'person:jane', outcome: 'paid', cost: 2, fromLedger: false, paidAt: 1, at: 1, pageUrl: null, error: null },
      100,
    );
    await recordInLedger({ op: 'enrichPerson', keys: ['person:jane'], paidAt: 1, creditBurn: 2, result: { extra: { email: 'jane@acme.example' } }, historyId: 'h1' });
    await writeConnection({ kind: 'hubspot', token: 'pat-na1-0000-token-abcdef' } as never);
  }

  /** The contact book is a record store of the vault, not a key: the registry declares it all the same. */
  async function bookMaya() {
    const answer = answerOfEntry({
      id: 'h1', op: 'enrichPerson', subject: 's', input: { profileUrl: 'https://www.linkedin.com/in/jane/' }, identity: 'person:jane', outcome: 'paid', cost: 2,
      fromLedger: false, paidAt: 1, at: 1, pageUrl: null, error: null,
      result: { person: { fullName: 'Jane Roe', networkUrl: 'https://www.linkedin.com/in/jane/', urls: [], emails: [], phones: [], extra: {} }, extra: {} },
    });
    await recordAnswers([answer!]);
    expect(await countContacts()).toBe(1);
  }

  it('exports the contact book and deletes it with everything else', async () => {
    await useEverything();
    await bookMaya();
    const file = JSON.parse((await exportAllData(0)).content);
    expect(file.contacts).toMatchObject([{ id: 'person:jane', kind: 'person', name: { value: 'Jane Roe' } }]);
    Object.assign(fakeBrowser.permissions, { getAll: async () => ({ origins: [], permissions: [] }), remove: async () => true });
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ host_permissions: [] } as never);
    await deleteAllData();
    expect(await countContacts()).toBe(0);
  });

  it('exports settings, history and ledger, never the key or a token', async () => {
    await useEverything();
    const file = JSON.parse((await exportAllData(0)).content);
    expect(file).toMatchObject({ format: 'dossier-data', settings: { gateway: { url: 'https://gateway.example/' } }, history: [{ id: 'h1' }], ledger: [{ historyId: 'h1' }] });
    const text = JSON.stringify(file);
    expect(text).not.toContain('live-key-0123456789');
    expect(text).not.toContain('pat-na1-0000-token-abcdef');
  });

  it('clears every registered item of the vault, then forgets whatever else is left', async () => {
    await useEverything();
    await vault.set({ somethingNewer: 1 });
    Object.assign(fakeBrowser.permissions, { getAll: async () => ({ origins: [], permissions: [] }), remove: async () => true });
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ host_permissions: [] } as never);
    await deleteAllData();
    expect(Object.keys(await vault.get(null))).toEqual(['somethingNewer']);
    // The record stores are emptied too.
    expect(await readHistory()).toEqual([]);
    expect(await readLedger()).toEqual([]);
    await forgetTheRest();
    expect(await vault.get(null)).toEqual({});
    // The vault stays open to the stores afterwards (the migration marker survives).
    await apiKeyItem.setValue('again');
    expect(await apiKeyItem.getValue()).toBe('again');
  });
});
