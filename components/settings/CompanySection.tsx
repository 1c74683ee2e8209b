import { t, type MessageKey } from '@/lib/platform/i18n';
import { TextField } from '@/components/settings/fields';
import { SettingsSection } from '@/components/settings/SettingsSection';
import type { SectionProps } from '@/components/settings/types';
import type { FieldPath } from '@/lib/settings/page/preferences-form';

type CompanyPath = Extract<FieldPath, `notice.${string}`>;

/** The label and hint of each field, by its place in the preferences. */
const FIELDS = [
  { path: 'notice.legalName', label: 'notice.settings.legalName' },
  { path: 'notice.postalAddress', label: 'notice.settings.postalAddress' },
  { path: 'notice.privacyEmail', label: 'notice.settings.privacyEmail', type: 'email' },
  { path: 'notice.dpo', label: 'notice.settings.dpo', hint: 'notice.settings.dpoHint' },
  { path: 'notice.representative', label: 'notice.settings.representative', hint: 'notice.settings.representativeHint' },
  { path: 'notice.purpose', label: 'notice.settings.purpose', hint: 'notice.settings.purposeHint' },
  { path: 'notice.transfers', label: 'notice.settings.transfers', hint: 'notice.settings.transfersHint' },
] as const satisfies readonly { path: CompanyPath; label: MessageKey; hint?: MessageKey; type?: string }[];

/**
 * The user's company, set once: every article 14 notice names it as the controller
 * (lib/notice/). Checked with the other settings by the same schema, on Save.
 */
export function CompanySection({ draft, errors, set }: SectionProps) {
  return (
    <SettingsSection id="company" title={t('notice.settings.title')} intro={t('notice.settings.hint')}>
      {FIELDS.map((field) => (
        <TextField
          key={field.path}
          label={t(field.label)}
          hint={'hint' in field ? t(field.hint) : undefined}
          type={'type' in field ? field.type : undefined}
          value={draft[field.path]}
          error={errors[field.path]}
          onChange={(v) => set(field.path, v)}
        />
      ))}
    </SettingsSection>
  );
}
