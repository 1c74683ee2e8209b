import { t } from '@/lib/platform/i18n';
import { defaultUrlFor, pendingGateway, type ConnectionDraft, type ConnectionErrors } from '@/lib/settings/page/connection-form';
import { DEFAULT_SANDBOX_URL, LIVE_GATEWAY_URL, type Gateway } from '@/lib/settings/gateway';
import { TextField } from '@/components/settings/fields';

interface Props {
  draft: ConnectionDraft;
  errors: ConnectionErrors;
  /** The service in force (saved); null until known. */
  saved: Gateway | null;
  onChange(next: ConnectionDraft): void;
}

/**
 * Which service Dossier talks to. Each line that states an address states the saved one; while the
 * form holds another, the field says that it applies once saved.
 */
export function ServiceFields({ draft, errors, saved, onChange }: Props) {
  const choose = (kind: Gateway['kind']) => onChange({ ...draft, kind, url: defaultUrlFor(kind, draft.url) });
  const liveFixed = draft.kind === 'live' && LIVE_GATEWAY_URL !== null;
  const pending = pendingGateway(saved, draft);
  const sandboxUrl = saved?.kind === 'sandbox' ? saved.url : DEFAULT_SANDBOX_URL;
  return (
    <fieldset>
      <legend>{t('connection.gateway')}</legend>
      <div className="check">
        <input id="gw-sandbox" type="radio" name="gateway" checked={draft.kind === 'sandbox'} onChange={() => choose('sandbox')} aria-describedby="gw-sandbox-hint" />
        <label htmlFor="gw-sandbox">{t('connection.sandbox')}</label>
        <span id="gw-sandbox-hint" className="muted block">
          {t('connection.sandboxAt', { url: sandboxUrl })}
        </span>
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
        hint={pending && pending.url ? t('connection.pending', { url: pending.url }) : undefined}
        onChange={(url) => onChange({ ...draft, url })}
      />
    </fieldset>
  );
}
