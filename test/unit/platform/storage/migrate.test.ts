import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readConnections } from '@/lib/crm/worker/storage';
import { readOutbox } from '@/lib/crm/outbox/store';
import type { HistoryEntry } from '@/lib/history/entry';
import { startRecordMigration } from '@/lib/history/worker/record-migration';
import { readHistory } from '@/lib/history/worker/store';
import { findInLedger } from '@/lib/lookup/worker/ledger';
import { readApiKey } from '@/lib/settings/stored';
import { moveLocalIntoVault, startVaultMigration } from '@/lib/worker/local-storage-move';
import { itemOfKey, STORED_ITEMS } from '@/lib/worker/stored-items';
import { copyIntoVault, readMigrationMarker, vault } from '@/lib/platform/storage/vault';
import { freshVault } from '@/test/setup/vault-helpers';

const local = fakeBrowser.storage.local;

function entry(id: string, at: number): HistoryEntry {
  return {
    id,
    op: 'enrichPerson',
    subject: `https://www.linkedin.com/in/${id}/`,
    input: {},
    identity: `person:${id}`,
    outcome: 'paid',
    cost: 2,
    fromLedger: false,
    paidAt: at,
    at,
    pageUrl: null,
    error: null,
  };
}

const ledgerEntry = { op: 'enrichPerson', keys: ['person:jane'], paidAt: 1_000, creditBurn: 2, result: { email: 'jane@acme.example', extra: {} }, historyId: 'l2' };
const outboxEntry = {
  id: 'push-1',
  target: 'hubspot',
  contact: { identity: 'person:jane', fullName: 'Jane Doe', emails: [], phones: [], enrichedAt: 1, historyId: 'l2' },
  overwrite: [],
  state: 'queued',
  attempts: 0,
  nextAttemptAt: 0,
  createdAt: 1,
  updatedAt: Date.now(),
};

/** What release 0.1 left in storage.local for a user with some of everything. */
const OLD_PROFILE: Record<string, unknown> = {
  apiKey: 'live-key-0123456789',
  apiKey$: { v: 1 },
  gateway: { kind: 'sandbox', url: 'http://127.0.0.1:8787/' },
  balance: { credits: 120, at: 5 },
  preferences: { suppression: { emails: ['ceo@acme.example'] } },
  ledger: [ledgerEntry],
  pendingLookups: [],
  crmConnections: { hubspot: { kind: 'hubspot', token: 'pat-na1-0000-token-abcdef' } },
  crmRecordIds: { 'hubspot|person:jane': { id: '901', url: null, at: 3 } },
  crmOutbox: [outboxEntry],
  // History: layout 2 (one key per entry) and release 0.1's array, still waiting to be moved.
  'historyEntry:l2': entry('l2', 20),
  'historyPage:0': ['l2'],
  historyIndex: { pages: [{ n: 0, size: 1 }], next: 1 },
  history: [entry('l1', 10)],
  panelLayout: { collapsed: true, side: 'left' },
};

const VAULT_KEYS = Object.keys(OLD_PROFILE);

/** The worker's next step: the ledger and the history move into their record stores. */
async function moveIntoRecords() {
  await startRecordMigration().history;
}

beforeEach(async () => {
  fakeBrowser.reset();
  await freshVault({ migrated: false });
  await local.set(structuredClone(OLD_PROFILE));
});

async function expectEverythingInTheVault() {
  const inVault = await vault.get(null);
  for (const key of VAULT_KEYS) expect(inVault[key], key).toEqual(OLD_PROFILE[key]);
  expect(await local.get(null)).toEqual({});
  // And the stores read it back, once the history and the ledger are in their record stores.
  await moveIntoRecords();
  expect(await readApiKey()).toBe('live-key-0123456789');
  expect((await readHistory()).map((e) => e.id)).toEqual(['l2', 'l1']);
  expect(await findInLedger('enrichPerson', ['person:jane'], { windowFor: () => 1e12 }, 2_000)).toEqual(ledgerEntry);
  expect(await readConnections()).toMatchObject({ hubspot: { token: 'pat-na1-0000-token-abcdef' } });
  expect((await readOutbox()).map((i) => i.id)).toEqual(['push-1']);
}

