import { t } from '@/lib/platform/i18n';
import { NumberField } from '@/components/settings/fields';
import { FreshnessFields, FullEnrichmentFields, ValueAgeFields } from '@/components/settings/enrichment-fields';
import { SettingsSection } from '@/components/settings/SettingsSection';
import type { SectionProps } from '@/components/settings/types';

export function SpendingSection(props: SectionProps) {
  const { draft, errors, set } = props;
  return (
    <SettingsSection id="spending" title={t('spending.title')}>
      <NumberField label={t('spending.confirmAbove')} value={draft['spending.confirmAbove']} error={errors['spending.confirmAbove']} onChange={(v) => set('spending.confirmAbove', v)} />
      <NumberField label={t('spending.dailyCap')} value={draft['spending.dailyCap']} error={errors['spending.dailyCap']} onChange={(v) => set('spending.dailyCap', v)} />
      <NumberField label={t('spending.lowBalance')} value={draft['spending.lowBalanceThreshold']} error={errors['spending.lowBalanceThreshold']} onChange={(v) => set('spending.lowBalanceThreshold', v)} />
      <FullEnrichmentFields {...props} />
      <FreshnessFields {...props} />
      <ValueAgeFields {...props} />
    </SettingsSection>
  );
}
