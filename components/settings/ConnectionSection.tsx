import { useState } from 'react';
import { t } from '@/lib/i18n';
import type { ConnectionStatus } from '@/lib/messaging/protocol';
import { defaultUrlFor, type ConnectionDraft, type ConnectionErrors } from '@/lib/settings/connection-form';
import { DEFAULT_SANDBOX_URL, LIVE_GATEWAY_URL, type Gateway } from '@/lib/settings/gateway';
import { TextField } from '@/components/settings/fields';

interface Props {
  draft: ConnectionDraft;
  errors: ConnectionErrors;
  status: ConnectionStatus | null;
  busy: boolean;
  onChange(next: ConnectionDraft): void;
  onTest(): void;
}

export function ConnectionSection({ draft, errors, status, busy, onChange, onTest }: Props) {
  const [showKey, setShowKey] = useState(false);
  const choose = (kind: Gateway['kind']) => onChange({ ...draft, kind, url: defaultUrlFor(kind, draft.url) });
  const liveFixed = draft.kind === 'live' && LIVE_GATEWAY_URL !== null;
  return (
    <section aria-labelledby="connection-title">
      <h2 id="connection-title">{t('connection.title')}</h2>
      <fieldset>
        <legend>{t('connection.gateway')}</legend>
        <div className="check">
          <input id="gw-sandbox" type="radio" name="gateway" checked={draft.kind === 'sandbox'} onChange={() => choose('sandbox')} aria-describedby="gw-sandbox-hint" />
          <label htmlFor="gw-sandbox">{t('connection.sandbox')}</label>
          <span id="gw-sandbox-hint" className="muted block">{t('connection.sandboxAt', { url: DEFAULT_SANDBOX_URL })}</span>
        </div>
        <div className="check">
          <input id="gw-live" type="radio" name="gateway" checked={draft.kind === 'live'} onChange={() => choose('live')} aria-describedby="gw-live-hint" />
          <label htmlFor="gw-live">{t('connection.live')}</label>
          <span id="gw-live-hint" className="muted block">
            {LIVE_GATEWAY_URL ? t('connection.liveAt', { url: LIVE_GATEWAY_URL }) : t('connection.liveAsk')}
          </span>
        </div>
        <div className="check">
          <input id="gw-custom" type="radio" name="gateway" checked={draft.kind === 'custom'} onChange={() => choose('custom')} />
          <label htmlFor="gw-custom">{t('connection.custom')}</label>
        </div>
        <TextField
          label={t('connection.address')}
          type="url"
          inputMode="url"
          value={draft.url}
          readOnly={liveFixed}
          error={errors.url}
          onChange={(url) => onChange({ ...draft, url })}
        />
      </fieldset>
      <div className="field">
        <label htmlFor="api-key">{t('connection.key')}</label>
        <span id="api-key-hint" className="muted">
          {status?.maskedKey ? t('connection.savedKey', { masked: status.maskedKey }) : t('connection.noKey')}
        </span>
        <span className="inline">
          <input
            id="api-key"
            type={showKey ? 'text' : 'password'}
            autoComplete="off"
            spellCheck={false}
            value={draft.apiKey}
            onChange={(e) => onChange({ ...draft, apiKey: e.target.value })}
            aria-invalid={errors.apiKey ? true : undefined}
            aria-describedby={errors.apiKey ? 'api-key-hint api-key-error' : 'api-key-hint'}
          />
          <button type="button" className="secondary" aria-pressed={showKey} onClick={() => setShowKey((v) => !v)}>
            {showKey ? t('connection.hideKey') : t('connection.showKey')}
          </button>
        </span>
        {errors.apiKey && (
          <span id="api-key-error" className="field-error">
            {errors.apiKey}
          </span>
        )}
      </div>
      <p>
        <button type="button" className="secondary" disabled={busy} onClick={onTest}>
          {t('connection.test')}
        </button>
      </p>
    </section>
  );
}
