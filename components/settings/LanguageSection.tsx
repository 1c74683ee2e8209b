import { t } from '@/lib/platform/i18n';
import { LanguageField } from '@/components/settings/LanguageField';
import { SettingsSection } from '@/components/settings/SettingsSection';
import { ThemeField } from '@/components/settings/ThemeField';

export function LanguageSection() {
  return (
    <SettingsSection id="language" title={t('settings.section.language')} intro={t('settings.atOnce')}>
      <LanguageField />
      <ThemeField />
    </SettingsSection>
  );
}
