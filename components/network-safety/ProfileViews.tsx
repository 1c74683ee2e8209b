import { useEffect, useState, type MouseEvent } from 'react';
import { ask } from '@/components/platform/useBackground';
import { usePreferences } from '@/components/settings/preferences-store';
import { useTakenOver } from '@/components/platform/first-paint';
import { t, tn } from '@/lib/platform/i18n';
import { sendMessage } from '@/lib/contracts/messenger';
import type { ProfileViewCounts } from '@/lib/network-safety/profile-views';
import { profileViewWarning, type ProfileViewWarning } from '@/lib/network-safety/warning';
import type { Preferences } from '@/lib/settings/preferences';

interface Actions {
  onOpenBulk(): void;
  onOpenSettings(): void;
}

/** The counts as the worker made them; null until it answers (or if it cannot: the line is left out). */
function useProfileViews(): ProfileViewCounts | null {
  const [counts, setCounts] = useState<ProfileViewCounts | null>(null);
  useEffect(() => {
    let live = true;
    void ask(() => sendMessage('profileViews', undefined)).then((reply) => live && reply.ok && setCounts(reply.value));
    return () => {
      live = false;
    };
  }, []);
  return counts;
}

/** The side panel mode: chosen from here in one click, as the settings would. */
function SidePanelSuggestion() {
  const mode = usePreferences((s) => s.prefs.pageAccess.panelMode);
  const [failed, setFailed] = useState(false);
  if (mode === 'stealth') return <p>{t('networkSafety.suggest.sidePanelOn')}</p>;

  async function choose(event: MouseEvent) {
    if (!event.nativeEvent.isTrusted) return;
    const reply = await ask(() => sendMessage('choosePanelMode', { mode: 'stealth' }));
    setFailed(!reply.ok);
    if (reply.ok) usePreferences.setState({ prefs: reply.value });
  }

  return (
    <p>
      {t('networkSafety.suggest.sidePanel')}{' '}
      <button type="button" className="secondary" onClick={(e) => void choose(e)}>
        {t('networkSafety.suggest.sidePanelButton')}
      </button>
      {failed && <span role="alert">{t('networkSafety.suggest.sidePanelFailed')}</span>}
    </p>
  );
}

function Warning({ warning, counts, limits, onOpenBulk, onOpenSettings }: Actions & { warning: ProfileViewWarning; counts: ProfileViewCounts; limits: Preferences['networkSafety'] }) {
  return (
    <div className="warning profile-views-warning" role="group" aria-labelledby="profile-views-warning-title">
      <h2 id="profile-views-warning-title">{t('networkSafety.warning.title')}</h2>
      {warning.day && <p>{tn('networkSafety.warning.day', counts.today, { limit: limits.dailyProfiles })}</p>}
      {warning.week && <p>{tn('networkSafety.warning.week', counts.week, { limit: limits.weeklyProfiles })}</p>}
      <p>{t('networkSafety.warning.why')}</p>
      <SidePanelSuggestion />
      <p>
        {t('networkSafety.suggest.bulk')}{' '}
        <button type="button" className="secondary" onClick={onOpenBulk}>
          {t('networkSafety.suggest.bulkButton')}
        </button>
      </p>
      <p>
        <button type="button" className="link-button" onClick={onOpenSettings}>
          {t('networkSafety.changeLimits')}
        </button>
      </p>
    </div>
  );
}

/**
 * The popup's line of LinkedIn profiles opened today and this week, counted by the worker from
 * the content script's reports (lib/network-safety/); past the user's limits, a warning with what
 * opens no profile.
 */
export function ProfileViews(actions: Actions) {
  const limits = usePreferences((s) => s.prefs.networkSafety);
  const loaded = usePreferences((s) => s.loaded);
  const counts = useProfileViews();
  // Not in the first paint: it comes once the React popup has taken its place, so the swap shows nothing new.
  const takenOver = useTakenOver();
  if (!takenOver || !loaded || !limits.enabled || !counts) return null;
  const warning = profileViewWarning(counts, limits);
  return (
    <section aria-label={t('networkSafety.title')} className="profile-views">
      <p>
        {t('networkSafety.counts', { today: counts.today, week: counts.week })} <span className="muted">{t('networkSafety.countsHint')}</span>
      </p>
      {warning && <Warning warning={warning} counts={counts} limits={limits} {...actions} />}
    </section>
  );
}
