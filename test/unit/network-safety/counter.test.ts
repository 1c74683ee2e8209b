import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Detection } from '@/lib/detect/detection';
import { createProfileViewCounter } from '@/lib/network-safety/worker/counter';
import { profileViewsItem } from '@/lib/network-safety/worker/stored-items';
import { dayKey, readProfileViews, weekDays } from '@/lib/network-safety/profile-views';
import { profileViewWarning } from '@/lib/network-safety/warning';
import { DEFAULT_PREFERENCES, type Preferences } from '@/lib/settings/preferences';
import { vault } from '@/lib/platform/storage/vault';

const profile = (slug: string, url = `https://www.linkedin.com/in/${slug}/`): Detection => ({
  kind: 'person',
  url,
  person: { fullName: slug, profileUrl: `https://www.linkedin.com/in/${slug}/` },
  confidence: 1,
  sources: ['url'],
});
const from = (slug: string) => `https://www.linkedin.com/in/${slug}/`;

/** Local time: the counter's days are the user's calendar days. */
const at = (day: number, hour = 12, minute = 0) => new Date(2026, 10, day, hour, minute).getTime();

function counterAt(start: number, prefs: Preferences = DEFAULT_PREFERENCES) {
  const clock = { now: start };
  const counter = createProfileViewCounter({ item: profileViewsItem, preferences: { read: async () => prefs }, now: () => clock.now });
  return { counter, clock };
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('the profile-view counter', () => {
  it('counts each profile opened, and a re-report of the same profile (reload, single-page navigation) once a day', async () => {
    const { counter } = counterAt(at(10));
    await counter.reported(profile('maya-chen'), from('maya-chen'));
    await counter.reported(profile('maya-chen'), from('maya-chen'));
    // The same person through another URL form and a sub-page is the same profile.
    await counter.reported(profile('maya-chen', 'https://fr.linkedin.com/in/Maya-Chen/details/experience/'), 'https://fr.linkedin.com/in/Maya-Chen/details/experience/');
    await counter.reported(profile('jon-bell'), from('jon-bell'));
    expect(await counter.counts()).toEqual({ today: 2, week: 2 });
  });

  it('counts only LinkedIn profiles: not a search, a company, no detection, nor a report from another site', async () => {
    const { counter } = counterAt(at(10));
    await counter.reported(null, from('x'));
    await counter.reported({ kind: 'peopleSearch', url: 'https://www.linkedin.com/search/results/people/?keywords=a', confidence: 1, sources: [] }, 'https://www.linkedin.com/search/results/people/');
    await counter.reported({ kind: 'company', url: 'https://www.linkedin.com/company/halcyon/', confidence: 1, sources: [] }, 'https://www.linkedin.com/company/halcyon/');
    await counter.reported({ kind: 'microblogProfile', url: 'https://x.com/maya', confidence: 1, sources: [] }, 'https://x.com/maya');
    await counter.reported(profile('maya-chen'), 'https://evil.example/in/maya-chen/');
    expect(await counter.counts()).toEqual({ today: 0, week: 0 });
    // A lead of the sales tool is a profile opened too, once whatever its URL's tail.
    const lead = (tail: string): Detection => ({ kind: 'salesLead', url: `https://www.linkedin.com/sales/lead/ACwAAB123,${tail}`, person: { fullName: 'Maya' }, confidence: 1, sources: [] });
    await counter.reported(lead('NAME_SEARCH,abc'), 'https://www.linkedin.com/sales/lead/ACwAAB123,NAME_SEARCH,abc');
    await counter.reported(lead('OUT_OF_NETWORK,xyz'), 'https://www.linkedin.com/sales/lead/ACwAAB123,OUT_OF_NETWORK,xyz');
    expect(await counter.counts()).toEqual({ today: 1, week: 1 });
  });

  it('keeps no profile URL: only a count per day and today’s salted fingerprints', async () => {
    const { counter } = counterAt(at(10));
    await counter.reported(profile('maya-chen'), from('maya-chen'));
    const stored = JSON.stringify(await vault.get(null));
    expect(stored).not.toMatch(/maya/i);
    const views = readProfileViews(await profileViewsItem.getValue());
    expect(views?.days).toEqual({ [dayKey(at(10))]: 1 });
    expect(views?.today.seen).toHaveLength(1);
    expect(views?.today.seen[0]).toMatch(/^[0-9a-f]{32}$/);
  });

  it('starts a new day at local midnight: the same profile counts again, yesterday stays in the week', async () => {
    const { counter, clock } = counterAt(at(10, 23, 59));
    await counter.reported(profile('maya-chen'), from('maya-chen'));
    await counter.reported(profile('jon-bell'), from('jon-bell'));
    clock.now = at(11, 0, 1);
    expect(await counter.counts()).toEqual({ today: 0, week: 2 });
    await counter.reported(profile('maya-chen'), from('maya-chen'));
    expect(await counter.counts()).toEqual({ today: 1, week: 3 });
    // Yesterday's fingerprints went with yesterday, under a new salt.
    const views = readProfileViews(await profileViewsItem.getValue());
    expect(views?.today).toMatchObject({ day: dayKey(at(11)) });
    expect(views?.today.seen).toHaveLength(1);
  });

  it('sums a rolling week of seven local days and drops older days from storage', async () => {
    const { counter, clock } = counterAt(at(1));
    for (let day = 1; day <= 8; day++) {
      clock.now = at(day);
      for (let i = 0; i < day; i++) await counter.reported(profile(`p-${day}-${i}`), from(`p-${day}-${i}`));
    }
    // Days 2 to 8: 2 + 3 + ... + 8.
    expect(await counter.counts()).toEqual({ today: 8, week: 35 });
    const views = readProfileViews(await profileViewsItem.getValue());
    expect(Object.keys(views!.days).sort()).toEqual(weekDays(at(8)).sort());
    expect(views!.days).not.toHaveProperty(dayKey(at(1)));
    // A week later with nothing opened, nothing is left to count.
    clock.now = at(15);
    expect(await counter.counts()).toEqual({ today: 0, week: 0 });
  });

  it('walks back calendar days across a clock change (no day skipped or repeated)', () => {
    // Europe and the US change clocks in late March / early November: the week still has seven distinct days.
    const days = weekDays(new Date(2026, 2, 31, 0, 30).getTime());
    expect(new Set(days).size).toBe(7);
    expect(days).toEqual(['2026-03-31', '2026-03-30', '2026-03-29', '2026-03-28', '2026-03-27', '2026-03-26', '2026-03-25']);
  });

  it('survives a worker restart: a new counter reads what the last one stored, and still knows today’s profiles', async () => {
    await counterAt(at(10)).counter.reported(profile('maya-chen'), from('maya-chen'));
    const restarted = counterAt(at(10, 15)).counter;
    await restarted.reported(profile('maya-chen'), from('maya-chen'));
    await restarted.reported(profile('jon-bell'), from('jon-bell'));
    expect(await restarted.counts()).toEqual({ today: 2, week: 2 });
  });

  it('counts reports of several tabs arriving together, none lost', async () => {
    const { counter } = counterAt(at(10));
    await Promise.all(Array.from({ length: 12 }, (_, i) => counter.reported(profile(`p-${i}`), from(`p-${i}`))));
    await Promise.all([counter.reported(profile('p-1'), from('p-1')), counter.reported(profile('p-1'), from('p-1'))]);
    expect(await counter.counts()).toEqual({ today: 12, week: 12 });
  });

  it.each([['a string', 'garbage'], ['a wrong shape', { days: { yesterday: 'x' } }], ['a negative count', { days: { '2026-11-10': -3 }, today: { day: '2026-11-10', salt: 's', seen: [] } }]])(
    'starts clean from a corrupt stored value (%s), without a crash',
    async (_name, value) => {
      await profileViewsItem.setValue(value);
      const { counter } = counterAt(at(10));
      expect(await counter.counts()).toEqual({ today: 0, week: 0 });
      await counter.reported(profile('maya-chen'), from('maya-chen'));
      expect(await counter.counts()).toEqual({ today: 1, week: 1 });
    },
  );

  it('a failing store never throws into the report (the panel’s work goes on)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const counter = createProfileViewCounter({
      item: { getValue: async () => Promise.reject(new Error('vault closed')), setValue: async () => {} },
      preferences: { read: async () => DEFAULT_PREFERENCES },
      now: () => at(10),
    });
    await expect(counter.reported(profile('maya-chen'), from('maya-chen'))).resolves.toBeUndefined();
    expect(errors).toHaveBeenCalled();
  });

  it('counts nothing while the user has turned the counter off', async () => {
    const off = { ...DEFAULT_PREFERENCES, networkSafety: { ...DEFAULT_PREFERENCES.networkSafety, enabled: false } };
    const { counter } = counterAt(at(10), off);
    await counter.reported(profile('maya-chen'), from('maya-chen'));
    expect(await counter.counts()).toEqual({ today: 0, week: 0 });
    expect(await profileViewsItem.getValue()).toBeNull();
  });
});

describe('the warning past the user’s limits', () => {
  const limits = { enabled: true, dailyProfiles: 10, weeklyProfiles: 30 };
  it.each([
    [{ today: 9, week: 29 }, null],
    [{ today: 10, week: 12 }, { day: true, week: false }],
    [{ today: 2, week: 30 }, { day: false, week: true }],
    [{ today: 12, week: 40 }, { day: true, week: true }],
  ])('%j: %j', (counts, expected) => {
    expect(profileViewWarning(counts, limits)).toEqual(expected);
  });

  it('says nothing when the counter is off', () => {
    expect(profileViewWarning({ today: 500, week: 900 }, { ...limits, enabled: false })).toBeNull();
  });

  it('defaults stay well under the levels users report being restricted at (80–100 a day, a few hundred a week)', () => {
    expect(DEFAULT_PREFERENCES.networkSafety).toEqual({ enabled: true, dailyProfiles: 60, weeklyProfiles: 250 });
  });
});
