import { useEffect, useState } from 'react';
import { t } from '@/lib/platform/i18n';
import { describeChange, describeNextToGo } from '@/lib/retention/page/describe';
import { readNextToGo, watchNextToGo } from '@/lib/retention/page/next-to-go';
import type { Preferences } from '@/lib/settings/preferences';
import { NumberField } from '@/components/settings/fields';
import type { SectionProps } from '@/components/settings/types';

type Forecast = { state: 'reading' } | { state: 'read'; text: string } | { state: 'failed' };

/** A period typed in the form that differs from the saved one and could be saved; null otherwise. */
function changedDays(typed: string, saved: number): number | null {
  const text = typed.trim();
  if (!/^\d+$/.test(text)) return null;
  const days = Number(text);
  return days >= 1 && days <= 3650 && days !== saved ? days : null;
}

/**
 * The retention period (contacts, history, paid answers), what goes next under the saved one with
 * an "Export first" button, and, while another period is typed, what saving it would delete.
 */
export function RetentionField({ draft, errors, set, prefs, onExport }: SectionProps & { prefs: Preferences; onExport(): void }) {
  const [forecast, setForecast] = useState<Forecast>({ state: 'reading' });
  // Said for the period it was read for: a stale answer is never shown for another.
  const [change, setChange] = useState<{ days: number; text: string } | null>(null);
  const typed = changedDays(draft['privacy.historyRetentionDays'], prefs.privacy.historyRetentionDays);

  useEffect(
    () =>
      watchNextToGo(
        () => readNextToGo(prefs, Date.now()),
        (next) => setForecast({ state: 'read', text: describeNextToGo(next) }),
        () => setForecast({ state: 'failed' }),
      ),
    [prefs],
  );

  useEffect(() => {
    if (typed === null) return;
    let current = true;
    const changed = { ...prefs, privacy: { ...prefs.privacy, historyRetentionDays: typed } };
    readNextToGo(changed, Date.now(), 1).then(
      (next) => current && setChange({ days: typed, text: describeChange(next, typed) }),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [prefs, typed]);

  const shown = change && change.days === typed ? change.text : null;
  return (
    <div className="retention">
      <NumberField
        label={t('privacy.retention')}
        hint={t('retention.hint')}
        value={draft['privacy.historyRetentionDays']}
        error={errors['privacy.historyRetentionDays']}
        onChange={(v) => set('privacy.historyRetentionDays', v)}
      />
      <p className={shown ? 'retention-change warning' : 'retention-change'} aria-live="polite" data-testid="retention-change">
        {shown}
      </p>
      <div className="retention-next">
        <span aria-live="polite" data-testid="retention-next">
          {forecast.state === 'reading' ? t('retention.reading') : forecast.state === 'failed' ? t('retention.unreadable') : forecast.text}
        </span>
        <button type="button" className="secondary" onClick={onExport}>
          {t('retention.exportFirst')}
        </button>
      </div>
    </div>
  );
}
