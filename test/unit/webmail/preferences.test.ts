import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, readPreferences } from '@/lib/settings/preferences';
import { draftFrom, parseDraft } from '@/lib/settings/page/preferences-form';

describe('the web mail preference', () => {
  it('is off by default', () => {
    expect(DEFAULT_PREFERENCES.webmail).toEqual({ enabled: false });
  });

  it('is off for preferences written by an older release, which keep everything else', () => {
    const prefs = readPreferences({ privacy: { euMode: true }, pageAccess: { scanAllSites: true, panelMode: 'frame' } });
    expect(prefs.webmail).toEqual({ enabled: false });
    expect(prefs.privacy.euMode).toBe(true);
    expect(prefs.pageAccess).toEqual({ scanAllSites: true, panelMode: 'frame' });
  });

  it('keeps a stored choice, and a broken value falls back to off without touching other sections', () => {
    expect(readPreferences({ webmail: { enabled: true } }).webmail.enabled).toBe(true);
    const broken = readPreferences({ webmail: { enabled: 'yes' }, privacy: { euMode: true } });
    expect(broken.webmail.enabled).toBe(false);
    expect(broken.privacy.euMode).toBe(true);
  });

  it('is not undone by saving the settings form, which does not show it (the switch saves at once)', () => {
    const stored = { ...DEFAULT_PREFERENCES, webmail: { enabled: true } };
    const saved = parseDraft(draftFrom(stored), stored);
    expect(saved.ok && saved.value.webmail).toEqual({ enabled: true });
  });
});
