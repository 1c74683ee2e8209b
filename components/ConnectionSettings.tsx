import { useEffect, useId, useState, type FormEvent } from 'react';
import { ask, useConnectionStatus } from './useBackground';
import { sendMessage } from '@/lib/messaging/messenger';
import type { ConnectionTest } from '@/lib/messaging/protocol';
import { apiKeySchema } from '@/lib/settings/api-key';
import { DEFAULT_SANDBOX_URL, gatewaySchema, type Gateway } from '@/lib/settings/gateway';

type Kind = Gateway['kind'];

function describeTest(test: ConnectionTest): string {
  return test.status === 'ok' ? `Connected. Balance: ${test.credits.toLocaleString('en')} credits.` : test.message;
}

export function ConnectionSettings() {
  const { status, setStatus } = useConnectionStatus();
  const [kind, setKind] = useState<Kind>('sandbox');
  const [url, setUrl] = useState(DEFAULT_SANDBOX_URL);
  const [apiKey, setApiKey] = useState('');
  const [showKey, setShowKey] = useState(false);
  const [errors, setErrors] = useState<{ url?: string; apiKey?: string }>({});
  const [notice, setNotice] = useState<{ tone: 'status' | 'alert'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { url: useId(), key: useId(), urlError: useId(), keyError: useId() };

  useEffect(() => {
    if (!status) return;
    setKind(status.gateway.kind);
    setUrl(status.gateway.url);
  }, [status?.gateway.kind, status?.gateway.url]);

  /** Validates what was typed; an empty key field means "keep the saved key". */
  function readForm(): { gateway: Gateway; apiKey?: string } | null {
    const next: typeof errors = {};
    const gateway = gatewaySchema.safeParse({ kind, url });
    if (!gateway.success) next.url = gateway.error.issues[0]?.message;
    let key: string | undefined;
    if (apiKey.trim() !== '') {
      const parsedKey = apiKeySchema.safeParse(apiKey);
      if (!parsedKey.success) next.apiKey = parsedKey.error.issues[0]?.message;
      else key = parsedKey.data;
    }
    setErrors(next);
    if (!gateway.success || next.apiKey) return null;
    return { gateway: gateway.data, apiKey: key };
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const form = readForm();
    if (!form) return setNotice({ tone: 'alert', text: 'Nothing was saved: fix the fields marked above.' });
    setBusy(true);
    const reply = await ask(() => sendMessage('saveConnection', form));
    setBusy(false);
    if (!reply.ok) return setNotice({ tone: 'alert', text: reply.error.message });
    setStatus(reply.value);
    setApiKey('');
    setNotice({ tone: 'status', text: 'Saved.' });
  }

  async function test() {
    const form = readForm();
    if (!form) return setNotice({ tone: 'alert', text: 'Fix the fields marked above before testing.' });
    setBusy(true);
    setNotice({ tone: 'status', text: 'Testing the connection…' });
    const reply = await ask(() => sendMessage('testConnection', form));
    setBusy(false);
    if (!reply.ok) return setNotice({ tone: 'alert', text: reply.error.message });
    setNotice({ tone: reply.value.status === 'ok' ? 'status' : 'alert', text: describeTest(reply.value) });
  }

  return (
    <form onSubmit={save} aria-labelledby="connection-title" noValidate>
      <h2 id="connection-title">Connection</h2>
      <fieldset>
        <legend>Gateway</legend>
        <label>
          <input type="radio" name="gateway" checked={kind === 'sandbox'} onChange={() => { setKind('sandbox'); setUrl(DEFAULT_SANDBOX_URL); }} />
          Local sandbox (synthetic data, no real credits)
        </label>
        <label>
          <input type="radio" name="gateway" checked={kind === 'custom'} onChange={() => setKind('custom')} />
          Live or custom gateway
        </label>
        <div className="field">
          <label htmlFor={ids.url}>Gateway address</label>
          <input
            id={ids.url}
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            aria-invalid={errors.url ? true : undefined}
            aria-describedby={errors.url ? ids.urlError : undefined}
          />
          {errors.url && <span id={ids.urlError} className="field-error">{errors.url}</span>}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor={ids.key}>API key</label>
        <p className="muted">
          {status?.maskedKey ? `Saved key: ${status.maskedKey}. Leave empty to keep it.` : 'No key saved yet.'}
        </p>
        <span>
          <input
            id={ids.key}
            type={showKey ? 'text' : 'password'}
            autoComplete="off"
            spellCheck={false}
            value={apiKey}
            onChange={(e) => setApiKey(e.target.value)}
            aria-invalid={errors.apiKey ? true : undefined}
            aria-describedby={errors.apiKey ? ids.keyError : undefined}
          />{' '}
          <button type="button" className="secondary" aria-pressed={showKey} onClick={() => setShowKey((v) => !v)}>
            {showKey ? 'Hide key' : 'Show key'}
          </button>
        </span>
        {errors.apiKey && <span id={ids.keyError} className="field-error">{errors.apiKey}</span>}
      </div>
      <p>
        <button type="submit" disabled={busy}>Save</button>{' '}
        <button type="button" className="secondary" disabled={busy} onClick={() => void test()}>
          Test connection
        </button>
      </p>
      {notice && <p role={notice.tone}>{notice.text}</p>}
    </form>
  );
}
