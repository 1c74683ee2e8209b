import { useEffect, useState } from 'react';
import { HUBSPOT_SCOPES, type ConnectionSummary } from '@/lib/crm/connection';
import type { CrmSettings as Settings } from '@/lib/crm/contract';
import { webAuthRedirectUrl } from '@/lib/crm/web-auth/flow';
import type { CrmTarget } from '@/lib/crm/types';
import { t } from '@/lib/platform/i18n';
import { sendMessage } from '@/lib/contracts/messenger';
import { ask } from '@/components/platform/useBackground';
import { ConnectionCard, type FieldSpec, type SetupGuide } from '@/components/crm/ConnectionCard';
import { ExportPicker } from '@/components/crm/ExportPicker';
import { OutboxList } from '@/components/crm/OutboxList';

/** Built when shown, so that the labels are in the current language. */
function fieldsOf(target: CrmTarget): FieldSpec[] {
  const apiAddress = t('crm.settings.apiAddress');
  switch (target) {
    case 'hubspot':
      return [
        { name: 'token', label: t('crm.settings.hubspotToken'), hint: t('crm.settings.hubspotTokenHint', { scopes: HUBSPOT_SCOPES.join(', ') }), secret: true },
        { name: 'apiBase', label: apiAddress, hint: t('crm.settings.hubspotApiHint'), advanced: true },
      ];
    case 'pipedrive':
      return [
        { name: 'token', label: t('crm.settings.pipedriveToken'), hint: t('crm.settings.pipedriveTokenHint'), secret: true },
        { name: 'domain', label: t('crm.settings.pipedriveDomain'), hint: t('crm.settings.pipedriveDomainHint') },
        { name: 'apiBase', label: apiAddress, hint: t('crm.settings.pipedriveApiHint'), advanced: true },
      ];
    case 'attio':
      return [
        { name: 'token', label: t('crm.settings.attioToken'), hint: t('crm.settings.attioTokenHint'), secret: true },
        { name: 'apiBase', label: apiAddress, hint: t('crm.settings.attioApiHint'), advanced: true },
      ];
    case 'close':
      return [
        { name: 'token', label: t('crm.settings.closeToken'), hint: t('crm.settings.closeTokenHint'), secret: true },
        { name: 'apiBase', label: apiAddress, hint: t('crm.settings.closeApiHint'), advanced: true },
      ];
    case 'webhook':
      return [
        { name: 'url', label: t('crm.settings.webhookUrl'), hint: t('crm.settings.webhookUrlHint') },
        { name: 'secret', label: t('crm.settings.webhookSecret'), hint: t('crm.settings.webhookSecretHint'), secret: true },
      ];
    case 'salesforce':
      return [
        { name: 'clientId', label: t('crm.settings.salesforceClientId'), hint: t('crm.settings.salesforceClientIdHint') },
        { name: 'clientSecret', label: t('crm.settings.salesforceClientSecret'), hint: t('crm.settings.salesforceClientSecretHint'), secret: true },
        {
          name: 'loginHost',
          label: t('crm.settings.salesforceLoginHost'),
          options: [
            { value: 'production', label: t('crm.settings.salesforceProduction') },
            { value: 'sandbox', label: t('crm.settings.salesforceSandbox') },
          ],
        },
        {
          name: 'recordType',
          label: t('crm.settings.salesforceRecordType'),
          options: [
            { value: 'lead', label: t('crm.settings.salesforceLeads') },
            { value: 'contact', label: t('crm.settings.salesforceContacts') },
          ],
        },
        { name: 'apiBase', label: apiAddress, hint: t('crm.settings.salesforceApiHint'), advanced: true },
      ];
    case 'zoho':
      return [
        { name: 'clientId', label: t('crm.settings.zohoClientId'), hint: t('crm.settings.zohoClientIdHint', { redirect: webAuthRedirectUrl() }) },
        { name: 'clientSecret', label: t('crm.settings.zohoClientSecret'), hint: t('crm.settings.zohoClientSecretHint'), secret: true },
        {
          name: 'dataCentre',
          label: t('crm.settings.zohoDataCentre'),
          options: [
            { value: 'com', label: t('crm.settings.zohoDcCom') },
            { value: 'eu', label: t('crm.settings.zohoDcEu') },
            { value: 'in', label: t('crm.settings.zohoDcIn') },
            { value: 'com.au', label: t('crm.settings.zohoDcComAu') },
            { value: 'jp', label: t('crm.settings.zohoDcJp') },
            { value: 'ca', label: t('crm.settings.zohoDcCa') },
          ],
        },
        {
          name: 'recordType',
          label: t('crm.settings.zohoRecordType'),
          options: [
            { value: 'lead', label: t('crm.settings.zohoLeads') },
            { value: 'contact', label: t('crm.settings.zohoContacts') },
          ],
        },
        { name: 'apiBase', label: apiAddress, hint: t('crm.settings.zohoApiHint'), advanced: true },
      ];
  }
}

/**
 * How to make the app a CRM signs in with, where the user must make one first: the exact
 * settings, since one left at its default is what refuses the first connection.
 */
function guideOf(target: CrmTarget): SetupGuide | undefined {
  if (target !== 'salesforce') return undefined;
  return {
    summary: t('crm.settings.salesforceGuide'),
    paragraphs: [
      t('crm.settings.salesforceGuideNewOrg'),
      // On a line of its own, so that copying it takes no punctuation along.
      t('crm.settings.salesforceGuideCallback', { redirect: webAuthRedirectUrl() }),
      t('crm.settings.salesforceGuideSecret'),
      t('crm.settings.salesforceGuideOldOrg'),
    ],
  };
}

const TARGETS: CrmTarget[] = ['hubspot', 'pipedrive', 'salesforce', 'zoho', 'attio', 'close', 'webhook'];

/**
 * Settings › CRM connections. Lives inside the settings form but saves on its own: connecting
 * is a test plus a save in the background, so the page's Save button is not involved.
 */
/** `generation` changes when the page knows the stored connections changed (all data deleted). */
export function CrmSettings({ generation = 0 }: { generation?: number }) {
  const [connections, setConnections] = useState<ConnectionSummary[]>([]);
  const [settings, setSettings] = useState<Settings>({ autoPush: [] });
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void ask(() => sendMessage('crmConnections', undefined)).then((reply) => {
      if (!reply.ok) return setError(reply.error.message);
      setConnections(reply.value.connections);
      setSettings(reply.value.settings);
    });
  }, [generation]);

  async function setAutoPush(target: CrmTarget, enabled: boolean) {
    const autoPush = enabled ? [...settings.autoPush, target] : settings.autoPush.filter((t) => t !== target);
    const reply = await ask(() => sendMessage('crmSaveSettings', { autoPush }));
    if (reply.ok) setSettings(reply.value);
    else setError(reply.error.message);
  }

  function changed(next: ConnectionSummary[]) {
    setConnections(next);
    setSettings((s) => ({ autoPush: s.autoPush.filter((t) => next.some((c) => c.target === t)) }));
  }

  return (
    <div className="crm-settings">
      <p className="muted">{t('crm.settings.intro')}</p>
      {TARGETS.map((target) => (
        <ConnectionCard
          key={target}
          target={target}
          fields={fieldsOf(target)}
          guide={guideOf(target)}
          summary={connections.find((c) => c.target === target)}
          autoPush={settings.autoPush.includes(target)}
          onAutoPush={(enabled) => void setAutoPush(target, enabled)}
          onChanged={changed}
        />
      ))}
      {error && <p role="alert">{error}</p>}
      <OutboxList />
      <ExportPicker />
    </div>
  );
}
