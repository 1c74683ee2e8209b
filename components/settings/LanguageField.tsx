import { useState } from 'react';
import { ask } from '@/components/platform/useBackground';
import { useLanguage } from '@/components/settings/language-store';
import { t } from '@/lib/platform/i18n';
import { LANGUAGE_CHOICES, LANGUAGE_NAMES, localeOfTag, type LanguageChoice } from '@/lib/platform/i18n/locales';
import { browserUiLanguage } from '@/lib/platform/i18n/ui-language';
import { sendMessage } from '@/lib/contracts/messenger';
import { SelectField } from '@/components/settings/fields';

/**
 * Settings › Language: the browser's (the default) or one of Dossier's
 * languages, each named in itself. Saved at once, apart from the form's Save: every open Dossier
 * page and the worker switch when it is stored, this one included.
 */
export function LanguageField() {
  const choice = useLanguage((s) => s.choice) ?? 'auto';
  const [error, setError] = useState<string | undefined>();
  const browserLanguage = LANGUAGE_NAMES[localeOfTag(browserUiLanguage())];

  async function choose(language: LanguageChoice) {
    const reply = await ask(() => sendMessage('saveLanguage', { language }));
    setError(reply.ok ? undefined : reply.error.message);
  }

  return (
    <SelectField
      label={t('language.label')}
      hint={t('language.hint')}
      error={error}
      value={choice}
      options={LANGUAGE_CHOICES.map((value) => ({
        value,
        label: value === 'auto' ? t('language.auto', { language: browserLanguage }) : LANGUAGE_NAMES[value],
        lang: value === 'auto' ? undefined : value,
      }))}
      onChange={(value) => void choose(value as LanguageChoice)}
    />
  );
}
