import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getContact, recordAnswers } from '@/lib/book/store';
import { answerOfEntry } from '@/lib/book/from-history';
import { appendHistory, readHistory } from '@/lib/history/worker/store';
import { OPERATIONS } from '@/lib/lookup/worker/operations';
import { readLedger, recordInLedger } from '@/lib/lookup/worker/ledger';
import { OPERATION_NAMES } from '@/lib/lookup/operation-names';
import { REUSE_KIND, reuseWindowMs } from '@/lib/retention/period';
import { contactsPurgeFromItem } from '@/lib/retention/contacts-from';
import { preferencesInputSchema } from '@/lib/settings/preferences-input';
import { draftFrom, parseDraft } from '@/lib/settings/page/preferences-form';
import { DEFAULT_PREFERENCES, readPreferences } from '@/lib/settings/preferences';
import { preferencesItem } from '@/lib/settings/stored';
import { ensureMaintenanceAlarm, MAINTENANCE_ALARM, runMaintenance } from '@/lib/worker/maintenance';
import { entry } from '@/test/unit/book/answer-fixtures';
import { lookupEntry } from '@/test/setup/history-entries';
import { harness, jane } from '@/test/unit/lookup/service-harness';

const DAY = 86_400_000;

describe('the retention period in the settings', () => {
  it('saves a reuse window longer than the period (a period under 90 days with the default windows): the worker caps it', () => {
    const draft = { ...draftFrom(DEFAULT_PREFERENCES), 'privacy.historyRetentionDays': '30' };
    const result = parseDraft(draft, DEFAULT_PREFERENCES);
    expect(result).toMatchObject({ ok: true, value: { privacy: { historyRetentionDays: 30 }, freshness: { phoneDays: 30, otherDays: 90 } } });
    if (!result.ok) return;
    expect(preferencesInputSchema.safeParse(result.value).success).toBe(true);
    expect([reuseWindowMs('other', result.value), reuseWindowMs('phone', result.value)]).toEqual([30 * DAY, 30 * DAY]);
  });

  it('reads a damaged period as the default, keeping the rest of the privacy settings', () => {
    for (const bad of [-3, 0, 'a year', 1.5, 99_999, null]) {
      const prefs = readPreferences({ privacy: { euMode: true, suppression: ['jane@acme.example'], historyRetentionDays: bad } });
      expect(prefs.privacy).toEqual({ euMode: true, suppression: ['jane@acme.example'], historyRetentionDays: 365 });
    }
  });

  it('purges by the default period when the stored one is damaged', async () => {
    const now = 1_000 * DAY;
    await preferencesItem.setValue({ privacy: { historyRetentionDays: 'forever', euMode: false, suppression: [] } });
    await appendHistory(lookupEntry('enrichPerson', { id: 'older', at: now - 366 * DAY }), 10_000);
    await appendHistory(lookupEntry('enrichPerson', { id: 'newer', at: now - 364 * DAY }), 10_000);
    await runMaintenance(now);
    expect((await readHistory()).map((e) => e.id)).toEqual(['newer']);
  });

  it('knows each operation’s reuse window as the worker does', () => {
    expect(Object.keys(REUSE_KIND).sort()).toEqual([...OPERATION_NAMES].sort());
    for (const op of OPERATION_NAMES) expect([op, REUSE_KIND[op]]).toEqual([op, OPERATIONS[op].freshness]);
  });
});

describe('the daily run', () => {
  it('purges the contacts, the history and the ledger with the stored period', async () => {
    const now = 1_000 * DAY;
    // The grace given on upgrade is over (contacts-from.ts).
    await contactsPurgeFromItem.setValue(0);
    await preferencesItem.setValue({ privacy: { historyRetentionDays: 100, euMode: false, suppression: [] }, freshness: { phoneDays: 30, otherDays: 90 } });
    await recordAnswers([answerOfEntry(entry({ id: 'h1', at: now - 101 * DAY }))!]);
    await appendHistory(lookupEntry('enrichPerson', { id: 'h1', at: now - 101 * DAY }), 10_000);
    await recordInLedger({ op: 'enrichPerson', keys: ['person:maya-chen'], paidAt: now - 91 * DAY, creditBurn: 2, historyId: 'h1', result: { extra: {} } });
    await runMaintenance(now);
    expect(await getContact('person:maya-chen')).toBeNull();
    expect(await readHistory()).toEqual([]);
    expect(await readLedger()).toEqual([]);
  });

  it('sets its daily alarm on every start when the browser lost it, and never twice', async () => {
    fakeBrowser.reset();
    await ensureMaintenanceAlarm();
    const alarm = await fakeBrowser.alarms.get(MAINTENANCE_ALARM);
    expect(alarm).toMatchObject({ periodInMinutes: 24 * 60 });
    const create = vi.spyOn(fakeBrowser.alarms, 'create');
    await ensureMaintenanceAlarm();
    expect(create).not.toHaveBeenCalled();
    await fakeBrowser.alarms.clear(MAINTENANCE_ALARM);
    await ensureMaintenanceAlarm();
    expect(await fakeBrowser.alarms.get(MAINTENANCE_ALARM)).toBeDefined();
  });
});

describe('the lookup service', () => {
  it('never serves a paid answer older than the period, whatever the reuse window', async () => {
    const h = harness();
    // A reuse window longer than the period, as stored before it had to fit.
    h.setPrefs((p) => {
      p.freshness.otherDays = 400;
      p.privacy.historyRetentionDays = 365;
    });
    expect(await h.service.lookup(jane)).toMatchObject({ status: 'paid', cost: 2 });
    h.advance(364 * DAY);
    expect(await h.service.lookup(jane)).toMatchObject({ status: 'cached', cost: 0 });
    h.advance(2 * DAY);
    expect(await h.service.preview(jane)).toMatchObject({ cost: 2, inLedger: null });
    expect(await h.service.lookup(jane)).toMatchObject({ status: 'paid', cost: 2 });
    expect(h.run).toHaveBeenCalledTimes(2);
  });
});
