import { freshnessOf, type ValueAgeKind } from '@/lib/book/freshness';
import { t } from '@/lib/platform/i18n';
import { usePreferences } from '@/components/settings/preferences-store';
import { startCardPreferences } from '@/components/card/useEuMode';
import { useEffect } from 'react';
import { Age } from '@/components/card/RowAction';

/** The user's ages (Settings › When values grow old); the defaults until the preferences are read. */
function useValueAges() {
  useEffect(startCardPreferences, []);
  return usePreferences((s) => s.prefs.valueAge);
}

interface Props {
  kind: ValueAgeKind;
  /** When an answer last said the value (lib/book/freshness.ts saidAt); null: nothing known. */
  at: number | null;
  now: number;
  /** Said with the state ("role stale"), where the line alone does not say what is old. */
  subject?: 'role';
  /** With when it was found ("found on Mar 3, 2026"), for a single value. */
  withAge?: boolean;
}

/**
 * A value's state when it is no longer fresh: a word ("ageing", "stale"), never a colour alone,
 * its meaning on hover; a fresh value shows nothing more.
 */
export function FreshnessBadge({ kind, at, now, subject, withAge = false }: Props) {
  const ages = useValueAges();
  if (at === null) return null;
  const state = freshnessOf(kind, at, now, ages);
  if (state === 'fresh') return null;
  const word = t(state === 'stale' ? 'freshness.stale' : 'freshness.ageing');
  return (
    <>
      <span className={state === 'stale' ? 'badge warn freshness' : 'badge freshness'} data-freshness={state} title={t(state === 'stale' ? 'freshness.staleHint' : 'freshness.ageingHint')}>
        {subject === 'role' ? t(state === 'stale' ? 'freshness.roleStale' : 'freshness.roleAgeing') : word}
      </span>
      {withAge && (
        <span className="muted">
          <Age at={at} now={now} messageKey="card.foundAt" />
        </span>
      )}
    </>
  );
}
