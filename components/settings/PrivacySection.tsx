import { useState } from 'react';
import { ask } from '@/components/platform/useBackground';
import { ConfirmAction } from '@/components/platform/ConfirmAction';
import { download } from '@/components/history/download';
import { t } from '@/lib/platform/i18n';
import { sendMessage } from '@/lib/contracts/messenger';
import { CheckboxField, LinesField } from '@/components/settings/fields';
import { RetentionField } from '@/components/settings/RetentionField';
import { usePreferences } from '@/components/settings/preferences-store';
import { SettingsSection } from '@/components/settings/SettingsSection';
import type { SectionProps } from '@/components/settings/types';

export function PrivacySection({ draft, errors, set, onDeleted }: SectionProps & { onDeleted(): void }) {
  const [message, setMessage] = useState<string | null>(null);
  const prefs = usePreferences((s) => s.prefs);

  async function exportAll() {
    const reply = await ask(() => sendMessage('exportAllData', undefined));
    if (!reply.ok) return setMessage(reply.error.message);
    download(reply.value);
  }

  async function deleteAll() {
    const reply = await ask(() => sendMessage('deleteAllData', undefined));
    if (!reply.ok) return setMessage(reply.error.message);
    setMessage(t('privacy.deletedAll'));
    onDeleted();
  }

  return (
    <SettingsSection id="privacy" title={t('privacy.title')}>
      <CheckboxField label={t('privacy.euMode')} checked={draft['privacy.euMode']} error={errors['privacy.euMode']} onChange={(v) => set('privacy.euMode', v)} />
      <LinesField
        label={t('privacy.suppression')}
        hint={t('privacy.suppressionHint')}
        value={draft['privacy.suppression']}
        error={errors['privacy.suppression']}
        onChange={(v) => set('privacy.suppression', v)}
      />
      <RetentionField draft={draft} errors={errors} set={set} prefs={prefs} onExport={() => void exportAll()} />
      <div className="data-actions">
        <p>
          <button type="button" className="secondary" onClick={() => void exportAll()}>
            {t('privacy.exportAll')}
          </button>{' '}
          <span className="muted">{t('privacy.exportHint')}</span>
        </p>
        <p>
          <ConfirmAction label={t('privacy.deleteAll')} question={t('privacy.deleteAllConfirm')} confirmLabel={t('privacy.deleteAllYes')} onConfirm={deleteAll} />{' '}
          <span className="muted">{t('privacy.deleteAllHint')}</span>
        </p>
        <p aria-live="polite" data-testid="privacy-message">
          {message}
        </p>
      </div>
    </SettingsSection>
  );
}
