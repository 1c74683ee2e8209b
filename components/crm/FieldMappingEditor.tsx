import { useRef, useState } from 'react';
import type { CrmMappingReply } from '@/lib/crm/contract';
import type { CrmSchema, FieldDefaults, FieldMapping } from '@/lib/crm/mapping';
import { CRM_LABELS, FIELD_LABELS, type CrmField, type CrmTarget } from '@/lib/crm/types';
import { t } from '@/lib/platform/i18n';
import { sendMessage } from '@/lib/contracts/messenger';
import { SelectField, TextField } from '@/components/settings/fields';
import { ask } from '@/components/platform/useBackground';

type Notice = { tone: 'status' | 'alert'; text: string } | null;
type Draft = { fieldMap: FieldMapping; ownerId: string; listId: string; fieldDefaults: FieldDefaults };

const draftOf = (reply: CrmMappingReply): Draft => ({ fieldMap: reply.fieldMap, ownerId: reply.ownerId ?? '', listId: reply.listId ?? '', fieldDefaults: reply.fieldDefaults });

/** What the user typed for the fields the CRM requires now, without the ones left empty (the CRM keeps asking for those). */
function typedDefaults(defaults: FieldDefaults, required: CrmSchema['required']): FieldDefaults {
  const asked = new Set((required ?? []).map((field) => field.name));
  return Object.fromEntries(Object.entries(defaults).flatMap(([name, value]) => (asked.has(name) && value.trim() ? [[name, value.trim()]] : [])));
}

// An empty value in a select: the field is not written at all.
const NOT_WRITTEN = '';

/**
 * Where Dossier's fields go in one CRM, and who owns the records it creates: read from the CRM
 * when opened (its properties, custom ones included, and its users), saved on the connection.
 */
export function FieldMappingEditor({ target }: { target: CrmTarget }) {
  const crm = CRM_LABELS[target];
  const [loaded, setLoaded] = useState<CrmMappingReply | null>(null);
  const [draft, setDraft] = useState<Draft>({ fieldMap: {}, ownerId: '', listId: '', fieldDefaults: {} });
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  // Opening, closing and opening again before the CRM answers asks it once (state would lag a render).
  const loading = useRef(false);

  async function load() {
    if (loaded || loading.current) return;
    loading.current = true;
    setBusy(true);
    setNotice({ tone: 'status', text: t('crm.mapping.loading', { crm }) });
    const reply = await ask(() => sendMessage('crmSchema', { target }));
    loading.current = false;
    setBusy(false);
    if (!reply.ok) return setNotice({ tone: 'alert', text: reply.error.message });
    setLoaded(reply.value);
    setDraft(draftOf(reply.value));
    setNotice(null);
  }

  async function save() {
    setBusy(true);
    const reply = await ask(() =>
      sendMessage('crmSaveMapping', { target, fieldMap: draft.fieldMap, ownerId: draft.ownerId || null, listId: draft.listId || null, fieldDefaults: typedDefaults(draft.fieldDefaults, loaded?.schema.required) }),
    );
    setBusy(false);
    if (!reply.ok) return setNotice({ tone: 'alert', text: reply.error.message });
    setLoaded(reply.value);
    setNotice({ tone: 'status', text: t('crm.mapping.saved', { crm }) });
  }

  async function switchRecordType(recordType: 'lead' | 'contact') {
    setBusy(true);
    setNotice({ tone: 'status', text: t('crm.mapping.switching', { crm }) });
    const reply = await ask(() => sendMessage('crmSetRecordType', { target, recordType }));
    setBusy(false);
    if (!reply.ok) return setNotice({ tone: 'alert', text: reply.error.message });
    const { message, ...mapping } = reply.value;
    setLoaded(mapping);
    setDraft(draftOf(mapping));
    setNotice({ tone: 'status', text: message });
  }

  function propertyOf(field: CrmField): string {
    const chosen = draft.fieldMap[field];
    return chosen === null ? NOT_WRITTEN : (chosen ?? loaded!.schema.defaults[field] ?? NOT_WRITTEN);
  }

  const schema = loaded?.schema;
  const properties = schema ? [{ value: NOT_WRITTEN, label: t('crm.mapping.notWritten') }, ...schema.properties.map((p) => ({ value: p.name, label: p.custom ? t('crm.mapping.custom', { label: p.label }) : p.label }))] : [];

  return (
    <details onToggle={(event) => (event.currentTarget.open ? void load() : undefined)}>
      <summary>{t('crm.mapping.open', { crm })}</summary>
      {loaded && schema && (
        <fieldset aria-busy={busy || undefined}>
          <legend>{t('crm.mapping.title', { crm })}</legend>
          {loaded.recordType && (
            <p>
              {t(loaded.recordType === 'lead' ? 'crm.mapping.pushedAsLeads' : 'crm.mapping.pushedAsContacts')}{' '}
              <button type="button" disabled={busy} onClick={() => void switchRecordType(loaded.recordType === 'lead' ? 'contact' : 'lead')}>
                {t(loaded.recordType === 'lead' ? 'crm.mapping.switchToContacts' : 'crm.mapping.switchToLeads')}
              </button>
            </p>
          )}
          {(Object.keys(schema.defaults) as CrmField[]).map((field) => (
            <SelectField
              key={field}
              label={t('crm.mapping.field', { field: FIELD_LABELS[field] })}
              value={propertyOf(field)}
              options={properties}
              onChange={(value) => setDraft((d) => ({ ...d, fieldMap: { ...d.fieldMap, [field]: value === NOT_WRITTEN ? null : value } }))}
            />
          ))}
          <SelectField
            label={t('crm.mapping.owner')}
            value={draft.ownerId}
            options={[{ value: '', label: t('crm.mapping.ownerDefault', { crm }) }, ...schema.owners.map((o) => ({ value: o.id, label: o.name }))]}
            onChange={(ownerId) => setDraft((d) => ({ ...d, ownerId }))}
          />
          {schema.lists && (
            <SelectField
              label={t('crm.mapping.list')}
              value={draft.listId}
              options={[{ value: '', label: t('crm.mapping.noList') }, ...schema.lists.map((l) => ({ value: l.id, label: l.name }))]}
              onChange={(listId) => setDraft((d) => ({ ...d, listId }))}
            />
          )}
          {schema.required && schema.required.length > 0 && (
            <fieldset>
              <legend>{t('crm.mapping.requiredTitle', { crm })}</legend>
              {schema.required.map((field) => (
                <TextField
                  key={field.name}
                  label={t('crm.mapping.requiredValue', { field: field.label })}
                  hint={field.from ? t('crm.mapping.requiredFrom', { source: FIELD_LABELS[field.from] }) : t('crm.mapping.requiredNoSource')}
                  value={draft.fieldDefaults[field.name] ?? ''}
                  onChange={(value) => setDraft((d) => ({ ...d, fieldDefaults: { ...d.fieldDefaults, [field.name]: value } }))}
                  onEnter={() => void save()}
                />
              ))}
            </fieldset>
          )}
          <button type="button" disabled={busy} onClick={() => void save()}>
            {t('crm.mapping.save')}
          </button>
        </fieldset>
      )}
      {notice && <p role={notice.tone}>{notice.text}</p>}
    </details>
  );
}
