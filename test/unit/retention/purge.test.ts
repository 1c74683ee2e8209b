import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerOfEntry } from '@/lib/book/from-history';
import { readBookCounts } from '@/lib/book/counts';
import { getContact, purgeContactsCollectedBefore, recordAnswers, tagContacts } from '@/lib/book/store';
import { createContactBook } from '@/lib/book/worker/contact-book';
import { appendHistory, readHistory } from '@/lib/history/worker/store';
import { readLedger, recordInLedger, type LedgerEntry } from '@/lib/lookup/worker/ledger';
import { onRecordsChanged, withRecords, type RecordChange } from '@/lib/platform/storage/vault';
import { purgeExpired, type PurgeSteps } from '@/lib/retention/worker/purge';
import { contactsPurgeFromItem } from '@/lib/retention/contacts-from';
import { DEFAULT_PREFERENCES, type Preferences } from '@/lib/settings/preferences';
import { outboxItem, readOutbox } from '@/lib/crm/outbox/store';
import { entry } from '@/test/unit/book/answer-fixtures';
import { contact } from '@/test/unit/crm/fixtures';
import { lookupEntry } from '@/test/setup/history-entries';

const DAY = 86_400_000;
const T0 = 100 * DAY;
const MAYA = 'https://www.linkedin.com/in/maya-chen/';

function prefs(change: (p: Preferences) => void = () => {}): Preferences {
  const p = structuredClone(DEFAULT_PREFERENCES);
  change(p);
  return p;
}

/** Maya's enrichment, paid at `at` (history id `id`). */
const mayaAt = (id: string, at: number) => answerOfEntry(entry({ id, at }))!;

function ledgerEntry(historyId: string, paidAt: number, op: 'enrichPerson' | 'searchPhone' = 'enrichPerson'): LedgerEntry {
  return op === 'enrichPerson'
    ? { op, keys: [`person:${historyId}`], paidAt, creditBurn: 2, historyId, result: { extra: {} } }
    : { op, keys: [`person:${historyId}`], paidAt, creditBurn: 2, historyId, result: { candidates: [], warnings: [], extra: {} } };
}

/** The grace given on upgrade is over (contacts-from.ts): contacts go by the period alone. */
const graceOver = () => contactsPurgeFromItem.setValue(0);

