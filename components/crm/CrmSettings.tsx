import { useEffect, useState } from 'react';
import type { ConnectionSummary } from '@/lib/crm/connection';
import type { CrmSettings as Settings } from '@/lib/crm/storage';
import type { CrmTarget } from '@/lib/crm/types';
import { sendMessage } from '@/lib/messaging/messenger';
import { ask } from '../useBackground';
import { ConnectionCard, type FieldSpec } from './ConnectionCard';
import { ExportPicker } from './ExportPicker';
import { OutboxList } from './OutboxList';

const API_ADDRESS = 'API address (only for a proxy or a local emulator)';

const FIELDS: Record<CrmTarget, FieldSpec[]> = {
  hubspot: [
    { name: 'token', label: 'HubSpot private app access token', hint: 'HubSpot › Settings › Integrations › Private apps. Scopes: contacts and companies read/write, notes, contact schema write.', secret: true },
    { name: 'apiBase', label: API_ADDRESS, hint: 'Default: https://api.hubapi.com', advanced: true },
  ],
  pipedrive: [
    { name: 'token', label: 'Pipedrive API token', hint: 'Pipedrive › Personal preferences › API.', secret: true },
    { name: 'domain', label: 'Pipedrive company domain', hint: 'The “acme” in acme.pipedrive.com.' },
    { name: 'apiBase', label: API_ADDRESS, hint: 'Default: https://<domain>.pipedrive.com', advanced: true },
  ],
  webhook: [
    { name: 'url', label: 'Webhook URL', hint: 'Zapier, Make, n8n or your own endpoint (https).' },
    { name: 'secret', label: 'Signing secret', hint: 'At least 16 characters. Each delivery is signed: X-Dossier-Signature: sha256=<HMAC of the body>.', secret: true },
  ],
};

const TARGETS: CrmTarget[] = ['hubspot', 'pipedrive', 'webhook'];

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
      <p className="muted">Tokens stay in Dossier’s background and are only sent to the CRM they belong to. Connecting asks your browser for access to that CRM’s address.</p>
      {TARGETS.map((target) => (
        <ConnectionCard
          key={target}
          target={target}
          fields={FIELDS[target]}
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
