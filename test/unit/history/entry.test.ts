import { describe, expect, it } from 'vitest';
import { historyEntrySchema, type HistoryEntry } from '@/lib/history/entry';
import { isLookupEntry } from '@/lib/history/entry-kind';
import { ledgerEntrySchema } from '@/lib/lookup/worker/ledger';
import { enrichment } from '@/test/setup/history-entries';

/**
 * Stored entries are a boundary: each answer is read through its operation's schema, so a
 * screen gets the operation's own result type. An entry is never lost for its answer or its
 * operation, and reading never throws.
 */

const fields = {
  id: 'h1',
  subject: 'https://www.linkedin.com/in/maya-chen/',
  input: { profileUrl: 'https://www.linkedin.com/in/maya-chen/' },
  identity: 'person:maya-chen',
  outcome: 'paid',
  cost: 2,
  fromLedger: false,
  paidAt: null,
  at: 1_000,
  pageUrl: null,
  error: null,
};
const maya = enrichment({ fullName: 'Maya Chen', phones: [{ e164: '+14155550110', international: '+1 415 555 0110', type: 'mobile', whatsapp: true }] });

const read = (raw: unknown): HistoryEntry => historyEntrySchema.parse(raw);
/** Read, written back as storage would, and read again. */
const reread = (raw: unknown): HistoryEntry => read(JSON.parse(JSON.stringify(read(raw))));

describe('a stored history entry', () => {
  it('reads its answer as its operation’s result', () => {
    const entry = read({ ...fields, op: 'enrichPerson', result: maya });
    expect(isLookupEntry(entry)).toBe(true);
    if (entry.op !== 'enrichPerson') throw new Error('op');
    // Typed: no cast between storage and a screen.
    expect(entry.result?.person?.phones[0]?.whatsapp).toBe(true);
    expect(entry).not.toHaveProperty('unreadableResult');
  });

  it('keeps an entry whose answer no longer reads, its answer set aside as it was stored', () => {
    const broken = { person: { fullName: 'Maya Chen', emails: 'maya@northwind.example' }, extra: {} };
    const entry = read({ ...fields, op: 'enrichPerson', result: broken });
    expect(entry).toMatchObject({ id: 'h1', op: 'enrichPerson', outcome: 'paid', cost: 2, unreadableResult: broken });
    expect(entry.result).toBeUndefined();
    // Written back and read again, nothing is lost.
    expect(reread({ ...fields, op: 'enrichPerson', result: broken })).toEqual(entry);
  });

  it('keeps an entry of an operation this release does not know, as foreign, with its answer', () => {
    const entry = read({ ...fields, op: 'enrichPersonV3', result: { anything: 1 } });
    expect(entry).toMatchObject({ id: 'h1', op: 'enrichPersonV3', foreign: true, cost: 2, unreadableResult: { anything: 1 } });
    expect(isLookupEntry(entry)).toBe(false);
    expect(reread({ ...fields, op: 'enrichPersonV3', result: { anything: 1 } })).toEqual(entry);
  });

  it('reads a CRM push with its record', () => {
    const entry = read({ ...fields, op: 'crmPush', cost: 0, result: { target: 'hubspot', action: 'created', recordId: '42', recordUrl: null } });
    expect(isLookupEntry(entry)).toBe(false);
    expect(entry).toMatchObject({ op: 'crmPush', result: { target: 'hubspot', recordId: '42' } });
  });

  it('never throws on what storage may hold, and refuses only an entry whose own fields are broken', () => {
    for (const raw of [null, 'x', 42, [], {}, { ...fields, op: 'enrichPerson', result: 'x' }, { ...fields, op: '', result: null }, { ...fields, cost: -1, op: 'enrichPerson' }]) {
      expect(() => historyEntrySchema.safeParse(raw)).not.toThrow();
    }
    expect(historyEntrySchema.safeParse({ ...fields, op: 'enrichPerson', result: 'x' }).success).toBe(true);
    expect(historyEntrySchema.safeParse({ ...fields, cost: -1, op: 'enrichPerson' }).success).toBe(false);
  });
});

describe('a stored ledger entry', () => {
  const paid = { op: 'enrichPerson', keys: ['person:maya-chen'], paidAt: 1_000, creditBurn: 2, historyId: 'h1', result: maya };

  it('reads its answer as its operation’s result', () => {
    const entry = ledgerEntrySchema.parse(paid);
    if (entry.op !== 'enrichPerson') throw new Error('op');
    expect(entry.result.person?.fullName).toBe('Maya Chen');
  });

  it('is not served when its answer no longer reads, or its operation is unknown', () => {
    expect(ledgerEntrySchema.safeParse({ ...paid, result: { person: { phones: [{ e164: 7 }] } } }).success).toBe(false);
    expect(ledgerEntrySchema.safeParse({ ...paid, op: 'stealKey' }).success).toBe(false);
  });
});
