import { t } from '@/lib/platform/i18n';
import { CheckboxField, NumberField } from '@/components/settings/fields';
import { SettingsSection } from '@/components/settings/SettingsSection';
import type { SectionProps } from '@/components/settings/types';

/** The profile-view counter's switch and limits (lib/network-safety/README.md); saved with the form. */
export function NetworkSafetySection({ draft, errors, set }: SectionProps) {
  return (
    <SettingsSection id="safety" title={t('networkSafety.title')} intro={t('networkSafety.intro')}>
      <CheckboxField label={t('networkSafety.enabled')} checked={draft['networkSafety.enabled']} error={errors['networkSafety.enabled']} onChange={(v) => set('networkSafety.enabled', v)} />
      <NumberField
        label={t('networkSafety.daily')}
        hint={t('networkSafety.limitHint')}
        value={draft['networkSafety.dailyProfiles']}
        error={errors['networkSafety.dailyProfiles']}
        onChange={(v) => set('networkSafety.dailyProfiles', v)}
      />
      <NumberField
        label={t('networkSafety.weekly')}
        hint={t('networkSafety.limitHint')}
        value={draft['networkSafety.weeklyProfiles']}
        error={errors['networkSafety.weeklyProfiles']}
        onChange={(v) => set('networkSafety.weeklyProfiles', v)}
      />
    </SettingsSection>
  );
}
