import type { ProfileViewCounts } from '@/lib/network-safety/profile-views';
import type { Preferences } from '@/lib/settings/preferences';

export interface ProfileViewWarning {
  /** Today's count reached the daily limit. */
  day: boolean;
  /** The last seven days' count reached the weekly limit. */
  week: boolean;
}

/** Which of the user's limits the counts reached; null when none is (or the counter is off). */
export function profileViewWarning(counts: ProfileViewCounts, settings: Preferences['networkSafety']): ProfileViewWarning | null {
  if (!settings.enabled) return null;
  const warning = { day: counts.today >= settings.dailyProfiles, week: counts.week >= settings.weeklyProfiles };
  return warning.day || warning.week ? warning : null;
}