describe('moving storage.local into the vault', () => {
  it('moves every registered item, history of both layouts included, and leaves storage.local none of them', async () => {
    const report = await moveLocalIntoVault(local, 100);
    expect(report.copied.sort()).toEqual([...VAULT_KEYS].sort());
    expect(await readMigrationMarker()).toMatchObject({ version: 1, at: 100 });
    await expectEverythingInTheVault();
  });

  it('changes nothing when run again', async () => {
    await moveLocalIntoVault(local, 100);
    await moveIntoRecords();
    const before = await vault.get(null);
    const report = await moveLocalIntoVault(local, 200);
    expect(report).toEqual({ copied: [], removed: [] });
    expect(await vault.get(null)).toEqual(before);
  });

  it('recovers from a worker stopped between the copy and the removal, and never brings back stale copies', async () => {
    vi.spyOn(local, 'remove').mockRejectedValueOnce(new Error('worker stopped'));
    await expect(moveLocalIntoVault(local, 100)).rejects.toThrow('worker stopped');
    expect(Object.keys(await local.get(null)).length).toBe(Object.keys(OLD_PROFILE).length);
    // Between the two runs the vault moves on: a lookup changes the key, the history moves
    // into its record store (its old keys are gone) and an entry is deleted.
    await vault.set({ apiKey: 'new-key-after-move' });
    await moveIntoRecords();
    expect((await readHistory()).map((e) => e.id)).toEqual(['l2', 'l1']);

    const report = await moveLocalIntoVault(local, 200);
    expect(report.copied).toEqual([]);
    expect(report.removed.sort()).toEqual([...VAULT_KEYS].sort());
    expect(await local.get(null)).toEqual({});
    const inVault = await vault.get(null);
    expect(inVault.apiKey).toBe('new-key-after-move');
    expect(inVault.history).toBeUndefined();
    expect(inVault['historyEntry:l2']).toBeUndefined();
  });

  it('gives the same vault after a crash and a second run as after one clean run', async () => {
    await moveLocalIntoVault(local, 100);
    const clean = await vault.get(null);

    fakeBrowser.reset();
    await freshVault({ migrated: false });
    await local.set(structuredClone(OLD_PROFILE));
    vi.spyOn(local, 'remove').mockRejectedValueOnce(new Error('worker stopped'));
    await expect(moveLocalIntoVault(local, 100)).rejects.toThrow();
    await moveLocalIntoVault(local, 100);
    expect(await vault.get(null)).toEqual(clean);
  });

  it('moves a value written to storage.local after the move (an older release put back)', async () => {
    await moveLocalIntoVault(local, 100);
    await moveIntoRecords();
    await local.set({ history: [entry('written-by-0.1', 30)] });
    await moveLocalIntoVault(local, 200);
    await moveIntoRecords();
    expect((await readHistory()).map((e) => e.id)).toEqual(['written-by-0.1', 'l2', 'l1']);
  });

  it('keeps the vault’s value when both hold a key', async () => {
    await copyIntoVault(() => ({ copy: { apiKey: 'already-in-vault' }, moved: {} }), ['apiKey'], 50);
    await moveLocalIntoVault(local, 100);
    expect((await vault.get('apiKey')).apiKey).toBe('already-in-vault');
  });

  it('holds the worker’s stores until the move is done', async () => {
    const reads = readApiKey();
    await startVaultMigration();
    expect(await reads).toBe('live-key-0123456789');
  });

  it('knows every key of every stored item, and nothing else', () => {
    for (const key of VAULT_KEYS) expect(itemOfKey(key)?.area, key).toBe('vault');
    expect(itemOfKey('somebodyElses')).toBeUndefined();
    expect(STORED_ITEMS.length).toBeGreaterThan(10);
  });
});
