import { useState } from 'react';
import { ask } from '@/components/platform/useBackground';
import { useTheme } from '@/components/settings/theme-store';
import { t } from '@/lib/platform/i18n';
import { sendMessage } from '@/lib/contracts/messenger';
import { THEME_CHOICES, type ThemeChoice } from '@/lib/settings/theme-choice';
import { SelectField } from '@/components/settings/fields';

/**
 * Light, dark or the system's. Saved at once, as the language is: every open Dossier page and the
 * panel switch when it is stored (components/settings/theme-store.ts), this one included.
 */
export function ThemeField() {
  const choice = useTheme((s) => s.choice) ?? 'system';
  const [error, setError] = useState<string | undefined>();

  async function choose(theme: ThemeChoice) {
    const reply = await ask(() => sendMessage('saveTheme', { theme }));
    setError(reply.ok ? undefined : reply.error.message);
  }

  return (
    <SelectField
      label={t('theme.label')}
      hint={t('theme.hint')}
      error={error}
      value={choice}
      options={THEME_CHOICES.map((value) => ({ value, label: t(`theme.${value}`) }))}
      onChange={(value) => void choose(value as ThemeChoice)}
    />
  );
}
