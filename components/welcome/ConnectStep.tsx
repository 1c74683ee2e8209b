import { useId, useState } from 'react';
import { ask } from '@/components/platform/useBackground';
import { applyStatus, useConnection } from '@/components/settings/connection-store';
import { credits } from '@/components/lookup/price';
import { t } from '@/lib/platform/i18n';
import { sendMessage } from '@/lib/contracts/messenger';
import { isSandboxGateway } from '@/lib/settings/gateway';
import { gatewayAccessRefusal } from '@/lib/settings/permissions';
import { normaliseApiKey } from '@/lib/enrichment/api-key';
import { extensionPageUrl } from '@/lib/platform/extension-pages';

/** The sandbox's own demo account (sandbox/state.ts): offered only where the sandbox is the service. */
export const SANDBOX_DEMO_KEY = 'sandbox-demo-key';

type Result = { tone: 'status' | 'alert'; text: string } | null;

/**
 * Step one of the welcome page: the key, checked by the worker with a free balance call before it
 * is saved (lib/settings/worker/connection.ts); a refused key is never saved, and the reason shows
 * under the field it is about.
 */
export function ConnectStep() {
  const ids = { key: useId(), hint: useId(), result: useId() };
  const { status, statusError, gateway } = useConnection();
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);
  // The service the worker is set to (its status says); the stored one only if the worker cannot
  // answer. Until one is known nothing is offered: never the default sandbox by mistake.
  const service = status?.gateway ?? (statusError ? gateway : null);

  async function connect(apiKey: string) {
    const typed = normaliseApiKey(apiKey);
    if (!typed) return setResult({ tone: 'alert', text: t('welcome.connect.keyHint') });
    if (!service) return;
    // First thing awaited: the browser shows its prompt only during the click.
    const refusal = await gatewayAccessRefusal(service.url);
    if (refusal) return setResult({ tone: 'alert', text: refusal });
    setBusy(true);
    setResult({ tone: 'status', text: t('welcome.connect.checking') });
    const saved = await ask(() => sendMessage('saveConnection', { gateway: service, apiKey: typed }));
    setBusy(false);
    if (!saved.ok) return setResult({ tone: 'alert', text: saved.error.message });
    applyStatus(saved.value);
    setKey('');
    const balance = saved.value.balance?.credits;
    setResult({ tone: 'status', text: balance === undefined ? t('welcome.connect.already', { masked: saved.value.maskedKey ?? '' }) : t('welcome.connect.done', { credits: credits(balance) }) });
  }

  const refused = result?.tone === 'alert';
  return (
    <section aria-labelledby={`${ids.key}-title`} className="welcome-step">
      <h2 id={`${ids.key}-title`}>{t('welcome.connect.title')}</h2>
      {service && (
        <p className="muted">
          {isSandboxGateway(service) ? t('welcome.connect.sandbox') : t('welcome.connect.service', { url: service.url })}{' '}
          <a href={extensionPageUrl('settings')} target="_blank" rel="noreferrer">
            {t('welcome.connect.change')}
          </a>
        </p>
      )}
      {status?.hasKey && !result && <p>{t('welcome.connect.already', { masked: status.maskedKey ?? '' })}</p>}
      <form
        className="welcome-key"
        onSubmit={(event) => {
          event.preventDefault();
          void connect(key);
        }}
      >
        <label htmlFor={ids.key}>{t('welcome.connect.key')}</label>
        <span id={ids.hint} className="muted">
          {t('welcome.connect.keyHint')}
        </span>
        <span className="inline">
          <input
            id={ids.key}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={key}
            onChange={(e) => setKey(e.target.value)}
            aria-invalid={refused ? true : undefined}
            aria-describedby={result ? `${ids.hint} ${ids.result}` : ids.hint}
          />
          <button type="submit" disabled={busy || !service}>
            {t('welcome.connect.save')}
          </button>
        </span>
        {result && (
          <p id={ids.result} role={result.tone} className={refused ? 'field-error' : 'ok-text'}>
            {result.text}
          </p>
        )}
      </form>
      {service && isSandboxGateway(service) && (
        <p>
          <button type="button" className="secondary" disabled={busy} onClick={() => void connect(SANDBOX_DEMO_KEY)}>
            {t('welcome.connect.demo')}
          </button>
        </p>
      )}
    </section>
  );
}
