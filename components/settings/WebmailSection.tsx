import { useState } from 'react';
import { ask } from '@/components/platform/useBackground';
import { usePreferences } from '@/components/settings/preferences-store';
import { t } from '@/lib/platform/i18n';
import { sendMessage } from '@/lib/contracts/messenger';
import { webmailAccess } from '@/lib/webmail/permissions';
import { CheckboxField } from '@/components/settings/fields';
import { SettingsSection } from '@/components/settings/SettingsSection';
import { useHostAccess } from '@/components/settings/useHostAccess';

/**
 * Web mail: off by default. Turning it on asks the browser for Gmail's and Outlook's hosts at
 * that moment; turning it off gives them back. The switch shows what is really in force: the
 * preference and the access together.
 */
export function WebmailSection() {
  const enabled = usePreferences((s) => s.prefs.webmail.enabled);
  const [granted, setAccess] = useHostAccess(webmailAccess);
  const [message, setMessage] = useState<string | null>(null);

  async function toggle(wanted: boolean) {
    // The prompt needs the click's user gesture: the permission call comes before any other await.
    const access = await setAccess(wanted);
    const on = wanted && access;
    setMessage(wanted && !access ? t('webmail.settings.refused') : null);
    // Saved at once, from the stored settings, never from unsaved edits in the form.
    const prefs = usePreferences.getState().prefs;
    if (prefs.webmail.enabled !== on) {
      const reply = await ask(() => sendMessage('savePreferences', { ...prefs, webmail: { ...prefs.webmail, enabled: on } }));
      if (reply.ok) usePreferences.setState({ prefs: reply.value });
      else setMessage(reply.error.message);
    }
  }

  return (
    <SettingsSection id="webmail" title={t('webmail.settings.title')}>
      <CheckboxField
        label={t('webmail.settings.enable')}
        hint={t('webmail.settings.hint')}
        checked={enabled && (granted ?? false)}
        disabled={granted === null}
        onChange={(v) => void toggle(v)}
      />
      <p aria-live="polite" className="muted">
        {message}
      </p>
    </SettingsSection>
  );
}
