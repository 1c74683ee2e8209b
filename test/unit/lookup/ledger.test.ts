import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { clearLedger, findInLedger, ledgerItem, purgeLedger, recordInLedger, type LedgerEntry } from '@/lib/lookup/ledger';
import { ledgerKeys } from '@/lib/lookup/ledger-keys';

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
    expect(await ledgerItem.getValue()).toHaveLength(1);
    expect(await findInLedger('enrichPerson', ['person:jane-doe'], freshness, 2 * DAY)).toMatchObject({ historyId: 'new' });
  });

  it('survives concurrent records without losing one', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => recordInLedger(entry({ keys: [`person:p${i}`], historyId: `h${i}` }))));
    expect(await ledgerItem.getValue()).toHaveLength(20);
  });

  it('purges stale entries and ignores corrupt ones', async () => {
    await ledgerItem.setValue([entry({ paidAt: 0 }), { garbage: true }, phoneEntry({ paidAt: 0 })]);
    expect(await findInLedger('enrichPerson', ['person:jane-doe'], freshness, DAY)).not.toBeNull();
    await purgeLedger(freshness, 31 * DAY);
    expect(await ledgerItem.getValue()).toHaveLength(1);
    await clearLedger();
    expect(await ledgerItem.getValue()).toEqual([]);
  });
});
