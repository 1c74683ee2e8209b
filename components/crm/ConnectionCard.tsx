import { useState } from 'react';
import { connectionInputSchema, connectionOrigins, type ConnectionInput, type ConnectionSummary } from '@/lib/crm/connection';
import { requestCrmAccess } from '@/lib/crm/page/permissions';
import { MAPPABLE_TARGETS } from '@/lib/crm/mapping';
import { CRM_LABELS, type CrmTarget } from '@/lib/crm/types';
import { FieldMappingEditor } from '@/components/crm/FieldMappingEditor';
import { t } from '@/lib/platform/i18n';
import { sendMessage } from '@/lib/contracts/messenger';
import { CheckboxField, SelectField, TextField } from '@/components/settings/fields';
import { ask } from '@/components/platform/useBackground';

export interface FieldSpec {
  name: 'token' | 'apiBase' | 'domain' | 'url' | 'secret' | 'clientId' | 'loginHost' | 'recordType' | 'clientSecret' | 'dataCentre';
  label: string;
  hint?: string;
  secret?: boolean;
  /** Only needed for a proxy or the local emulators: under "Advanced". */
  advanced?: boolean;
  /** A choice rather than text; the first option is the default. */
  options?: { value: string; label: string }[];
}

/** What the user sets up in the CRM before connecting, folded away until asked for. */
export interface SetupGuide {
  summary: string;
  paragraphs: string[];
}

interface Props {
  target: CrmTarget;
  fields: FieldSpec[];
  guide?: SetupGuide;
  summary: ConnectionSummary | undefined;
  autoPush: boolean;
  onAutoPush(enabled: boolean): void;
  onChanged(connections: ConnectionSummary[]): void;
}

type Notice = { tone: 'status' | 'alert'; text: string } | null;

function inputOf(target: CrmTarget, draft: Record<string, string>): unknown {
  const optional = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  if (target === 'hubspot') return { kind: 'hubspot', token: draft.token ?? '', apiBase: optional(draft.apiBase) };
  if (target === 'close') return { kind: 'close', token: draft.token ?? '', apiBase: optional(draft.apiBase) };
  if (target === 'pipedrive') return { kind: 'pipedrive', token: draft.token ?? '', domain: draft.domain ?? '', apiBase: optional(draft.apiBase) };
  if (target === 'attio') return { kind: 'attio', token: draft.token ?? '', apiBase: optional(draft.apiBase) };
  if (target === 'salesforce') return { kind: 'salesforce', clientId: draft.clientId ?? '', clientSecret: optional(draft.clientSecret), loginHost: draft.loginHost ?? 'production', recordType: draft.recordType ?? 'lead', apiBase: optional(draft.apiBase) };
  if (target === 'zoho') return { kind: 'zoho', clientId: draft.clientId ?? '', clientSecret: optional(draft.clientSecret), dataCentre: draft.dataCentre ?? 'com', recordType: draft.recordType ?? 'lead', apiBase: optional(draft.apiBase) };
  return { kind: 'webhook', url: draft.url ?? '', secret: draft.secret ?? '' };
}

