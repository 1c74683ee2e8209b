import { t } from '@/lib/platform/i18n';
import type { ConnectionDraft, ConnectionErrors } from '@/lib/settings/page/connection-form';
import type { Gateway } from '@/lib/settings/gateway';
import { LookupDetailsFields } from '@/components/settings/enrichment-fields';
import { ServiceFields } from '@/components/settings/ServiceFields';
import { SettingsSection } from '@/components/settings/SettingsSection';
import type { SectionProps } from '@/components/settings/types';

/** What tests and special set-ups change: the service's address, the lookups' finer points. */
export function AdvancedSection({
  connection,
  ...props
}: SectionProps & { connection: { draft: ConnectionDraft; errors: ConnectionErrors; saved: Gateway | null; onChange(next: ConnectionDraft): void } }) {
  return (
    <SettingsSection id="advanced" title={t('settings.section.advanced')} intro={t('settings.advancedHint')}>
      <ServiceFields {...connection} />
      <LookupDetailsFields {...props} />
    </SettingsSection>
  );
}
