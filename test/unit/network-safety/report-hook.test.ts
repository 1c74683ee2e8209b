import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers, type HandlerDeps } from '@/lib/worker/handlers';
import { createRouter } from '@/lib/worker/router';
import type { PanelService } from '@/lib/panel/worker/service';
import { createProfileViewCounter } from '@/lib/network-safety/worker/counter';
import { profileViewsItem } from '@/lib/network-safety/worker/stored-items';
import { DEFAULT_PREFERENCES, readPreferences } from '@/lib/settings/preferences';

const identity = { extensionId: 'ext-id', extensionOrigin: 'chrome-extension://ext-id/' };
const popup = { id: 'ext-id', url: 'chrome-extension://ext-id/popup.html' };
const tab = (slug: string) => ({ id: 'ext-id', url: `https://www.linkedin.com/in/${slug}/`, tab: { id: 4 }, frameId: 0, documentId: `doc-${slug}` });
const detection = (slug: string) => ({ kind: 'person', url: `https://www.linkedin.com/in/${slug}/`, person: { fullName: slug }, confidence: 1, sources: ['url'] });

function dispatcher() {
  const profileViews = createProfileViewCounter({ item: profileViewsItem, preferences: { read: async () => DEFAULT_PREFERENCES }, now: () => Date.now() });
  const panel = { report: async () => null } as unknown as PanelService;
  return createRouter(createHandlers({ identity, panel, profileViews, jobChanges: { seen: async () => {} } } as unknown as HandlerDeps), identity);
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('the counter is fed by the content script’s reports, and read by Dossier’s pages only', () => {
  it('counts the profiles a content script reports on its tab; the popup reads the counts', async () => {
    const dispatch = dispatcher();
    await dispatch('reportDetection', { detection: detection('maya-chen') }, tab('maya-chen'));
    await dispatch('reportDetection', { detection: detection('maya-chen') }, tab('maya-chen'));
    await dispatch('reportDetection', { detection: detection('jon-bell') }, tab('jon-bell'));
    expect(await dispatch('profileViews', undefined, popup)).toEqual({ ok: true, value: { today: 2, week: 2 } });
  });

  it('a report without a tab counts nothing, and the page’s content script cannot read the counter', async () => {
    const dispatch = dispatcher();
    await dispatch('reportDetection', { detection: detection('maya-chen') }, { id: 'ext-id', url: 'https://www.linkedin.com/in/maya-chen/' });
    expect(await dispatch('profileViews', undefined, tab('maya-chen'))).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(await dispatch('profileViews', undefined, popup)).toEqual({ ok: true, value: { today: 0, week: 0 } });
  });
});

describe('the settings’ new section', () => {
  it('reads older stored preferences, which have none, with the defaults', () => {
    const older = { ...DEFAULT_PREFERENCES } as Record<string, unknown>;
    delete older.networkSafety;
    expect(readPreferences(older).networkSafety).toEqual({ enabled: true, dailyProfiles: 60, weeklyProfiles: 250 });
  });

  it('a broken limit falls back to the defaults without touching the other sections', () => {
    const stored = { ...DEFAULT_PREFERENCES, privacy: { ...DEFAULT_PREFERENCES.privacy, euMode: true }, networkSafety: { enabled: true, dailyProfiles: -4, weeklyProfiles: 'many' } };
    const read = readPreferences(stored);
    expect(read.networkSafety).toEqual(DEFAULT_PREFERENCES.networkSafety);
    expect(read.privacy.euMode).toBe(true);
  });
});

describe('the settings form’s limits', () => {
  it('checks what is typed: a whole number from 1 to 5,000, said beside the field', async () => {
    const { draftFrom, parseDraft } = await import('@/lib/settings/page/preferences-form');
    const draft = draftFrom(DEFAULT_PREFERENCES);
    expect(draft['networkSafety.dailyProfiles']).toBe('60');
    expect(parseDraft({ ...draft, 'networkSafety.dailyProfiles': 'many' }, DEFAULT_PREFERENCES)).toEqual({ ok: false, errors: { 'networkSafety.dailyProfiles': 'Enter a whole number.' } });
    expect(parseDraft({ ...draft, 'networkSafety.weeklyProfiles': '0' }, DEFAULT_PREFERENCES)).toMatchObject({ ok: false, errors: { 'networkSafety.weeklyProfiles': 'Between 1 and 5,000.' } });
    const saved = parseDraft({ ...draft, 'networkSafety.dailyProfiles': '2', 'networkSafety.enabled': false }, DEFAULT_PREFERENCES);
    expect(saved).toMatchObject({ ok: true, value: { networkSafety: { enabled: false, dailyProfiles: 2, weeklyProfiles: 250 } } });
  });
});
