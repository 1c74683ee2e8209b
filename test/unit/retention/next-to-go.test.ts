import { describe, expect, it, vi } from 'vitest';
import { answerOfEntry } from '@/lib/book/from-history';
import { recordAnswers } from '@/lib/book/store';
import { appendHistory } from '@/lib/history/worker/store';
import { recordInLedger, type LedgerEntry } from '@/lib/lookup/worker/ledger';
import { setCatalog } from '@/lib/platform/i18n';
import { en } from '@/lib/platform/i18n/en';
import { formatDay } from '@/lib/platform/i18n/relative-time';
import { describeChange, describeNextToGo } from '@/lib/retention/page/describe';
import { readNextToGo, watchNextToGo } from '@/lib/retention/page/next-to-go';
import { purgeExpired } from '@/lib/retention/worker/purge';
import { contactsPurgeFromItem } from '@/lib/retention/contacts-from';
import { DEFAULT_PREFERENCES, type Preferences } from '@/lib/settings/preferences';
import { entry } from '@/test/unit/book/answer-fixtures';
import { lookupEntry } from '@/test/setup/history-entries';

const DAY = 86_400_000;
const NOW = Date.UTC(2027, 0, 1, 12);

function prefs(days = 365): Preferences {
  const p = structuredClone(DEFAULT_PREFERENCES);
  p.privacy.historyRetentionDays = days;
  return p;
}

function paid(historyId: string, paidAt: number, op: 'enrichPerson' | 'searchPhone'): LedgerEntry {
  return op === 'enrichPerson'
    ? { op, keys: [`person:${historyId}`], paidAt, creditBurn: 2, historyId, result: { extra: {} } }
    : { op, keys: [`person:${historyId}`], paidAt, creditBurn: 2, historyId, result: { candidates: [], warnings: [], extra: {} } };
}

/** Maya (and her company) first collected 350 days ago; lookups 10, 340 and 360 days ago; answers paid 20 and 80 days ago. */
async function seed(grace = false): Promise<void> {
  // Unless asked, the grace given on upgrade is over (contacts-from.ts): contacts go by the period alone.
  if (!grace) await contactsPurgeFromItem.setValue(0);
  await recordAnswers([answerOfEntry(entry({ id: 'h1', at: NOW - 350 * DAY }))!]);
  // Updated since: no later date for it.
  await recordAnswers([answerOfEntry(entry({ id: 'h2', at: NOW - 5 * DAY }))!]);
  for (const [id, age] of [['a', 10], ['b', 340], ['c', 360]] as const) await appendHistory(lookupEntry('enrichPerson', { id, at: NOW - age * DAY }), 10_000);
  await recordInLedger(paid('p', NOW - 20 * DAY, 'searchPhone'));
  await recordInLedger(paid('q', NOW - 80 * DAY, 'enrichPerson'));
}

