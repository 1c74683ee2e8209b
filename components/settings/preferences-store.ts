import { create } from 'zustand';
import { preferencesItem } from '@/lib/settings/stored';
import { DEFAULT_PREFERENCES, readPreferences, type Preferences } from '@/lib/settings/preferences';
import { mirrorItem } from '@/components/platform/mirror-store';

interface PreferencesState {
  prefs: Preferences;
  loaded: boolean;
}

/** Storage is the truth; this store only mirrors it, so every open page shows the same settings. */
export const usePreferences = create<PreferencesState>(() => ({ prefs: DEFAULT_PREFERENCES, loaded: false }));

export function startPreferencesMirror(): () => void {
  return mirrorItem(preferencesItem, (value) => usePreferences.setState({ prefs: readPreferences(value), loaded: true }));
}