describe('contacts go a period after they were first collected', () => {
  beforeEach(graceOver);

  it('deletes a contact first collected before the cutoff and keeps one collected after, with the counts moved', async () => {
    await recordAnswers([mayaAt('h1', T0)]);
    await recordAnswers([answerOfEntry(entry({ id: 'h2', at: T0 + 10 * DAY, identity: 'person:sam-lee', input: { profileUrl: 'https://www.linkedin.com/in/sam-lee/' }, result: { person: { fullName: 'Sam Lee', networkUrl: 'https://www.linkedin.com/in/sam-lee/', urls: [], emails: [], phones: [], extra: {} }, extra: {} } }))!]);
    expect(await readBookCounts()).toEqual({ person: 2, company: 1 });
    expect(await purgeContactsCollectedBefore(T0 + DAY)).toBe(2);
    expect(await getContact('person:maya-chen')).toBeNull();
    expect(await getContact('domain:northwind.example')).toBeNull();
    expect(await getContact('person:sam-lee')).not.toBeNull();
    expect(await readBookCounts()).toEqual({ person: 1, company: 0 });
  });

  it('is not renewed by a tag, a CRM check, a repeat from the ledger or a new paid answer', async () => {
    await recordAnswers([mayaAt('h1', T0)]);
    const later = T0 + 300 * DAY;
    await tagContacts(['person:maya-chen'], { add: ['Paris event'] }, later);
    await createContactBook({ record: recordAnswers, now: () => later }).afterCrmCheck({ profileUrl: MAYA }, [
      { target: 'hubspot', label: 'HubSpot', state: 'in_crm', recordUrl: 'https://app.hubspot.com/x', message: null },
    ]);
    // A repeat served from the ledger: recorded now, about the answer paid at T0.
    await recordAnswers([answerOfEntry(entry({ id: 'h3', at: later, outcome: 'cached', fromLedger: true, paidAt: T0, cost: 0 }))!]);
    // A new paid lookup of the same person: fresher values, the same record.
    await recordAnswers([mayaAt('h4', later)]);
    const maya = await getContact('person:maya-chen');
    expect(maya).toMatchObject({ firstSeenAt: T0, updatedAt: later, tags: ['Paris event'], crm: { found: true } });

    // The default period is 365 days from T0, whatever happened since.
    await purgeExpired(prefs(), T0 + 364 * DAY);
    expect(await getContact('person:maya-chen')).not.toBeNull();
    await purgeExpired(prefs(), T0 + 366 * DAY);
    expect(await getContact('person:maya-chen')).toBeNull();
  });

  it('deletes in batches, one transaction each, announced once each is in, a record that no longer reads included', async () => {
    await withRecords(async (db) => {
      const tx = db.transaction('contacts', 'readwrite');
      for (let i = 0; i < 5; i++) void tx.store.put({ kind: 'person', id: `person:p${i}`, keys: [`person:p${i}`], words: [], tags: [], firstSeenAt: T0 + i, updatedAt: T0 + 400 * DAY, urls: [], workEmails: [], personalEmails: [], phones: [] });
      void tx.store.put({ id: 'person:broken', firstSeenAt: T0, keys: ['person:broken'] });
      void tx.store.put({ kind: 'person', id: 'person:young', keys: ['person:young'], words: [], tags: [], firstSeenAt: T0 + 50 * DAY, updatedAt: T0 + 50 * DAY, urls: [], workEmails: [], personalEmails: [], phones: [] });
      await tx.done;
    });
    const changes: RecordChange[] = [];
    const listen = (change: RecordChange) => changes.push(change);
    onRecordsChanged.addListener(listen);
    const transactions = vi.spyOn(IDBDatabase.prototype, 'transaction');
    expect(await purgeContactsCollectedBefore(T0 + DAY, 2)).toBe(6);
    onRecordsChanged.removeListener(listen);
    expect(transactions).toHaveBeenCalledTimes(4);
    expect(changes.map((c) => [c.store, c.ids.length])).toEqual([
      ['contacts', 2],
      ['contacts', 2],
      ['contacts', 2],
    ]);
    expect(await withRecords((db) => db.getAllKeys('contacts'))).toEqual(['person:young']);
  });
});

