import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { IDBDatabase, IDBIndex, IDBObjectStore } from 'fake-indexeddb';
import { clearLedger, findInLedger, purgeLedger, readLedger, recordInLedger, type LedgerEntry } from '@/lib/lookup/worker/ledger';
import { withRecords } from '@/lib/platform/storage/vault';
import { ledgerKeys } from '@/lib/lookup/worker/ledger-keys';

const DAY = 86_400_000;
const freshness = { windowFor: (op: string) => (op === 'searchPhone' ? 30 * DAY : 90 * DAY) };

type Fields = Omit<LedgerEntry, 'op' | 'result'>;

function entry(overrides: Partial<Fields> = {}): LedgerEntry<'enrichPerson'> {
  return { op: 'enrichPerson', keys: ['person:jane-doe'], paidAt: 0, creditBurn: 2, result: { extra: { n: 1 } }, historyId: 'h1', ...overrides };
}

function emailEntry(overrides: Partial<Fields>): LedgerEntry<'findWorkEmail'> {
  const { op: _op, result: _result, ...fields } = entry(overrides);
  return { ...fields, op: 'findWorkEmail', result: { status: 'verified', candidates: [], patterns: [], extra: {} } };
}

function phoneEntry(overrides: Partial<Fields>): LedgerEntry<'searchPhone'> {
  const { op: _op, result: _result, ...fields } = entry(overrides);
  return { ...fields, op: 'searchPhone', result: { candidates: [], warnings: [], extra: {} } };
}

describe('ledger of paid lookups', () => {
  beforeEach(() => fakeBrowser.reset());

  it('answers a repeat of the same operation on the same identity while fresh', async () => {
    await recordInLedger(entry({ keys: ['person:jane-doe', 'email:jane@acme.example'] }));
    expect(await findInLedger('enrichPerson', ['person:jane-doe'], freshness, 89 * DAY)).toMatchObject({ creditBurn: 2 });
    // Another route to the same person is recognised.
    expect(await findInLedger('enrichPerson', ['email:jane@acme.example'], freshness, DAY)).not.toBeNull();
    // Another operation is another purchase.
    expect(await findInLedger('searchPhone', ['person:jane-doe'], freshness, DAY)).toBeNull();
  });

  it('never takes one namesake for another: a name at a company matches only lookups made by name alone', async () => {
    await recordInLedger(entry({ keys: ledgerKeys(['person:john-smith-1a', 'name:john smith|acme'], ['email:john.smith@acme.example']), historyId: 'a' }));
    // Another John Smith at Acme, asked for by his own profile: not the first one's answer.
    expect(await findInLedger('enrichPerson', ['person:john-smith-2b', 'name:john smith|acme'], freshness, DAY)).toBeNull();
    // Nor by name alone: the first answer was filed under his profile, not under the name.
    expect(await findInLedger('enrichPerson', ['name:john smith|acme'], freshness, DAY)).toBeNull();
    // Recording the second does not replace the first.
    await recordInLedger(entry({ keys: ledgerKeys(['person:john-smith-2b', 'name:john smith|acme'], []), historyId: 'b' }));
    expect(await findInLedger('enrichPerson', ['person:john-smith-1a'], freshness, DAY)).toMatchObject({ historyId: 'a' });
    // A lookup by name alone, repeated, is still recognised.
    await recordInLedger(emailEntry({ keys: ledgerKeys(['name:jane roe|acme'], ['email:jane.roe@acme.example']), historyId: 'c' }));
    expect(await findInLedger('findWorkEmail', ['name:jane roe|acme'], freshness, DAY)).toMatchObject({ historyId: 'c' });
  });

  it('stops at the freshness window: 90 days, 30 for phones', async () => {
    await recordInLedger(entry({}));
    await recordInLedger(phoneEntry({ creditBurn: 30 }));
    expect(await findInLedger('enrichPerson', ['person:jane-doe'], freshness, 90 * DAY)).toBeNull();
    expect(await findInLedger('searchPhone', ['person:jane-doe'], freshness, 29 * DAY)).not.toBeNull();
    expect(await findInLedger('searchPhone', ['person:jane-doe'], freshness, 30 * DAY)).toBeNull();
  });

  it('follows a window the user changed', async () => {
    await recordInLedger(entry({}));
    const shorter = { windowFor: () => 7 * DAY };
    expect(await findInLedger('enrichPerson', ['person:jane-doe'], shorter, 8 * DAY)).toBeNull();
  });

  it('keeps one entry per operation and identity, the newest', async () => {
    await recordInLedger(entry({ paidAt: 0, historyId: 'old' }));
    await recordInLedger(entry({ paidAt: DAY, historyId: 'new' }));
    expect(await readLedger()).toHaveLength(1);
    expect(await findInLedger('enrichPerson', ['person:jane-doe'], freshness, 2 * DAY)).toMatchObject({ historyId: 'new' });
  });

  it('survives concurrent records without losing one', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => recordInLedger(entry({ keys: [`person:p${i}`], historyId: `h${i}` }))));
    expect(await readLedger()).toHaveLength(20);
  });

  it('purges stale entries and ignores corrupt ones', async () => {
    await recordInLedger(entry({ paidAt: 0, historyId: 'a' }));
    await recordInLedger(phoneEntry({ paidAt: 0, historyId: 'b' }));
    await recordInLedger(phoneEntry({ keys: ['person:john'], paidAt: 5 * DAY, historyId: 'c' }));
    await withRecords((db) => db.put('ledger', { historyId: 'garbage', keys: ['person:jane-doe'] }));
    expect(await findInLedger('enrichPerson', ['person:jane-doe'], freshness, DAY)).toMatchObject({ historyId: 'a' });
    await purgeLedger(freshness, 31 * DAY);
    expect((await readLedger()).map((e) => e.historyId).sort()).toEqual(['a', 'c']);
    await clearLedger();
    expect(await readLedger()).toEqual([]);
  });

  it('finds an answer with one index look-up per key, never a scan, at any size', async () => {
    await withRecords(async (db) => {
      const tx = db.transaction('ledger', 'readwrite');
      for (let i = 0; i < 3_000; i++) void tx.store.put(entry({ keys: [`person:p${i}`, `email:p${i}@acme.example`], historyId: `h${i}` }));
      await tx.done;
    });
    const lookups = vi.spyOn(IDBIndex.prototype, 'getAll');
    const scans = [vi.spyOn(IDBObjectStore.prototype, 'getAll'), vi.spyOn(IDBObjectStore.prototype, 'openCursor'), vi.spyOn(IDBIndex.prototype, 'openCursor')];
    expect(await findInLedger('enrichPerson', ['person:p2999', 'email:nobody@acme.example'], freshness, DAY)).toMatchObject({ historyId: 'h2999' });
    expect(lookups.mock.calls.map(([key]) => key)).toEqual(['person:p2999', 'email:nobody@acme.example']);
    for (const scan of scans) expect(scan).not.toHaveBeenCalled();
  });

  it('replaces the older answer of the same operation in the same transaction as it files the new one', async () => {
    await recordInLedger(entry({ keys: ['person:jane-doe', 'email:jane@acme.example'], historyId: 'old' }));
    await recordInLedger(phoneEntry({ keys: ['person:jane-doe'], historyId: 'phone' }));
    const transactions = vi.spyOn(IDBDatabase.prototype, 'transaction');
    await recordInLedger(entry({ keys: ['email:jane@acme.example'], paidAt: DAY, historyId: 'new' }));
    expect(transactions).toHaveBeenCalledTimes(1);
    expect((await readLedger()).map((e) => e.historyId).sort()).toEqual(['new', 'phone']);
  });
});
