import { CrmSettings } from '@/components/crm/CrmSettings';
import { t } from '@/lib/platform/i18n';
import { SettingsSection } from '@/components/settings/SettingsSection';

/** The heading belongs to the page's outline; the section itself is the CRM feature's. */
export function CrmSection({ generation }: { generation: number }) {
  return (
    <SettingsSection id="crm" title={t('crm.title')}>
      <CrmSettings generation={generation} />
    </SettingsSection>
  );
}