describe('the purge run', () => {
  beforeEach(graceOver);

  it('leaves a pending CRM push of a purged contact to finish: the push carries its own copy, asked for by the user', async () => {
    const now = T0 + 400 * DAY;
    await recordAnswers([mayaAt('h1', T0)]);
    const pushed = contact();
    await outboxItem.setValue([{ id: 'push-1', target: 'hubspot', contact: pushed, state: 'retrying', attempts: 1, nextAttemptAt: now + 60_000, createdAt: now - DAY, updatedAt: now - DAY }]);
    await purgeExpired(prefs(), now);
    expect(await getContact('person:maya-chen')).toBeNull();
    expect(await readOutbox()).toMatchObject([{ id: 'push-1', state: 'retrying', contact: { fullName: pushed.fullName, identity: pushed.identity } }]);
  });

  it('takes contacts, history and paid answers past the period, and a paid answer past its shorter reuse window', async () => {
    const now = T0 + 400 * DAY;
    const old = now - 366 * DAY;
    await recordAnswers([mayaAt('h1', old)]);
    await appendHistory(lookupEntry('enrichPerson', { id: 'old', at: old }), 10_000);
    await appendHistory(lookupEntry('enrichPerson', { id: 'young', at: now - 364 * DAY }), 10_000);
    await recordInLedger(ledgerEntry('old-answer', now - 89 * DAY));
    await recordInLedger(ledgerEntry('old-phone', now - 31 * DAY, 'searchPhone'));
    await recordInLedger(ledgerEntry('fresh-phone', now - 29 * DAY, 'searchPhone'));
    await purgeExpired(prefs(), now);
    expect(await getContact('person:maya-chen')).toBeNull();
    expect((await readHistory()).map((e) => e.id)).toEqual(['young']);
    expect((await readLedger()).map((e) => e.historyId).sort()).toEqual(['fresh-phone', 'old-answer']);
  });

  it('forgets a paid answer once the period is over, even when its reuse window would be longer', async () => {
    // Stored before the reuse window had to fit in the period: the worker caps it.
    const long = prefs((p) => {
      p.freshness.otherDays = 400;
      p.privacy.historyRetentionDays = 365;
    });
    await recordInLedger(ledgerEntry('a', T0));
    await purgeExpired(long, T0 + 364 * DAY);
    expect((await readLedger()).map((e) => e.historyId)).toEqual(['a']);
    await purgeExpired(long, T0 + 365 * DAY);
    expect(await readLedger()).toEqual([]);
  });

  it('runs every step even when one fails, then says so', async () => {
    const steps: PurgeSteps = {
      contacts: vi.fn(async () => {
        throw new Error('contacts store damaged');
      }),
      contactsFrom: vi.fn(async () => 0),
      history: vi.fn(async () => 0),
      ledger: vi.fn(async () => {}),
    };
    const now = T0 + 400 * DAY;
    await expect(purgeExpired(prefs((p) => (p.privacy.historyRetentionDays = 200)), now, steps)).rejects.toThrow('could not finish');
    expect(steps.contacts).toHaveBeenCalledWith(now - 200 * DAY);
    expect(steps.history).toHaveBeenCalledWith(200, now);
    expect(steps.ledger).toHaveBeenCalledTimes(1);
    const windowFor = vi.mocked(steps.ledger).mock.calls[0]![0];
    expect([windowFor('searchPhone'), windowFor('enrichPerson')]).toEqual([30 * DAY, 90 * DAY]);
  });
});

describe('contacts kept on upgrade, the history purged meanwhile', () => {
  // A user who had chosen 30 days for their history before the period covered contacts too.
  const thirty = prefs((p) => {
    p.privacy.historyRetentionDays = 30;
    p.freshness.otherDays = 90;
  });
  const now = T0 + 400 * DAY;

  it('keeps older contacts until 30 days after the first purge, then purges them; the history goes at once', async () => {
    await recordAnswers([mayaAt('h1', now - 200 * DAY)]);
    await appendHistory(lookupEntry('enrichPerson', { id: 'old', at: now - 200 * DAY }), 10_000);
    await appendHistory(lookupEntry('enrichPerson', { id: 'young', at: now - 2 * DAY }), 10_000);
    await purgeExpired(thirty, now);
    expect(await contactsPurgeFromItem.getValue()).toBe(now + 30 * DAY);
    expect(await getContact('person:maya-chen')).not.toBeNull();
    expect((await readHistory()).map((e) => e.id)).toEqual(['young']);
    await purgeExpired(thirty, now + 29 * DAY);
    expect(await getContact('person:maya-chen')).not.toBeNull();
    // A later purge keeps the date set by the first one.
    expect(await contactsPurgeFromItem.getValue()).toBe(now + 30 * DAY);
    await purgeExpired(thirty, now + 30 * DAY);
    expect(await getContact('person:maya-chen')).toBeNull();
  });

  it('starts at once on an install with no contacts', async () => {
    await purgeExpired(thirty, now);
    expect(await contactsPurgeFromItem.getValue()).toBe(now);
    await recordAnswers([mayaAt('h1', now + DAY)]);
    await purgeExpired(thirty, now + 32 * DAY);
    expect(await getContact('person:maya-chen')).toBeNull();
  });

  it.each([['a date', 'soon'], ['negative', -5], ['a fraction', 1.5], ['an object', { at: 0 }]])('reads a damaged date (%s) as a new grace, never as "purge now", and stores it again', async (_, bad) => {
    await recordAnswers([mayaAt('h1', now - 200 * DAY)]);
    await contactsPurgeFromItem.setValue(bad);
    await purgeExpired(thirty, now);
    expect(await getContact('person:maya-chen')).not.toBeNull();
    expect(await contactsPurgeFromItem.getValue()).toBe(now + 30 * DAY);
  });
});