/** One CRM: connect (asking for its host then), test, disconnect, and whether to push automatically. */
export function ConnectionCard({ target, fields, guide, summary, autoPush, onAutoPush, onChanged }: Props) {
  const label = CRM_LABELS[target];
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  async function connect() {
    const parsed = connectionInputSchema.safeParse(inputOf(target, draft));
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return setNotice({ tone: 'alert', text: t('crm.connect.fixFields', { crm: label }) });
    }
    setErrors({});
    const input: ConnectionInput = parsed.data;
    // First thing awaited: the browser shows the permission prompt only during the click.
    if (!(await requestCrmAccess(input))) {
      return setNotice({ tone: 'alert', text: t('crm.connect.needsAccess', { origin: connectionOrigins(input).join(', '), crm: label }) });
    }
    setBusy(true);
    setNotice({ tone: 'status', text: t('crm.connect.connecting', { crm: label }) });
    const reply = await ask(() => sendMessage('crmConnect', { connection: input }));
    setBusy(false);
    if (!reply.ok) return setNotice({ tone: 'alert', text: reply.error.message });
    setDraft({});
    onChanged(reply.value.connections);
    setNotice({ tone: 'status', text: reply.value.message });
  }

  async function test() {
    setBusy(true);
    setNotice({ tone: 'status', text: t('crm.connect.testing', { crm: label }) });
    const reply = await ask(() => sendMessage('crmTest', { target }));
    setBusy(false);
    setNotice(reply.ok ? { tone: 'status', text: reply.value.message } : { tone: 'alert', text: reply.error.message });
  }

  async function disconnect() {
    setBusy(true);
    const reply = await ask(() => sendMessage('crmDisconnect', { target }));
    setBusy(false);
    if (!reply.ok) return setNotice({ tone: 'alert', text: reply.error.message });
    onChanged(reply.value.connections);
    setNotice({ tone: 'status', text: t('crm.connect.disconnected', { crm: label }) });
  }

  const field = (spec: FieldSpec) =>
    spec.options ? (
      <SelectField
        key={spec.name}
        label={spec.label}
        hint={spec.hint}
        options={spec.options}
        value={draft[spec.name] ?? spec.options[0]!.value}
        error={errors[spec.name]}
        onChange={(value) => setDraft((d) => ({ ...d, [spec.name]: value }))}
      />
    ) : (
    <TextField
      key={spec.name}
      label={spec.label}
      hint={spec.hint}
      type={spec.secret ? 'password' : 'text'}
      value={draft[spec.name] ?? ''}
      error={errors[spec.name]}
      onChange={(value) => setDraft((d) => ({ ...d, [spec.name]: value }))}
      // These fields sit inside the settings form: Enter here connects, it does not save the page.
      onEnter={() => void connect()}
    />
    );

  return (
    <fieldset className="crm-connection" aria-busy={busy || undefined}>
      <legend>{label}</legend>
      {summary ? (
        <>
          <p data-testid={`crm-connected-${target}`}>{t('crm.connect.connected', { address: summary.address, secret: summary.maskedSecret })}</p>
          {summary.limits && <p className="muted">{summary.limits}</p>}
          <CheckboxField label={t('crm.connect.autoPush', { crm: label })} hint={t('crm.connect.autoPushHint')} checked={autoPush} onChange={onAutoPush} />
          {MAPPABLE_TARGETS.has(target) && <FieldMappingEditor target={target} />}
          <div className="row">
            <button type="button" className="secondary" disabled={busy} onClick={() => void test()}>
              {t('crm.connect.test', { crm: label })}
            </button>{' '}
            <button type="button" className="secondary" disabled={busy} onClick={() => void disconnect()}>
              {t('crm.connect.disconnect', { crm: label })}
            </button>
          </div>
        </>
      ) : (
        <>
          {guide && (
            <details className="crm-guide">
              <summary>{guide.summary}</summary>
              {guide.paragraphs.map((text) => (
                <p key={text}>{text}</p>
              ))}
            </details>
          )}
          {fields.filter((f) => !f.advanced).map(field)}
          {fields.some((f) => f.advanced) && (
            <details>
              <summary>{t('crm.connect.advanced')}</summary>
              {fields.filter((f) => f.advanced).map(field)}
            </details>
          )}
          <button type="button" disabled={busy} onClick={() => void connect()}>
            {/* Salesforce and Zoho open their own login window: the button says so. */}
            {target === 'salesforce' ? t('crm.connect.salesforce') : target === 'zoho' ? t('crm.connect.zoho') : t('crm.connect.connect', { crm: label })}
          </button>
        </>
      )}
      {notice && <p role={notice.tone}>{notice.text}</p>}
    </fieldset>
  );
}
