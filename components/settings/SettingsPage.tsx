import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ask } from '@/components/platform/useBackground';
import { applyStatus, reloadStatus, startConnectionMirror, useConnection } from '@/components/settings/connection-store';
import { startPreferencesMirror, usePreferences } from '@/components/settings/preferences-store';
import { t } from '@/lib/platform/i18n';
import { sendMessage } from '@/lib/contracts/messenger';
import type { ConnectionTest } from '@/lib/settings/contract';
import { connectionDraftFrom, parseConnection, type ConnectionDraft, type ConnectionErrors } from '@/lib/settings/page/connection-form';
import { gatewayAccessRefusal } from '@/lib/settings/permissions';
import { draftFrom, parseDraft, type Draft, type FieldErrors, type FieldPath } from '@/lib/settings/page/preferences-form';
import { credits } from '@/components/lookup/price';
import { AccountSection } from '@/components/settings/AccountSection';
import { AdvancedSection } from '@/components/settings/AdvancedSection';
import { CompanySection } from '@/components/settings/CompanySection';
import { CrmSection } from '@/components/settings/CrmSection';
import { LanguageSection } from '@/components/settings/LanguageSection';
import { PageAccessSection } from '@/components/settings/PageAccessSection';
import { SettingsNav, useCurrentSection } from '@/components/settings/SettingsNav';
import { PrivacySection } from '@/components/settings/PrivacySection';
import { SpendingSection } from '@/components/settings/SpendingSection';
import { WebmailSection } from '@/components/settings/WebmailSection';
import { NetworkSafetySection } from '@/components/settings/NetworkSafetySection';

type Notice = { tone: 'status' | 'alert'; text: string };

function describeTest(test: ConnectionTest): string {
  return test.status === 'ok' ? t('connection.ok', { credits: credits(test.credits) }) : test.message;
}

/**
 * One form, one Save: every field is checked before anything is written, and the background
 * checks again with the same schemas. Until the user edits, the form shows what storage holds,
 * so a change saved in another window appears here at once. The sections scroll in a box of their
 * own between the navigation and the Save bar, so that the bar never covers a field.
 */
export function SettingsPage() {
  const prefs = usePreferences((s) => s.prefs);
  const { status, gateway, balance } = useConnection();
  const [prefsDraft, setPrefsDraft] = useState<Draft | null>(null);
  const [connDraft, setConnDraft] = useState<ConnectionDraft | null>(null);
  // Bumped when all data is deleted, so that sections loading their own state load it again.
  const [dataGeneration, setDataGeneration] = useState(0);
  const [prefErrors, setPrefErrors] = useState<FieldErrors>({});
  const [connErrors, setConnErrors] = useState<ConnectionErrors>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const body = useRef<HTMLDivElement>(null);
  const [section, goTo] = useCurrentSection(body);

  useEffect(() => {
    const stops = [startConnectionMirror(), startPreferencesMirror()];
    return () => stops.forEach((stop) => stop());
  }, []);

  const draft = prefsDraft ?? draftFrom(prefs);
  const conn = connDraft ?? connectionDraftFrom(gateway);
  const dirty = prefsDraft !== null || connDraft !== null;

  function set<P extends FieldPath>(path: P, value: Draft[P]) {
    setPrefsDraft((current) => ({ ...(current ?? draftFrom(prefs)), [path]: value }));
  }

  function validate() {
    const connection = parseConnection(conn);
    const preferences = parseDraft(draft, prefs);
    setConnErrors(connection.ok ? {} : connection.errors);
    setPrefErrors(preferences.ok ? {} : preferences.errors);
    return { connection, preferences };
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const { connection, preferences } = validate();
    if (!connection.ok || !preferences.ok) return setNotice({ tone: 'alert', text: t('settings.fixFields') });
    setBusy(true);
    try {
      // First thing awaited: the browser shows the prompt only during the click.
      const refusal = await gatewayAccessRefusal(connection.value.gateway.url);
      if (refusal) return setNotice({ tone: 'alert', text: refusal });
      const savedConnection = await ask(() => sendMessage('saveConnection', connection.value));
      if (!savedConnection.ok) {
        // A refused key is not saved; the reason goes beside the field it is about.
        if (savedConnection.error.kind === 'invalid_key') setConnErrors({ apiKey: savedConnection.error.message });
        return setNotice({ tone: 'alert', text: savedConnection.error.message });
      }
      applyStatus(savedConnection.value);
      const savedPrefs = await ask(() => sendMessage('savePreferences', preferences.value));
      if (!savedPrefs.ok) return setNotice({ tone: 'alert', text: savedPrefs.error.message });
      setPrefsDraft(null);
      setConnDraft(null);
      setNotice({ tone: 'status', text: t('settings.saved') });
    } finally {
      setBusy(false);
    }
  }

  async function test() {
    const connection = parseConnection(conn);
    setConnErrors(connection.ok ? {} : connection.errors);
    if (!connection.ok) return setNotice({ tone: 'alert', text: t('settings.fixBeforeTest') });
    // Testing reaches the gateway as saving does: its host first, within the click (a store
    // build declares none, not even the sandbox's on this computer).
    const refusal = await gatewayAccessRefusal(connection.value.gateway.url);
    if (refusal) return setNotice({ tone: 'alert', text: refusal });
    setBusy(true);
    setNotice({ tone: 'status', text: t('connection.testing') });
    const reply = await ask(() => sendMessage('testConnection', connection.value));
    setBusy(false);
    if (!reply.ok) return setNotice({ tone: 'alert', text: reply.error.message });
    if (reply.value.status === 'invalid_key') setConnErrors({ apiKey: reply.value.message });
    setNotice({ tone: reply.value.status === 'ok' ? 'status' : 'alert', text: describeTest(reply.value) });
  }

  return (
    <form className="settings" onSubmit={save} noValidate aria-labelledby="settings-title">
      <h1 id="settings-title">{t('app.settingsTitle')}</h1>
      <SettingsNav current={section} choose={goTo} />
      <div className="settings-body" ref={body}>
        <AccountSection
          draft={conn}
          errors={connErrors}
          status={status}
          difference={balance?.difference}
          saved={gateway}
          busy={busy}
          onChange={setConnDraft}
          onTest={() => void test()}
          onChangeService={() => goTo('advanced')}
        />
        <SpendingSection draft={draft} errors={prefErrors} set={set} />
        <PageAccessSection draft={draft} errors={prefErrors} set={set} />
        <NetworkSafetySection draft={draft} errors={prefErrors} set={set} />
        <CrmSection generation={dataGeneration} />
        <WebmailSection />
        <PrivacySection
          draft={draft}
          errors={prefErrors}
          set={set}
          onDeleted={() => {
            setPrefsDraft(null);
            setConnDraft(null);
            setDataGeneration((g) => g + 1);
            void reloadStatus();
          }}
        />
        <CompanySection draft={draft} errors={prefErrors} set={set} />
        <LanguageSection />
        <AdvancedSection draft={draft} errors={prefErrors} set={set} connection={{ draft: conn, errors: connErrors, saved: gateway, onChange: setConnDraft }} />
      </div>
      <div className="savebar">
        <button type="submit" disabled={busy}>
          {t('settings.save')}
        </button>
        {dirty && <span className="muted">{t('settings.unsaved')}</span>}
        {notice && <p role={notice.tone}>{notice.text}</p>}
      </div>
    </form>
  );
}