describe('what goes next', () => {
  it('counts what goes within 30 days, each store by its own rule, and when the first goes', async () => {
    await seed();
    const next = await readNextToGo(prefs(), NOW);
    expect(next).toEqual({
      until: NOW + 30 * DAY,
      contacts: { count: 2, firstAt: NOW + 15 * DAY },
      history: { count: 2, firstAt: NOW + 5 * DAY },
      // The phone answer's reuse window (30 days) ends in 10; the other's (90 days) in 10 as well.
      ledger: { count: 2, firstAt: NOW + 10 * DAY },
      contactsHeld: false,
    });
  });

  it('is what the purge then takes', async () => {
    await seed();
    const next = await readNextToGo(prefs(), NOW);
    const before = await readNextToGo(prefs(), NOW + 30 * DAY, 0);
    expect([before.contacts.count, before.history.count, before.ledger.count]).toEqual([next.contacts.count, next.history.count, next.ledger.count]);
    await purgeExpired(prefs(), NOW + 30 * DAY);
    const after = await readNextToGo(prefs(), NOW + 30 * DAY, 0);
    expect([after.contacts.count, after.history.count, after.ledger.count]).toEqual([0, 0, 0]);
  });

  it('says what a shorter period would delete at the next purge', async () => {
    setCatalog('en', en);
    await seed();
    const next = await readNextToGo(prefs(100), NOW, 1);
    expect([next.contacts.count, next.history.count, next.ledger.count]).toEqual([2, 2, 0]);
    expect(describeChange(next, 100)).toBe('With 100 days, the daily clean-up after you save deletes 2 contacts and 2 lookups.');
    expect(describeChange(await readNextToGo(prefs(3650), NOW, 1), 3650)).toBe('With 3,650 days, the daily clean-up after you save deletes nothing more.');
  });

  it('words the forecast for the settings page', async () => {
    setCatalog('en', en);
    await seed();
    expect(describeNextToGo(await readNextToGo(prefs(), NOW))).toBe(
      `Next to go, from ${formatDay(NOW + 5 * DAY)}: 2 contacts, 2 lookups, and 2 answers kept for free repeats.`,
    );
    expect(describeNextToGo(await readNextToGo(prefs(), NOW - 200 * DAY))).toBe('Nothing is due to go in the next 30 days.');
  });

  it('reads again when the book, the history or the ledger change, never an older answer over a newer one', async () => {
    const seen: number[] = [];
    const stop = watchNextToGo(
      () => readNextToGo(prefs(), NOW),
      (next) => seen.push(next.history.count),
      (err) => {
        throw err;
      },
    );
    await vi.waitFor(() => expect(seen).toEqual([0]));
    await appendHistory(lookupEntry('enrichPerson', { id: 'old', at: NOW - 360 * DAY }), 10_000);
    await vi.waitFor(() => expect(seen.at(-1)).toBe(1));
    stop();
  });

  describe('contacts kept on upgrade', () => {
    it('dates the contacts at the grace’s end before the first purge has stored it, their own date otherwise', async () => {
      await seed(true);
      const next = await readNextToGo(prefs(), NOW);
      expect(next.contacts).toEqual({ count: 2, firstAt: NOW + 30 * DAY });
      expect(next.history).toEqual({ count: 2, firstAt: NOW + 5 * DAY });
      await contactsPurgeFromItem.setValue(NOW + 20 * DAY);
      expect((await readNextToGo(prefs(), NOW)).contacts).toEqual({ count: 2, firstAt: NOW + 20 * DAY });
      await contactsPurgeFromItem.setValue(NOW + 10 * DAY);
      expect((await readNextToGo(prefs(), NOW)).contacts).toEqual({ count: 2, firstAt: NOW + 15 * DAY });
    });

    it('counts no contact in a forecast that ends before the grace does (what a changed period deletes at the next purge)', async () => {
      await seed(true);
      await contactsPurgeFromItem.setValue(NOW + 20 * DAY);
      const next = await readNextToGo(prefs(100), NOW, 1);
      expect([next.contacts.count, next.history.count]).toEqual([0, 2]);
    });

    it('says when the contacts start to go, apart from the rest', async () => {
      setCatalog('en', en);
      await seed(true);
      await contactsPurgeFromItem.setValue(NOW + 20 * DAY);
      expect(describeNextToGo(await readNextToGo(prefs(), NOW))).toBe(
        `Next to go, from ${formatDay(NOW + 5 * DAY)}: 2 lookups and 2 answers kept for free repeats. Contacts start to go on ${formatDay(NOW + 20 * DAY)}: 2 contacts.`,
      );
    });

    it('reads a damaged stored date as the grace’s end, without failing', async () => {
      await seed(true);
      await contactsPurgeFromItem.setValue('tomorrow');
      expect((await readNextToGo(prefs(), NOW)).contacts).toEqual({ count: 2, firstAt: NOW + 30 * DAY });
    });
  });
});
