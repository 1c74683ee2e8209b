import { useState } from 'react';
import { t } from '@/lib/platform/i18n';
import type { BalanceDifferenceNotice } from '@/lib/balance/contract';
import type { ConnectionStatus } from '@/lib/settings/contract';
import type { ConnectionDraft, ConnectionErrors } from '@/lib/settings/page/connection-form';
import { DEFAULT_GATEWAY, type Gateway } from '@/lib/settings/gateway';
import { SettingsSection } from '@/components/settings/SettingsSection';
import { BalanceDifferenceNote } from '@/components/balance/BalanceDifferenceNote';

interface Props {
  draft: ConnectionDraft;
  errors: ConnectionErrors;
  status: ConnectionStatus | null;
  /** The last balance difference found, until the user has seen it (the Test reads the balance). */
  difference?: BalanceDifferenceNotice;
  /** The service in force (saved); null until known. */
  saved: Gateway | null;
  busy: boolean;
  onChange(next: ConnectionDraft): void;
  onTest(): void;
  /** Goes to the section where the service is chosen. */
  onChangeService(): void;
}

/** The key, its test, and which service is in use: what every user needs, first. */
export function AccountSection({ draft, errors, status, difference, saved, busy, onChange, onTest, onChangeService }: Props) {
  const [showKey, setShowKey] = useState(false);
  const inForce = saved ?? DEFAULT_GATEWAY;
  return (
    <SettingsSection id="account" title={t('connection.title')}>
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
      <p className="actions">
        <button type="button" className="secondary" disabled={busy} onClick={onTest}>
          {t('connection.test')}
        </button>
      </p>
      {difference && <BalanceDifferenceNote difference={difference} />}
      <p className="muted" data-testid="service-in-use">
        {t('connection.inUse', { service: t(`connection.kind.${inForce.kind}`), url: inForce.url })}{' '}
        <a
          href="#settings-advanced"
          onClick={(event) => {
            event.preventDefault();
            onChangeService();
          }}
        >
          {t('connection.change')}
        </a>
      </p>
    </SettingsSection>
  );
}
