import { useState } from 'react';
import { ask } from '@/components/platform/useBackground';
import { usePreferences } from '@/components/settings/preferences-store';
import { t } from '@/lib/platform/i18n';
import { sendMessage } from '@/lib/contracts/messenger';
import { allSitesAccess } from '@/lib/settings/permissions';
import { PanelModeChoice } from '@/components/panel/PanelModeChoice';
import { CheckboxField } from '@/components/settings/fields';
import { useHostAccess } from '@/components/settings/useHostAccess';
import { SettingsSection } from '@/components/settings/SettingsSection';
import type { SectionProps } from '@/components/settings/types';

export function PageAccessSection(_props: SectionProps) {
  const [granted, setAccess] = useHostAccess(allSitesAccess);
  const [message, setMessage] = useState<string | null>(null);

  async function toggle(enabled: boolean) {
    // The prompt needs the click's user gesture: the permission call comes before any other await.
    const now = await setAccess(enabled);
    setMessage(now === enabled ? null : t('pageAccess.refused'));
    // The switch saves at once, from the stored settings, never from unsaved edits in the form.
    const prefs = usePreferences.getState().prefs;
    if (prefs.pageAccess.scanAllSites !== now) {
      await ask(() => sendMessage('savePreferences', { ...prefs, pageAccess: { ...prefs.pageAccess, scanAllSites: now } }));
    }
  }

  return (
    <SettingsSection id="pages" title={t('pageAccess.title')} intro={t('settings.atOnce')}>
      <CheckboxField
        label={t('pageAccess.allSites')}
        hint={t('pageAccess.allSitesHint')}
        checked={granted ?? false}
        disabled={granted === null}
        onChange={(v) => void toggle(v)}
      />
      <p aria-live="polite" className="muted">
        {message}
      </p>
      <PanelModeChoice />
    </SettingsSection>
  );
}
